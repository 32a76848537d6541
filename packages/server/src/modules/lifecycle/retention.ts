import { setImmediate as yieldLoop } from 'node:timers/promises';
import { TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { keepThresholdHours, rpmThresholds } from '../summary/threshold-hours.ts';
import { isPartitioned } from '../telemetry/partitions.ts';
import { HORIZON_CACHE_MS, rememberHorizon } from '../telemetry/raw-horizon.ts';
import { dropPartitionsBefore } from './partitions.ts';
import { exec, queryRows } from './sql.ts';

/**
 * Raw-reading retention (docs/operations.md "Retention"): the raw readings older than RAW_RETENTION_DAYS go, whole
 * UTC days at a time (PostgreSQL: whole monthly partitions, detached and dropped); the hourly and daily rollups stay,
 * and the readers answer a period before the boundary from them (telemetry/raw-horizon.ts). A pass:
 * 1. the new boundary (a UTC midnight; on partitioned PostgreSQL the first of that month) is published in
 *    `telemetry_retention` — from then on no process reads raw rows below it, and ingest refuses readings there;
 * 2. once it has been published for twice the readers' cache time, the rows below it are deleted: per device and day
 *    in one short transaction each (SQLite has one writer: ingest waits for one device-day at most), the rpm hours that
 *    cross an engine's threshold kept first (summary/threshold-hours.ts); PostgreSQL drops whole partitions;
 * 3. SQLite gives the freed pages back to the file system (`incremental_vacuum`) when the database allows it.
 */

const DAY = 86400;

/** The raw tables (readings of every device type, the tracker's IO records). */
export const RAW_TABLES = [...Object.values(TELEMETRY_TYPES).map((d) => d.table), 'telemetry_tracker_io'];

export interface RetentionOptions {
  /** RAW_RETENTION_DAYS; 0 = keep every raw reading */
  days: number;
  /** epoch seconds */
  now: number;
  /** how long a published boundary waits before rows below it are deleted (ms); default twice the readers' cache */
  settleMs?: number;
  /** pages given back per `incremental_vacuum` step (SQLite) */
  vacuumPages?: number;
}

export interface RetentionResult {
  /** the boundary in force after the pass (0: none) */
  rawFrom: number;
  /** rows deleted (SQLite, and PostgreSQL tables without partitions) */
  deleted: number;
  /** partitions dropped (PostgreSQL) */
  dropped: string[];
  /** pages given back to the file system (SQLite) */
  vacuumed: number;
}

/** The UTC midnight at or before t. */
export const utcDay = (t: number) => Math.floor(t / DAY) * DAY;
/** The first of the UTC month holding t. */
export const monthStart = (t: number) => {
  const d = new Date(t * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
};

/** The boundary a pass moves to: whole UTC days, or whole months where retention drops monthly partitions. */
export async function retentionBoundary(database: Database, days: number, now: number): Promise<number> {
  const day = utcDay(now - days * DAY);
  return database.dialect === 'postgres' && (await isPartitioned(database, TELEMETRY_TYPES.gps.table))
    ? monthStart(day)
    : day;
}

export async function runRetention(database: Database, o: RetentionOptions): Promise<RetentionResult> {
  const result: RetentionResult = { rawFrom: 0, deleted: 0, dropped: [], vacuumed: 0 };
  const [row] = await queryRows(database, 'select raw_from, published_time from telemetry_retention where id = 1');
  let rawFrom = Number(row?.raw_from ?? 0);
  let published = Number(row?.published_time ?? 0);
  result.rawFrom = rawFrom;
  if (!(o.days > 0)) return result;
  const target = await retentionBoundary(database, o.days, o.now);
  if (target > rawFrom) {
    // the boundary only moves forward, and never past what another pass published meanwhile
    await exec(
      database,
      'update telemetry_retention set raw_from = ?, published_time = ? where id = 1 and raw_from < ?',
      [target, o.now, target],
    );
    rawFrom = target;
    published = o.now;
    rememberHorizon(database, rawFrom);
    result.rawFrom = rawFrom;
  }
  const settle = o.settleMs ?? 2 * HORIZON_CACHE_MS;
  if ((o.now - published) * 1000 < settle) return result; // deleted by a later pass, once every process reads it
  if (!rawFrom) return result;
  const thresholds = await rpmThresholds(database.db);
  for (const table of RAW_TABLES) {
    if (database.dialect === 'postgres' && (await isPartitioned(database, table))) {
      result.dropped.push(...(await dropPartitionsBefore(database, table, rawFrom, thresholds)));
      continue;
    }
    result.deleted += await deleteByDay(database, table, rawFrom, thresholds);
  }
  if (database.dialect === 'sqlite') result.vacuumed = giveBackPages(database, o.vacuumPages ?? 0);
  return result;
}

/**
 * Deletes the rows of `table` before `rawFrom`, device by device and UTC day by day, each in its own transaction; the
 * devices are found by seeks on the key (no scan of the table). Rows of an rpm device keep their crossing hours first.
 */
async function deleteByDay(
  database: Database,
  table: string,
  rawFrom: number,
  thresholds: Map<number, number>,
): Promise<number> {
  let deleted = 0;
  let device = -1;
  for (;;) {
    const [next] = await queryRows(
      database,
      `select device_id from ${table} where device_id > ? order by device_id limit 1`,
      [device],
    );
    if (!next) break;
    device = Number(next.device_id);
    const [first] = await queryRows(database, `select min(ts) as ts from ${table} where device_id = ? and ts < ?`, [
      device,
      rawFrom,
    ]);
    if (first?.ts === null || first?.ts === undefined) continue;
    for (let day = utcDay(Number(first.ts)); day < rawFrom; day += DAY) {
      const end = Math.min(day + DAY, rawFrom);
      const statements: [string, unknown[]][] = [];
      const threshold = table === TELEMETRY_TYPES.rpm.table ? thresholds.get(device) : undefined;
      if (threshold !== undefined) {
        const keep = keepThresholdHours(device, threshold, day, end);
        statements.push([keep.text, keep.params]);
      }
      statements.push([`delete from ${table} where device_id = ? and ts >= ? and ts < ?`, [device, day, end]]);
      deleted += await inTransaction(database, statements);
      await yieldLoop(); // requests and ingest batches run between device-days
    }
  }
  return deleted;
}

/** Runs statements in one transaction; the rows the last one changed. */
async function inTransaction(database: Database, statements: [string, unknown[]][]): Promise<number> {
  if (database.dialect === 'sqlite') {
    const s = database.sqlite;
    return s.transaction(() => {
      let changes = 0;
      for (const [text, params] of statements) changes = s.prepare(text).run(...params).changes;
      return changes;
    })();
  }
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    let changes = 0;
    for (const [text, params] of statements) {
      let i = 0;
      changes =
        (
          await client.query(
            text.replace(/\?/g, () => `$${++i}`),
            params,
          )
        ).rowCount ?? 0;
    }
    await client.query('commit');
    return changes;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * SQLite: the pages the deletes freed go back to the file system when the database is in incremental auto-vacuum mode
 * (new databases are; an older one after `npm run vacuum`): `pages` per step (0: all). Otherwise they stay in the file
 * and new readings reuse them. Returns the pages given back.
 */
export function giveBackPages(database: Database, pages: number): number {
  if (database.dialect !== 'sqlite') return 0;
  const s = database.sqlite;
  if (Number(s.pragma('auto_vacuum', { simple: true })) !== 2) return 0;
  const before = Number(s.pragma('freelist_count', { simple: true }));
  s.pragma(`incremental_vacuum(${Math.max(0, Math.floor(pages))})`);
  return before - Number(s.pragma('freelist_count', { simple: true }));
}
