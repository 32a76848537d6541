import type { Database } from '../../db/database.ts';
import { DEVICE_TYPES } from './catalog.ts';
import { placeholders, query } from './sql.ts';
import { DEFAULT_SAMPLE_INTERVAL, type HourSamples, sampleInterval } from './summary-domain.ts';
import type { Stat } from './summary-period.ts';

/**
 * The summary's whole hours, computed inside the database from the hourly rollups (telemetry_hourly),
 * so a 30-day period costs a handful of small answers instead of thousands of hour rows:
 * - the sample interval P of each device (docs/domain.md §5), the count-weighted median of hourly spacings;
 * - running / flow seconds per hour, `min(3600, n_h × min(s_h, P))` (§9, §10, §15), where the count above
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

const bucketOf = (body: Body, col: string) =>
  body.bucket
    ? `((${col} + ${body.bucket.shift}) / ${body.bucket.size}) * ${body.bucket.size} - ${body.bucket.shift}`
    : String(body.from);

/** Buckets that are the UTC hours themselves (HOUR in a whole-hour timezone). */
const hourly = (body: Body) => body.bucket !== null && body.bucket.size === 3600 && body.bucket.shift % 3600 === 0;

/** The GROUP BY term of the bucket (none for one bucket: a literal there would name a column). */
const groupOf = (body: Body, col: string) => (body.bucket ? `, ${bucketOf(body, col)}` : '');

/**
 * Per device: the median spacing of its samples over the period's hours (§5). The database groups the
 * hourly spacings, rounded to a tenth of a second, with their sample counts — a few rows per device —
 * and the count-weighted median is taken here (window functions would sort every hour twice).
 */
export async function sampleIntervals(
  database: Database,
  devices: { devcId: number; metric: string }[],
  from: number,
  to: number,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!devices.length) return out;
  const byMetric = new Map<string, number[]>();
  for (const d of devices) byMetric.set(d.metric, [...(byMetric.get(d.metric) ?? []), d.devcId]);
  const spacings = new Map<number, HourSamples[]>();
  for (const [metric, ids] of byMetric) {
    const rows = await query(
      database,
      `select device_id, round((last_ts - first_ts) * 10.0 / (n - 1)) as s, sum(n) as w
         from telemetry_hourly
        where device_id in (${placeholders(ids.length)}) and metric = ? and hour >= ? and hour < ?
          and n >= 2 and last_ts > first_ts
        group by device_id, round((last_ts - first_ts) * 10.0 / (n - 1))`,
      [...ids, metric, Math.floor(from / 3600) * 3600, to],
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

/** Seconds of the kind asked: samples above a threshold (rpm, flow rate) or AE running (§10). */
export interface SecondsQuery {
  kind: 'above' | 'aeRunning';
  /** table of the raw rows (for hours crossing the threshold) and the data point */
  type: 'rpm' | 'ae' | 'flowmeter';
  column: string;
  devices: { devcId: number; threshold: number; interval: number }[];
}

/** Per device and bucket: `run` seconds and `gt` samples counted (§9, §10, §15). */
export async function bodySeconds(database: Database, body: Body, q: SecondsQuery) {
  const out = new Map<number, Map<number, Stat>>();
  if (!q.devices.length) return out;
  const { least } = fns(database);
  const table = DEVICE_TYPES[q.type].table;
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
        `case when coalesce(c.fn, 0) >= c.n then c.ft
              when coalesce(c.fn, 0) = 0 then ${above()}
              else c.ft + (${above()}) * (c.n - c.fn) * 1.0 / c.n end`;
  const flagJoin =
    q.kind === 'aeRunning'
      ? `left join telemetry_hourly f on f.device_id = h.device_id and f.metric = 'running' and f.hour = h.hour`
      : '';
  const flagCols = q.kind === 'aeRunning' ? ', f.n as fn, f.total as ft' : '';
  const ids = q.devices.map((d) => d.devcId);
  const rows = await query(
    database,
    `with t(device_id, thr, p) as (values ${values}),
     c as (
       select h.device_id, h.hour, h.n, h.vmin, h.vmax, t.thr, t.p${flagCols},
              case when h.n >= 2 and h.last_ts > h.first_ts then (h.last_ts - h.first_ts) * 1.0 / (h.n - 1) end as s
         from telemetry_hourly h join t on t.device_id = h.device_id ${flagJoin}
        where h.device_id in (${placeholders(ids.length)}) and h.metric = ? and h.hour >= ? and h.hour < ?),
     g as materialized (select c.device_id, c.hour, c.s, c.p, ${count} as gt from c)
     select device_id, ${bucketOf(body, 'hour')} as b, sum(gt) as gt,
            sum(${least}(3600, gt * ${least}(coalesce(s, p), p))) as run
       from g group by device_id${groupOf(body, 'hour')}`,
    [
      ...q.devices.flatMap((d) => [d.devcId, d.threshold, d.interval || DEFAULT_SAMPLE_INTERVAL]),
      ...ids,
      q.kind === 'aeRunning' ? 'rpm' : q.column,
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
export async function bodyDeltas(database: Database, body: Body, deviceIds: number[]) {
  const out = new Map<number, Map<number, number>>();
  if (!deviceIds.length) return out;
  const { greatest } = fns(database);
  const rows = await query(
    database,
    `with h as (
       select device_id, hour, first_val, last_val, vmin, vmax,
              coalesce(lag(last_val) over (partition by device_id order by hour), first_val) as p
         from telemetry_hourly
        where device_id in (${placeholders(deviceIds.length)}) and metric = 'volume_inventory' and hour >= ? and hour < ?)
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

/** Per device and bucket: the asked parts of each metric, written under the given statistic keys. */
export async function bodyStats(
  database: Database,
  body: Body,
  deviceIds: number[],
  wanted: { metric: string; part: RollupPart; key: string }[],
) {
  const out = new Map<number, Map<number, Stat>>();
  if (!deviceIds.length || !wanted.length) return out;
  const metrics = [...new Set(wanted.map((w) => w.metric))];
  const b = bucketOf(body, 'hour');

  const params = [...deviceIds, ...metrics, body.from, body.to];
  const where = `device_id in (${placeholders(deviceIds.length)}) and metric in (${placeholders(metrics.length)})
          and hour >= ? and hour < ?`;
  if (hourly(body)) {
    // an HOUR bucket is the rollup's own hour: one row per device and hour, a column per statistic asked
    // (a row per metric would cost several times more to hand over)
    const column = { n: 'n', total: 'total', vmin: 'vmin', vmax: 'vmax', first: 'first_val', last: 'last_val' };
    const cols = wanted.map((w, i) => {
      if (!/^[a-z_]+$/.test(w.metric)) throw new Error(`bad metric ${w.metric}`);
      return `max(case when metric = '${w.metric}' then ${column[w.part]} end) as c${i}`;
    });
    const rows = await query(
      database,
      `select device_id, hour, ${cols.join(', ')} from telemetry_hourly where ${where} group by device_id, hour`,
      params,
    );
    for (const r of rows) {
      const stat: Stat = {};
      wanted.forEach((w, i) => {
        const v = r[`c${i}`];
        if (v !== null && v !== undefined) stat[w.key] = Number(v);
      });
      const id = Number(r.device_id);
      const m = out.get(id) ?? new Map<number, Stat>();
      out.set(id, m);
      m.set(Number(r.hour), stat);
    }
    return out;
  }
  // first/last values by key lookups of the group's first and last hour (no window functions: they sort)
  const rows = await query(
    database,
    `with g as (
       select device_id, metric, ${b} as b, sum(n) as n, sum(total) as total, min(vmin) as vmin, max(vmax) as vmax,
              min(hour) as fh, max(hour) as lh
         from telemetry_hourly
        where ${where}
        group by device_id, metric${groupOf(body, 'hour')})
     select g.device_id, g.metric, g.b, g.n, g.total, g.vmin, g.vmax, f.first_val as first, l.last_val as last
       from g
       left join telemetry_hourly f on f.device_id = g.device_id and f.metric = g.metric and f.hour = g.fh
       left join telemetry_hourly l on l.device_id = g.device_id and l.metric = g.metric and l.hour = g.lh`,
    params,
  );
  for (const r of rows) {
    const id = Number(r.device_id);
    const m = out.get(id) ?? new Map<number, Stat>();
    out.set(id, m);
    const ts = Number(r.b);
    const stat = m.get(ts) ?? {};
    m.set(ts, stat);
    for (const w of wanted) {
      if (w.metric !== r.metric) continue;
      const v = r[w.part];
      if (v !== null && v !== undefined) stat[w.key] = Number(v);
    }
  }
  return out;
}
