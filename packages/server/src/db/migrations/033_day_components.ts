import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Stored day components (issue 29, docs/architecture.md "Day components"): per device and local day of the daily
 * rollup (+7), what the summary derives per UTC hour, summed or merged over the day, so a period of many whole days
 * reads one row per device and day instead of 24 hours (and the raw rows of hours that cross an rpm threshold):
 * - §20 `spacing_hist`: the day's hourly spacings (tenths of a second) with their samples, `s:w,s:w…` ('' none);
 * - §9 `rpm_*`: an rpm engine's seconds and samples above `rpm_threshold` and whether the day's first sample is;
 * - §13 `ae_*` (on a metered vessel's AE supply meter): each AE's litres of the day, split by the hours' shares.
 * Each component carries what it was computed from (`*_n`, `rpm_span`: the day's samples and span sum in the daily
 * rollup); a reader uses it only while the daily row still says the same, else recomputes it from the hours. Filled
 * read-through by the summary; a row can be deleted at any time.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  let t = db.schema
    .createTable('telemetry_day_components')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('spacing_hist', 'text')
    .addColumn('spacing_n', 'integer')
    .addColumn('rpm_threshold', 'double precision')
    .addColumn('rpm_state_span', 'double precision')
    .addColumn('rpm_state_n', 'integer')
    .addColumn('rpm_first_state', 'integer')
    .addColumn('rpm_n', 'integer')
    .addColumn('rpm_span', 'double precision')
    .addColumn('ae_key', 'text')
    .addColumn('ae_litres', 'text')
    .addPrimaryKeyConstraint('telemetry_day_components_pk', ['device_id', 'day'] as never);
  if (dialect === 'sqlite') t = t.modifyEnd(sql`without rowid`);
  await t.execute();
}
