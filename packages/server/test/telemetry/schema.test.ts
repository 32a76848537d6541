import { storedMetrics, TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { ROLLUPS, rollupTable, statColumns } from '../../src/modules/telemetry/rollup.ts';
import { query } from '../../src/modules/telemetry/sql.ts';
import { dialects, freshDatabase } from '../helpers/app.ts';

/** The columns a table has in the database. */
async function columnsOf(database: Database, table: string): Promise<string[]> {
  const rows =
    database.dialect === 'sqlite'
      ? await query<{ name: string }>(database, `select name from pragma_table_info('${table}')`)
      : await query<{ name: string }>(
          database,
          'select column_name as name from information_schema.columns where table_name = ?',
          [table],
        );
  return rows.map((r) => r.name).sort();
}

/**
 * Migrations are frozen (db/migrations/telemetry-v1.ts) while the catalogue (@fleet/shared/telemetry.ts) lives on.
 * This is the check that ties them: after all migrations, every data point and derived column of the catalogue
 * (storedMetrics) has its column and its rollup statistics. Adding a data point to the catalogue without its migration (docs/architecture.md
 * "Adding a data point") fails here, naming the table and the missing columns.
 */
describe.each(dialects())('telemetry schema on %s', (dialect) => {
  let database: Database & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await freshDatabase(dialect);
  });
  afterAll(() => database.drop());

  it('has a column for every data point and derived column of the catalogue, and its rollup statistics at every level', async () => {
    const missing: string[] = [];
    for (const def of Object.values(TELEMETRY_TYPES)) {
      const have = new Set(await columnsOf(database, def.table));
      for (const m of storedMetrics(def)) if (!have.has(m.column)) missing.push(`${def.table}.${m.column}`);
      for (const level of ROLLUPS) {
        const table = rollupTable(def, level);
        const rollup = new Set(await columnsOf(database, table));
        for (const c of statColumns(def)) if (!rollup.has(c)) missing.push(`${table}.${c}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
