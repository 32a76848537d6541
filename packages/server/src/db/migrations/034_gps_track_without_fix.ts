import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * GPS readings with a track but no position (issue 29; docs/domain.md §7 "Whole hours"): the hourly rollup's track
 * sums hold every reading with a track, §7 averages the fixes', so the summary takes these readings' sums off each
 * whole hour. Found by a scan of every raw GPS row of the period's hours (43 200 for 30 days of 1-minute fixes) they
 * cost more than the rest of the track; this partial index holds only them (none in a healthy feed), so the same
 * statement reads them by key. Exact by construction: the database keeps it with every insert, update and delete of
 * the raw rows — late readings, rebuilds and retention included — with nothing to validate. A row with a position
 * costs an insert only the check of this condition. On PostgreSQL the index is made on the partitioned table: every
 * month's partition, and those made later (telemetry/partitions.ts), get their own.
 *
 * `TRACK_WITHOUT_FIX` is the index's condition as the summary writes it (summary-track.ts): a query uses a partial
 * index only when its WHERE carries the same terms (and SQLite, without statistics, prefers the table's own key of
 * the same columns: the summary names the index there).
 */
export const TRACK_WITHOUT_FIX = 'track is not null and (latitude is null or longitude is null)';
export const TRACK_WITHOUT_FIX_INDEX = 'telemetry_gps_track_without_fix';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await sql
    .raw(`create index ${TRACK_WITHOUT_FIX_INDEX} on telemetry_gps (device_id, ts) where ${TRACK_WITHOUT_FIX}`)
    .execute(db);
}
