import type { Database } from '../../db/database.ts';
import { prepare } from '../../db/statements.ts';
import type { IngestPipeline } from '../telemetry/pipeline.ts';
import { type AvlRecord, ioNumber } from './codec.ts';
import type { TrackerDevice } from './devices.ts';
import { ingestTrackerReadings, type TrackerReading } from './ingest-adapter.ts';

/**
 * A tracker's decoded AVL records → the telemetry store (docs/domain.md "Teltonika trackers"):
 * - the position (latitude, longitude, altitude m, angle deg, speed km/h, satellites) as a `tracker` reading at the
 *   record's time in whole seconds, through the ingest path (same validation as POST /api/ingest);
 *   a record without a fix (latitude and longitude both exactly 0) keeps its other values but no position;
 * - priority, event IO id, generation type and every IO element by id in telemetry_tracker_io.
 * Both are idempotent on (device, ts); a record the ingest refuses (e.g. a time before 2000) stores no IO either.
 * Resolves once everything is committed — only then may the records be acknowledged.
 */
export interface StoreOutcome {
  accepted: number;
  duplicate: number;
  rejected: number;
  /** the refusals, one line per distinct reason */
  reasons: string[];
}

export function positionOf(r: AvlRecord): Record<string, number> {
  const data: Record<string, number> = {
    altitude: r.altitude,
    angle: r.angle,
    speed: r.speed,
    satellites: r.satellites,
  };
  if (r.latitude !== 0 || r.longitude !== 0) {
    data.latitude = r.latitude;
    data.longitude = r.longitude;
  }
  return data;
}

/** IO elements by id: unsigned numbers when exact in a double, hex text otherwise (8-byte ids, NX payloads). */
export function ioJson(r: AvlRecord): string {
  const out: Record<string, number | string> = {};
  for (const el of r.io) out[el.id] = ioNumber(el) ?? el.value.toString('hex');
  return JSON.stringify(out);
}

interface IoRow {
  deviceId: number;
  ts: number;
  priority: number;
  eventIoId: number;
  generationType: number | null;
  io: string;
}

const IO_SQL = `insert into telemetry_tracker_io (device_id, ts, priority, event_io_id, generation_type, io)
  values (?, ?, ?, ?, ?, ?) on conflict do nothing`;

async function writeIo(database: Database, rows: IoRow[]) {
  if (!rows.length) return;
  if (database.dialect === 'sqlite') {
    const insert = prepare(database.sqlite, IO_SQL);
    database.sqlite.transaction(() => {
      for (const r of rows) insert.run(r.deviceId, r.ts, r.priority, r.eventIoId, r.generationType, r.io);
    })();
    return;
  }
  await database.pool.query(
    `insert into telemetry_tracker_io (device_id, ts, priority, event_io_id, generation_type, io)
     select * from unnest($1::int4[], $2::int8[], $3::int4[], $4::int4[], $5::int4[], $6::text[]) on conflict do nothing`,
    [
      rows.map((r) => r.deviceId),
      rows.map((r) => r.ts),
      rows.map((r) => r.priority),
      rows.map((r) => r.eventIoId),
      rows.map((r) => r.generationType),
      rows.map((r) => r.io),
    ],
  );
}

/**
 * Group commit of IO rows: the frames of many connections that finish their position commit in the same turn of
 * the event loop share one IO transaction; each caller resolves once its rows are committed.
 */
const ioQueues = new WeakMap<Database, { rows: IoRow[]; waiters: { resolve(): void; reject(e: unknown): void }[] }>();

function commitIo(database: Database, rows: IoRow[]): Promise<void> {
  if (!rows.length) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let q = ioQueues.get(database);
    if (!q) {
      const queue = { rows: [] as IoRow[], waiters: [] as { resolve(): void; reject(e: unknown): void }[] };
      ioQueues.set(database, queue);
      q = queue;
      setImmediate(async () => {
        ioQueues.delete(database);
        // one order for every writer: concurrent PostgreSQL batches take row locks alike
        queue.rows.sort((x, y) => x.deviceId - y.deviceId || x.ts - y.ts);
        try {
          await writeIo(database, queue.rows);
          for (const w of queue.waiters) w.resolve();
        } catch (err) {
          for (const w of queue.waiters) w.reject(err);
        }
      });
    }
    q.rows.push(...rows);
    q.waiters.push({ resolve, reject });
  });
}

export async function storeRecords(
  ingest: IngestPipeline,
  device: TrackerDevice,
  records: AvlRecord[],
): Promise<StoreOutcome> {
  const readings: TrackerReading[] = records.map((r) => ({ ts: Math.floor(r.timestamp / 1000), data: positionOf(r) }));
  const result = await ingestTrackerReadings(ingest, device, readings);
  const io: IoRow[] = [];
  const seen = new Set<number>();
  const reasons = new Set<string>();
  for (const res of result.results) {
    if (res.status === 'rejected') {
      reasons.add(res.reason ?? 'rejected');
      continue;
    }
    const r = records[res.index];
    const ts = readings[res.index].ts;
    if (seen.has(ts)) continue;
    seen.add(ts);
    io.push({
      deviceId: device.devcId,
      ts,
      priority: r.priority,
      eventIoId: r.eventIoId,
      generationType: r.generationType ?? null,
      io: ioJson(r),
    });
  }
  await commitIo(ingest.database, io);
  return { accepted: result.accepted, duplicate: result.duplicate, rejected: result.rejected, reasons: [...reasons] };
}
