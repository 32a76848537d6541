import type SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/database.ts';
import { prepare } from '../../db/statements.ts';
import { pgText } from '../telemetry/sql.ts';
import type { Step } from './step.ts';

/** Runs an engine step on SQLite inside the caller's (synchronous) transaction. */
export function runSqlite<T>(sqlite: SQLite.Database, step: Step<T>): T {
  let r = step.next(undefined as never);
  while (!r.done) {
    const st = prepare(sqlite, r.value.text);
    let rows: Record<string, unknown>[] = [];
    if (st.reader) rows = st.all(...r.value.params) as Record<string, unknown>[];
    else st.run(...r.value.params);
    r = step.next(rows);
  }
  return r.value;
}

/** Runs an engine step on a PostgreSQL client inside the caller's transaction. */
export async function runPg<T>(client: pg.Pool | pg.PoolClient | pg.Client, step: Step<T>): Promise<T> {
  let r = step.next(undefined as never);
  while (!r.done) {
    const res = await client.query(pgText(r.value.text), r.value.params);
    r = step.next(res.rows);
  }
  return r.value;
}

/**
 * Runs a step on a Kysely connection or transaction (the writers that hold one: ROB Below Zero, the fuel watch).
 * Result keys pass through Kysely's camel-case plugin: a step read this way names its columns without underscores.
 */
export async function runKysely<T>(db: Db, postgres: boolean, step: Step<T>): Promise<T> {
  let r = step.next(undefined as never);
  while (!r.done) {
    const text = postgres ? pgText(r.value.text) : r.value.text;
    const res = await db.executeQuery(CompiledQuery.raw(text, r.value.params));
    r = step.next(res.rows as Record<string, unknown>[]);
  }
  return r.value;
}
