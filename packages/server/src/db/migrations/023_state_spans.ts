import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { fillRollups } from './021_segments.ts';
import { STATS_V1, statTypeV1 } from './telemetry-v1.ts';

/**
 * A sample's span in its state, stored (docs/domain.md §5, §7, §10, §15; docs/decisions.md "State spans at ingest"):
 * for the states whose rule is the sample's own values, ingest stores the sample's span when it is in the state and
 * 0 when it is not (null where `span` is null), rolled up like `span` — so the summary takes a whole hour's moving,
 * AE running and flow time from the hourly rollup instead of the raw rows of every hour that crosses the state:
 * - `telemetry_gps.moving_span`: a fix whose speed is above 1 kn (1.852 km/h); a fix without a speed is not moving;
 * - `telemetry_ae.running_span`: the running flag when the sample has one (running = 1), else rpm above 0;
 * - `telemetry_flowmeter.flow_span`: the volume flow rate above 0.
 * Frozen here: the rules as @fleet/shared SPAN_STATE_RULES states them at the time of writing, the threshold, the
 * rollup statistics and levels (021 `fillRollups`). One UPDATE per table; the rollups from the readings.
 */
const TABLES = [
  {
    table: 'telemetry_gps',
    column: 'moving_span',
    state: 'speed > 1.852',
  },
  {
    table: 'telemetry_ae',
    column: 'running_span',
    state: 'case when running is not null then running = 1 else rpm > 0 end',
  },
  {
    table: 'telemetry_flowmeter',
    column: 'flow_span',
    state: 'volume_flowrate > 0',
  },
] as const;
const LEVELS = ['hourly', 'daily'] as const;

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const t of TABLES) {
    await db.schema.alterTable(t.table).addColumn(t.column, 'double precision').execute();
    for (const level of LEVELS)
      for (const stat of STATS_V1)
        await db.schema
          .alterTable(`${t.table}_${level}`)
          .addColumn(`${t.column}_${stat}`, statTypeV1(stat) as 'integer', (c) =>
            stat === 'n' || stat === 'sum' ? c.notNull().defaultTo(0) : c,
          )
          .execute();
  }
  await fillStateSpans(db);
}

/** Fills the columns and their rollup statistics from the stored readings (exported for its test). */
export async function fillStateSpans(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES) {
    // a state that is null (a fix without a speed) is not the state: 0
    await sql
      .raw(`update ${t.table} set ${t.column} = case when ${t.state} then span else 0 end where span is not null`)
      .execute(db);
    await fillRollups(db, { table: t.table, columns: [t.column] });
  }
}
