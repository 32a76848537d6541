import type { Database } from '../../db/database.ts';
import {
  type AggFunction,
  type AggUnit,
  DEVICE_TYPES,
  type DeviceType,
  type DeviceTypeDef,
  findMetric,
  type MetricDef,
  specColumn,
} from './catalog.ts';
import { ROLLUPS } from './ingest.ts';
import { placeholders, query, queryArrays } from './sql.ts';

/**
 * The telemetry query core: aggregated series, raw rows and last states, over device ids the
 * caller has already scoped to the user (HTTP routes, the summary and combined-data calls).
 *
 * Aggregation works on composable partials per (device, metric, bucket) — count, sum, min, max,
 * first and last with their times, counts above thresholds — so a bucket can be assembled from the
 * hourly rollups for whole hours and from raw rows for the edges of the period, and calendar
 * months from local days. Periods are `[start, end)` (docs/domain.md §1).
 */

/** A query failure the client caused (unknown column, bad filter): routes answer 400. */
export class SeriesError extends Error {}

export interface AggregateFunction {
  name: AggFunction;
  /** any accepted naming: `dlfmVolInventory`, `VolInventory`, `volumeInventory` */
  column: string;
  /** COUNTGT: the threshold (values strictly above count) */
  param?: number;
}

export interface SeriesFilter {
  column: string;
  op: '>' | '>=' | '<' | '<=' | '=' | '!=';
  value: number;
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
  filters?: SeriesFilter[];
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
  const def = DEVICE_TYPES[type];
  const metric = findMetric(def, fn.column);
  return `${fn.name}_${metric ? specColumn(def, metric) : fn.column}_${index}`;
}

interface Stat {
  n: number;
  total: number;
  min: number;
  max: number;
  fts: number;
  fv: number;
  lts: number;
  lv: number;
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

function parseFilterOp(op: string): SeriesFilter['op'] {
  if (['>', '>=', '<', '<=', '=', '!='].includes(op)) return op as SeriesFilter['op'];
  throw new SeriesError(`Unknown filter operator ${op}`);
}

/**
 * `additionalFilter` text → filters: conditions `column op number` joined by `,`, `;` or `and`
 * (`dlrpRpm>400`, `speed >= 1 and speed < 30`).
 */
export function parseFilters(type: DeviceType, text: string | undefined): SeriesFilter[] {
  if (!text?.trim()) return [];
  return text
    .split(/\s*(?:,|;|\band\b|&&)\s*/i)
    .filter(Boolean)
    .map((part) => {
      const m = /^([A-Za-z_][\w]*)\s*(>=|<=|!=|<>|>|<|==|=)\s*(-?\d+(?:\.\d+)?)$/.exec(part.trim());
      if (!m) throw new SeriesError(`additionalFilter: cannot read '${part}' (expected column, operator, number)`);
      const metric = findMetric(DEVICE_TYPES[type], m[1]);
      if (!metric) throw new SeriesError(`additionalFilter: unknown column ${m[1]} for ${type}`);
      const op = m[2] === '<>' ? '!=' : m[2] === '==' ? '=' : m[2];
      return { column: metric.column, op: parseFilterOp(op), value: Number(m[3]) };
    });
}

export async function aggregate(database: Database, q: AggregateQuery): Promise<AggregateRow[]> {
  const def = DEVICE_TYPES[q.type];
  if (!def) throw new SeriesError(`Unknown device type ${q.type}`);
  if (!q.deviceIds.length || q.end <= q.start || !q.functions.length) return [];
  if (!Number.isInteger(q.length) || q.length < 1)
    throw new SeriesError('aggregatedLength must be a whole number from 1');

  // the metrics the functions need, and where each function reads from
  const metrics: MetricDef[] = [];
  const gts: { metric: MetricDef; param: number }[] = [];
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
  // only the statistics some function reads are fetched: rows carry fewer values
  const has = (...names: AggFunction[]) => q.functions.some((f) => names.includes(f.name));
  const needs: Needs = {
    total: has('AVG', 'SUM'),
    min: has('MIN'),
    max: has('MAX'),
    first: has('FIRST'),
    last: has('LAST'),
  };
  const filters = q.filters ?? [];
  const geo = geometry(q.unit, q.length, q.tz);

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
  const merge = (b: Bucket, mi: number, s: Stat) => {
    const cur = b.stats[mi];
    if (!cur) {
      b.stats[mi] = s;
      return;
    }
    cur.n += s.n;
    cur.total += s.total;
    if (s.min < cur.min) cur.min = s.min;
    if (s.max > cur.max) cur.max = s.max;
    if (s.fts < cur.fts) {
      cur.fts = s.fts;
      cur.fv = s.fv;
    }
    if (s.lts > cur.lts) {
      cur.lts = s.lts;
      cur.lv = s.lv;
    }
  };

  const addCounts = (b: Bucket, gt: number[]) => {
    for (let gi = 0; gi < gt.length; gi++) b.gt[gi] += gt[gi];
  };

  for (const seg of planSegments(q.start, q.end, geo, !filters.length)) {
    if (seg.level) {
      const rows = await rollupStats(database, seg.level, q.deviceIds, metrics, seg.from, seg.to, geo, needs);
      for (const r of rows) merge(bucketOf(r.deviceId, r.bucket), r.mi, r.stat);
      // counts above a threshold cannot come from rollups: raw rows, counted only
      if (gts.length) {
        const raw = await rawStats(database, def, q.deviceIds, [], gts, seg.from, seg.to, geo, filters, NO_NEEDS);
        for (const r of raw) addCounts(bucketOf(r.deviceId, r.bucket), r.gt);
      }
    } else {
      const raw = await rawStats(database, def, q.deviceIds, metrics, gts, seg.from, seg.to, geo, filters, needs);
      for (const r of raw) {
        const b = bucketOf(r.deviceId, r.bucket);
        r.stats.forEach((s, mi) => {
          if (s) merge(b, mi, s);
        });
        addCounts(b, r.gt);
      }
    }
  }

  const out: AggregateRow[] = [];
  for (const b of buckets.values()) {
    if (!b.stats.some((s) => s && s.n > 0)) continue; // nothing of the asked columns: an empty bucket
    out.push({
      deviceId: b.deviceId,
      timestamp: b.timestamp,
      values: plan.map(({ fn, mi, gi }) => {
        const s = b.stats[mi];
        if (fn.name === 'COUNTGT') return b.gt[gi];
        if (fn.name === 'COUNT') return s?.n ?? 0;
        if (!s || s.n === 0) return null;
        switch (fn.name) {
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
      }),
    });
  }
  return out.sort((a, b) => a.timestamp - b.timestamp || a.deviceId - b.deviceId);
}

type Geometry = { size: number; shift: number };
/** Which statistics beyond the count a query needs. */
interface Needs {
  total: boolean;
  min: boolean;
  max: boolean;
  first: boolean;
  last: boolean;
}
const NO_NEEDS: Needs = { total: false, min: false, max: false, first: false, last: false };
type Level = (typeof ROLLUPS)[number];
const mod = (x: number, m: number) => ((x % m) + m) % m;
/** Every bucket of `geo` is a union of whole buckets of `level`. */
const fits = (geo: Geometry, level: Level) =>
  geo.size % level.size === 0 && mod(geo.shift - level.shift, level.size) === 0;

/**
 * [start, end) split into the pieces each store answers: whole local days from telemetry_daily, whole
 * hours from telemetry_hourly, the ragged edges (and everything, when rows are filtered) from raw rows.
 */
function planSegments(start: number, end: number, geo: Geometry, rollable: boolean) {
  const out: { from: number; to: number; level?: Level }[] = [];
  const split = (from: number, to: number, levels: Level[]) => {
    const [level, ...finer] = levels;
    if (from >= to) return;
    if (!level) {
      out.push({ from, to });
      return;
    }
    const first = Math.ceil((from + level.shift) / level.size) * level.size - level.shift;
    const last = Math.floor((to + level.shift) / level.size) * level.size - level.shift;
    if (first >= last) return split(from, to, finer);
    split(from, first, finer);
    out.push({ from: first, to: last, level });
    split(last, to, finer);
  };
  const levels = rollable ? [...ROLLUPS].reverse().filter((level) => fits(geo, level)) : [];
  split(start, end, levels);
  return out;
}

const bucketSql = (col: string, geo: { size: number; shift: number }) =>
  `((${col} + ${geo.shift}) / ${geo.size}) * ${geo.size} - ${geo.shift}`;

async function rollupStats(
  database: Database,
  level: Level,
  deviceIds: number[],
  metrics: MetricDef[],
  from: number,
  to: number,
  geo: Geometry,
  needs: Needs,
) {
  const { table, column } = level;
  const where = `where device_id in (${placeholders(deviceIds.length)}) and metric in (${placeholders(metrics.length)})
             and ${column} >= ? and ${column} < ?`;
  // the metric as its index in `metrics`: a small integer per row instead of a string to build in JS
  const metricIndex = `case metric ${metrics.map((x, i) => `when '${x.column}' then ${i}`).join(' ')} end`;
  // array rows: d, mi, b, n, then the asked statistics in this order (absent ones stay undefined → NaN)
  const wanted = [
    needs.total && 's',
    needs.min && 'mn',
    needs.max && 'mx',
    needs.first && 'ft',
    needs.first && 'fv',
    needs.last && 'lt',
    needs.last && 'lv',
  ].filter((x): x is string => !!x);
  let text: string;
  if (geo.size === level.size && mod(geo.shift - level.shift, level.size) === 0) {
    // one stored row per bucket: no grouping
    const stored: Record<string, string> = {
      s: 'total',
      mn: 'vmin',
      mx: 'vmax',
      ft: 'first_ts',
      fv: 'first_val',
      lt: 'last_ts',
      lv: 'last_val',
    };
    text = `select device_id, ${metricIndex}, ${column}, n${wanted.map((w) => `, ${stored[w]}`).join('')} from ${table} ${where}`;
  } else {
    const b = bucketSql(column, geo);
    const at = (ts: string) => `((${ts} + ${level.shift}) / ${level.size}) * ${level.size} - ${level.shift}`;
    const grouped: Record<string, string> = {
      s: 'sum(total) as s',
      mn: 'min(vmin) as mn',
      mx: 'max(vmax) as mx',
      ft: 'min(first_ts) as ft',
      lt: 'max(last_ts) as lt',
    };
    const inner = ['device_id as d', `${metricIndex} as mi`, 'metric as m', `${b} as b`, 'sum(n) as n']
      .concat(wanted.filter((w) => grouped[w]).map((w) => grouped[w]))
      .join(', ');
    const outer = wanted.map((w) => (w === 'fv' ? 'f.first_val' : w === 'lv' ? 'l.last_val' : `g.${w}`));
    text = `select g.d, g.mi, g.b, g.n${outer.map((o) => `, ${o}`).join('')}
      from (select ${inner} from ${table} ${where} group by device_id, metric, ${b}) g
      ${needs.first ? `left join ${table} f on f.device_id = g.d and f.metric = g.m and f.${column} = ${at('g.ft')}` : ''}
      ${needs.last ? `left join ${table} l on l.device_id = g.d and l.metric = g.m and l.${column} = ${at('g.lt')}` : ''}`;
  }
  const rows = await queryArrays(database, text, [...deviceIds, ...metrics.map((x) => x.column), from, to]);
  const at = (w: string) => {
    const i = wanted.indexOf(w);
    return i < 0 ? -1 : 4 + i;
  };
  const [si, mni, mxi, fti, fvi, lti, lvi] = ['s', 'mn', 'mx', 'ft', 'fv', 'lt', 'lv'].map(at);
  const cell = (r: unknown[], i: number) => (i < 0 ? undefined : r[i]);
  return rows.map((r) => ({
    deviceId: Number(r[0]),
    mi: Number(r[1]),
    bucket: Number(r[2]),
    stat: statOf(r[3], cell(r, si), cell(r, mni), cell(r, mxi), cell(r, fti), cell(r, fvi), cell(r, lti), cell(r, lvi)),
  }));
}

/** A row's statistics; those not fetched stay NaN (no function reads them). */
const num = (v: unknown) => (v === null || v === undefined ? Number.NaN : Number(v));
const statOf = (
  n: unknown,
  s: unknown,
  mn: unknown,
  mx: unknown,
  ft: unknown,
  fv: unknown,
  lt: unknown,
  lv: unknown,
): Stat => ({
  n: Number(n),
  total: num(s),
  min: num(mn),
  max: num(mx),
  fts: num(ft),
  fv: num(fv),
  lts: num(lt),
  lv: num(lv),
});

async function rawStats(
  database: Database,
  def: DeviceTypeDef,
  deviceIds: number[],
  metrics: MetricDef[],
  gts: { metric: MetricDef; param: number }[],
  from: number,
  to: number,
  geo: Geometry,
  filters: SeriesFilter[],
  needs: Needs,
) {
  const b = bucketSql('ts', geo);
  const cols: string[] = [];
  const joins: string[] = [];
  const outer: string[] = [];
  metrics.forEach((x, i) => {
    const c = x.column;
    cols.push(`count(${c}) as n${i}`);
    if (needs.total) cols.push(`sum(${c}) as s${i}`);
    if (needs.min) cols.push(`min(${c}) as mn${i}`);
    if (needs.max) cols.push(`max(${c}) as mx${i}`);
    if (needs.first) {
      cols.push(`min(case when ${c} is not null then ts end) as ft${i}`);
      joins.push(`left join ${def.table} f${i} on f${i}.device_id = g.d and f${i}.ts = g.ft${i}`);
      outer.push(`f${i}.${c} as fv${i}`);
    }
    if (needs.last) {
      cols.push(`max(case when ${c} is not null then ts end) as lt${i}`);
      joins.push(`left join ${def.table} l${i} on l${i}.device_id = g.d and l${i}.ts = g.lt${i}`);
      outer.push(`l${i}.${c} as lv${i}`);
    }
  });
  gts.forEach((g, i) => {
    cols.push(`sum(case when ${g.metric.column} > ? then 1 else 0 end) as gt${i}`);
  });
  const where = filters.map((f) => `and ${f.column} ${f.op} ?`).join(' ');
  const text = `select g.*${outer.length ? `, ${outer.join(', ')}` : ''}
    from (select device_id as d, ${b} as b, ${cols.join(', ')}
            from ${def.table}
           where device_id in (${placeholders(deviceIds.length)}) and ts >= ? and ts < ? ${where}
           group by device_id, ${b}) g
    ${joins.join('\n')}`;
  const params = [...gts.map((g) => g.param), ...deviceIds, from, to, ...filters.map((f) => f.value)];
  const rows = await query(database, text, params);
  return rows.map((r) => ({
    deviceId: Number(r.d),
    bucket: Number(r.b),
    stats: metrics.map((_, i): Stat | undefined =>
      Number(r[`n${i}`]) > 0
        ? statOf(r[`n${i}`], r[`s${i}`], r[`mn${i}`], r[`mx${i}`], r[`ft${i}`], r[`fv${i}`], r[`lt${i}`], r[`lv${i}`])
        : undefined,
    ),
    gt: gts.map((_, i) => Number(r[`gt${i}`] ?? 0)),
  }));
}

// ---------------------------------------------------------------- raw rows and last states

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
  const def = DEVICE_TYPES[q.type];
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

export interface LastState {
  deviceId: number;
  ts: number;
  /** the values of the device's newest reading, by data key */
  data: Record<string, number>;
  /** when the server received it (epoch seconds) */
  receivedTime: number;
}

/** The newest reading of each device that has one. */
export async function lastStates(database: Database, deviceIds: number[]): Promise<LastState[]> {
  if (!deviceIds.length) return [];
  const rows = await query(
    database,
    `select device_id, ts, data, received_time from telemetry_last where device_id in (${placeholders(deviceIds.length)})`,
    deviceIds,
  );
  return rows.map((r) => ({
    deviceId: Number(r.device_id),
    ts: Number(r.ts),
    data: JSON.parse(r.data),
    receivedTime: Number(r.received_time),
  }));
}
