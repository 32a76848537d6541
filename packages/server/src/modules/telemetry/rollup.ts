import { DAILY_ROLLUP_TZ, type DeviceTypeDef, type MetricDef, storedMetrics } from '@fleet/shared/telemetry.ts';

/**
 * The rollups (docs/domain.md §1, docs/decisions.md "Wide rollups"): per device type and level, one row per
 * (device, bucket) with every data point's statistics side by side — count, sum, min, max, and the first and
 * last value with their times (a derived column: count, sum and the first value, DERIVED_STATS). A 30-day hourly
 * series of a device is then 720 rows whatever it asks for, and a bucket's statistics of all data points are written
 * by one upsert.
 * Levels: UTC hours, and local days of the product's timezone (+7) for DAY, WEEK and MONTH series.
 */
export const ROLLUPS = [
  { name: 'hourly', size: 3600, shift: 0 },
  { name: 'daily', size: 86400, shift: DAILY_ROLLUP_TZ * 3600 },
] as const;
export type RollupLevel = (typeof ROLLUPS)[number];

/** The statistics kept per data point, in column order: `<column>_<stat>`. */
export const STATS = ['n', 'sum', 'min', 'max', 'fv', 'ft', 'lv', 'lt'] as const;
export type StatName = (typeof STATS)[number];
/**
 * The statistics of a derived column (a span, a span's distance, a totaliser delta): what the summary reads of them —
 * count, sum and the first value with its time (an hour's first span, split at the hour) — and no more, so the
 * rollup rows stay as narrow as the data points make them (docs/decisions.md "State spans at ingest").
 */
export const DERIVED_STATS = ['n', 'sum', 'fv', 'ft'] as const satisfies readonly StatName[];

/** The statistics kept of a stored column of a type. */
export const statsOf = (def: DeviceTypeDef, metric: MetricDef): readonly StatName[] =>
  def.derived?.includes(metric) ? DERIVED_STATS : STATS;

export const rollupTable = (def: DeviceTypeDef, level: RollupLevel) => `${def.table}_${level.name}`;
export const statColumn = (metric: MetricDef, stat: StatName) => `${metric.column}_${stat}`;

/**
 * Directions (docs/domain.md §7 track): their mean is circular, so their rollups also keep Σ sin θ and Σ cos θ
 * (`track_sin`, `track_cos`; migration 015), summed like counts. Only the GPS course over ground is read that way.
 */
export const VECTOR_STATS = ['sin', 'cos'] as const;
export type VectorStat = (typeof VECTOR_STATS)[number];
export const vectorMetrics = (def: DeviceTypeDef): MetricDef[] =>
  def.type === 'gps' ? def.metrics.filter((m) => m.column === 'track') : [];
export const vectorColumn = (metric: MetricDef, stat: VectorStat) => `${metric.column}_${stat}`;
const RAD = Math.PI / 180;

/**
 * Every statistic column of a type: its statistics per stored column (data points, then derived ones), then the
 * direction sums.
 */
export const statColumns = (def: DeviceTypeDef) => [
  ...storedMetrics(def).flatMap((m) => statsOf(def, m).map((s) => statColumn(m, s))),
  ...vectorMetrics(def).flatMap((m) => VECTOR_STATS.map((s) => vectorColumn(m, s))),
];
/** SQL type of a statistic column: counts and times are integers. */
export const statType = (stat: StatName) =>
  stat === 'n' ? 'integer' : stat === 'ft' || stat === 'lt' ? 'bigint' : 'double precision';
/** The SQL types of statColumns(def), in its order. */
export const statColumnTypes = (def: DeviceTypeDef) => [
  ...storedMetrics(def).flatMap((m) => statsOf(def, m).map(statType)),
  ...vectorMetrics(def).flatMap(() => VECTOR_STATS.map(() => 'double precision' as const)),
];

export const bucketOf = (level: RollupLevel, ts: number) =>
  Math.floor((ts + level.shift) / level.size) * level.size - level.shift;

/** One bucket's statistics of a batch: `values` in statColumns order (null where a column has none). */
export interface Partial {
  deviceId: number;
  bucket: number;
  values: (number | null)[];
}

/** Where each stored column's statistics sit in a partial's values (-1: not kept), computed once per type. */
type Slots = Record<StatName, number>;
const layouts = new Map<DeviceTypeDef, { slots: Slots[]; base: number }>();
function layoutOf(def: DeviceTypeDef) {
  let l = layouts.get(def);
  if (!l) {
    let o = 0;
    const slots = storedMetrics(def).map((m) => {
      const stats = statsOf(def, m);
      const at = Object.fromEntries(STATS.map((s) => [s, stats.includes(s) ? o + stats.indexOf(s) : -1])) as Slots;
      o += stats.length;
      return at;
    });
    l = { slots, base: o };
    layouts.set(def, l);
  }
  return l;
}

/**
 * A batch's contribution to each (device, bucket). Rows come sorted by device and time, so a device's
 * buckets follow one another: one running partial, flushed when the bucket moves.
 */
export function partials(
  def: DeviceTypeDef,
  rows: { deviceId: number; ts: number; values: (number | null)[] }[],
  level: RollupLevel,
): Partial[] {
  const out: Partial[] = [];
  const { slots, base } = layoutOf(def); // row values in storedMetrics order; the direction sums after `base`
  const m = slots.length;
  const vectors = vectorMetrics(def).map((x) => def.metrics.indexOf(x));
  let current: Partial | undefined;
  for (const row of rows) {
    const b = bucketOf(level, row.ts);
    if (!current || current.deviceId !== row.deviceId || current.bucket !== b) {
      current = { deviceId: row.deviceId, bucket: b, values: new Array(base + 2 * vectors.length).fill(null) };
      for (const at of slots) current.values[at.n] = current.values[at.sum] = 0;
      for (let j = 0; j < 2 * vectors.length; j++) current.values[base + j] = 0;
      out.push(current);
    }
    const s = current.values as number[];
    for (let j = 0; j < vectors.length; j++) {
      const v = row.values[vectors[j]];
      if (v === null) continue;
      s[base + 2 * j] += Math.sin(v * RAD);
      s[base + 2 * j + 1] += Math.cos(v * RAD);
    }
    for (let i = 0; i < m; i++) {
      const v = row.values[i];
      if (v === null) continue;
      const at = slots[i];
      if (s[at.n] === 0) {
        s[at.fv] = v;
        s[at.ft] = row.ts;
        if (at.min >= 0) s[at.min] = s[at.max] = v;
      } else if (at.min >= 0) {
        if (v < s[at.min]) s[at.min] = v;
        if (v > s[at.max]) s[at.max] = v;
      }
      s[at.n]++;
      s[at.sum] += v;
      // rows come in time order: this value is the bucket's latest so far
      if (at.lv >= 0) {
        s[at.lv] = v;
        s[at.lt] = row.ts;
      }
    }
  }
  return out;
}

/**
 * Merges a batch's partial into the stored bucket (`excluded`): counts and sums add, extremes compare,
 * first/last go to whichever side is earlier/later; a side without values of a data point leaves it alone.
 * Plain CASE expressions, the same on SQLite and PostgreSQL (their min/least differ on NULL).
 */
export function mergeSet(def: DeviceTypeDef, table: string): string {
  return storedMetrics(def)
    .flatMap((metric) => {
      const c = (s: StatName) => statColumn(metric, s);
      const t = (s: StatName) => `${table}.${c(s)}`;
      const e = (s: StatName) => `excluded.${c(s)}`;
      const pick = (s: StatName, when: string) => `${c(s)} = case when ${when} then ${e(s)} else ${t(s)} end`;
      const none = `${e('n')} = 0`;
      const earlier = `${e('n')} > 0 and (${t('n')} = 0 or ${e('ft')} < ${t('ft')})`;
      const later = `${e('n')} > 0 and (${t('n')} = 0 or ${e('lt')} > ${t('lt')})`;
      const set: Record<StatName, string> = {
        n: `${c('n')} = ${t('n')} + ${e('n')}`,
        sum: `${c('sum')} = ${t('sum')} + ${e('sum')}`,
        min: pick('min', `not (${none}) and (${t('n')} = 0 or ${e('min')} < ${t('min')})`),
        max: pick('max', `not (${none}) and (${t('n')} = 0 or ${e('max')} > ${t('max')})`),
        fv: pick('fv', earlier),
        ft: pick('ft', earlier),
        lv: pick('lv', later),
        lt: pick('lt', later),
      };
      return statsOf(def, metric).map((stat) => set[stat]);
    })
    .concat(
      vectorMetrics(def).flatMap((metric) =>
        VECTOR_STATS.map((stat) => {
          const c = vectorColumn(metric, stat);
          return `${c} = ${table}.${c} + excluded.${c}`;
        }),
      ),
    )
    .join(',\n  ');
}

const upserts = new Map<string, string>();
/**
 * `insert … on conflict do update` of partials into one rollup table; `values` is the row source (`values (?, …)`
 * or a `select … from unnest(…)`). Made once per table and source: every ingest batch asks for it.
 */
export function upsertSql(def: DeviceTypeDef, level: RollupLevel, values: string): string {
  const key = `${def.type}|${level.name}|${values}`;
  let text = upserts.get(key);
  if (!text) {
    const table = rollupTable(def, level);
    text = `insert into ${table} (device_id, bucket, ${statColumns(def).join(', ')}) ${values}
  on conflict (device_id, bucket) do update set
  ${mergeSet(def, table)}`;
    upserts.set(key, text);
  }
  return text;
}

/**
 * Rebuilds one (device, bucket) row from the raw rows — after a stored reading's values changed (a late reading
 * now precedes it: its span, GPS distance, totaliser deltas; ingest.ts). Parameters: device, bucket start, bucket end.
 */
export function rebuildSql(def: DeviceTypeDef, level: RollupLevel) {
  const table = rollupTable(def, level);
  const vectors = vectorMetrics(def).flatMap((m) => [
    `coalesce(sum(sin(radians(${m.column}))), 0)`,
    `coalesce(sum(cos(radians(${m.column}))), 0)`,
  ]);
  const stats = storedMetrics(def).flatMap((m) => {
    const c = m.column;
    const of: Record<StatName, string> = {
      n: `count(${c})`,
      sum: `coalesce(sum(${c}), 0)`,
      min: `min(${c})`,
      max: `max(${c})`,
      fv: `(select ${c} from r where ${c} is not null order by ts limit 1)`,
      ft: `min(case when ${c} is not null then ts end)`,
      lv: `(select ${c} from r where ${c} is not null order by ts desc limit 1)`,
      lt: `max(case when ${c} is not null then ts end)`,
    };
    return statsOf(def, m).map((stat) => of[stat]);
  });
  return {
    delete: `delete from ${table} where device_id = ? and bucket = ?`,
    insert: `with r as (select * from ${def.table} where device_id = ? and ts >= ? and ts < ?)
      insert into ${table} (device_id, bucket, ${statColumns(def).join(', ')})
      select min(device_id), min(ts) - ((min(ts) + ${level.shift}) % ${level.size}), ${[...stats, ...vectors].join(', ')}
        from r having count(*) > 0`,
  };
}

/**
 * Rebuilds one (device, bucket) row of a coarser level from the hourly rows inside it (the hourly row rebuilt first):
 * the same statistics as from the raw rows, and still right where the raw rows before the retention boundary are gone
 * (a +7 day holds 7 hours of the UTC day before). Parameters as `rebuildSql`: device, bucket start, bucket end.
 */
export function rebuildFromHoursSql(def: DeviceTypeDef, level: RollupLevel) {
  const table = rollupTable(def, level);
  const hours = rollupTable(def, ROLLUPS[0]);
  const edge = (m: MetricDef, s: StatName, dir: 'asc' | 'desc') =>
    `(select ${statColumn(m, s)} from h where ${statColumn(m, 'n')} > 0 order by bucket ${dir} limit 1)`;
  const stats = storedMetrics(def).flatMap((m) => {
    const of: Record<StatName, string> = {
      n: `coalesce(sum(${statColumn(m, 'n')}), 0)`,
      sum: `coalesce(sum(${statColumn(m, 'sum')}), 0)`,
      min: `min(${statColumn(m, 'min')})`,
      max: `max(${statColumn(m, 'max')})`,
      fv: edge(m, 'fv', 'asc'),
      ft: edge(m, 'ft', 'asc'),
      lv: edge(m, 'lv', 'desc'),
      lt: edge(m, 'lt', 'desc'),
    };
    return statsOf(def, m).map((stat) => of[stat]);
  });
  const vectors = vectorMetrics(def).flatMap((m) => VECTOR_STATS.map((v) => `coalesce(sum(${vectorColumn(m, v)}), 0)`));
  return {
    delete: `delete from ${table} where device_id = ? and bucket = ?`,
    insert: `with h as (select * from ${hours} where device_id = ? and bucket >= ? and bucket < ?)
      insert into ${table} (device_id, bucket, ${statColumns(def).join(', ')})
      select min(device_id), min(bucket) - ((min(bucket) + ${level.shift}) % ${level.size}), ${[...stats, ...vectors].join(', ')}
        from h having count(*) > 0`,
  };
}
