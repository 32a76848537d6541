import type { DeviceTypeDef, MetricDef } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { type RollupLevel, rollupTable, type StatName, statColumn } from './rollup.ts';
import { placeholders, queryArrays } from './sql.ts';

/**
 * The one reader of the rollup tables' statistics (issue 9): counts, sums, extremes and first/last values of data
 * points per device and output bucket, for the aggregated series (series.ts) and the summary's whole hours
 * (summary-rollup.ts). The first/last rule over rollup rows is written here and nowhere else: a group's first value
 * is the `fv` of its earliest row with n > 0, its last value the `lv` of its latest such row. The raw-row reader of
 * series.ts takes its first/last values by the same SQL (`edgeColumns`), with the reading's own time and value.
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
