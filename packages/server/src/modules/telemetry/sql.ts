import type { Database } from '../../db/database.ts';
import { prepare } from '../../db/statements.ts';

/*
 * Raw SQL on either engine, for the telemetry hot paths where the query builder's per-row
 * overhead would dominate. SQL is written with `?` placeholders (converted to $n for PostgreSQL);
 * result rows keep the snake_case names given in the SQL's aliases.
 */

/** `?` → `$1, $2 …` (our SQL never has a literal question mark). */
export function pgText(text: string): string {
  let i = 0;
  return text.replace(/\?/g, () => `$${++i}`);
}

export async function query<T = Record<string, any>>(
  database: Database,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (database.sqlite) return prepare(database.sqlite, text).all(...params) as T[];
  const res = await database.pool!.query(pgText(text), params);
  return res.rows as T[];
}

/**
 * Like `query`, rows as arrays in the SQL's column order: no per-row object with named keys to build,
 * which is most of the cost of reading thousands of rollup rows.
 */
export async function queryArrays(database: Database, text: string, params: unknown[] = []): Promise<unknown[][]> {
  if (database.sqlite) return prepare(database.sqlite, text, true).all(...params) as unknown[][];
  const res = await database.pool!.query({ text: pgText(text), values: params, rowMode: 'array' });
  return res.rows as unknown[][];
}

/** `?, ?, ?` for an IN list. */
export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');
