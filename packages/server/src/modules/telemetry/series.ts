import {
  type AggFunction,
  type AggUnit,
  type DeviceType,
  type DeviceTypeDef,
  findMetric,
  type MetricDef,
  specColumn,
  TELEMETRY_TYPES,
} from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { ROLLUPS, type RollupLevel, rollupTable, type StatName, statColumn } from './rollup.ts';
import { placeholders, query, queryArrays } from './sql.ts';
import {
  type Above,
  mergeStats,
  type Needs,
  NO_NEEDS,
  periodSegments,
  type RowFilter,
  readSegment,
  type Stat,
  type StatsRead,
  sameBuckets,
} from './stats-read.ts';

/**
 * The telemetry query core: aggregated series and raw rows, over device ids the
 * caller has already scoped to the user (HTTP routes, the summary and combined-data calls).
 *
 * Aggregation works on composable partials per (device, metric, bucket) — count, sum, min, max,
 * first and last with their times, counts above thresholds, read by stats-read.ts — so a bucket can be
 * assembled from the hourly rollups for whole hours and from raw rows for the edges of the period, and
 * calendar months from local days. Periods are `[start, end)` (docs/domain.md §1).
 */

/** At most this many (device, bucket) pairs per aggregation — 20 times the series limit of 10 000 rows. */
export const MAX_AGGREGATE_BUCKETS = 200000;

/** A query failure the client caused (unknown column, bad filter): routes answer 400. */
export class SeriesError extends Error {}

export interface AggregateFunction {
  name: AggFunction;
  /** any accepted naming: `dlfmVolInventory`, `VolInventory`, `volumeInventory` */
  column: string;
  /** COUNTGT: the threshold (values strictly above count) */
  param?: number;
}

export interface AggregateQuery {
  type: DeviceType;
  /** device.devc_id values, already limited to what the user may see */
  deviceIds: number[];
  /** epoch seconds, inclusive */
  start: number;
  /** epoch seconds, exclusive */
  end: number;
  unit: AggUnit;
  length: number;
  /** hours east of UTC; buckets align to local time (DAY/WEEK/MONTH at local midnight, WEEK on Monday) */
  tz: number;
  functions: AggregateFunction[];
  /** raw rows must pass every filter (forces the raw path) */
  filters?: RowFilter[];
}

export interface AggregateRow {
  /** devc_id */
  deviceId: number;
  /** bucket start, epoch seconds */
  timestamp: number;
  /** one value per function, in the order asked; null when the bucket has no value for it */
  values: (number | null)[];
}

/** The key a function's result goes under in `additional`: `LAST_dlgpLatitude_4`. */
export function additionalKey(type: DeviceType, fn: AggregateFunction, index: number): string {
  const def = TELEMETRY_TYPES[type];
  const metric = findMetric(def, fn.column);
  return `${fn.name}_${metric ? specColumn(def, metric) : fn.column}_${index}`;
}

interface Bucket {
  deviceId: number;
  timestamp: number;
  stats: (Stat | undefined)[]; // per needed metric
  gt: number[]; // per COUNTGT function
}

const HOUR = 3600;
const DAY = 86400;
const MONDAY_EPOCH = 4 * DAY; // 1970-01-05 was a Monday

/** The SQL bucket: `((ts + shift) / size) * size - shift`; MONTH is grouped by local day, then merged here. */
function geometry(unit: AggUnit, length: number, tz: number) {
  const tzs = Math.round(tz * 3600);
  switch (unit) {
    case 'MINUTE':
      return { size: 60 * length, shift: tzs };
    case 'HOUR':
      return { size: HOUR * length, shift: tzs };
    case 'DAY':
      return { size: DAY * length, shift: tzs };
    case 'WEEK':
      return { size: 7 * DAY * length, shift: tzs - MONDAY_EPOCH };
    case 'MONTH':
      return { size: DAY, shift: tzs };
  }
}

/** Local calendar month (or group of `length` months) holding a local-day bucket. */
function monthBucket(dayStart: number, length: number, tz: number): number {
  const tzs = Math.round(tz * 3600);
  const d = new Date((dayStart + tzs) * 1000);
  const index = Math.floor((d.getUTCFullYear() * 12 + d.getUTCMonth()) / length) * length;
  return Date.UTC(Math.floor(index / 12), index % 12, 1) / 1000 - tzs;
}

function parseFilterOp(op: string): RowFilter['op'] {
  if (['>', '>=', '<', '<=', '=', '!='].includes(op)) return op as RowFilter['op'];
  throw new SeriesError(`Unknown filter operator ${op}`);
}

/**
 * `additionalFilter` text → filters: conditions `column op number` joined by `,`, `;` or `and`
 * (`dlrpRpm>400`, `speed >= 1 and speed < 30`).
 */
export function parseFilters(type: DeviceType, text: string | undefined): RowFilter[] {
  if (!text?.trim()) return [];
  return text
    .split(/\s*(?:,|;|\band\b|&&)\s*/i)
    .filter(Boolean)
    .map((part) => {
      const m = /^([A-Za-z_][\w]*)\s*(>=|<=|!=|<>|>|<|==|=)\s*(-?\d+(?:\.\d+)?)$/.exec(part.trim());
      if (!m) throw new SeriesError(`additionalFilter: cannot read '${part}' (expected column, operator, number)`);
      const metric = findMetric(TELEMETRY_TYPES[type], m[1]);
      if (!metric) throw new SeriesError(`additionalFilter: unknown column ${m[1]} for ${type}`);
      const op = m[2] === '<>' ? '!=' : m[2] === '==' ? '=' : m[2];
      return { column: metric.column, op: parseFilterOp(op), value: Number(m[3]) };
    });
}

export async function aggregate(database: Database, q: AggregateQuery): Promise<AggregateRow[]> {
  const def = TELEMETRY_TYPES[q.type];
  if (!def) throw new SeriesError(`Unknown device type ${q.type}`);
  if (!q.deviceIds.length || q.end <= q.start || !q.functions.length) return [];
  if (!Number.isInteger(q.length) || q.length < 1)
    throw new SeriesError('aggregatedLength must be a whole number from 1');

  // the metrics the functions need, and where each function reads from
  const metrics: MetricDef[] = [];
  const gts: Above[] = [];
  const plan = q.functions.map((fn) => {
    const metric = findMetric(def, fn.column);
    if (!metric) throw new SeriesError(`Unknown column ${fn.column} for ${q.type}`);
    let mi = metrics.indexOf(metric);
    if (mi < 0) mi = metrics.push(metric) - 1;
    if (fn.name === 'COUNTGT') {
      if (fn.param === undefined || !Number.isFinite(fn.param))
        throw new SeriesError(`COUNTGT of ${fn.column} needs a numeric parameter`);
      return { fn, mi, gi: gts.push({ metric, param: fn.param }) - 1 };
    }
    return { fn, mi, gi: -1 };
  });
  // only the statistics some function reads are fetched, per metric: rows carry fewer values
  const needs: Needs[] = metrics.map(() => ({ ...NO_NEEDS }));
  for (const { fn, mi } of plan) {
    const n = needs[mi];
    if (fn.name === 'AVG' || fn.name === 'SUM') n.total = true;
    else if (fn.name === 'MIN') n.min = true;
    else if (fn.name === 'MAX') n.max = true;
    else if (fn.name === 'FIRST') n.first = true;
    else if (fn.name === 'LAST') n.last = true;
  }
  const filters = q.filters ?? [];
  const geo = geometry(q.unit, q.length, q.tz);
  // every bucket is held in memory until the answer is cut to its limit: refuse what could not be answered
  const perDevice = Math.ceil((q.end - q.start) / (q.unit === 'MONTH' ? 28 * DAY * q.length : geo.size)) + 1;
  if (perDevice * q.deviceIds.length > MAX_AGGREGATE_BUCKETS)
    throw new SeriesError(
      `The period makes ${perDevice} buckets for each of ${q.deviceIds.length} device(s), more than ${MAX_AGGREGATE_BUCKETS} in all: shorten the period or choose a larger aggregatedUnit`,
    );

  const buckets = new Map<string, Bucket>();
  const bucketOf = (deviceId: number, ts: number) => {
    const timestamp = q.unit === 'MONTH' ? monthBucket(ts, q.length, q.tz) : ts;
    const key = `${deviceId}|${timestamp}`;
    let b = buckets.get(key);
    if (!b) {
      b = { deviceId, timestamp, stats: new Array(metrics.length), gt: new Array(gts.length).fill(0) };
      buckets.set(key, b);
    }
    return b;
  };
  const addCounts = (b: Bucket, gt: number[]) => {
    for (let gi = 0; gi < gt.length; gi++) b.gt[gi] += gt[gi];
  };

  // buckets that are the stored rollup rows themselves (HOUR from hours, DAY at +7 from days): the functions'
  // values come straight from the database; no other segment touches those buckets
  const out: AggregateRow[] = [];
  const levels = filters.length ? [] : ROLLUPS;
  const { deviceIds, start: from, end: to } = q;
  const read: StatsRead = { def, deviceIds, metrics, needs, above: gts, from, to, output: geo, levels, filters };
  for (const seg of await periodSegments(database, read)) {
    if (seg.level && !gts.length && q.unit !== 'MONTH' && sameBuckets(geo, seg.level)) {
      append(out, await rollupValues(database, def, seg.level, q.deviceIds, metrics, plan, seg.from, seg.to));
      continue;
    }
    for (const r of await readSegment(database, read, seg)) {
      const b = bucketOf(r.deviceId, r.bucket);
      for (let mi = 0; mi < r.stats.length; mi++) {
        const st = r.stats[mi];
        if (st) mergeStats(b.stats, mi, st);
      }
      addCounts(b, r.gt);
    }
  }

  for (const b of buckets.values()) {
    if (!b.stats.some((s) => s && s.n > 0)) continue; // nothing of the asked columns: an empty bucket
    const values: (number | null)[] = new Array(plan.length);
    for (let i = 0; i < plan.length; i++) values[i] = result(plan[i].fn.name, b.stats[plan[i].mi], b.gt[plan[i].gi]);
    out.push({ deviceId: b.deviceId, timestamp: b.timestamp, values });
  }
  return out.sort((a, b) => a.timestamp - b.timestamp || a.deviceId - b.deviceId);
}

/**
 * `out.push(...rows)` without the spread (it passes every row as an argument), in a function of its own: a loop of
 * thousands of rows in `aggregate` would have V8 optimise all of `aggregate` (~60 ms of compiling) for it.
 */
function append<T>(out: T[], rows: T[]) {
  for (const row of rows) out.push(row);
}

/** A function's value from a bucket's statistics of its metric (and its count above the threshold). */
function result(name: AggFunction, s: Stat | undefined, gt: number): number | null {
  if (name === 'COUNTGT') return gt;
  if (name === 'COUNT') return s?.n ?? 0;
  if (!s || s.n === 0) return null;
  switch (name) {
    case 'AVG':
      return s.total / s.n;
    case 'SUM':
      return s.total;
    case 'MIN':
      return s.min;
    case 'MAX':
      return s.max;
    case 'FIRST':
      return s.fv;
    case 'LAST':
      return s.lv;
  }
  return null;
}

/**
 * The functions' values of buckets that are stored rollup rows, computed by the database: one cell per distinct
 * function (AVG is `sum / n` there) instead of the statistics behind it — reading cells is most of the cost.
 * Buckets without any value of the asked data points are left out, as everywhere.
 */
async function rollupValues(
  database: Database,
  def: DeviceTypeDef,
  level: RollupLevel,
  deviceIds: number[],
  metrics: MetricDef[],
  plan: { fn: AggregateFunction; mi: number }[],
  from: number,
  to: number,
): Promise<AggregateRow[]> {
  const exprs: string[] = [];
  const cellOf = plan.map(({ fn, mi }) => {
    const c = (stat: StatName) => statColumn(metrics[mi], stat);
    const expr = {
      AVG: `${c('sum')} / nullif(${c('n')}, 0)`,
      SUM: `case when ${c('n')} > 0 then ${c('sum')} end`,
      MIN: c('min'),
      MAX: c('max'),
      FIRST: c('fv'),
      LAST: c('lv'),
      COUNT: c('n'),
      COUNTGT: 'null', // never here: counts above a threshold need the raw rows
    }[fn.name];
    const i = exprs.indexOf(expr);
    return 2 + (i < 0 ? exprs.push(expr) - 1 : i);
  });
  const rows = await queryArrays(
    database,
    `select device_id, bucket, ${exprs.join(', ')} from ${rollupTable(def, level)}
      where device_id in (${placeholders(deviceIds.length)}) and bucket >= ? and bucket < ?`,
    [...deviceIds, from, to],
  );
  return rowsOfCells(
    rows,
    cellOf,
    plan.map(({ fn }) => fn.name === 'COUNT'),
  );
}

/**
 * Rollup result rows as answer rows: each function's value from its cell. Apart from the statement's building, so
 * that this hot loop is a small function: V8 optimises it again in a millisecond when a new shape of row sends it
 * back (a value null in one row and a number in the next), where the whole of rollupValues took it 20–60 ms each time.
 */
function rowsOfCells(rows: unknown[][], cellOf: number[], counts: boolean[]): AggregateRow[] {
  // a bucket with a value of some asked data point has a non-null value or a count above 0 (each data point
  // asked has a function): that tells the empty buckets without reading every count
  const out: AggregateRow[] = [];
  const n = cellOf.length;
  for (const r of rows) {
    // every element null first: one kind of array for every row, however its values come
    const values: (number | null)[] = new Array(n).fill(null);
    let any = false;
    for (let i = 0; i < n; i++) {
      const v = r[cellOf[i]];
      if (v === null || v === undefined) continue;
      const x = Number(v);
      values[i] = x;
      if (!counts[i] || x > 0) any = true;
    }
    if (any) out.push({ deviceId: Number(r[0]), timestamp: Number(r[1]), values });
  }
  return out;
}

// ---------------------------------------------------------------- raw rows (last states: the telemetry store)

export interface RawRow {
  /** devc_id */
  deviceId: number;
  ts: number;
  /** by data key (`volumeInventory`); absent values are null */
  values: Record<string, number | null>;
}

export interface RawQuery {
  type: DeviceType;
  deviceIds: number[];
  /** inclusive */
  start: number;
  /** exclusive */
  end: number;
  /** at most this many rows: the earliest, or with `newest`, the latest (still answered oldest first) */
  limit?: number;
  newest?: boolean;
  /** one row per device and interval (seconds): the first of each */
  interval?: number;
}

/** Raw readings of one device type, oldest first. */
export async function rawRows(database: Database, q: RawQuery): Promise<RawRow[]> {
  const def = TELEMETRY_TYPES[q.type];
  if (!def || !q.deviceIds.length || q.end <= q.start) return [];
  const cols = def.metrics.map((x) => `t.${x.column}`).join(', ');
  const ids = placeholders(q.deviceIds.length);
  const limit = q.limit ? ` limit ${Math.floor(q.limit)}` : '';
  const order = q.newest ? 'desc' : 'asc';
  let text: string;
  if (q.interval && q.interval > 1) {
    const i = Math.floor(q.interval);
    text = `select t.device_id, t.ts, ${cols} from ${def.table} t
      join (select device_id as d, min(ts) as ts0 from ${def.table}
             where device_id in (${ids}) and ts >= ? and ts < ? group by device_id, ts / ${i}) k
        on t.device_id = k.d and t.ts = k.ts0
      order by t.ts ${order}, t.device_id${limit}`;
  } else {
    text = `select t.device_id, t.ts, ${cols} from ${def.table} t
      where t.device_id in (${ids}) and t.ts >= ? and t.ts < ? order by t.ts ${order}, t.device_id${limit}`;
  }
  const rows = await query(database, text, [...q.deviceIds, q.start, q.end]);
  const out = rows.map((r) => {
    const values: Record<string, number | null> = {};
    for (const x of def.metrics) values[x.key] = r[x.column] ?? null;
    return { deviceId: Number(r.device_id), ts: Number(r.ts), values };
  });
  return q.newest ? out.reverse() : out;
}

/**
 * The data keys of a type that hold a value in at least one of the devices' readings of [start, end): the columns of
 * the Device Log Detail's table and of its download (one key per column, in the type's order; docs/domain.md §44.1).
 */
export async function presentMetrics(
  database: Database,
  q: Pick<RawQuery, 'type' | 'deviceIds' | 'start' | 'end'>,
): Promise<string[]> {
  const def = TELEMETRY_TYPES[q.type];
  if (!def || !q.deviceIds.length || q.end <= q.start) return [];
  const counts = def.metrics.map((x, i) => `count(t.${x.column}) as c${i}`).join(', ');
  const [row] = await query(
    database,
    `select ${counts} from ${def.table} t where t.device_id in (${placeholders(q.deviceIds.length)}) and t.ts >= ? and t.ts < ?`,
    [...q.deviceIds, q.start, q.end],
  );
  return def.metrics.filter((_, i) => Number(row?.[`c${i}`] ?? 0) > 0).map((x) => x.key);
}
