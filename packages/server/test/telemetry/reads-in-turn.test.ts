import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { readsInTurn } from '../../src/modules/telemetry/sql.ts';

/**
 * `readsInTurn` (issue 29): on SQLite each read starts when the one before has been consumed (its rows dropped before
 * the next statement runs), on PostgreSQL they start together; either way the answers come in the reads' order.
 */
describe('readsInTurn', () => {
  const reads = (log: string[]) =>
    [1, 2, 3].map((i) => async () => {
      log.push(`start ${i}`);
      await new Promise((ok) => setTimeout(ok, 4 - i));
      log.push(`end ${i}`);
      return i * 10;
    });

  it('SQLite: one after the other', async () => {
    const log: string[] = [];
    const out = await readsInTurn({ dialect: 'sqlite' } as Database, reads(log));
    expect(out).toEqual([10, 20, 30]);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('PostgreSQL: together', async () => {
    const log: string[] = [];
    const out = await readsInTurn({ dialect: 'postgres' } as Database, reads(log));
    expect(out).toEqual([10, 20, 30]);
    expect(log.slice(0, 3)).toEqual(['start 1', 'start 2', 'start 3']);
  });
});
