import type { Database } from '../../db/database.ts';
import { pgText, query } from '../telemetry/sql.ts';

/** A read with `?` placeholders on either engine (the telemetry store's). */
export const queryRows = (database: Database, text: string, params: unknown[] = []) => query(database, text, params);

/** A statement without result rows, `?` placeholders; the rows it changed. */
export async function exec(database: Database, text: string, params: unknown[] = []): Promise<number> {
  if (database.dialect === 'sqlite') return database.sqlite.prepare(text).run(...params).changes;
  return (await database.pool.query(pgText(text), params)).rowCount ?? 0;
}
