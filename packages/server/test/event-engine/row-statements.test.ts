import { describe, expect, it } from 'vitest';
import { ROWS_PER_STATEMENT, rowStatements } from '../../src/modules/event-engine/step.ts';

/** The engine's multi-row writes (event rows, states): every row once, in order, in statements of fixed sizes on SQLite. */
describe('rowStatements', () => {
  const rows = Array.from({ length: 23 }, (_, i) => [i, `r${i}`]);
  const text = (count: number) => `rows ${count}`;

  it('SQLite: 16, 4 and 1 rows a statement (a few texts, each prepared once), rows in order', () => {
    const out = [...rowStatements(rows, text, false)];
    expect(out.map((q) => q.text)).toEqual(['rows 16', 'rows 4', 'rows 1', 'rows 1', 'rows 1']);
    expect(out.flatMap((q) => q.params)).toEqual(rows.flat());
  });

  it('PostgreSQL: as many rows as fit in one statement', () => {
    expect([...rowStatements(rows, text, true)].map((q) => q.text)).toEqual(['rows 23']);
    const many = Array.from({ length: ROWS_PER_STATEMENT + 3 }, (_, i) => [i]);
    const out = [...rowStatements(many, text, true)];
    expect(out.map((q) => q.text)).toEqual([`rows ${ROWS_PER_STATEMENT}`, 'rows 3']);
    expect(out.flatMap((q) => q.params)).toEqual(many.flat());
  });

  it('no rows, no statement', () => {
    expect([...rowStatements([], text, false)]).toEqual([]);
  });
});
