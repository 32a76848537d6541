import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type SQLite from 'better-sqlite3';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type Database, type Dialect, openDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';

/** The pg pool of a PostgreSQL test database (tests that run only there). */
export function pgPool(database: Database): pg.Pool {
  if (database.dialect !== 'postgres') throw new Error('this test runs on PostgreSQL only');
  return database.pool;
}

/** The better-sqlite3 handle of a SQLite test database (tests that run only there). */
export function sqliteHandle(database: Database): SQLite.Database {
  if (database.dialect !== 'sqlite') throw new Error('this test runs on SQLite only');
  return database.sqlite;
}

/** The engines every server suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set (CI). */
export function dialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

let counter = 0;

/**
 * An empty database to open by address: SQLite in memory, or in a temporary file with `sqliteFile` (a second
 * connection, a worker thread's or a restarted server's, can open it), or a new PostgreSQL database on the test
 * server. `drop` removes it (close every connection first).
 */
export async function scratchDatabase(
  dialect: Dialect,
  o: { sqliteFile?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = o.sqliteFile ? mkdtempSync(join(tmpdir(), 'fleet-test-db-')) : null;
    return {
      url: dir ? `sqlite:${join(dir, 'fleet.db')}` : 'sqlite::memory:',
      drop: async () => {
        if (dir) rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `fleet_t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * A fresh, migrated database (`scratchDatabase`, opened). `migrateTo` stops at that migration (tests of the next one).
 */
export async function freshDatabase(
  dialect: Dialect,
  migrateTo?: string,
  o: { sqliteFile?: boolean } = {},
): Promise<Database & { drop(): Promise<void> }> {
  const scratch = await scratchDatabase(dialect, o);
  const d = openDatabase(scratch.url);
  await migrate(d, migrateTo);
  return {
    ...d,
    drop: async () => {
      await d.close();
      await scratch.drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
  /** inject with an optional token; returns status code and parsed JSON */
  call(
    opts: InjectOptions & { token?: string },
  ): Promise<{ statusCode: number; json: any; headers: Record<string, unknown> }>;
}

export async function createTestApp(
  dialect: Dialect,
  opts: { seed?: (d: Database) => Promise<void>; env?: Record<string, string>; sqliteFile?: boolean } = {},
): Promise<TestApp> {
  const database = await freshDatabase(dialect, undefined, { sqliteFile: opts.sqliteFile });
  if (opts.seed) await opts.seed(database);
  // no event-loop shedding in tests (a busy CI machine must not turn answers into 503s); load.test.ts turns it on.
  // No daily report sender: the tests run the scheduler with a chosen clock.
  const config = loadConfig({
    DATA_DIR: `/tmp/fleet-test-${process.pid}`,
    DEMO: '0',
    SIMULATOR: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    DAILY_REPORT_TICK_SECONDS: '0',
    ...opts.env,
  });
  const app = await buildApp({ database, config, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
    call: async ({ token, headers, ...rest }) => {
      const res = await app.inject({
        ...rest,
        headers: { ...(headers ?? {}), ...(token ? { authentication: token } : {}) },
      });
      let json: unknown = null;
      try {
        json = res.json();
      } catch {
        json = null;
      }
      return { statusCode: res.statusCode, json, headers: res.headers };
    },
  };
}
