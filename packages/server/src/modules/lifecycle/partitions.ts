import { TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { keepThresholdHours } from '../summary/threshold-hours.ts';
import { createMonth, forgetMonth, isPartitioned, monthOf, partitionsOf } from '../telemetry/partitions.ts';
import { pgText } from '../telemetry/sql.ts';

/**
 * The retention's side of the PostgreSQL monthly partitions (telemetry/partitions.ts): the months ahead created before
 * readings arrive, and the months before the retention boundary detached and dropped — whole files, no row deletes,
 * no dead tuples for VACUUM.
 */

/** The current month and the `ahead` months after it, for every partitioned raw table. */
export async function createMonthsAhead(database: Database, now: number, ahead: number): Promise<void> {
  if (database.dialect !== 'postgres') return;
  for (const def of Object.values(TELEMETRY_TYPES)) {
    if (!(await isPartitioned(database, def.table))) continue;
    let month = monthOf(now)[0];
    for (let i = 0; i <= ahead; i++) {
      await createMonth(database.pool, def.table, month);
      month = monthOf(month)[1];
    }
  }
}

/**
 * Detaches and drops the partitions of `table` that end at or before `rawFrom`; an rpm partition keeps its crossing
 * hours (summary/threshold-hours.ts) in the same transaction. Returns the names dropped.
 */
export async function dropPartitionsBefore(
  database: Database,
  table: string,
  rawFrom: number,
  thresholds: Map<number, number>,
): Promise<string[]> {
  if (database.dialect !== 'postgres') return [];
  const pool = database.pool;
  const dropped: string[] = [];
  for (const p of await partitionsOf(pool, table)) {
    if (p.to > rawFrom) continue;
    const client = await pool.connect();
    try {
      await client.query('begin');
      if (table === TELEMETRY_TYPES.rpm.table)
        for (const [devcId, threshold] of thresholds) {
          const keep = keepThresholdHours(devcId, threshold, p.from, p.to);
          await client.query(pgText(keep.text), keep.params);
        }
      await client.query(`alter table ${table} detach partition ${p.name}`);
      await client.query(`drop table ${p.name}`);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
    forgetMonth(pool, p.name);
    dropped.push(p.name);
  }
  return dropped;
}
