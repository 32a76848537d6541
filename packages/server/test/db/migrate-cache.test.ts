import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { migrate, registerMigration } from '../../src/db/migrate.js';

describe('migrations and the SQLite page cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-migrate-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('run with a small cache and leave the connection its own size', async () => {
    const database = openDatabase(`sqlite:${join(dir, 'fleet.db')}`, { cacheKb: 32_768 });
    if (database.dialect !== 'sqlite') throw new Error('sqlite expected');
    const sqlite = database.sqlite;
    // the cache size in force while migrations run, read by a last migration of this test's own
    let during: unknown;
    registerMigration('999_probe_cache_size', {
      up: async () => {
        during = sqlite.pragma('cache_size', { simple: true });
      },
    });
    const ran = await migrate(database);
    expect(ran).toContain('999_probe_cache_size');
    expect(during).toBe(-4096);
    expect(sqlite.pragma('cache_size', { simple: true })).toBe(-32_768);
    // a second start runs nothing and keeps the size too
    expect(await migrate(database)).toEqual([]);
    expect(sqlite.pragma('cache_size', { simple: true })).toBe(-32_768);
    await database.close();
  });
});
