import type { DeviceTypeDef, MetricDef } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { beforeHorizon, rawHorizon } from './raw-horizon.ts';
import { ROLLUPS, type RollupLevel, rollupTable, type StatName, statColumn } from './rollup.ts';
import { placeholders, query, queryArrays } from './sql.ts';

/**
 * The one reader of telemetry statistics (issue 9, issue 24): counts, sums, extremes and first/last values of data
 * points — and counts above thresholds — per device and output bucket, for the aggregated series (series.ts) and the
 * summary (summary-read.ts). `readStats` splits a period into the pieces each store answers (`planSegments`: whole
 * buckets of a rollup level from the rollups, the rest from the raw rows), reads each piece and merges them.
 * The first/last rule over rollup rows is written here and nowhere else: a group's first value is the `fv` of its
 * earliest row with n > 0, its last value the `lv` of its latest such row; the raw rows take theirs by the same SQL
 * (`edgeColumns`), with the reading's own time and value.
 */

/** A data point's statistics over a bucket (or a part of one); statistics not asked for stay NaN. */
export interface Stat {
  n: number;
  total: number;
  min: number;
  max: number;
  fts: number;
  fv: number;
  lts: number;
  lv: number;
}

/** Which statistics beyond the count a read needs, per data point. */
export interface Needs {
  total: boolean;
  min: boolean;
  max: boolean;
  first: boolean;
  last: boolean;
}
export const NO_NEEDS: Needs = { total: false, min: false, max: false, first: false, last: false };

/** Output buckets `((t + shift) / size) * size - shift`. */
export interface Geometry {
  size: number;
  shift: number;
}

export const bucketSql = (col: string, geo: Geometry) =>
  `((${col} + ${geo.shift}) / ${geo.size}) * ${geo.size} - ${geo.shift}`;

const mod = (x: number, m: number) => ((x % m) + m) % m;
/** The buckets of `geo` are those of `level`. */
export const sameBuckets = (geo: Geometry, level: Geometry) =>
  geo.size === level.size && mod(geo.shift - level.shift, level.size) === 0;

/**
 * First/last of a group by key lookups (no window functions: they sort): the inner query takes the key of the
 * group's earliest and latest row where the data point is present, the outer query joins that row back and reads
 * its value and time. Aliases: `fv<i>`, `ft<i>`, `lv<i>`, `lt<i>`. The group's inner query must name its device
 * `d`, and be aliased `g`.
 */
export function edgeColumns(
  i: number,
  o: {
    table: string;
    /** the table's key within a device: `ts` (raw rows) or `bucket` (rollup rows) */
    key: string;
    /** the data point is present in a row */
    present: string;
    /** the row's value and (unless left out) time columns */
    first?: { value: string; time?: string };
    last?: { value: string; time?: string };
  },
) {
  const inner: string[] = [];
  const joins: string[] = [];
  const outer: string[] = [];
  for (const [side, pick, agg] of [
    ['f', o.first, 'min'],
    ['l', o.last, 'max'],
  ] as const) {
    if (!pick) continue;
    const alias = `${side}${i}`;
    inner.push(`${agg}(case when ${o.present} then ${o.key} end) as ${side}k${i}`);
    joins.push(`left join ${o.table} ${alias} on ${alias}.device_id = g.d and ${alias}.${o.key} = g.${side}k${i}`);
    outer.push(`${alias}.${pick.value} as ${side}v${i}`);
    if (pick.time) outer.push(`${alias}.${pick.time} as ${side}t${i}`);
  }
  return { inner, joins, outer };
}

/** A value as read, or NaN for a statistic not fetched or absent. */
const num = (v: unknown) => (v === null || v === undefined ? Number.NaN : Number(v));

/** Per data point, where each of its statistics sits in a result row (-1: not fetched). */
type Layout = Record<keyof Stat, number>;

const cell = (r: unknown[], i: number) => (i < 0 ? Number.NaN : num(r[i]));

/** A result row's statistics of one data point; undefined when it has no samples there. */
function statAt(r: unknown[], l: Layout): Stat | undefined {
  const n = Number(r[l.n]);
  if (!n) return undefined;
  return {
    n,
    total: cell(r, l.total),
    min: cell(r, l.min),
    max: cell(r, l.max),
    fts: cell(r, l.fts),
    fv: cell(r, l.fv),
    lts: cell(r, l.lts),
    lv: cell(r, l.lv),
  };
}

export interface RollupStatsRow {
  deviceId: number;
  /** the output bucket's start (the range's `from` for one bucket over the whole range) */
  bucket: number;
  /** per data point asked, in its order; undefined where it has no samples in the bucket */
  stats: (Stat | undefined)[];
}

export interface RollupRead {
  def: DeviceTypeDef;
  level: RollupLevel;
  deviceIds: number[];
  metrics: MetricDef[];
  /** per metric */
  needs: Needs[];
  /** whole buckets of the level: [from, to) */
  from: number;
  to: number;
  /** the output buckets, unions of the level's (or the level's own); null: one bucket for the whole range */
  output: Geometry | null;
  /** false: the first/last values without their times (fts/lts NaN) — one cell less each to read */
  times?: boolean;
}

/**
 * The rollup statistics of whole buckets of a level, grouped into the output buckets. Output buckets that are the
 * level's own come as stored, one row each, without grouping; coarser ones are grouped by the database (sums and
 * extremes over the rows, first/last by `edgeColumns`). Rows come in no particular order; buckets without a sample of
 * any asked data point are left out.
 */
export async function readRollupStats(database: Database, q: RollupRead): Promise<RollupStatsRow[]> {
  if (!q.deviceIds.length || !q.metrics.length || q.from >= q.to) return [];
  const table = rollupTable(q.def, q.level);
  const direct = q.output !== null && sameBuckets(q.output, q.level);
  const times = q.times ?? true;
  const cols: string[] = [];
  const joins: string[] = [];
  const outer: string[] = [];
  // result columns: [device, bucket, …inner (grouped) or stored cells, …outer (first/last of groups)]
  const innerAt = (expr: string) => 1 + cols.push(expr);
  const layouts: Layout[] = q.metrics.map((m, mi) => {
    const c = (s: StatName) => statColumn(m, s);
    const w = q.needs[mi];
    const take = (wanted: boolean, stored: StatName, grouped: string) =>
      wanted ? innerAt(direct ? c(stored) : `${grouped}(${c(stored)})`) : -1;
    const l: Layout = {
      n: take(true, 'n', 'sum'),
      total: take(w.total, 'sum', 'sum'),
      min: take(w.min, 'min', 'min'),
      max: take(w.max, 'max', 'max'),
      fts: -1,
      fv: -1,
      lts: -1,
      lv: -1,
    };
    if (direct) {
      // a stored row is its own group: its fv/lv are the rule's values
      if (w.first) [l.fv, l.fts] = [innerAt(c('fv')), times ? innerAt(c('ft')) : -1];
      if (w.last) [l.lv, l.lts] = [innerAt(c('lv')), times ? innerAt(c('lt')) : -1];
    } else if (w.first || w.last) {
      const e = edgeColumns(mi, {
        table,
        key: 'bucket',
        present: `${c('n')} > 0`,
        first: w.first ? { value: c('fv'), time: times ? c('ft') : undefined } : undefined,
        last: w.last ? { value: c('lv'), time: times ? c('lt') : undefined } : undefined,
      });
      for (const x of e.inner) innerAt(x);
      joins.push(...e.joins);
      outer.push(...e.outer);
    }
    return l;
  });
  // the outer columns follow every inner one: their positions are known once all inner columns are placed
  let at = 2 + cols.length;
  for (const [mi, l] of layouts.entries()) {
    if (direct) break;
    if (q.needs[mi].first) [l.fv, l.fts] = [at++, times ? at++ : -1];
    if (q.needs[mi].last) [l.lv, l.lts] = [at++, times ? at++ : -1];
  }
  const where = `device_id in (${placeholders(q.deviceIds.length)}) and bucket >= ? and bucket < ?`;
  const params = [...q.deviceIds, q.from, q.to];
  let text: string;
  if (direct) text = `select device_id, bucket, ${cols.join(', ')} from ${table} where ${where}`;
  else {
    // one bucket over the range: named by its start, a literal (not grouped by: a number there names a column)
    const b = q.output ? bucketSql('bucket', q.output) : String(Math.trunc(q.from));
    text = `select g.*${outer.map((o) => `, ${o}`).join('')}
      from (select device_id as d, ${b} as b, ${cols.join(', ')} from ${table} where ${where}
             group by device_id${q.output ? `, ${b}` : ''}) g
      ${joins.join('\n      ')}`;
  }
  const rows = await queryArrays(database, text, params);
  const out: RollupStatsRow[] = [];
  const m = layouts.length;
  for (const r of rows) {
    let any = false;
    const stats: (Stat | undefined)[] = new Array(m);
    for (let i = 0; i < m; i++) {
      stats[i] = statAt(r, layouts[i]);
      if (stats[i]) any = true;
    }
    if (any) out.push({ deviceId: Number(r[0]), bucket: Number(r[1]), stats });
  }
  return out;
}

/** A condition every raw row must pass (a series' `additionalFilter`): rows filtered cannot come from rollups. */
export interface RowFilter {
  column: string;
  op: '>' | '>=' | '<' | '<=' | '=' | '!=';
  value: number;
}

/** A count of samples of a data point strictly above a threshold (COUNTGT): raw rows only. */
export interface Above {
  metric: MetricDef;
  param: number;
}

/** Every bucket of `geo` (one bucket over the range when null) is a union of whole buckets of `level`. */
const fits = (geo: Geometry | null, level: RollupLevel) =>
  geo === null || (geo.size % level.size === 0 && mod(geo.shift - level.shift, level.size) === 0);

/** A piece of a period and the rollup level that answers it (none: the raw rows). */
export interface Segment {
  from: number;
  to: number;
  level?: RollupLevel;
}

/**
 * [start, end) split into the pieces each store answers: whole buckets of the coarsest level that fits the output
 * buckets from its rollups (local days, then UTC hours), the ragged edges from the raw rows.
 */
export function planSegments(
  start: number,
  end: number,
  geo: Geometry | null,
  levels: readonly RollupLevel[],
): Segment[] {
  const out: Segment[] = [];
  const split = (from: number, to: number, levels: RollupLevel[]) => {
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
  split(
    start,
    end,
    levels.filter((level) => fits(geo, level)).sort((a, b) => b.size - a.size),
  );
  return out;
}

/**
 * The pieces of a period as they can be answered once the raw readings before `horizon` are gone (raw-horizon.ts):
 * a raw piece before it comes from the hourly rollups when it is whole UTC hours and the output buckets are unions of
 * them — the same statistics —; anything else there (MINUTE buckets, part of an hour, counts above a threshold and
 * row filters, which read raw rows) is refused with a 422 rather than answered with fewer samples.
 */
export function boundSegments(segments: Segment[], horizon: number, geo: Geometry | null, rawOnly: boolean): Segment[] {
  if (!horizon || !segments.length || segments[0].from >= horizon) return segments;
  if (rawOnly) throw beforeHorizon(horizon, 'counts above a threshold and filtered rows');
  const hourly = ROLLUPS[0];
  const out: Segment[] = [];
  for (const s of segments) {
    if (s.from >= horizon || s.level) {
      out.push(s);
      continue;
    }
    const cut = Math.min(s.to, horizon);
    if (s.from % hourly.size || cut % hourly.size || !fits(geo, hourly))
      throw beforeHorizon(horizon, geo && geo.size < hourly.size ? 'MINUTE buckets' : 'parts of hours');
    out.push({ from: s.from, to: cut, level: hourly });
    if (cut < s.to) out.push({ from: cut, to: s.to });
  }
  return out;
}

/** The period's pieces (`planSegments`) bounded by the database's raw horizon (`boundSegments`). */
export async function periodSegments(database: Database, q: StatsRead): Promise<Segment[]> {
  const rawOnly = !!(q.above?.length || q.filters?.length);
  const segments = planSegments(q.from, q.to, q.output, q.filters?.length ? [] : q.levels);
  return boundSegments(segments, await rawHorizon(database), q.output, rawOnly);
}

/** A row's statistics; those not fetched stay NaN (no function reads them). */
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

export interface StatsRow extends RollupStatsRow {
  /** per count above a threshold asked, in its order */
  gt: number[];
}

/** The statistics of a piece of a period from the raw rows: every reading with its own time and value. */
async function readRawStats(
  database: Database,
  q: StatsRead,
  metrics: MetricDef[],
  needs: Needs[],
  from: number,
  to: number,
): Promise<StatsRow[]> {
  const def = q.def;
  const gts = q.above ?? [];
  const filters = q.filters ?? [];
  const times = q.times ?? true;
  // one bucket over the range: named by its start, a literal (not grouped by: a number there names a column)
  const b = q.output ? bucketSql('ts', q.output) : String(Math.trunc(from));
  const cols: string[] = [];
  const joins: string[] = [];
  const outer: string[] = [];
  metrics.forEach((x, i) => {
    const c = x.column;
    const w = needs[i];
    cols.push(`count(${c}) as n${i}`);
    if (w.total) cols.push(`sum(${c}) as s${i}`);
    if (w.min) cols.push(`min(${c}) as mn${i}`);
    if (w.max) cols.push(`max(${c}) as mx${i}`);
    // a reading is its own first/last: its value and time
    const e = edgeColumns(i, {
      table: def.table,
      key: 'ts',
      present: `${c} is not null`,
      first: w.first ? { value: c, time: times ? 'ts' : undefined } : undefined,
      last: w.last ? { value: c, time: times ? 'ts' : undefined } : undefined,
    });
    cols.push(...e.inner);
    joins.push(...e.joins);
    outer.push(...e.outer);
  });
  gts.forEach((g, i) => {
    cols.push(`sum(case when ${g.metric.column} > ? then 1 else 0 end) as gt${i}`);
  });
  const where = filters.map((f) => `and ${f.column} ${f.op} ?`).join(' ');
  const text = `select g.*${outer.length ? `, ${outer.join(', ')}` : ''}
    from (select device_id as d, ${b} as b, ${cols.join(', ')}
            from ${def.table}
           where device_id in (${placeholders(q.deviceIds.length)}) and ts >= ? and ts < ? ${where}
           group by device_id${q.output ? `, ${b}` : ''}) g
    ${joins.join('\n')}`;
  const params = [...gts.map((g) => g.param), ...q.deviceIds, from, to, ...filters.map((f) => f.value)];
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

/** Adds statistics to a bucket's data point: counts and sums add, extremes compare, first/last by their times. */
export function mergeStats(stats: (Stat | undefined)[], mi: number, s: Stat) {
  const cur = stats[mi];
  if (!cur) {
    stats[mi] = s;
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
}

export interface StatsRead {
  def: DeviceTypeDef;
  /** device.devc_id values, already limited to what the user may see */
  deviceIds: number[];
  metrics: MetricDef[];
  /** per metric */
  needs: Needs[];
  /** counts above thresholds (from the raw rows, also over the pieces the rollups answer) */
  above?: Above[];
  /** [from, to) */
  from: number;
  to: number;
  /** the output buckets; null: one bucket over the range, named by `from` */
  output: Geometry | null;
  /** the rollup levels that may answer whole buckets (none: the raw rows only) */
  levels: readonly RollupLevel[];
  /** raw rows must pass every filter (no level then answers) */
  filters?: RowFilter[];
  /** false: first/last values without their times — for a range one store answers (merging pieces needs them) */
  times?: boolean;
}

const NO_COUNTS: number[] = [];

/**
 * The statistics of one piece: the rollup rows of its level (with the counts above thresholds from the raw rows,
 * counted only), or the raw rows. Rows of the two come apart; a bucket may then appear twice.
 */
export async function readSegment(database: Database, q: StatsRead, seg: Segment): Promise<StatsRow[]> {
  if (!seg.level) return readRawStats(database, q, q.metrics, q.needs, seg.from, seg.to);
  const above = q.above?.length ?? 0;
  const rows = (await readRollupStats(database, {
    def: q.def,
    level: seg.level,
    deviceIds: q.deviceIds,
    metrics: q.metrics,
    needs: q.needs,
    from: seg.from,
    to: seg.to,
    output: q.output,
    times: q.times,
  })) as StatsRow[];
  // no counts asked: one empty list for every row (nothing adds to it), not one per row
  for (const r of rows) r.gt = above ? new Array<number>(above).fill(0) : NO_COUNTS;
  if (above) rows.push(...(await readRawStats(database, q, [], [], seg.from, seg.to)));
  return rows;
}

/**
 * Per device and output bucket: the statistics of each data point asked (undefined where it has no sample) and
 * each count above a threshold, over [from, to) — rollups for the whole buckets of the levels given, raw rows for
 * the rest. Buckets without a sample of any asked data point are left out; rows come in no particular order.
 */
export async function readStats(database: Database, q: StatsRead): Promise<StatsRow[]> {
  if (!q.deviceIds.length || q.from >= q.to) return [];
  const segments = await periodSegments(database, q);
  // one piece without counts above a threshold: one row per device and bucket already, nothing to merge (a 30-day
  // hourly summary's 11 000 rows without a key string and a map entry each)
  if (segments.length === 1 && !q.above?.length) {
    const rows = await readSegment(database, q, segments[0]);
    // a rollup row has a sample of an asked data point (readRollupStats); a raw group may have none
    return segments[0].level ? rows : rows.filter((b) => b.stats.some((s) => s && s.n > 0));
  }
  // pieces are merged by time: they need the first/last times
  const read = segments.length > 1 ? { ...q, times: true } : q;
  const buckets = new Map<string, StatsRow>();
  for (const seg of segments)
    for (const r of await readSegment(database, read, seg)) {
      const key = `${r.deviceId}|${r.bucket}`;
      const b = buckets.get(key);
      if (!b) {
        buckets.set(key, r);
        continue;
      }
      r.stats.forEach((s, mi) => {
        if (s) mergeStats(b.stats, mi, s);
      });
      r.gt.forEach((n, i) => {
        b.gt[i] += n;
      });
    }
  return [...buckets.values()].filter((b) => b.stats.some((s) => s && s.n > 0));
}
