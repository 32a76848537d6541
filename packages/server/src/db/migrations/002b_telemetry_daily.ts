import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { DAILY_TZ_V1 } from './telemetry-v1.ts';

/**
 * Daily rollups (telemetry_daily): the hourly rollups summed per local day of the product's
 * timezone (+7, the specs' `timezone=7`), so DAY, WEEK and MONTH series read 24 times fewer rows.
 * Same columns as telemetry_hourly; kept up to date by ingest; filled here from existing hours.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  let t = db.schema
    .createTable('telemetry_daily')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull()) // local midnight (UTC+7), epoch seconds
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('total', 'double precision', (c) => c.notNull())
    .addColumn('vmin', 'double precision', (c) => c.notNull())
    .addColumn('vmax', 'double precision', (c) => c.notNull())
    .addColumn('first_val', 'double precision', (c) => c.notNull())
    .addColumn('first_ts', 'bigint', (c) => c.notNull())
    .addColumn('last_val', 'double precision', (c) => c.notNull())
    .addColumn('last_ts', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('telemetry_daily_pk', ['device_id', 'metric', 'day'] as never);
  if (dialect === 'sqlite') t = t.modifyEnd(sql`without rowid`);
  await t.execute();

  const shift = DAILY_TZ_V1 * 3600;
  const day = `((hour + ${shift}) / 86400) * 86400 - ${shift}`;
  await sql
    .raw(
      `insert into telemetry_daily (device_id, metric, day, n, total, vmin, vmax, first_val, first_ts, last_val, last_ts)
       select g.device_id, g.metric, g.day, g.n, g.total, g.vmin, g.vmax, f.first_val, g.first_ts, l.last_val, g.last_ts
         from (select device_id, metric, ${day} as day, sum(n) as n, sum(total) as total, min(vmin) as vmin,
                      max(vmax) as vmax, min(first_ts) as first_ts, max(last_ts) as last_ts
                 from telemetry_hourly group by device_id, metric, ${day}) g
         join telemetry_hourly f on f.device_id = g.device_id and f.metric = g.metric and f.hour = g.first_ts - (g.first_ts % 3600)
         join telemetry_hourly l on l.device_id = g.device_id and l.metric = g.metric and l.hour = g.last_ts - (g.last_ts % 3600)`,
    )
    .execute(db);
}
