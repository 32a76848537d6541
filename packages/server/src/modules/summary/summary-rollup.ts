import { type DeviceType, type MetricDef, TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { ROLLUPS, rollupTable, type StatName, statColumn } from '../telemetry/rollup.ts';
import { type Needs, NO_NEEDS, type Stat as RollupStat, readRollupStats } from '../telemetry/stats-read.ts';
import { placeholders, query, queryArrays } from '../telemetry/sql.ts';
import {
  countedSeconds,
  GAP_LIMIT,
  GPS_GAP_LIMIT,
  type HourSamples,
  hourInterval,
  runningSamples,
  sampleInterval,
  totaliserStep,
} from './summary-domain.ts';
import type { Stat, StatKey } from './summary-period.ts';

/**
 * The summary's whole hours, read from the hourly rollups (rollup.ts) — one row per device and hour at most, never
 * the raw readings (but for the hours whose samples cross a threshold):
 * - the reporting interval P of each device (docs/domain.md §20), the count-weighted median of hourly spacings;
 * - per hour, the samples behind running / flow seconds (§5, §9, §10, §15) and the totaliser readings behind the
 *   deltas (§11), turned into seconds and litres by the functions of summary-domain.ts — the same ones the
 *   period's partial hours go through, so each quantity is defined in one place;
 * - counts, sums, extremes and first/last values of the other data points (`bodyStats`, through the telemetry's
 *   one rollup reader, telemetry/rollup-read.ts).
 * Results come per device and output bucket (`bucket` = null: one bucket for the whole body).
 * The SQL is the same on both engines.
 */
export interface Body {
  /** whole hours [from, to) */
  from: number;
  to: number;
  /** output bucket geometry (HOUR/DAY aligned to whole-hour timezones), or null for one bucket named `from` */
  bucket: { size: number; shift: number } | null;
}

const HOURLY = ROLLUPS[0];
/** The hourly rollup table of a type, and a data point's statistic column in it. */
const hourlyOf = (type: DeviceType) => rollupTable(TELEMETRY_TYPES[type], HOURLY);
const metricOf = (type: DeviceType, column: string): MetricDef => {
  const m = TELEMETRY_TYPES[type].metrics.find((x) => x.column === column);
  if (!m) throw new Error(`no data point ${column} in ${type}`);
  return m;
};
const col = (type: DeviceType, column: string) => (stat: StatName) => statColumn(metricOf(type, column), stat);

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

/** The output bucket a whole hour of the body falls in. */
const outputOf = (body: Body) => {
  const g = body.bucket;
  return g ? (hour: number) => Math.floor((hour + g.shift) / g.size) * g.size - g.shift : () => body.from;
};

/**
 * Per device and bucket: `run` seconds and `gt` samples counted (§9, §10, §15). The database reads each whole hour's
 * samples from the hourly rollup — the count above the threshold from the rollup when the whole hour is above
 * (vmin > threshold) or not (vmax ≤ threshold), from the raw rows only for the hours that cross it; the seconds are
 * credited here, hour by hour, by the same functions as the partial hours' (summary-domain.ts).
 */
export async function bodySeconds(database: Database, body: Body, q: SecondsQuery) {
  const out = new Map<number, Map<number, Stat>>();
  if (!q.devices.length) return out;
  const table = TELEMETRY_TYPES[q.type].table;
  const c = col(q.type, q.column);
  const values = q.devices.map(() => '(cast(? as integer), cast(? as double precision))').join(', ');
  const crossing = `(select count(*) from ${table} r
      where r.device_id = c.device_id and r.ts >= c.hour and r.ts < c.hour + 3600 and r.${q.column} > c.thr)`;
  // samples above the threshold in an hour: from the rollup unless the hour crosses it
  const above = `case when c.vmin > c.thr then c.n when c.vmax <= c.thr then 0 else ${crossing} end`;
  // AE: the running flag sits in the same row as its rpm; the count above 0 rpm is needed only where flags lack
  const flag = q.kind === 'aeRunning' ? col(q.type, 'running') : undefined;
  const flagCols = flag ? `, h.${flag('n')} as fn, h.${flag('sum')} as fs` : ', 0 as fn, 0 as fs';
  const gt = flag ? `case when c.fn >= c.n then 0 else ${above} end` : above;
  const ids = q.devices.map((d) => d.devcId);
  const rows = await queryArrays(
    database,
    `with t(device_id, thr) as (values ${values}),
     c as (
       select h.device_id, h.bucket as hour, h.${c('n')} as n, h.${c('min')} as vmin, h.${c('max')} as vmax,
              h.${c('ft')} as ft, h.${c('lt')} as lt, t.thr${flagCols}
         from ${hourlyOf(q.type)} h join t on t.device_id = h.device_id
        where h.device_id in (${placeholders(ids.length)}) and h.bucket >= ? and h.bucket < ? and h.${c('n')} > 0)
     select device_id, hour, n, ft, lt, fn, fs, ${gt} as gt from c`,
    [...q.devices.flatMap((d) => [d.devcId, d.threshold]), ...ids, body.from, body.to],
  );
  const limit = q.type === 'gps' ? GPS_GAP_LIMIT : GAP_LIMIT;
  const output = outputOf(body);
  const ae = q.kind === 'aeRunning';
  // a row per device and hour (thousands for a long period): summed into its bucket without allocating per row
  let device = Number.NaN;
  let buckets = new Map<number, Stat>();
  for (const r of rows) {
    const id = Number(r[0]);
    const hour = Number(r[1]);
    const n = Number(r[2]);
    const above = Number(r[7]);
    const samples = ae ? runningSamples(n, Number(r[5]), Number(r[6]), above) : above;
    const run = countedSeconds(
      samples,
      hourInterval({ hour, n, firstTs: Number(r[3]), lastTs: Number(r[4]) }, limit),
      3600,
    );
    if (id !== device) {
      device = id;
      buckets = out.get(id) ?? new Map<number, Stat>();
      out.set(id, buckets);
    }
    const b = output(hour);
    const s = buckets.get(b);
    if (s) {
      s.gt = (s.gt ?? 0) + samples;
      s.run = (s.run ?? 0) + run;
    } else buckets.set(b, { gt: samples, run });
  }
  return out;
}

/**
 * Per device and bucket: the totaliser delta chained over the body's hours (§11) — each hour from the previous
 * hour's last reading (the body's first hour from its own first), by summary-domain.ts `totaliserStep`.
 */
export async function bodyDeltas(
  database: Database,
  body: Body,
  deviceIds: number[],
  column: 'volume_inventory' | 'mass_inventory',
) {
  const out = new Map<number, Map<number, number>>();
  if (!deviceIds.length) return out;
  const c = col('flowmeter', column);
  const rows = await queryArrays(
    database,
    `select device_id, bucket, ${c('fv')}, ${c('lv')}, ${c('min')}, ${c('max')} from ${hourlyOf('flowmeter')}
      where device_id in (${placeholders(deviceIds.length)}) and bucket >= ? and bucket < ? and ${c('n')} > 0
      order by device_id, bucket`,
    [...deviceIds, body.from, body.to],
  );
  const output = outputOf(body);
  let device: number | undefined;
  let previous = 0;
  let m = new Map<number, number>();
  for (const r of rows) {
    const id = Number(r[0]);
    const last = Number(r[3]);
    const delta = totaliserStep(id === device ? previous : Number(r[2]), {
      last,
      min: Number(r[4]),
      max: Number(r[5]),
    });
    if (id !== device) {
      m = out.get(id) ?? new Map<number, number>();
      out.set(id, m);
    }
    device = id;
    previous = last;
    const b = output(Number(r[1]));
    m.set(b, (m.get(b) ?? 0) + delta);
  }
  return out;
}

/** What a statistic key reads from a metric's rollup: n, sum, min, max, first or last value. */
export type RollupPart = 'n' | 'total' | 'vmin' | 'vmax' | 'first' | 'last';

/** The field of the rollup reader's `Stat` (rollup-read.ts) behind each part. */
const FIELD: Record<RollupPart, keyof RollupStat> = {
  n: 'n',
  total: 'total',
  vmin: 'min',
  vmax: 'max',
  first: 'fv',
  last: 'lv',
};

/**
 * Per device and bucket: the asked parts of each metric of one device type, written under the given statistic keys —
 * read by the one rollup reader (telemetry/rollup-read.ts), grouped there into the body's buckets.
 */
export async function bodyStats(
  database: Database,
  type: DeviceType,
  body: Body,
  deviceIds: number[],
  wanted: { metric: string; part: RollupPart; key: StatKey }[],
) {
  const out = new Map<number, Map<number, Stat>>();
  if (!deviceIds.length || !wanted.length) return out;
  const metrics: MetricDef[] = [];
  const needs: Needs[] = [];
  const at = wanted.map((w) => {
    const m = metricOf(type, w.metric);
    let i = metrics.indexOf(m);
    if (i < 0) {
      i = metrics.push(m) - 1;
      needs.push({ ...NO_NEEDS });
    }
    if (w.part === 'total') needs[i].total = true;
    else if (w.part === 'vmin') needs[i].min = true;
    else if (w.part === 'vmax') needs[i].max = true;
    else if (w.part === 'first') needs[i].first = true;
    else if (w.part === 'last') needs[i].last = true;
    return i;
  });
  const rows = await readRollupStats(database, {
    def: TELEMETRY_TYPES[type],
    level: HOURLY,
    deviceIds,
    metrics,
    needs,
    from: body.from,
    to: body.to,
    output: body.bucket,
    times: false, // values only: nothing here merges them with other parts by time
  });
  for (const r of rows) {
    const s: Stat = {};
    for (let i = 0; i < wanted.length; i++) {
      const st = r.stats[at[i]];
      if (st) s[wanted[i].key] = st[FIELD[wanted[i].part]];
    }
    let m = out.get(r.deviceId);
    if (!m) {
      m = new Map();
      out.set(r.deviceId, m);
    }
    m.set(r.bucket, Object.assign(m.get(r.bucket) ?? {}, s));
  }
  return out;
}
