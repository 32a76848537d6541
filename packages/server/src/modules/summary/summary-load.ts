import type { SummaryGroup } from '@fleet/shared/answers/summary.ts';
import { BUCKET_SECONDS, type BucketUnit } from '@fleet/shared/time.ts';
import type { Database } from '../../db/database.ts';
import { beforeHorizon, rawHorizon } from '../telemetry/raw-horizon.ts';
import { readsInTurn, telemetryStore } from '../telemetry/sql.ts';
import { endedDays, storeAeDays, storedAeDays } from './summary-ae-days.ts';
import { dataRanges } from './summary-bounds.ts';
import { type Frame, framePieces } from './summary-domain.ts';
import { DAILY, devicesFor, PRESENCE, SUMMARY_TYPES, type SummaryType, typeOf } from './summary-inputs.ts';
import { type DeviceData, type Stat, VesselPeriod } from './summary-period.ts';
import { sampleIntervals } from './summary-presence.ts';
import {
  aeCreditsFromHours,
  aeHourShares,
  aeMeterCells,
  hourAligned,
  type Records,
  readCredits,
  readSamples,
} from './summary-read.ts';
import { trackSums } from './summary-track.ts';
import type { VesselDevice, VesselPlan } from './summary-vessel.ts';

/**
 * Reads what one vessel's summary needs, in parallel, and hands it to summary-period.ts: per device and bucket the
 * statistics of its samples and the time and distance credited to it (summary-read.ts), its reporting interval
 * (summary-presence.ts), its first and last reading (summary-bounds.ts), the GPS track (summary-track.ts) and, for the
 * per-AE litres of a metered vessel, the AE meter's litres per cell and the AEs' shares per UTC hour (§13). Only the
 * devices of the requested groups are read; first/last data times are read for every device, since maintenance and
 * the empty flags depend on all of them. Without buckets the period is read as one bucket: the same sums.
 */

export interface LoadOptions {
  start: number;
  end: number;
  unit: BucketUnit;
  tz: number;
  now: number;
  groups: readonly SummaryGroup[];
  /** per-bucket records are needed (details, combined data); else only the period's totals */
  buckets: boolean;
  /**
   * 'hourly': whole days from their hours, as before issue 29 — the same numbers; the tests compare the two paths.
   * Default: whole days of the daily rollup from it.
   */
  rollups?: 'hourly';
}

export async function loadPeriod(database: Database, plan: VesselPlan, o: LoadOptions): Promise<VesselPeriod> {
  const wanted = new Map<number, VesselDevice>();
  for (const g of o.groups) for (const d of devicesFor(plan, g)) wanted.set(d.devcId, d);
  const byType = new Map<SummaryType, number[]>();
  for (const type of SUMMARY_TYPES) {
    const ids = [...wanted.values()].filter((d) => typeOf(d) === type).map((d) => d.devcId);
    if (ids.length) byType.set(type, ids);
  }
  const frame: Frame = {
    start: o.start,
    end: o.end,
    grid: o.buckets ? { size: BUCKET_SECONDS[o.unit], shift: Math.round(o.tz * 3600) } : null,
    days: o.rollups === 'hourly' ? undefined : { size: DAILY.size, shift: DAILY.shift },
  };

  // raw readings before the retention's horizon are gone: whole UTC hours there come from the rollups with the same
  // numbers; what only raw readings answer (MINUTE buckets, partial hours, hours a bucket boundary cuts) is refused
  const horizon = await rawHorizon(database);
  if (o.start < horizon && framePieces(frame).raw.some(([a]) => a < horizon))
    throw beforeHorizon(
      horizon,
      o.buckets && o.unit === 'MINUTE'
        ? 'MINUTE buckets'
        : 'parts of hours (a period, or buckets in this timezone, not on whole UTC hours)',
    );

  // devices of the types that have a presence data point (power, gateway … take no part in the summary)
  const presence = plan.devices
    .filter((d) => PRESENCE[typeOf(d)])
    .map((d) => ({ devcId: d.devcId, type: typeOf(d), metric: PRESENCE[typeOf(d)]! }));
  const records: Records = new Map();
  const periodOnly = new Map<number, Stat>();
  const gpsTracks = o.buckets && plan.gps && wanted.has(plan.gps.devcId) ? plan.gps.devcId : undefined;
  // §13: per-AE litres of a metered vessel (the AE group and the combined data's AE records)
  const perAe = o.groups.includes('ae') && !!plan.meters.AE_IN;
  // §13 from stored days (summary-ae-days.ts): the ended whole days' per-AE litres when every one of them is stored;
  // then only the rest of the period reads the meter's litres and the AEs' shares per hour
  const aeEnded = perAe ? endedDays(frame) : [];
  const aeStored = aeEnded.length ? await storedAeDays(database, plan, aeEnded) : undefined;
  const aeDays = aeStored?.litres ?? undefined;
  const aeRest = aeDays ? outside(frame, aeEnded) : [frame];
  // the AEs' running of a period of whole hours comes with their hourly shares (§13): not read twice
  const sharesRead = perAe && byType.has('ae') && hourAligned(frame) && !aeDays;
  const credited = sharesRead ? new Map([...byType].filter(([type]) => type !== 'ae')) : byType;
  const [intervals, bounds, lastGps, tracks, aeCells, aeHours] = await readsInTurn(database, [
    () => sampleIntervals(database, presence, o.start, o.end, frame.days),
    () => dataRanges(database, plan.devices, o.start, o.end),
    () =>
      plan.gps
        ? telemetryStore(database)
            .lastStates([plan.gps.devcId])
            .then((l) => l[0])
        : undefined,
    () => (gpsTracks === undefined ? undefined : trackSums(database, gpsTracks, frame)),
    () => (perAe ? Promise.all(aeRest.map((f) => aeMeterCells(database, plan, f))).then(merged) : undefined),
    () =>
      perAe
        ? Promise.all(aeRest.map((f) => aeHourShares(database, plan, f))).then((parts) =>
            parts.length === 1 ? parts[0] : { ...parts[0], shares: merged(parts.map((p) => p.shares)) },
          )
        : undefined,
    () => readSamples(database, plan, byType, frame, records, periodOnly),
    () => readCredits(database, plan, credited, frame, records),
  ] as const);
  if (sharesRead) aeCreditsFromHours(aeHours!, frame, records);
  // read from the hours: the ended whole days are stored for the next read
  if (aeStored && !aeDays) await storeAeDays(database, plan, frame, aeStored.keys, aeCells!, aeHours!.shares);

  const data = new Map<number, DeviceData>();
  for (const d of plan.devices)
    data.set(d.devcId, {
      buckets: records.get(d.devcId) ?? new Map(),
      period: periodOnly.get(d.devcId),
      interval: intervals.get(d.devcId),
      ...bounds.get(d.devcId)!,
    });
  return new VesselPeriod({
    plan,
    start: o.start,
    end: o.end,
    unit: o.unit,
    tz: o.tz,
    now: o.now,
    frame,
    data,
    lastGpsTs: lastGps ? lastGps.ts : null,
    tracks,
    aeCells,
    aeShares: aeHours?.shares,
    aeDays,
  });
}

/** The parts of a frame outside some of its whole days (in time order), as frames of the same buckets. */
function outside(f: Frame, days: number[]): Frame[] {
  const size = f.days!.size;
  const out: Frame[] = [];
  let at = f.start;
  for (const d of days) {
    if (at < d) out.push({ ...f, start: at, end: d });
    at = d + size;
  }
  if (at < f.end) out.push({ ...f, start: at, end: f.end });
  return out;
}

/** Maps with disjoint keys, as one. */
function merged<V>(maps: Map<number, V>[]): Map<number, V> {
  return maps.length === 1 ? maps[0] : new Map(maps.flatMap((m) => [...m]));
}
