import { BUCKET_SECONDS, type BucketUnit } from '@fleet/shared';
import { type DeviceType, findMetric, TELEMETRY_TYPES, telemetryType } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { ROLLUPS, rollupTable, statColumn, vectorColumn } from '../telemetry/rollup.ts';
import { type AggregateFunction, aggregate } from '../telemetry/series.ts';
import { query, telemetryStore } from '../telemetry/sql.ts';
import type { SummaryGroup } from './summary.schemas.ts';
import { MOVING_KMH } from './summary-domain.ts';
import { type DeviceData, type MeanPoint, type Stat, type StatKey, VesselPeriod } from './summary-period.ts';
import {
  type Body,
  bodyDeltas,
  bodySeconds,
  bodyStats,
  hourSamples,
  type RollupPart,
  type SecondsQuery,
  sampleIntervals,
} from './summary-rollup.ts';
import { type MeterLabel, TEMPERATURE_LABELS, type VesselDevice, type VesselPlan } from './summary-vessel.ts';

/**
 * Reads what one vessel's summary needs. The whole hours of an HOUR or DAY request in a whole-hour
 * timezone are computed inside the database from the hourly rollups (summary-rollup.ts); the partial
 * hours at the edges of the period, MINUTE buckets and quarter-hour timezones go through the query core
 * (series.ts `aggregate`, raw rows only where rollups cannot serve). Only the devices of the requested
 * groups are aggregated; first/last data times are read for every device, since maintenance and the
 * empty flags depend on all of them.
 */

/** A data point's aggregate and the statistic key it fills. */
interface Wanted {
  fn: AggregateFunction;
  key: StatKey;
  /** only these devices take the value (a threshold of their own) */
  only?: number[];
}
const count = (column: string, key: StatKey): Wanted => ({ fn: { name: 'COUNT', column }, key });
const sum = (column: MeanPoint): Wanted => ({ fn: { name: 'SUM', column }, key: `s:${column}` as const });
const pick = (name: 'FIRST' | 'LAST' | 'MIN' | 'MAX', column: string, key: StatKey): Wanted => ({
  fn: { name, column },
  key,
});
const mean = (column: MeanPoint) => [count(column, `c:${column}` as const), sum(column)];

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
    // §11: the mass totaliser, for fuel in kg
    pick('FIRST', 'massInventory', 'firstMass'),
    pick('LAST', 'massInventory', 'lastMass'),
    pick('MIN', 'massInventory', 'minMass'),
    pick('MAX', 'massInventory', 'maxMass'),
  ],
  temperature: [count('temperature', 'n'), ...mean('temperature')],
};

/**
 * Return and AE meters: their totalisers, density and temperature (for litres at 15 °C, §11) and presence; the supply
 * meters everything (§11, §15).
 */
const OTHER_METER: Wanted[] = WANTED.flowmeter.filter(
  (w) => w.key === 'n' || /(Total|Mass|:density|:temperature)$/.test(w.key),
);

/** The devices of a type with what to ask for each group of them. */
function asks(plan: VesselPlan, type: SummaryType, ids: number[]): { ids: number[]; wanted: Wanted[] }[] {
  if (type !== 'flowmeter') return [{ ids, wanted: WANTED[type] }];
  const supply = supplyMeters(plan, ids);
  return [
    { ids: supply, wanted: WANTED.flowmeter },
    { ids: ids.filter((id) => !supply.includes(id)), wanted: OTHER_METER },
  ];
}

export interface LoadOptions {
  start: number;
  end: number;
  unit: BucketUnit;
  tz: number;
  now: number;
  groups: readonly SummaryGroup[];
  /** per-bucket records are needed (details, combined data); else only the period's totals */
  buckets: boolean;
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
const SUMMARY_TYPES = ['gps', 'rpm', 'ae', 'flowmeter', 'temperature'] as const;
type SummaryType = (typeof SUMMARY_TYPES)[number];
type Records = Map<number, Map<number, Stat>>;

/** Writes records into a device's bucket map, merging keys of the same bucket. */
function put(out: Records, devcId: number, ts: number, values: Stat) {
  const byTs = out.get(devcId) ?? new Map<number, Stat>();
  out.set(devcId, byTs);
  byTs.set(ts, Object.assign(byTs.get(ts) ?? {}, values));
}

/** Runs one aggregate over a segment and writes its values into each device's base records. */
async function fill(
  database: Database,
  type: DeviceType,
  deviceIds: number[],
  wanted: Wanted[],
  o: { start: number; end: number; unit: BucketUnit; tz: number },
  out: Records,
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
    const values: Stat = {};
    r.values.forEach((v, i) => {
      const w = wanted[i];
      if (v !== null && Number.isFinite(v) && (!w.only || w.only.includes(r.deviceId))) values[w.key] = v;
    });
    put(out, r.deviceId, r.timestamp, values);
  }
}

const supplyMeters = (plan: VesselPlan, ids: number[]) =>
  (['PORT_IN', 'STARBOARD_IN'] as MeterLabel[])
    .map((l) => plan.meters[l]?.devcId)
    .filter((id): id is number => id !== undefined && ids.includes(id));

/** Base records of one segment through series.ts (edges of the period, MINUTE, quarter-hour timezones). */
async function loadSegment(
  database: Database,
  plan: VesselPlan,
  byType: Map<SummaryType, number[]>,
  o: { start: number; end: number; unit: BucketUnit; tz: number },
  out: Records,
) {
  for (const [type, ids] of byType) {
    if (type === 'gps')
      // §7: fixes moving (speed above MOVING_KMH), credited with time like running samples
      await fill(
        database,
        type,
        ids,
        [{ fn: { name: 'COUNTGT', column: 'speed', param: MOVING_KMH }, key: 'gt' }],
        o,
        out,
      );
    if (type === 'rpm') {
      // §9: one COUNTGT per distinct threshold; each device takes its own
      const byThreshold = new Map<number, number[]>();
      for (const r of Object.values(plan.rpm))
        byThreshold.set(r.threshold, [...(byThreshold.get(r.threshold) ?? []), r.devcId]);
      const gts: Wanted[] = [...byThreshold].map(([t, only]) => ({
        fn: { name: 'COUNTGT', column: 'rpm', param: t },
        key: 'gt',
        only,
      }));
      await fill(database, type, ids, [...WANTED.rpm, ...gts], o, out);
      continue;
    }
    // series.ts joins raw rows for first/last per data point of a call: ask for first/last apart
    for (const a of asks(plan, type, ids)) {
      await fill(
        database,
        type,
        a.ids,
        a.wanted.filter((w) => !PART_IS_PICK.has(w.fn.name)),
        o,
        out,
      );
      await fill(
        database,
        type,
        a.ids,
        a.wanted.filter((w) => PART_IS_PICK.has(w.fn.name)),
        o,
        out,
      );
    }
    if (type === 'ae') {
      // §10: devices without the running flag count samples above 0 rpm: raw rows, only when needed
      const unflagged = ids.filter((id) =>
        [...(out.get(id)?.values() ?? [])].some((s) => (s['c:running'] ?? 0) < (s['c:rpm'] ?? 0)),
      );
      await fill(database, type, unflagged, [{ fn: { name: 'COUNTGT', column: 'rpm', param: 0 }, key: 'gt' }], o, out);
    }
    if (type === 'flowmeter')
      // §15: flow time of the supply meters
      await fill(
        database,
        type,
        supplyMeters(plan, ids),
        [{ fn: { name: 'COUNTGT', column: 'volumeFlowrate', param: 0 }, key: 'gt' }],
        o,
        out,
      );
  }
}

const PART_IS_PICK = new Set<AggregateFunction['name']>(['FIRST', 'LAST', 'MIN', 'MAX']);

const PART: Partial<Record<AggregateFunction['name'], RollupPart>> = {
  COUNT: 'n',
  SUM: 'total',
  MIN: 'vmin',
  MAX: 'vmax',
  FIRST: 'first',
  LAST: 'last',
};

/** Derived records of the whole hours, computed in the database (summary-rollup.ts). */
async function loadBody(
  database: Database,
  plan: VesselPlan,
  byType: Map<SummaryType, number[]>,
  body: Body,
): Promise<Records> {
  const out: Records = new Map();
  const merge = (m: Records, rename: (s: Stat) => Stat = (s) => s) => {
    for (const [id, byTs] of m) for (const [ts, s] of byTs) put(out, id, ts, rename(s));
  };
  const seconds = async (q: SecondsQuery, rename?: (s: Stat) => Stat) =>
    merge(await bodySeconds(database, body, q), rename);
  // independent queries: PostgreSQL runs them side by side on the pool
  const work: Promise<unknown>[] = [];
  for (const [type, ids] of byType) {
    const def = TELEMETRY_TYPES[type];
    for (const a of asks(plan, type, ids)) {
      // AE running comes from bodySeconds; its flag sums are not needed here
      const wanted = a.wanted
        .filter((w) => !(type === 'ae' && w.fn.column === 'running'))
        .map((w) => ({ metric: findMetric(def, w.fn.column)!.column, part: PART[w.fn.name]!, key: w.key }));
      work.push(bodyStats(database, type, body, a.ids, wanted).then((m) => merge(m)));
    }
    if (type === 'gps')
      work.push(
        seconds({
          kind: 'above',
          type,
          column: 'speed',
          devices: ids.map((id) => ({ devcId: id, threshold: MOVING_KMH })),
        }),
      );
    if (type === 'rpm')
      work.push(
        seconds({
          kind: 'above',
          type,
          column: 'rpm',
          devices: Object.values(plan.rpm).map((r) => ({ devcId: r.devcId, threshold: r.threshold })),
        }),
      );
    if (type === 'ae')
      work.push(
        seconds({
          kind: 'aeRunning',
          type,
          column: 'rpm',
          devices: ids.map((id) => ({ devcId: id, threshold: 0 })),
        }),
      );
    if (type === 'flowmeter') {
      work.push(
        seconds(
          {
            kind: 'above',
            type,
            column: 'volume_flowrate',
            devices: supplyMeters(plan, ids).map((id) => ({ devcId: id, threshold: 0 })),
          },
          (s) => ({ gt: s.gt, flow: s.run }),
        ),
      );
      work.push(
        bodyDeltas(database, body, ids, 'volume_inventory').then((m) => {
          for (const [id, byTs] of m) for (const [ts, delta] of byTs) put(out, id, ts, { delta });
        }),
        bodyDeltas(database, body, ids, 'mass_inventory').then((m) => {
          for (const [id, byTs] of m) for (const [ts, massDelta] of byTs) put(out, id, ts, { massDelta });
        }),
      );
    }
  }
  await Promise.all(work);
  return out;
}

/** First and last sample time of each device in [start, end): two index probes per device, one query per type. */
/**
 * docs/domain.md §11: each meter's last totaliser reading before `start` — the baseline the period's first bucket
 * counts from (any age: the litres of a silence across the boundary belong to the first bucket after it).
 */
async function totaliserBaselines(
  database: Database,
  meterIds: number[],
  start: number,
  column: 'volume_inventory' | 'mass_inventory',
) {
  const out = new Map<number, number>();
  await Promise.all(
    meterIds.map(async (id) => {
      const [row] = await query<{ v: number }>(
        database,
        `select ${column} as v from ${TELEMETRY_TYPES.flowmeter.table}
          where device_id = ? and ts < ? and ${column} is not null order by ts desc limit 1`,
        [id, start],
      );
      if (row) out.set(id, Number(row.v));
    }),
  );
  return out;
}

/**
 * docs/domain.md §7 track: Σ sin and Σ cos of the GPS track per requested bucket. Whole UTC hours come from the hourly
 * rollup's `track_sin`/`track_cos` when every bucket is a union of hours; the partial hours at the period's edges (and
 * MINUTE buckets, quarter-hour timezones) from the raw fixes, by the same sums.
 */
async function trackSums(database: Database, gpsId: number, o: LoadOptions) {
  const size = BUCKET_SECONDS[o.unit];
  const shift = Math.round(o.tz * 3600);
  const bucket = (col: string) => `((${col} + ${shift}) / ${size}) * ${size} - ${shift}`;
  const h1 = Math.ceil(o.start / 3600) * 3600;
  const h2 = Math.floor(o.end / 3600) * 3600;
  const whole = o.unit !== 'MINUTE' && shift % 3600 === 0 && h1 < h2;
  const raw = (
    whole
      ? [
          [o.start, h1],
          [h2, o.end],
        ]
      : [[o.start, o.end]]
  ).filter(([a, b]) => a < b);
  const gps = TELEMETRY_TYPES.gps;
  const track = gps.metrics.find((m) => m.column === 'track')!;
  const parts = await Promise.all([
    ...(whole
      ? [
          query(
            database,
            `select ${bucket('bucket')} as b, sum(${vectorColumn(track, 'sin')}) as s, sum(${vectorColumn(track, 'cos')}) as c
               from ${rollupTable(gps, ROLLUPS[0])}
              where device_id = ? and bucket >= ? and bucket < ? and ${statColumn(track, 'n')} > 0
              group by ${bucket('bucket')}`,
            [gpsId, h1, h2],
          ),
        ]
      : []),
    ...raw.map(([a, b]) =>
      query(
        database,
        `select ${bucket('ts')} as b, sum(sin(radians(track))) as s, sum(cos(radians(track))) as c
           from ${gps.table}
          where device_id = ? and ts >= ? and ts < ? and track is not null
          group by ${bucket('ts')}`,
        [gpsId, a, b],
      ),
    ),
  ]);
  const out = new Map<number, { sin: number; cos: number }>();
  for (const rows of parts)
    for (const r of rows) {
      const b = Number(r.b);
      const sums = out.get(b) ?? { sin: 0, cos: 0 };
      sums.sin += Number(r.s);
      sums.cos += Number(r.c);
      out.set(b, sums);
    }
  return out;
}

async function dataRanges(database: Database, devices: VesselDevice[], start: number, end: number) {
  const out = new Map<number, { firstTs: number | null; lastTs: number | null }>();
  for (const d of devices) out.set(d.devcId, { firstTs: null, lastTs: null });
  const byTable = new Map<string, number[]>();
  for (const d of devices) {
    const table = TELEMETRY_TYPES[typeOf(d)]?.table;
    if (table) byTable.set(table, [...(byTable.get(table) ?? []), d.devcId]);
  }
  for (const [table, ids] of byTable) {
    const probe = (dir: 'asc' | 'desc', i: number) =>
      `select * from (select device_id, ts, '${dir}' as side from ${table}
         where device_id = ? and ts >= ? and ts < ? order by ts ${dir} limit 1) p${dir}${i}`;
    const rows = await query(
      database,
      ids.flatMap((_, i) => [probe('asc', i), probe('desc', i)]).join(' union all '),
      ids.flatMap((id) => [id, start, end, id, start, end]),
    );
    for (const r of rows) {
      const range = out.get(Number(r.device_id))!;
      if (r.side === 'asc') range.firstTs = Number(r.ts);
      else range.lastTs = Number(r.ts);
    }
  }
  return out;
}

export async function loadPeriod(database: Database, plan: VesselPlan, o: LoadOptions): Promise<VesselPeriod> {
  const wanted = new Map<number, VesselDevice>();
  for (const g of o.groups) for (const d of devicesFor(plan, g)) wanted.set(d.devcId, d);
  const byType = new Map<SummaryType, number[]>();
  for (const type of SUMMARY_TYPES) {
    const ids = [...wanted.values()].filter((d) => typeOf(d) === type).map((d) => d.devcId);
    if (ids.length) byType.set(type, ids);
  }

  // whole hours in the database when every bucket is a union of UTC hours; edges and the rest through series.ts
  const h1 = Math.ceil(o.start / 3600) * 3600;
  const h2 = Math.floor(o.end / 3600) * 3600;
  const rollup = o.unit !== 'MINUTE' && Number.isInteger(o.tz) && h1 < h2;
  const segments: [number, number][] = rollup
    ? ([
        [o.start, h1],
        [h2, o.end],
      ].filter(([a, b]) => a < b) as [number, number][])
    : [[o.start, o.end]];
  const body: Body | null = rollup
    ? {
        from: h1,
        to: h2,
        bucket: o.buckets ? { size: BUCKET_SECONDS[o.unit], shift: Math.round(o.tz * 3600) } : null,
      }
    : null;

  // devices of the types that have a presence data point (power, gateway … take no part in the summary)
  const presence = plan.devices
    .filter((d) => PRESENCE[typeOf(d)])
    .map((d) => ({ devcId: d.devcId, type: typeOf(d), metric: PRESENCE[typeOf(d)] }));
  const base: Records = new Map();
  const meterIds = Object.values(plan.meters)
    .map((d) => d.devcId)
    .filter((id) => wanted.has(id));
  const gpsTracks = o.buckets && plan.gps && wanted.has(plan.gps.devcId) ? plan.gps.devcId : undefined;
  const [intervals, hours, ranges, lastGps, baselines, massBaselines, tracks] = await Promise.all([
    sampleIntervals(database, presence, o.start, o.end),
    hourSamples(database, presence, segments),
    dataRanges(database, plan.devices, o.start, o.end),
    plan.gps
      ? telemetryStore(database)
          .lastStates([plan.gps.devcId])
          .then((l) => l[0])
      : undefined,
    totaliserBaselines(database, meterIds, o.start, 'volume_inventory'),
    totaliserBaselines(database, meterIds, o.start, 'mass_inventory'),
    gpsTracks === undefined ? undefined : trackSums(database, gpsTracks, o),
    ...segments.map(([start, end]) => loadSegment(database, plan, byType, { ...o, start, end }, base)),
  ]);
  const derived = body ? await loadBody(database, plan, byType, body) : new Map();

  const data = new Map<number, DeviceData>();
  const sorted = (m: Map<number, Stat> | undefined) =>
    [...(m ?? new Map<number, Stat>())].sort((a, b) => a[0] - b[0]).map(([ts, stat]) => ({ ts, stat }));
  for (const d of plan.devices) {
    data.set(d.devcId, {
      buckets: sorted(base.get(d.devcId)),
      derived: sorted(derived.get(d.devcId)),
      derivedFrom: h1,
      interval: intervals.get(d.devcId),
      hours: hours.get(d.devcId) ?? [],
      baseline: baselines.get(d.devcId),
      massBaseline: massBaselines.get(d.devcId),
      ...ranges.get(d.devcId)!,
    });
  }
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
    tracks,
  });
}
