import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/envelope.ts';
import { query } from './sql.ts';

/**
 * The raw horizon (docs/operations.md "Retention"): raw readings before it may be gone, so every reader answers what
 * lies before it from the hourly and daily rollups (whole UTC hours) and refuses what only raw readings could answer
 * (`beforeHorizon`). 0 while nothing was deleted. It is a whole UTC day (the first of a month on PostgreSQL, whose
 * retention drops monthly partitions); the retention job publishes it before it deletes anything below it and deletes
 * only once every process has had time to see it (`HORIZON_CACHE_MS`).
 */

/** How long a process may answer from the horizon it read last; the job waits twice this before deleting. */
export const HORIZON_CACHE_MS = 10_000;

const cache = new WeakMap<Database, { value: number; at: number }>();

/** The raw horizon of the database (epoch seconds; 0: every raw reading is kept). */
export async function rawHorizon(database: Database): Promise<number> {
  const have = cache.get(database);
  if (have && Date.now() - have.at < HORIZON_CACHE_MS) return have.value;
  const rows = await query(database, 'select raw_from from telemetry_retention where id = 1');
  const value = rows.length ? Number(rows[0].raw_from) : 0;
  cache.set(database, { value, at: Date.now() });
  return value;
}

/** The job moved the horizon: this process answers from it at once. */
export function rememberHorizon(database: Database, value: number) {
  cache.set(database, { value, at: Date.now() });
}

const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

/**
 * The answer to a request that needs raw readings before the horizon (MINUTE buckets, the hours a bucket boundary
 * cuts in a zone that is not a whole number of hours from UTC, a period's partial hours, counts above a threshold,
 * row filters, the base series): 422 with what to ask instead — never an answer with smaller numbers.
 */
export function beforeHorizon(horizon: number, what: string): AppError {
  return new AppError(
    422,
    `Raw readings before ${day(horizon)} (UTC) were deleted by the retention (RAW_RETENTION_DAYS); only hourly and daily figures are kept for that time, so ${what} cannot be answered there. Ask for whole hours (HOUR or DAY buckets, a timezone a whole number of hours from UTC), or a period from ${day(horizon)} on.`,
  );
}
