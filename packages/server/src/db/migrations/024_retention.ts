import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Raw-reading retention (docs/operations.md "Retention", docs/decisions.md "Data lifecycle"):
 * - `telemetry_retention`: one row, `raw_from` — the raw readings before it (a whole UTC day, or on PostgreSQL the
 *   first of a month) are gone or about to go, and every reader answers a period before it from the rollups;
 *   `published_time` — when it last moved (rows below it are deleted only once every process has seen it);
 * - `telemetry_rpm_threshold_hours`: per rpm device and UTC hour whose samples crossed the engine's running threshold
 *   (docs/domain.md §9), the seconds, samples and first sample's state above the threshold in force when the hour's
 *   readings were deleted — the raw rows the summary read for such an hour are gone after retention.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('telemetry_retention')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('raw_from', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('published_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into telemetry_retention (id, raw_from, published_time) values (1, 0, 0)`.execute(db);
  await db.schema
    .createTable('telemetry_rpm_threshold_hours')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', 'bigint', (c) => c.notNull())
    .addColumn('threshold', 'double precision', (c) => c.notNull())
    .addColumn('state_span', 'double precision', (c) => c.notNull())
    .addColumn('state_n', 'integer', (c) => c.notNull())
    .addColumn('first_state', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('telemetry_rpm_threshold_hours_pk', ['device_id', 'bucket'] as never)
    .execute();
}
