/**
 * Times migration 025 (PostgreSQL monthly partitions) on a database with ROWS raw GPS readings spread over MONTHS
 * months (docs/decisions.md "Data lifecycle"). Usage: BENCH_DATABASE_URL=postgres://… ROWS=2000000 tsx bench/partition-migration.ts
 */
import pg from 'pg';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is not set');
const rows = Number(process.env.ROWS ?? 2_000_000);
const months = Number(process.env.MONTHS ?? 12);
const database = openDatabase(url);
await migrate(database, '024_retention');
const pool = new pg.Pool({ connectionString: url });
const devices = 40;
const step = Math.max(1, Math.floor((months * 30 * 86400 * devices) / rows));
const end = Math.floor(Date.now() / 1000);
const start = end - months * 30 * 86400;
let t = Date.now();
await pool.query(
  `insert into telemetry_gps (device_id, ts, latitude, longitude, speed, track, distance, span, span_distance, moving_span)
   select d, ts, -6 + random(), 106 + random(), 20 * random(), 360 * random(), 100 * random(), 60, 50, 60
     from generate_series(1, $1::int) d, generate_series($2::bigint, $3::bigint, $4::bigint) ts
    limit $5`,
  [devices, start, end, step, rows],
);
await pool.query('vacuum analyze telemetry_gps');
const size = await pool.query(`select pg_total_relation_size('telemetry_gps') as b, count(*) as n from telemetry_gps`);
console.log(`loaded ${size.rows[0].n} rows (${(Number(size.rows[0].b) / 1e6).toFixed(0)} MB) in ${Date.now() - t} ms`);
t = Date.now();
await migrate(database, '025_raw_partitions');
const parts = await pool.query(`select count(*) as n from pg_inherits where inhparent = 'telemetry_gps'::regclass`);
const after = await pool.query(`select pg_total_relation_size('telemetry_gps') as b`);
const sizeAfter = await pool.query(
  `select sum(pg_total_relation_size(inhrelid)) as b from pg_inherits where inhparent = 'telemetry_gps'::regclass`,
);
console.log(
  `migration 025: ${Date.now() - t} ms, ${parts.rows[0].n} partitions, ${(Number(sizeAfter.rows[0].b ?? after.rows[0].b) / 1e6).toFixed(0)} MB`,
);
await pool.end();
await database.close();
