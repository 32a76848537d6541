import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { TYPES_V1 } from './telemetry-v1.ts';

/**
 * Telemetry storage (docs/operations.md "Storage"):
 * - one typed table per device type, key (device_id = device.devc_id, ts = UTC epoch seconds);
 *   SQLite WITHOUT ROWID (the key is the storage order), PostgreSQL plus a BRIN index on ts;
 * - telemetry_hourly: per (device, metric, UTC hour) count, sum, min, max, first/last with their
 *   times, kept up to date by ingest — aggregated series read it instead of raw rows;
 * - telemetry_last: the latest reading per device (pulse, fleet map);
 * - device_key: ingest keys (SHA-256 only), per device or per gateway.
 * Telemetry rows carry no foreign key to device: the check would cost every insert, and device ids
 * are never reused (AUTOINCREMENT / identity), so rows of a deleted device are merely unreachable.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const withoutRowid = <T extends string, C extends string>(t: CreateTableBuilder<T, C>) =>
    dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t;

  for (const def of TYPES_V1) {
    let t = db.schema
      .createTable(def.table)
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull());
    for (const column of def.columns) t = t.addColumn(column, 'double precision');
    t = t.addPrimaryKeyConstraint(`${def.table}_pk`, ['device_id', 'ts'] as never);
    await withoutRowid(t).execute();
    if (dialect === 'postgres')
      await sql.raw(`create index ${def.table}_ts_brin on ${def.table} using brin (ts)`).execute(db);
  }

  await withoutRowid(
    db.schema
      .createTable('telemetry_hourly')
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('hour', 'bigint', (c) => c.notNull()) // UTC hour start, epoch seconds
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('total', 'double precision', (c) => c.notNull())
      .addColumn('vmin', 'double precision', (c) => c.notNull())
      .addColumn('vmax', 'double precision', (c) => c.notNull())
      .addColumn('first_val', 'double precision', (c) => c.notNull())
      .addColumn('first_ts', 'bigint', (c) => c.notNull())
      .addColumn('last_val', 'double precision', (c) => c.notNull())
      .addColumn('last_ts', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('telemetry_hourly_pk', ['device_id', 'metric', 'hour'] as never),
  ).execute();

  await db.schema
    .createTable('telemetry_last')
    .addColumn('device_id', 'integer', (c) => c.primaryKey())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull()) // JSON of the reading's values
    .addColumn('received_time', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('device_key')
    .addColumn('dkey_id', 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('dkey_devc_id', 'integer', (c) => c.notNull().references('device.devc_id').onDelete('cascade'))
    .addColumn('dkey_hash', 'text', (c) => c.notNull().unique()) // sha256 hex of the key
    .addColumn('dkey_label', 'text', (c) => c.notNull())
    .addColumn('dkey_created_user_id', 'text')
    .addColumn('dkey_created_time', 'bigint', (c) => c.notNull())
    .addColumn('dkey_revoked_time', 'bigint')
    .execute();
  await db.schema.createIndex('device_key_devc_idx').on('device_key').column('dkey_devc_id').execute();
}
