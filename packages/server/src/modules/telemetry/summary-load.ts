import type { Database } from '../../db/database.ts';
import { type DeviceType, telemetryType } from './catalog.ts';
import { type AggregateFunction, aggregate, lastStates, rawRows } from './series.ts';
import { placeholders, query } from './sql.ts';
import type { SummaryGroup } from './summary.schemas.ts';
import type { HourSamples, SummaryUnit } from './summary-domain.ts';
import { type DeviceData, type Stat, VesselPeriod } from './summary-period.ts';
import { type MeterLabel, TEMPERATURE_LABELS, type VesselDevice, type VesselPlan } from './summary-vessel.ts';

/**
 * Reads what one vessel's summary needs, through the query core (series.ts): bucket statistics from
 * the hourly rollups wherever they serve, raw rows only for the counts above a threshold (running
 * and flow time), plus the per-hour sample counts and times that give each device's sample interval
 * (docs/domain.md §5). Only the devices of the requested groups are aggregated; first/last data
 * times are read for every device, since maintenance and the empty flags depend on all of them.
 */

/** A data point's aggregate and the statistic key it fills. */
interface Wanted {
  fn: AggregateFunction;
  key: string;
}
const count = (column: string, key = `c:${column}`): Wanted => ({ fn: { name: 'COUNT', column }, key });
const sum = (column: string, key = `s:${column}`): Wanted => ({ fn: { name: 'SUM', column }, key });
const pick = (name: 'FIRST' | 'LAST' | 'MIN' | 'MAX', column: string, key: string): Wanted => ({
  fn: { name, column },
  key,
});
const mean = (column: string) => [count(column), sum(column)];

/** The rollup metric whose samples count as "present" for each type (§5, §20); rpm and ae share one. */
const PRESENCE: Record<string, string> = {
  gps: 'latitude',
  rpm: 'rpm',
  ae: 'rpm',
  flowmeter: 'volume_flowrate',
  temperature: 'temperature',
};

const WANTED: Record<SummaryGroup, Wanted[]> = {
  gps: [
    count('latitude', 'n'),
    ...mean('speed'),
    ...mean('track'),
    sum('distance'),
    pick('FIRST', 'latitude', 'firstLatitude'),
    pick('FIRST', 'longitude', 'firstLongitude'),
    pick('LAST', 'latitude', 'lastLatitude'),
    pick('LAST', 'longitude', 'lastLongitude'),
  ],
  rpm: [count('rpm', 'n'), ...mean('rpm')],
  ae: [count('rpm', 'n'), ...mean('rpm'), ...mean('running')],
  flowmeter: [
    count('volumeFlowrate', 'n'),
    ...mean('volumeFlowrate'),
    ...mean('density'),
    ...mean('temperature'),
    pick('FIRST', 'volumeInventory', 'firstTotal'),
    pick('LAST', 'volumeInventory', 'lastTotal'),
    pick('MIN', 'volumeInventory', 'minTotal'),
    pick('MAX', 'volumeInventory', 'maxTotal'),
  ],
  temperature: [count('temperature', 'n'), ...mean('temperature')],
};

export interface LoadOptions {
  start: number;
  end: number;
  unit: SummaryUnit;
  tz: number;
  now: number;
  groups: readonly SummaryGroup[];
}

/** The devices whose statistics a group's numbers read (AE fuel needs the AE meters, and the reverse). */
function devicesFor(plan: VesselPlan, group: SummaryGroup): VesselDevice[] {
  const ae = Object.values(plan.ae);
  const aeMeters = [plan.meters.AE_IN, plan.meters.AE_OUT].filter((d): d is VesselDevice => !!d);
  switch (group) {
    case 'gps':
      return plan.gps ? [plan.gps] : [];
    case 'rpm':
      return Object.values(plan.rpm);
    case 'ae':
      return [...ae, ...aeMeters];
    case 'flowmeter':
      return [...Object.values(plan.meters), ...ae];
    case 'temperature':
      return TEMPERATURE_LABELS.flatMap((l) => Object.values(plan.temperatures[l]));
  }
}

const typeOf = (d: VesselDevice) => telemetryType(d.devcType) as DeviceType;

/** Runs one aggregate and writes its values into each device's bucket records. */
async function fill(
  database: Database,
  type: DeviceType,
  deviceIds: number[],
  wanted: Wanted[],
  o: LoadOptions,
  out: Map<number, Map<number, Stat>>,
) {
  if (!deviceIds.length || !wanted.length) return;
  const rows = await aggregate(database, {
    type,
    deviceIds,
    start: o.start,
    end: o.end,
    unit: o.unit === 'MINUTE' ? 'MINUTE' : 'HOUR',
    length: 1,
    tz: o.tz,
    functions: wanted.map((w) => w.fn),
  });
  for (const r of rows) {
    const byTs = out.get(r.deviceId) ?? new Map<number, Stat>();
    out.set(r.deviceId, byTs);
    const stat = byTs.get(r.timestamp) ?? {};
    byTs.set(r.timestamp, stat);
    r.values.forEach((v, i) => {
      if (v !== null && Number.isFinite(v)) stat[wanted[i].key] = v;
    });
  }
}

/** Per UTC hour of each device: samples of its presence data point and their first/last times (§5). */
async function hourSamples(database: Database, devices: VesselDevice[], o: LoadOptions) {
  const out = new Map<number, HourSamples[]>();
  const byType = new Map<string, number[]>();
  for (const d of devices) {
    const column = PRESENCE[typeOf(d)];
    if (column) byType.set(column, [...(byType.get(column) ?? []), d.devcId]);
  }
  for (const [metric, ids] of byType) {
    const rows = await query(
      database,
      `select device_id, hour, n, first_ts, last_ts from telemetry_hourly
        where device_id in (${placeholders(ids.length)}) and metric = ? and hour >= ? and hour < ? order by hour`,
      [...ids, metric, Math.floor(o.start / 3600) * 3600, o.end],
    );
    for (const r of rows) {
      const id = Number(r.device_id);
      const list = out.get(id) ?? [];
      list.push({ hour: Number(r.hour), n: Number(r.n), firstTs: Number(r.first_ts), lastTs: Number(r.last_ts) });
      out.set(id, list);
    }
  }
  return out;
}

/**
 * First and last sample time of a device in the period: from its hourly record when that hour lies
 * inside the period, else from the raw rows (only the edge hours of an unaligned period need that).
 */
async function dataRange(database: Database, d: VesselDevice, hours: HourSamples[], o: LoadOptions) {
  const type = typeOf(d);
  const first = hours[0];
  const last = hours[hours.length - 1];
  const raw = async (newest: boolean) =>
    (await rawRows(database, { type, deviceIds: [d.devcId], start: o.start, end: o.end, limit: 1, newest }))[0]?.ts ??
    null;
  if (!first) return { firstTs: null, lastTs: null };
  const firstTs = first.hour >= o.start ? first.firstTs : await raw(false);
  const lastTs = last.hour + 3600 <= o.end ? last.lastTs : await raw(true);
  return { firstTs, lastTs };
}

export async function loadPeriod(database: Database, plan: VesselPlan, o: LoadOptions): Promise<VesselPeriod> {
  const stats = new Map<number, Map<number, Stat>>();
  const wanted = new Map<number, VesselDevice>();
  for (const g of o.groups) for (const d of devicesFor(plan, g)) wanted.set(d.devcId, d);
  const ofType = (type: DeviceType) => [...wanted.values()].filter((d) => typeOf(d) === type);

  for (const type of ['gps', 'rpm', 'ae', 'flowmeter', 'temperature'] as const) {
    const devices = ofType(type);
    if (!devices.length) continue;
    const ids = devices.map((d) => d.devcId);
    const base = [...WANTED[type]];
    if (type === 'rpm') {
      // §9: one COUNTGT per distinct threshold; each device reads its own
      const thresholds = [...new Set(Object.values(plan.rpm).map((r) => r.threshold))];
      const wantedRpm = [
        ...base,
        ...thresholds.map((t) => ({ fn: { name: 'COUNTGT', column: 'rpm', param: t }, key: `gt@${t}` }) as Wanted),
      ];
      await fill(database, type, ids, wantedRpm, o, stats);
      for (const r of Object.values(plan.rpm))
        for (const s of stats.get(r.devcId)?.values() ?? []) s.gt = s[`gt@${r.threshold}`] ?? 0;
      continue;
    }
    await fill(database, type, ids, base, o, stats);
    if (type === 'ae') {
      // §10: devices without the running flag count samples above 0 rpm — raw rows, only when needed
      const unflagged = ids.filter((id) =>
        [...(stats.get(id)?.values() ?? [])].some((s) => (s['c:running'] ?? 0) < (s['c:rpm'] ?? 0)),
      );
      await fill(
        database,
        type,
        unflagged,
        [{ fn: { name: 'COUNTGT', column: 'rpm', param: 0 }, key: 'gt' }],
        o,
        stats,
      );
    }
    if (type === 'flowmeter') {
      // §15: flow time of the supply meters
      const supply = (['PORT_IN', 'STARBOARD_IN'] as MeterLabel[])
        .map((l) => plan.meters[l]?.devcId)
        .filter((id): id is number => id !== undefined && ids.includes(id));
      await fill(
        database,
        type,
        supply,
        [{ fn: { name: 'COUNTGT', column: 'volumeFlowrate', param: 0 }, key: 'gt' }],
        o,
        stats,
      );
    }
  }

  const hours = await hourSamples(database, plan.devices, o);
  const data = new Map<number, DeviceData>();
  for (const d of plan.devices) {
    const h = hours.get(d.devcId) ?? [];
    const buckets = [...(stats.get(d.devcId) ?? new Map<number, Stat>())]
      .sort((a, b) => a[0] - b[0])
      .map(([ts, stat]) => ({ ts, stat }));
    data.set(d.devcId, { buckets, hours: h, ...(await dataRange(database, d, h, o)) });
  }
  const lastGps = plan.gps ? (await lastStates(database, [plan.gps.devcId]))[0] : undefined;
  return new VesselPeriod({
    plan,
    start: o.start,
    end: o.end,
    unit: o.unit,
    tz: o.tz,
    now: o.now,
    baseSeconds: o.unit === 'MINUTE' ? 60 : 3600,
    data,
    lastGpsTs: lastGps ? lastGps.ts : null,
  });
}
