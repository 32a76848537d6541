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

/**
 * SQLite's rows per statement, largest first (as the telemetry store's CHUNKS): a few texts, each prepared once per
 * connection. A text per row count cost a prepare (~0.1–0.2 ms) at each new count, several a pass of the events
 * bench; one row per statement pays the call's overhead per row (~3× a row of a 16-row statement).
 */
const SQLITE_ROWS = [16, 4, 1];

/**
 * `rows` as statements, in order: `text(n)` is the statement for n rows. PostgreSQL: as many rows as fit
 * (ROWS_PER_STATEMENT; each statement is a round trip); SQLite: SQLITE_ROWS at a time.
 */
export function* rowStatements(
  rows: unknown[][],
  text: (count: number) => string,
  postgres: boolean,
): Generator<Query> {
  for (let i = 0; i < rows.length; ) {
    const left = rows.length - i;
    const count = postgres ? Math.min(left, ROWS_PER_STATEMENT) : SQLITE_ROWS.find((k) => k <= left)!;
    const end = i + count;
    const params: unknown[] = [];
    for (let j = i; j < end; j++) for (const v of rows[j]) params.push(v);
    yield { text: text(count), params };
    i = end;
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
