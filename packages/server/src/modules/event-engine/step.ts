/**
 * A unit of engine work written once for both database engines: a generator that yields each query and gets its
 * rows back; run.ts drives it on SQLite (synchronously) or PostgreSQL (awaiting), the ingest inside its write plan.
 */
export interface Query {
  text: string;
  params: unknown[];
}
export type Step<T> = Generator<Query, T, Record<string, unknown>[]>;

/** One query of a step: its rows back. */
export function* all(text: string, params: unknown[] = []): Step<Record<string, unknown>[]> {
  return yield { text, params };
}

export const marks = (count: number) => Array(count).fill('?').join(', ');

/** Rows per multi-row statement (its parameters stay far below either engine's limit). */
export const ROWS_PER_STATEMENT = 200;

/** `rows` as statements of at most ROWS_PER_STATEMENT rows: `text(n)` is the statement for n rows. */
export function* rowStatements(rows: unknown[][], text: (count: number) => string): Generator<Query> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const end = Math.min(rows.length, i + ROWS_PER_STATEMENT);
    const params: unknown[] = [];
    for (let j = i; j < end; j++) for (const v of rows[j]) params.push(v);
    yield { text: text(end - i), params };
  }
}

export const tuples = (count: number, tuple: string) => Array(count).fill(tuple).join(', ');

/** A statement's text for a number of rows, built once per number. */
export function byRowCount(text: (count: number) => string): (count: number) => string {
  const texts = new Map<number, string>();
  return (count) => {
    let t = texts.get(count);
    if (t === undefined) {
      t = text(count);
      texts.set(count, t);
    }
    return t;
  };
}
