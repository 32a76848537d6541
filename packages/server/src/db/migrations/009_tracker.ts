import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Teltonika trackers (issue 18). Self-contained column lists (no imports of live module code):
 * - telemetry_tracker and its hourly/daily rollups: the `tracker` device type's position data points
 *   (latitude, longitude, altitude m, angle deg, speed km/h, satellites), written by the one ingest path.
 *   Created here only if missing — a database whose migration 002/003 already made them from the catalogue keeps them.
 * - telemetry_tracker_io: per (device, ts) the record's priority, event IO id, codec 16 generation type and every
 *   IO element by id as JSON ({"239":1,"66":12800,"256":"0a1b…"}: unsigned numbers when exact in a double, else hex).
 */
const POSITION = ['latitude', 'longitude', 'altitude', 'angle', 'speed', 'satellites'];
const STATS = ['n', 'sum', 'min', 'max', 'fv', 'ft', 'lv', 'lt'] as const;
const statType = (s: (typeof STATS)[number]) =>
  s === 'n' ? 'integer' : s === 'ft' || s === 'lt' ? 'bigint' : 'double precision';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const withoutRowid = <T extends string, C extends string>(t: CreateTableBuilder<T, C>) =>
    dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t;

  let t = db.schema
    .createTable('telemetry_tracker')
    .ifNotExists()
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull());
  for (const column of POSITION) t = t.addColumn(column, 'double precision');
  await withoutRowid(t.addPrimaryKeyConstraint('telemetry_tracker_pk', ['device_id', 'ts'] as never)).execute();
  if (dialect === 'postgres')
    await sql`create index if not exists telemetry_tracker_ts_brin on telemetry_tracker using brin (ts)`.execute(db);

  for (const level of ['hourly', 'daily']) {
    const table = `telemetry_tracker_${level}`;
    let r = db.schema
      .createTable(table)
      .ifNotExists()
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('bucket', 'bigint', (c) => c.notNull());
    for (const column of POSITION)
      for (const stat of STATS)
        r = r.addColumn(`${column}_${stat}`, statType(stat) as 'integer', (c) =>
          stat === 'n' || stat === 'sum' ? c.notNull().defaultTo(0) : c,
        );
    await withoutRowid(r.addPrimaryKeyConstraint(`${table}_pk`, ['device_id', 'bucket'] as never)).execute();
  }

  await withoutRowid(
    db.schema
      .createTable('telemetry_tracker_io')
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      .addColumn('priority', 'integer', (c) => c.notNull())
      .addColumn('event_io_id', 'integer', (c) => c.notNull())
      .addColumn('generation_type', 'integer')
      .addColumn('io', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('telemetry_tracker_io_pk', ['device_id', 'ts'] as never),
  ).execute();
  if (dialect === 'postgres')
    await sql`create index telemetry_tracker_io_ts_brin on telemetry_tracker_io using brin (ts)`.execute(db);
}
