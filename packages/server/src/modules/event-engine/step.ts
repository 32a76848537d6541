/**
 * A unit of engine work written once for both database engines: a generator that yields each query and gets its
 * rows back; run.ts drives it on SQLite (synchronously) or PostgreSQL (awaiting), the ingest inside its write plan.
 */
export interface Query {
  text: string;
  params: unknown[];
}
export type Step<T> = Generator<Query, T, Record<string, unknown>[]>;
