import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './database.ts';
import * as m001 from './migrations/001_master.ts';
import * as m002 from './migrations/002_telemetry.ts';
import * as m002b from './migrations/002b_telemetry_daily.ts';
import * as m003 from './migrations/003_wide_rollups.ts';

/** Migrations in order; each takes the dialect for the few places where DDL differs. */
const all: Record<string, { up: (db: never, d: Database['dialect']) => Promise<void> }> = {
  '001_master': m001,
  '002_telemetry': m002,
  '002b_telemetry_daily': m002b,
  '003_wide_rollups': m003,
};

/** Runs the migrations not yet applied — all of them, or (tests of a migration) those up to `to`. */
export async function migrate(database: Database, to?: string): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(all)) {
        out[name] = { up: (db) => m.up(db as never, database.dialect) };
      }
      return out;
    },
  };
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = to ? await migrator.migrateTo(to) : await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, { cause: error });
  }
}

/** Lets a later migration register itself without editing this file's callers. */
export function registerMigration(name: string, m: { up: (db: never, d: Database['dialect']) => Promise<void> }) {
  all[name] = m;
}
