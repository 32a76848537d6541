import { type DeviceType, type MetricDef, TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { ROLLUPS, rollupTable, type StatName, statColumn } from '../telemetry/rollup.ts';
import { placeholders, query } from '../telemetry/sql.ts';
import { GAP_LIMIT, GPS_GAP_LIMIT, type HourSamples, sampleInterval } from './summary-domain.ts';
import type { Stat } from './summary-period.ts';

/**
 * The summary's whole hours, computed inside the database from the hourly rollups (rollup.ts),
 * so a 30-day period costs a handful of small answers instead of thousands of hour rows:
 * - the reporting interval P of each device (docs/domain.md §20), the count-weighted median of hourly spacings;
 * - running / flow seconds per hour, `min(3600, n_h × min(s_h, G))` (§5, §9, §10, §15), where the count above
 *   the threshold comes from the rollup when the whole hour is above (vmin > threshold) or not
 *   (vmax ≤ threshold), and from the raw rows only for the hours that cross it;
 * - totaliser deltas with the previous hour's last reading as baseline and the reset rule (§11);
 * - counts, sums, extremes and first/last values of the other data points.
 * Results come per device and output bucket (`bucket` = null: one bucket for the whole body).
 * Both engines: the dialect differences are `least`/`greatest` and typed VALUES.
 */
export interface Body {
  /** whole hours [from, to) */
  from: number;
  to: number;
  /** output bucket geometry (HOUR/DAY aligned to whole-hour timezones), or null for one bucket named `from` */
  bucket: { size: number; shift: number } | null;
}

const fns = (database: Database) =>
  database.dialect === 'postgres' ? { least: 'least', greatest: 'greatest' } : { least: 'min', greatest: 'max' };

const HOURLY = ROLLUPS[0];
/** The hourly rollup table of a type, and a data point's statistic column in it. */
const hourlyOf = (type: DeviceType) => rollupTable(TELEMETRY_TYPES[type], HOURLY);
const metricOf = (type: DeviceType, column: string): MetricDef => {
  const m = TELEMETRY_TYPES[type].metrics.find((x) => x.column === column);
  if (!m) throw new Error(`no data point ${column} in ${type}`);
  return m;
};
const col = (type: DeviceType, column: string) => (stat: StatName) => statColumn(metricOf(type, column), stat);

const bucketOf = (body: Body, col: string) =>
  body.bucket
    ? `((${col} + ${body.bucket.shift}) / ${body.bucket.size}) * ${body.bucket.size} - ${body.bucket.shift}`
    : String(body.from);

/** Buckets that are the UTC hours themselves (HOUR in a whole-hour timezone). */
const hourly = (body: Body) => body.bucket !== null && body.bucket.size === 3600 && body.bucket.shift % 3600 === 0;

/** The GROUP BY term of the bucket (none for one bucket: a literal there would name a column). */
const groupOf = (body: Body, col: string) => (body.bucket ? `, ${bucketOf(body, col)}` : '');

/** A device with the data point whose samples count as its presence (§5). */
export interface PresenceDevice {
  devcId: number;
  type: DeviceType;
  metric: string;
}

/** The devices grouped by type and presence data point: one query per group. */
function byPresence(devices: PresenceDevice[]) {
  const groups = new Map<string, { type: DeviceType; metric: string; ids: number[] }>();
  for (const d of devices) {
    const k = `${d.type}|${d.metric}`;
    const g = groups.get(k) ?? { type: d.type, metric: d.metric, ids: [] };
    g.ids.push(d.devcId);
    groups.set(k, g);
  }
  return groups.values();
}

/**
 * Per device: the median spacing of its samples over the period's hours (§20, the expected count). The database groups the
 * hourly spacings, rounded to a tenth of a second, with their sample counts — a few rows per device —
 * and the count-weighted median is taken here (window functions would sort every hour twice).
 */
export async function sampleIntervals(
  database: Database,
  devices: PresenceDevice[],
  from: number,
  to: number,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const spacings = new Map<number, HourSamples[]>();
  for (const { type, metric, ids } of byPresence(devices)) {
    const c = col(type, metric);
    const spacing = `round((${c('lt')} - ${c('ft')}) * 10.0 / (${c('n')} - 1))`;
    const rows = await query(
      database,
      `select device_id, ${spacing} as s, sum(${c('n')}) as w
         from ${hourlyOf(type)}
        where device_id in (${placeholders(ids.length)}) and bucket >= ? and bucket < ?
          and ${c('n')} >= 2 and ${c('lt')} > ${c('ft')}
        group by device_id, ${spacing}`,
      [...ids, Math.floor(from / 3600) * 3600, to],
    );
    for (const r of rows) {
      const id = Number(r.device_id);
      const n = Number(r.w);
      // one pseudo-hour per spacing value, weighted by its samples: sampleInterval takes the median
      const list = spacings.get(id) ?? [];
      list.push({ hour: 0, n, firstTs: 0, lastTs: (Number(r.s) / 10) * (n - 1) });
      spacings.set(id, list);
    }
  }
  for (const [id, list] of spacings) out.set(id, sampleInterval(list));
  return out;
}

/**
 * Per UTC hour of each device, within the given ranges: samples of its presence data point and their first/last
 * times (§5). Only samples inside the ranges count: whole hours from the hourly rollup, the partial hours at a
 * range's edges from the raw rows of that part (a period's time never depends on readings outside it).
 */
export async function hourSamples(
  database: Database,
  devices: PresenceDevice[],
  ranges: [number, number][],
): Promise<Map<number, HourSamples[]>> {
  const out = new Map<number, HourSamples[]>();
  if (!ranges.length) return out;
  const whole: [number, number][] = [];
  const parts: [number, number][] = [];
  for (const [a, b] of ranges) {
    const h1 = Math.ceil(a / 3600) * 3600;
    const h2 = Math.floor(b / 3600) * 3600;
    if (h1 >= h2) {
      // inside one hour, or across one hour boundary
      if (h1 > a && h1 < b) parts.push([a, h1], [h1, b]);
      else parts.push([a, b]);
      continue;
    }
    whole.push([h1, h2]);
    if (a < h1) parts.push([a, h1]);
    if (h2 < b) parts.push([h2, b]);
  }
  const add = (id: number, h: HourSamples) => {
    const list = out.get(id) ?? [];
    list.push(h);
    out.set(id, list);
  };
  for (const { type, metric, ids } of byPresence(devices)) {
    const c = col(type, metric);
    if (whole.length) {
      const within = whole.map(() => '(bucket >= ? and bucket < ?)').join(' or ');
      const rows = await query(
        database,
        `select device_id, bucket, ${c('n')} as n, ${c('ft')} as ft, ${c('lt')} as lt from ${hourlyOf(type)}
          where device_id in (${placeholders(ids.length)}) and ${c('n')} > 0 and (${within})`,
        [...ids, ...whole.flat()],
      );
      for (const r of rows)
        add(Number(r.device_id), {
          hour: Number(r.bucket),
          n: Number(r.n),
          firstTs: Number(r.ft),
          lastTs: Number(r.lt),
        });
    }
    for (const [a, b] of parts) {
      const rows = await query(
        database,
        `select device_id, count(*) as n, min(ts) as ft, max(ts) as lt from ${TELEMETRY_TYPES[type].table}
          where device_id in (${placeholders(ids.length)}) and ts >= ? and ts < ? and ${metric} is not null
          group by device_id`,
        [...ids, a, b],
      );
      for (const r of rows)
        add(Number(r.device_id), {
          hour: Math.floor(a / 3600) * 3600,
          n: Number(r.n),
          firstTs: Number(r.ft),
          lastTs: Number(r.lt),
        });
    }
  }
  for (const list of out.values()) list.sort((x, y) => x.hour - y.hour);
  return out;
}

/** Seconds of the kind asked: samples above a threshold (rpm, flow rate) or AE running (§10). */
export interface SecondsQuery {
  kind: 'above' | 'aeRunning';
  /** table of the raw rows (for hours crossing the threshold) and the data point */
  type: 'gps' | 'rpm' | 'ae' | 'flowmeter';
  column: string;
  devices: { devcId: number; threshold: number }[];
}

/** Per device and bucket: `run` seconds and `gt` samples counted (§9, §10, §15). */
export async function bodySeconds(database: Database, body: Body, q: SecondsQuery) {
  const out = new Map<number, Map<number, Stat>>();
  if (!q.devices.length) return out;
  const { least } = fns(database);
  const table = TELEMETRY_TYPES[q.type].table;
  const c = col(q.type, q.column);
  const values = q.devices
    .map(() => '(cast(? as integer), cast(? as double precision), cast(? as double precision))')
    .join(', ');
  const crossing = `(select count(*) from ${table} r
      where r.device_id = c.device_id and r.ts >= c.hour and r.ts < c.hour + 3600 and r.${q.column} > c.thr)`;
  // samples above the threshold in an hour: from the rollup unless the hour crosses it
  const above = () => `case when c.vmin > c.thr then c.n when c.vmax <= c.thr then 0 else ${crossing} end`;
  const count =
    q.kind === 'above'
      ? above()
      : // AE: the running flags; samples without a flag count when rpm > 0, in proportion (§10)
        `case when c.fn >= c.n then c.ft
              when c.fn = 0 then ${above()}
              else c.ft + (${above()}) * (c.n - c.fn) * 1.0 / c.n end`;
  // the AE running flag sits in the same row as its rpm
  const flag = q.kind === 'aeRunning' ? col(q.type, 'running') : undefined;
  const flagCols = flag ? `, h.${flag('n')} as fn, h.${flag('sum')} as ft` : '';
  const ids = q.devices.map((d) => d.devcId);
  const rows = await query(
    database,
    `with t(device_id, thr, p) as (values ${values}),
     c as (
       select h.device_id, h.bucket as hour, h.${c('n')} as n, h.${c('min')} as vmin, h.${c('max')} as vmax,
              t.thr, t.p${flagCols},
              case when h.${c('n')} >= 2 and h.${c('lt')} > h.${c('ft')}
                   then (h.${c('lt')} - h.${c('ft')}) * 1.0 / (h.${c('n')} - 1) end as s
         from ${hourlyOf(q.type)} h join t on t.device_id = h.device_id
        where h.device_id in (${placeholders(ids.length)}) and h.bucket >= ? and h.bucket < ? and h.${c('n')} > 0),
     g as materialized (select c.device_id, c.hour, c.s, c.p, ${count} as gt from c)
     select device_id, ${bucketOf(body, 'hour')} as b, sum(gt) as gt,
            sum(${least}(3600, gt * ${least}(coalesce(s, p), p))) as run
       from g group by device_id${groupOf(body, 'hour')}`,
    [
      ...q.devices.flatMap((d) => [d.devcId, d.threshold, q.type === 'gps' ? GPS_GAP_LIMIT : GAP_LIMIT]),
      ...ids,
      body.from,
      body.to,
    ],
  );
  for (const r of rows) {
    const id = Number(r.device_id);
    const m = out.get(id) ?? new Map<number, Stat>();
    out.set(id, m);
    m.set(Number(r.b), { gt: Number(r.gt ?? 0), run: Number(r.run ?? 0) });
  }
  return out;
}

/** Per device and bucket: the totaliser delta `delta` chained over the body's hours (§11). */
export async function bodyDeltas(
  database: Database,
  body: Body,
  deviceIds: number[],
  column: 'volume_inventory' | 'mass_inventory',
) {
  const out = new Map<number, Map<number, number>>();
  if (!deviceIds.length) return out;
  const { greatest } = fns(database);
  const c = col('flowmeter', column);
  const rows = await query(
    database,
    `with h as (
       select device_id, bucket as hour, ${c('fv')} as first_val, ${c('lv')} as last_val, ${c('min')} as vmin,
              ${c('max')} as vmax,
              coalesce(lag(${c('lv')}) over (partition by device_id order by bucket), ${c('fv')}) as p
         from ${hourlyOf('flowmeter')}
        where device_id in (${placeholders(deviceIds.length)}) and bucket >= ? and bucket < ? and ${c('n')} > 0)
     select device_id, ${bucketOf(body, 'hour')} as b,
            sum(case when last_val >= p then last_val - p
                     else ${greatest}(0, vmax - p) + (last_val - vmin) end) as delta
       from h group by device_id${groupOf(body, 'hour')}`,
    [...deviceIds, body.from, body.to],
  );
  for (const r of rows) {
    const id = Number(r.device_id);
    const m = out.get(id) ?? new Map<number, number>();
    out.set(id, m);
    m.set(Number(r.b), Number(r.delta));
  }
  return out;
}

/** What a statistic key reads from a metric's rollup: n, sum, min, max, first or last value. */
export type RollupPart = 'n' | 'total' | 'vmin' | 'vmax' | 'first' | 'last';

/** Per device and bucket: the asked parts of each metric of one device type, written under the given statistic keys. */
export async function bodyStats(
  database: Database,
  type: DeviceType,
  body: Body,
  deviceIds: number[],
  wanted: { metric: string; part: RollupPart; key: string }[],
) {
  const out = new Map<number, Map<number, Stat>>();
  if (!deviceIds.length || !wanted.length) return out;
  const table = hourlyOf(type);
  const params = [...deviceIds, body.from, body.to];
  const where = `device_id in (${placeholders(deviceIds.length)}) and bucket >= ? and bucket < ?`;
  const write = (id: number, ts: number, stat: Stat) => {
    if (!Object.keys(stat).length) return; // nothing of the asked data points in this bucket
    const m = out.get(id) ?? new Map<number, Stat>();
    out.set(id, m);
    m.set(ts, Object.assign(m.get(ts) ?? {}, stat));
  };
  const read = (r: Record<string, unknown>, name: string) => {
    const v = r[name];
    return v === null || v === undefined ? undefined : Number(v);
  };

  if (hourly(body)) {
    // an HOUR bucket is the rollup's own hour: the row as stored
    const stat: Record<RollupPart, StatName> = {
      n: 'n',
      total: 'sum',
      vmin: 'min',
      vmax: 'max',
      first: 'fv',
      last: 'lv',
    };
    const cols = wanted.map((w, i) => {
      const c = col(type, w.metric);
      return `case when ${c('n')} > 0 then ${c(stat[w.part])} end as c${i}`;
    });
    const rows = await query(
      database,
      `select device_id, bucket, ${cols.join(', ')} from ${table} where ${where}`,
      params,
    );
    for (const r of rows) {
      const s: Stat = {};
      wanted.forEach((w, i) => {
        const v = read(r, `c${i}`);
        if (v !== undefined) s[w.key] = v;
      });
      write(Number(r.device_id), Number(r.bucket), s);
    }
    return out;
  }
  // grouped: first/last values by key lookups of the group's first and last hour with data (no window functions: they sort)
  const metrics = [...new Set(wanted.map((w) => w.metric))];
  const picks = (part: RollupPart) => metrics.filter((m) => wanted.some((w) => w.metric === m && w.part === part));
  const cols: string[] = [];
  metrics.forEach((m, i) => {
    const c = col(type, m);
    cols.push(
      `sum(${c('n')}) as n${i}`,
      `sum(${c('sum')}) as s${i}`,
      `min(${c('min')}) as mn${i}`,
      `max(${c('max')}) as mx${i}`,
    );
  });
  const joins: string[] = [];
  const outer: string[] = [];
  for (const m of picks('first')) {
    const i = metrics.indexOf(m);
    const c = col(type, m);
    cols.push(`min(case when ${c('n')} > 0 then bucket end) as fh${i}`);
    joins.push(`left join ${table} f${i} on f${i}.device_id = g.device_id and f${i}.bucket = g.fh${i}`);
    outer.push(`f${i}.${c('fv')} as fv${i}`);
  }
  for (const m of picks('last')) {
    const i = metrics.indexOf(m);
    const c = col(type, m);
    cols.push(`max(case when ${c('n')} > 0 then bucket end) as lh${i}`);
    joins.push(`left join ${table} l${i} on l${i}.device_id = g.device_id and l${i}.bucket = g.lh${i}`);
    outer.push(`l${i}.${c('lv')} as lv${i}`);
  }
  const rows = await query(
    database,
    `with g as (
       select device_id, ${bucketOf(body, 'bucket')} as b, ${cols.join(', ')}
         from ${table} where ${where}
        group by device_id${groupOf(body, 'bucket')})
     select g.*${outer.map((o) => `, ${o}`).join('')} from g ${joins.join(' ')}`,
    params,
  );
  const name: Record<RollupPart, string> = { n: 'n', total: 's', vmin: 'mn', vmax: 'mx', first: 'fv', last: 'lv' };
  for (const r of rows) {
    const s: Stat = {};
    for (const w of wanted) {
      const i = metrics.indexOf(w.metric);
      if (!read(r, `n${i}`)) continue; // no samples of this data point in the bucket
      const v = read(r, `${name[w.part]}${i}`);
      if (v !== undefined) s[w.key] = v;
    }
    write(Number(r.device_id), Number(r.b), s);
  }
  return out;
}
