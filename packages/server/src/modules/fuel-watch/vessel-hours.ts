import { findStoredMetric, TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { loadPeriod } from '../summary/summary-load.ts';
import { SIDES, type Side, type VesselDevice, type VesselPlan } from '../summary/summary-vessel.ts';
import { ROLLUPS } from '../telemetry/rollup.ts';
import { NO_NEEDS, readStats } from '../telemetry/stats-read.ts';

export const HOUR = 3600;
const HOURLY = ROLLUPS[0];

/** One engine side's figures of a UTC hour (docs/domain.md §41.1, §41.3). */
export interface EngineHour {
  /** the hour's start */
  ts: number;
  /** §11: the side's fuel of the hour (supply − return, a bucket value); null when the supply meter has no reading */
  litres: number | null;
  /** §41 "Metered hour": the side's litres per hour over the time its meters' litres measure; null when not metered */
  rate: number | null;
  /** the RPM device's samples of the hour: count, mean, lowest, highest, first and last sample time */
  rpm: { n: number; mean: number; min: number; max: number; first: number; last: number } | null;
}

export interface EngineHours {
  side: Side;
  /** the §9 running threshold of the side's RPM device */
  threshold: number;
  meter: VesselDevice;
  /** by hour start */
  hours: Map<number, EngineHour>;
}

/** What the fuel watch reads of one vessel over [from, to) (whole UTC hours). */
export interface VesselHours {
  /** the sides with an RPM device and a supply meter */
  engines: EngineHours[];
  /** every main engine side with an RPM device has a supply meter (§41.2: the fuel is measured) */
  metered: boolean;
  tanks: VesselDevice[];
  /** §41.2 V(h): Σ of the tanks' mean volume, for the hours in which every tank has a sample */
  tankVolume: Map<number, number>;
  /** §25.2: the vessel's total fuel of an hour (hours without data are absent) */
  fuel: Map<number, number>;
  /** §41 "Metered hour": the hours in which every flow meter of the vessel is metered */
  measured: Set<number>;
}

const metric = (type: 'rpm' | 'tank' | 'flowmeter', key: string) => {
  const m = findStoredMetric(TELEMETRY_TYPES[type], key);
  if (!m) throw new Error(`no ${type}.${key} data point`);
  return m;
};

/**
 * The hours of a vessel the four rules read, through the summary's own code for the litres (§11, §14: the numbers
 * the summary and the ROB ledger show) and the rollup reader for the RPM's and the tanks' statistics per hour.
 */
export async function readVesselHours(
  database: Database,
  plan: VesselPlan,
  o: { from: number; to: number; now: number },
): Promise<VesselHours> {
  // the summary's plan leaves tank gauges out: the vessel's active ones (docs/domain.md §2)
  const tanks: VesselDevice[] = (
    await database.db
      .selectFrom('device')
      .select(['devcId', 'devcUniqueId', 'devcType', 'devcLabel', 'devcName'])
      .where('devcMassId', '=', plan.massId)
      .where('devcType', '=', 'tank')
      .where('devcStatus', '=', '1')
      .orderBy('devcId')
      .execute()
  ).map((d) => ({
    devcId: Number(d.devcId),
    devcUniqueId: String(d.devcUniqueId),
    devcType: String(d.devcType),
    devcLabel: d.devcLabel ?? null,
    devcName: String(d.devcName),
  }));
  const sides = SIDES.filter((s) => plan.rpm[s] && plan.meters[`${s}_IN`]);
  const metered = SIDES.every((s) => !plan.rpm[s] || plan.meters[`${s}_IN`]) && SIDES.some((s) => plan.rpm[s]);
  const empty = { engines: [], metered, tanks, tankVolume: new Map(), fuel: new Map(), measured: new Set<number>() };
  if (o.to <= o.from) return empty;

  const period = await loadPeriod(database, plan, {
    start: o.from,
    end: o.to,
    unit: 'HOUR',
    tz: 0,
    now: o.now,
    groups: ['flowmeter', 'ae'],
    buckets: true,
  });
  const fuel = new Map<number, number>();
  for (const ts of period.bucketTimes) {
    const litres = period.totalFuel(ts);
    if (litres !== null) fuel.set(ts, litres);
  }

  // §41 "Metered hour": each fuel meter's (§11, §13: the ones F counts) last totaliser reading of every hour
  const meters = Object.values(plan.meters);
  const lastReading = new Map<number, Map<number, number>>();
  const meterRows = meters.length
    ? await readStats(database, {
        def: TELEMETRY_TYPES.flowmeter,
        deviceIds: meters.map((m) => m.devcId),
        metrics: [metric('flowmeter', 'volumeInventory')],
        needs: [{ ...NO_NEEDS, last: true }],
        from: o.from,
        to: o.to,
        output: { size: HOUR, shift: 0 },
        levels: [HOURLY],
        times: true,
      })
    : [];
  for (const r of meterRows) {
    const s = r.stats[0];
    if (!s || s.n <= 0) continue;
    const m = lastReading.get(r.deviceId) ?? new Map<number, number>();
    m.set(r.bucket, s.lts);
    lastReading.set(r.deviceId, m);
  }
  const spanOf = (devcId: number, ts: number) => {
    const m = lastReading.get(devcId);
    return meteredSpan(ts, m?.get(ts - HOUR), m?.get(ts));
  };
  /** §41: the meter's litres of the hour per hour of their span; null when the hour is not metered */
  const perHour = (d: VesselDevice | undefined, ts: number) => {
    if (!d) return 0;
    const span = spanOf(d.devcId, ts);
    return span === null ? null : ((period.stat(d.devcId, ts)?.delta ?? 0) * HOUR) / span;
  };
  const measured = new Set<number>();
  for (const ts of period.bucketTimes) if (meters.every((m) => spanOf(m.devcId, ts) !== null)) measured.add(ts);

  const rpmIds = sides.map((s) => plan.rpm[s]!.devcId);
  const rpmRows = rpmIds.length
    ? await readStats(database, {
        def: TELEMETRY_TYPES.rpm,
        deviceIds: rpmIds,
        metrics: [metric('rpm', 'rpm')],
        needs: [{ ...NO_NEEDS, total: true, min: true, max: true, first: true, last: true }],
        from: o.from,
        to: o.to,
        output: { size: HOUR, shift: 0 },
        levels: [HOURLY],
        times: true,
      })
    : [];
  const engines: EngineHours[] = sides.map((side) => {
    const rpmDevice = plan.rpm[side]!;
    const meter = plan.meters[`${side}_IN`]!;
    const hours = new Map<number, EngineHour>();
    const at = (ts: number) => {
      let h = hours.get(ts);
      if (!h) {
        h = { ts, litres: null, rate: null, rpm: null };
        hours.set(ts, h);
      }
      return h;
    };
    for (const ts of period.bucketTimes) {
      // the supply meter read its totaliser in the hour
      const s = period.stat(meter.devcId, ts);
      if (s?.delta !== undefined || s?.firstTotal !== undefined) {
        const h = at(ts);
        h.litres = period.sideFuel(side, ts);
        const supply = perHour(meter, ts);
        const ret = perHour(plan.meters[`${side}_OUT`], ts);
        h.rate = supply === null || ret === null ? null : supply - ret;
      }
    }
    for (const r of rpmRows) {
      const s = r.stats[0];
      if (r.deviceId !== rpmDevice.devcId || !s || s.n <= 0) continue;
      at(r.bucket).rpm = { n: s.n, mean: s.total / s.n, min: s.min, max: s.max, first: s.fts, last: s.lts };
    }
    return { side, threshold: rpmDevice.threshold, meter, hours };
  });

  const tankVolume = new Map<number, number>();
  if (tanks.length) {
    const rows = await readStats(database, {
      def: TELEMETRY_TYPES.tank,
      deviceIds: tanks.map((t) => t.devcId),
      metrics: [metric('tank', 'volume')],
      needs: [{ ...NO_NEEDS, total: true }],
      from: o.from,
      to: o.to,
      output: { size: HOUR, shift: 0 },
      levels: [HOURLY],
      times: false,
    });
    const byHour = new Map<number, { tanks: number; sum: number }>();
    for (const r of rows) {
      const s = r.stats[0];
      if (!s || s.n <= 0) continue;
      const h = byHour.get(r.bucket) ?? { tanks: 0, sum: 0 };
      h.tanks++;
      h.sum += s.total / s.n;
      byHour.set(r.bucket, h);
    }
    for (const [ts, h] of byHour) if (h.tanks === tanks.length) tankVolume.set(ts, h.sum);
  }
  return { engines, metered, tanks, tankVolume, fuel, measured };
}

/** §41 "Metered hour": the most a meter's span may start before the hour, or end before the hour's end */
export const METERED_EDGE_SECONDS = 600;

/**
 * §41 "Metered hour": the seconds a meter's litres of hour `ts` measure — from its last reading before the hour
 * (`before`: its last of the hour before; none there is a longer silence) to its last reading in it — when both
 * lie within 10 minutes of the hour's start and end; null otherwise (the hour is not metered).
 */
export function meteredSpan(ts: number, before: number | undefined, last: number | undefined): number | null {
  if (before === undefined || last === undefined) return null;
  if (ts - before > METERED_EDGE_SECONDS || ts + HOUR - last > METERED_EDGE_SECONDS) return null;
  return last - before;
}

/** An hour is covered by samples: the first within 10 minutes of its start, the last within 10 minutes of its end. */
export const covers = (r: NonNullable<EngineHour['rpm']>, ts: number) =>
  r.first - ts <= 600 && ts + HOUR - r.last <= 600;
