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
