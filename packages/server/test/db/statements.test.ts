import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { prepare } from '../../src/db/statements.js';

describe('prepared statement cache', () => {
  it('keeps a statement prepared across calls', () => {
    const db = new Database(':memory:');
    expect(prepare(db, 'select 1 as x')).toBe(prepare(db, 'select 1 as x'));
    expect(prepare(db, 'select 1 as x', true)).not.toBe(prepare(db, 'select 1 as x'));
  });

  it('past its bound drops the least recently used text, not the statements every request runs', () => {
    const db = new Database(':memory:');
    const first = prepare(db, 'select 0 as x');
    const hot = prepare(db, 'select 1 as x');
    // 1,000 other texts, the hot one used between them (as every request's session read is)
    for (let i = 2; i < 1002; i++) {
      prepare(db, `select ${i} as x`);
      if (i % 100 === 0) expect(prepare(db, 'select 1 as x')).toBe(hot);
    }
    expect(prepare(db, 'select 1 as x')).toBe(hot);
    expect(prepare(db, 'select 0 as x')).not.toBe(first);
  });
});
