import type { Database } from '../../db/database.ts';
import { PostgresStore } from './store-postgres.ts';
import { SqliteStore } from './store-sqlite.ts';
import type { TelemetryStore } from './telemetry-store.ts';

export { pgText, placeholders } from './telemetry-store.ts';

/*
 * Raw SQL on either engine, for the telemetry hot paths where the query builder's per-row
 * overhead would dominate. SQL is written with `?` placeholders (converted to $n for PostgreSQL);
 * result rows keep the snake_case names given in the SQL's aliases. The engine's side is the telemetry store.
 */

const stores = new WeakMap<Database, TelemetryStore>();

/** The database's telemetry store (telemetry-store.ts), made once per open database. */
export function telemetryStore(database: Database): TelemetryStore {
  let store = stores.get(database);
  if (!store) {
    store = database.dialect === 'sqlite' ? new SqliteStore(database.sqlite) : new PostgresStore(database.pool);
    stores.set(database, store);
  }
  return store;
}

export function query<T = Record<string, any>>(database: Database, text: string, params: unknown[] = []): Promise<T[]> {
  return telemetryStore(database).query<T>(text, params);
}

/**
 * Like `query`, rows as arrays in the SQL's column order: no per-row object with named keys to build,
 * which is most of the cost of reading thousands of rollup rows.
 */
export function queryArrays(database: Database, text: string, params: unknown[] = []): Promise<unknown[][]> {
  return telemetryStore(database).queryArrays(text, params);
}

/**
 * Runs independent reads: on PostgreSQL together (the pool's connections answer them side by side), on SQLite one
 * after the other — its statements run one at a time on this thread anyway, and started together every read's rows
 * are fetched before any is consumed, so all of them are alive at once (issue 29: a 30-day hourly summary's ~19 000
 * rollup rows then outlived the young generation and were promoted, a full collection per request); in turn, each
 * read's rows are consumed and dropped before the next statement runs.
 */
export async function readsInTurn<T extends readonly (() => unknown)[]>(
  database: Database,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (database.dialect !== 'sqlite') return Promise.all(reads.map((r) => r())) as never;
  const out: unknown[] = [];
  for (const r of reads) out.push(await r());
  return out as never;
}
