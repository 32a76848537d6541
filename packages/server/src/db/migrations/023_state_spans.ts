import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Rollups of the derived columns (docs/decisions.md "State spans at ingest"):
 * 1. A sample's span in its state, stored (docs/domain.md §5, §7, §10, §15): for the states whose rule is the
 *    sample's own values, ingest stores the sample's span when it is in the state and 0 when it is not (null where
 *    `span` is null), rolled up like `span` — so the summary takes a whole hour's moving, AE running and flow time
 *    from the hourly rollup instead of the raw rows of every hour that crosses the state:
 *    - `telemetry_gps.moving_span`: a fix whose speed is above 1 kn (1.852 km/h); a fix without a speed is not moving;
 *    - `telemetry_ae.running_span`: the running flag when the sample has one (running = 1), else rpm above 0;
 *    - `telemetry_flowmeter.flow_span`: the volume flow rate above 0.
 * 2. The rollups of every derived column keep count, sum and the first value with its time (`_n`, `_sum`, `_fv`,
 *    `_ft`): what the summary reads of them. The extremes and last values 021 added are dropped: they widened every
 *    rollup row (a flow meter's hourly row +36 %) and so every read of it.
 * Frozen here: the rules as @fleet/shared SPAN_STATE_RULES states them at the time of writing, the threshold, the
 * columns of 021, the levels (UTC hours; local days at +7, each 24 whole UTC hours).
 */
const STATES = [
  { table: 'telemetry_gps', column: 'moving_span', state: 'speed > 1.852' },
  {
    table: 'telemetry_ae',
    column: 'running_span',
    state: 'case when running is not null then running = 1 else rpm > 0 end',
  },
  { table: 'telemetry_flowmeter', column: 'flow_span', state: 'volume_flowrate > 0' },
] as const;
/** The derived columns of 021, whose extremes and last values go. */
const DERIVED_021 = [
  { table: 'telemetry_gps', columns: ['span', 'span_distance'] },
  { table: 'telemetry_rpm', columns: ['span'] },
  { table: 'telemetry_ae', columns: ['span'] },
  { table: 'telemetry_temperature', columns: ['span'] },
  { table: 'telemetry_flowmeter', columns: ['span', 'volume_delta', 'volume15_delta', 'mass_delta'] },
] as const;
const LEVELS = [
  { name: 'hourly', size: 3600 },
  { name: 'daily', size: 86400 },
] as const;
const KEPT = ['n', 'sum', 'fv', 'ft'] as const;
const DROPPED = ['min', 'max', 'lv', 'lt'] as const;

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const t of DERIVED_021)
    for (const level of LEVELS)
      for (const column of t.columns)
        for (const stat of DROPPED)
          await db.schema.alterTable(`${t.table}_${level.name}`).dropColumn(`${column}_${stat}`).execute();
  for (const t of STATES) {
    await db.schema.alterTable(t.table).addColumn(t.column, 'double precision').execute();
    for (const level of LEVELS)
      for (const stat of KEPT)
        await db.schema
          .alterTable(`${t.table}_${level.name}`)
          .addColumn(
            `${t.column}_${stat}`,
            stat === 'n' ? 'integer' : stat === 'ft' ? 'bigint' : 'double precision',
            (c) => (stat === 'n' || stat === 'sum' ? c.notNull().defaultTo(0) : c),
          )
          .execute();
  }
  await fillStateSpans(db);
}

/** Fills the state spans and their rollup statistics from the stored readings (exported for its test). */
export async function fillStateSpans(db: Kysely<unknown>): Promise<void> {
  for (const t of STATES) {
    // a state that is null (a fix without a speed) is not the state: 0
    await sql
      .raw(`update ${t.table} set ${t.column} = case when ${t.state} then span else 0 end where span is not null`)
      .execute(db);
    const c = t.column;
    for (const level of LEVELS) {
      // each hourly row from its hour's readings (a range of the key), each daily row from its hours
      const [source, key, values] =
        level.name === 'hourly'
          ? [
              `${t.table} as r`,
              'ts',
              `count(${c}), coalesce(sum(${c}), 0), min(case when ${c} is not null then ts end)`,
            ]
          : [`${t.table}_hourly as r`, 'bucket', `coalesce(sum(${c}_n), 0), coalesce(sum(${c}_sum), 0), min(${c}_ft)`];
      await sql
        .raw(
          `update ${t.table}_${level.name} as g set (${c}_n, ${c}_sum, ${c}_ft) =
             (select ${values} from ${source}
               where r.device_id = g.device_id and r.${key} >= g.bucket and r.${key} < g.bucket + ${level.size})`,
        )
        .execute(db);
      await sql
        .raw(
          `update ${t.table}_${level.name} as g
              set ${c}_fv = (select r.${c} from ${t.table} as r where r.device_id = g.device_id and r.ts = g.${c}_ft)`,
        )
        .execute(db);
    }
  }
}
