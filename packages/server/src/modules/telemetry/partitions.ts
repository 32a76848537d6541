import type pg from 'pg';
import type { Database } from '../../db/database.ts';

/**
 * PostgreSQL monthly partitions of the raw readings (docs/decisions.md "Data lifecycle"; migration 025): each
 * `telemetry_<type>` is partitioned by range on `ts`, one partition per UTC month, `<table>_pYYYYMM`. There is no
 * DEFAULT partition: a reading's month gets its partition before the batch is written (`ensureMonths`, outside the
 * batch's transaction), so a backfill into any month is accepted, and a month is never half in a default partition
 * (which would stop its own partition from being created later). The retention job creates the months ahead and
 * detaches and drops those before its boundary.
 */

/** The first of the UTC month holding t, and of the month after it (epoch seconds). */
export function monthOf(t: number): [number, number] {
  const d = new Date(t * 1000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return [Date.UTC(y, m, 1) / 1000, Date.UTC(y, m + 1, 1) / 1000];
}

/** `telemetry_gps_p202604`: the partition of the month starting at `from` (the name migration 025 gives). */
export function partitionName(table: string, from: number): string {
  const d = new Date(from * 1000);
  return `${table}_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Per pool: the partitioned tables, and the months known to have their partition. */
const known = new WeakMap<pg.Pool, { partitioned: Map<string, boolean>; months: Set<string> }>();
const stateOf = (pool: pg.Pool) => {
  let s = known.get(pool);
  if (!s) {
    s = { partitioned: new Map(), months: new Set() };
    known.set(pool, s);
  }
  return s;
};

/** The table is a partitioned table (PostgreSQL after migration 025). */
export async function isPartitioned(database: Database, table: string): Promise<boolean> {
  if (database.dialect !== 'postgres') return false;
  const s = stateOf(database.pool);
  const have = s.partitioned.get(table);
  if (have !== undefined) return have;
  const r = await database.pool.query(
    `select c.relkind from pg_class c where c.relname = $1 and c.relnamespace = current_schema()::regnamespace`,
    [table],
  );
  const partitioned = r.rows[0]?.relkind === 'p';
  s.partitioned.set(table, partitioned);
  return partitioned;
}

/** Creates the partition of one month unless it exists; another process creating it at the same time is no error. */
export async function createMonth(pool: pg.Pool, table: string, from: number): Promise<void> {
  const [a, b] = monthOf(from);
  const name = partitionName(table, a);
  const s = stateOf(pool);
  if (s.months.has(name)) return;
  try {
    await pool.query(`create table if not exists ${name} partition of ${table} for values from (${a}) to (${b})`);
  } catch (err) {
    // 42P07 duplicate table, 23505 a concurrent create's catalogue row: it exists now
    const code = (err as { code?: string }).code;
    if (code !== '42P07' && code !== '23505') throw err;
  }
  s.months.add(name);
}

/** The partitions the readings' months need, created before their batch is written (no-op where not partitioned). */
export async function ensureMonths(database: Database, table: string, times: Iterable<number>): Promise<void> {
  if (database.dialect !== 'postgres' || !(await isPartitioned(database, table))) return;
  const months = new Set<number>();
  // a batch's readings are mostly of one month: a date is computed only for a reading outside the last one found
  let month: [number, number] = [0, 0];
  for (const t of times)
    if (t < month[0] || t >= month[1]) {
      month = monthOf(t);
      months.add(month[0]);
    }
  for (const m of months) await createMonth(database.pool, table, m);
}

/** A partition of `table` and its range [from, to). */
export interface Partition {
  name: string;
  from: number;
  to: number;
}

/** The partitions of a partitioned table, oldest first. */
export async function partitionsOf(pool: pg.Pool, table: string): Promise<Partition[]> {
  const r = await pool.query(
    `select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
       from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = $1 and p.relnamespace = current_schema()::regnamespace`,
    [table],
  );
  const out: Partition[] = [];
  for (const row of r.rows) {
    const m = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/.exec(String(row.bound));
    if (m) out.push({ name: String(row.name), from: Number(m[1]), to: Number(m[2]) });
  }
  return out.sort((a, b) => a.from - b.from);
}

/** Forgets a dropped partition (its month would be created again by a later reading). */
export function forgetMonth(pool: pg.Pool, name: string) {
  stateOf(pool).months.delete(name);
}
