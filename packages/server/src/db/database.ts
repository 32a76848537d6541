import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { prepare } from './statements.ts';

export type Dialect = 'sqlite' | 'postgres';
/** Tables are described by the shared resource definitions, so the query builder is untyped here. */
export type Db = Kysely<any>;

/**
 * An open database: the query builder for everything, and the engine's own handle for the few places that need it —
 * the telemetry store (modules/telemetry/telemetry-store.ts, store-*.ts: ingest writes, rollup and last-state
 * reads), the event engine's sweep, the tracker's IO rows and the live push's LISTEN/NOTIFY. Which handle exists follows from `dialect`.
 */
export type Database = SqliteDatabase | PostgresDatabase;
interface DatabaseBase {
  db: Db;
  close(): Promise<void>;
}
export interface SqliteDatabase extends DatabaseBase {
  dialect: 'sqlite';
  /** The raw better-sqlite3 handle: the ingest hot path uses prepared statements on it. */
  sqlite: SQLite.Database;
}
export interface PostgresDatabase extends DatabaseBase {
  dialect: 'postgres';
  /** The raw pg pool. */
  pool: pg.Pool;
}

// int8 and numeric come back as strings by default; our values fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** A second connection's sizes (a worker thread's: a small PostgreSQL pool, a small SQLite page cache). */
export interface OpenOptions {
  /** PostgreSQL connections at most (10) */
  poolMax?: number;
  /** SQLite page cache in KiB (65 536) */
  cacheKb?: number;
}

export function openDatabase(url: string, o: OpenOptions = {}): Database {
  const plugins = [new CamelCasePlugin()];
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: o.poolMax ?? 10 });
    // an idle connection that the server ends (restart, failover, a dropped database) is reported on the pool;
    // unheard, it would stop the process. The pool opens a new connection when one is needed.
    pool.on('error', (err) => console.warn(`PostgreSQL: an idle connection closed (${err.message})`));
    const db = new Kysely({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, dialect: 'postgres', pool, close: () => db.destroy() } satisfies PostgresDatabase;
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // space freed by the retention goes back to the file system step by step (docs/operations.md "Retention"): takes
  // effect on a new database only; an existing one switches with `npm run vacuum` (a one-time VACUUM)
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${Math.round(o.cacheKb ?? 65536)}`);
  // the query builder's statements come from the statement cache too (db/statements.ts)
  const database = { prepare: (text: string) => prepare(sqlite, text), close: () => sqlite.close() };
  const db = new Kysely({ dialect: new SqliteDialect({ database }), plugins });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() } satisfies SqliteDatabase;
}
