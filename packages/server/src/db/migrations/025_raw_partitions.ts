import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { TYPES_V1 } from './telemetry-v1.ts';

/**
 * PostgreSQL only: the raw readings partitioned by month (native declarative partitioning, range on `ts`; docs/decisions.md
 * "Data lifecycle"), so retention drops whole months. Each `telemetry_<type>` is rebuilt: the old table renamed away
 * (with its key and indexes), a partitioned table made like it (columns, defaults, checks) with the same primary key
 * (device_id, ts) — it holds the partition key — and every other index it had (the BRIN index on ts), one partition per
 * UTC month from its first reading to two months after the current one, the rows moved in one `insert … select`, the
 * old table dropped. Partition names `<table>_pYYYYMM` (telemetry/partitions.ts makes the later ones by the same
 * rule). SQLite keeps plain tables.
 */
const monthStart = (t: number) => {
  const d = new Date(t * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
};
const nextMonth = (t: number) => {
  const d = new Date(t * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
};
const partitionName = (table: string, from: number) => {
  const d = new Date(from * 1000);
  return `${table}_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const now = Math.floor(Date.now() / 1000);
  for (const { table } of TYPES_V1) {
    const kind = await sql<{ relkind: string }>`select relkind from pg_class
      where relname = ${table} and relnamespace = current_schema()::regnamespace`.execute(db);
    if (kind.rows[0]?.relkind !== 'r') continue; // already partitioned, or absent
    const old = `${table}__unpartitioned`;
    const pk = await sql<{ conname: string }>`select conname from pg_constraint
      where conrelid = ${table}::regclass and contype = 'p'`.execute(db);
    const pkName = pk.rows[0]?.conname ?? `${table}_pk`;
    // every index but the key's, as written for the table's own name (recreated on the new table under it)
    const indexes = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
      where tablename = ${table} and schemaname = current_schema() and indexname <> ${pkName}`.execute(db);
    await sql.raw(`alter table ${table} rename to ${old}`).execute(db);
    await sql.raw(`alter table ${old} rename constraint ${pkName} to ${pkName}__old`).execute(db);
    for (const i of indexes.rows) await sql.raw(`alter index ${i.indexname} rename to ${i.indexname}__old`).execute(db);
    await sql
      .raw(
        `create table ${table} (like ${old} including defaults including constraints including storage)
         partition by range (ts)`,
      )
      .execute(db);
    await sql.raw(`alter table ${table} add constraint ${pkName} primary key (device_id, ts)`).execute(db);
    for (const i of indexes.rows) await sql.raw(i.indexdef).execute(db);
    const range = await sql<{
      lo: number | null;
      hi: number | null;
    }>`select min(ts) as lo, max(ts) as hi from ${sql.table(old)}`.execute(db);
    const lo = Number(range.rows[0]?.lo ?? now);
    const hi = Math.max(Number(range.rows[0]?.hi ?? now), now);
    const last = nextMonth(nextMonth(monthStart(hi)));
    for (let m = monthStart(Math.min(lo, now)); m <= last; m = nextMonth(m))
      await sql
        .raw(
          `create table ${partitionName(table, m)} partition of ${table} for values from (${m}) to (${nextMonth(m)})`,
        )
        .execute(db);
    await sql.raw(`insert into ${table} select * from ${old}`).execute(db);
    await sql.raw(`drop table ${old}`).execute(db);
    await sql.raw(`analyze ${table}`).execute(db);
  }
}
