import { toEpochSeconds } from '@fleet/shared';
import {
  type DeviceType,
  type DeviceTypeDef,
  storedMetrics,
  TELEMETRY_TYPES,
  telemetryType,
} from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { ensureMonths } from './partitions.ts';
import type { IngestPipeline, StageRun, StoredBatch } from './pipeline.ts';
import { rawHorizon } from './raw-horizon.ts';
import { bucketOf, partials, ROLLUPS, rebuildFromHoursSql, rebuildSql } from './rollup.ts';
import {
  CHAINS,
  deriveSegments,
  laterOf,
  laterParams,
  laterStatement,
  previousOf,
  previousParams,
  previousStatement,
  rewriteColumns,
  type SegmentRow,
} from './segments.ts';
import { placeholders, query, telemetryStore } from './sql.ts';
import { type LatestState, op, type StoredReading, type WritePlan } from './telemetry-store.ts';

/**
 * The one ingest path (HTTP, MQTT, Teltonika, the simulator): validate each reading, keep the good ones of a bad
 * batch, write them in one transaction per batch, and keep the hourly and daily rollups and the last-state row in
 * step; the pipeline's stages (pipeline.ts) see each batch inside that transaction and after its commit.
 * Idempotent on (device, ts): a reading already stored is reported `duplicate` and changes nothing.
 */

/** Who may post: the device a key belongs to, or — for a gateway's key — every device of its asset. */
export interface KeyScope {
  keyId: number;
  devcId: number;
  devcUniqueId: string;
  massId: number | null;
  gateway: boolean;
}

export type RecordStatus = 'accepted' | 'duplicate' | 'rejected';
export interface RecordResult {
  index: number;
  status: RecordStatus;
  reason?: string;
}
export interface IngestResult {
  accepted: number;
  duplicate: number;
  rejected: number;
  results: RecordResult[];
}

export const MAX_BATCH = 10000;
const YEAR_2000 = 946684800;
const MAX_FUTURE = 300; // clocks drift; five minutes ahead is still believable

interface Row {
  index: number;
  deviceId: number;
  ts: number;
  values: (number | null)[];
  /** GPS: the device sent no distance, ingest computes it */
  computeDistance?: boolean;
}

// data key (lower case, with aliases) → metric index, per type
const keyIndex = new Map<DeviceType, Map<string, number>>();
for (const def of Object.values(TELEMETRY_TYPES)) {
  const map = new Map<string, number>();
  def.metrics.forEach((metric, i) => {
    // as written (the usual case: one lookup) and in lower case (keys are case-insensitive)
    for (const k of [metric.key, ...(metric.aliases ?? [])]) map.set(k, i).set(k.toLowerCase(), i);
  });
  keyIndex.set(def.type, map);
}

/**
 * A reading's data object → values in storedMetrics order (the data points; the derived columns null, for ingest to
 * fill: a device cannot send them, their keys are unknown here), or the reason it is refused.
 */
export function readValues(def: DeviceTypeDef, data: unknown): (number | null)[] | string {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return 'data must be an object of values';
  const index = keyIndex.get(def.type)!;
  const values: (number | null)[] = new Array(def.metrics.length + (def.derived?.length ?? 0)).fill(null);
  let any = false;
  for (const key in data as Record<string, unknown>) {
    const i = index.get(key) ?? index.get(key.toLowerCase());
    if (i === undefined) return `unknown data key '${key}' for device type ${def.type}`;
    const metric = def.metrics[i];
    let v = (data as Record<string, unknown>)[key];
    if (v === null || v === undefined) continue;
    if (typeof v === 'boolean' && metric.flag) v = v ? 1 : 0;
    else if (typeof v === 'string') {
      // decimal text only: Number() would also read '0x10', '1e3', ' ' and 'Infinity'
      if (!DECIMAL.test(v.trim())) return `${key} must be a number (a JSON number or decimal text such as "12.5")`;
      v = Number(v.trim());
    }
    if (typeof v !== 'number' || !Number.isFinite(v)) return `${key} must be a number`;
    if (v < metric.min || v > metric.max) return `${key} ${v} is out of range (${metric.min} to ${metric.max})`;
    if (metric.flag && v !== 0 && v !== 1) return `${key} must be 0 or 1`;
    if (metric.integer && !Number.isInteger(v)) return `${key} must be a whole number`;
    values[i] = v;
    any = true;
  }
  if (!any) return 'no data values';
  if (def.type === 'ae' && values[1] === null && values[0] !== null) values[1] = values[0] > 0 ? 1 : 0;
  return values;
}

const isoDay = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

/** A decimal number as text: optional sign, digits, optional fraction. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A reading's time, by the shared strict parser (a date the calendar lacks, such as 30 February, is refused). */
export function readTime(v: unknown, now: number): number | string {
  const ms = typeof v === 'number' ? v > 1e11 : typeof v === 'string' && /^\s*\d{12,}(\.\d+)?\s*$/.test(v);
  if (ms) return 'bad time: ts looks like milliseconds, send epoch seconds';
  const ts = toEpochSeconds(v);
  if (ts === null) return 'bad time: ts must be epoch seconds or an ISO 8601 date-time that exists';
  if (ts < YEAR_2000) return 'bad time: before 2000';
  if (ts > now + MAX_FUTURE) return 'bad time: in the future';
  return ts;
}

interface DeviceInfo {
  devcId: number;
  devcType: string;
  massId: number | null;
}

async function loadDevices(database: Database, uids: string[]): Promise<Map<string, DeviceInfo>> {
  const out = new Map<string, DeviceInfo>();
  for (let i = 0; i < uids.length; i += 500) {
    const chunk = uids.slice(i, i + 500);
    const rows = await query<{
      devc_id: number;
      devc_unique_id: string;
      devc_type: string;
      devc_mass_id: number | null;
    }>(
      database,
      `select devc_id, devc_unique_id, devc_type, devc_mass_id from device where devc_unique_id in (${placeholders(chunk.length)})`,
      chunk,
    );
    for (const r of rows)
      out.set(r.devc_unique_id, {
        devcId: Number(r.devc_id),
        devcType: r.devc_type,
        massId: r.devc_mass_id === null ? null : Number(r.devc_mass_id),
      });
  }
  return out;
}

/** One reading → what to store, or why it is refused. */
function checkReading(
  rec: unknown,
  scope: KeyScope,
  devices: Map<string, DeviceInfo>,
  now: number,
  defaultDevice?: string,
): { deviceId: number; type: DeviceType; ts: number; values: (number | null)[] } | string {
  if (!rec || typeof rec !== 'object' || Array.isArray(rec)) return 'reading must be an object';
  const r = rec as { device?: unknown; ts?: unknown; timestamp?: unknown; type?: unknown; data?: unknown };
  const uid = r.device ?? defaultDevice;
  if (typeof uid !== 'string' || !uid) return 'device is required';
  const device = devices.get(uid);
  if (!device) return `unknown device ${uid}`;
  const covered = scope.gateway
    ? device.massId !== null && device.massId === scope.massId
    : device.devcId === scope.devcId;
  if (!covered) return `device ${uid} is not covered by this key`;
  const type = telemetryType(device.devcType);
  if (!type) return `device type ${device.devcType} does not take readings`;
  if (r.type !== undefined && telemetryType(String(r.type)) !== type)
    return `wrong type: device ${uid} is ${type}, not ${String(r.type)}`;
  const ts = readTime(r.ts ?? r.timestamp, now);
  if (typeof ts === 'string') return ts;
  const values = readValues(TELEMETRY_TYPES[type], r.data);
  if (typeof values === 'string') return values;
  return { deviceId: device.devcId, type, ts, values };
}

/**
 * Validates and stores a batch in `pipeline.database` and runs the pipeline's stages on it. `defaultDevice` is used
 * for readings without `device` (MQTT: the device named in the topic).
 */
export async function ingestReadings(
  pipeline: IngestPipeline,
  scope: KeyScope,
  records: unknown[],
  defaultDevice?: string,
): Promise<IngestResult> {
  const { database } = pipeline;
  const now = nowSeconds();
  const results: RecordResult[] = new Array(records.length);
  const reject = (index: number, reason: string) => {
    results[index] = { index, status: 'rejected', reason };
  };

  const uids = new Set<string>();
  for (const r of records) {
    const d = r && typeof r === 'object' ? ((r as { device?: unknown }).device ?? defaultDevice) : undefined;
    if (typeof d === 'string') uids.add(d);
  }
  const devices = await loadDevices(database, [...uids]);
  // the raw readings before the retention's horizon are gone and their hours rolled up for good (raw-horizon.ts)
  const horizon = await rawHorizon(database);

  const grouped = new Map<DeviceType, Row[]>();
  // (device, ts) as one number: device ids are far below 2^21 and times below 2^32 (2106), so it stays exact
  const seen = new Set<number>();
  records.forEach((rec, index) => {
    const checked = checkReading(rec, scope, devices, now, defaultDevice);
    if (typeof checked === 'string') {
      reject(index, checked);
      return;
    }
    if (checked.ts < horizon) {
      reject(index, `bad time: before ${isoDay(horizon)}, the raw retention boundary (RAW_RETENTION_DAYS)`);
      return;
    }
    const key = checked.deviceId * 2 ** 32 + checked.ts;
    if (seen.has(key)) {
      results[index] = { index, status: 'duplicate' };
      return;
    }
    seen.add(key);
    let rows = grouped.get(checked.type);
    if (!rows) {
      rows = [];
      grouped.set(checked.type, rows);
    }
    const computeDistance = checked.type === 'gps' && checked.values[DIST] === null;
    rows.push({ index, deviceId: checked.deviceId, ts: checked.ts, values: checked.values, computeDistance });
  });

  // one order for every writer (types in catalogue order, rows by device and time): concurrent
  // PostgreSQL transactions then take row locks in the same order and cannot deadlock on each other
  const byType = new Map<DeviceType, Row[]>();
  for (const type of Object.keys(TELEMETRY_TYPES) as DeviceType[]) {
    const rows = grouped.get(type);
    if (rows)
      byType.set(
        type,
        rows.sort((a, b) => a.deviceId - b.deviceId || a.ts - b.ts),
      );
  }
  const massOf = new Map<number, number | null>();
  for (const d of devices.values()) massOf.set(d.devcId, d.massId);
  const runs = pipeline.stages.map((stage) => stage.begin(database));
  const store = telemetryStore(database);
  const postgres = store.dialect === 'postgres';
  // PostgreSQL: each reading's month has its partition before the batch's transaction (partitions.ts)
  if (postgres)
    for (const [type, rows] of byType)
      await ensureMonths(
        database,
        TELEMETRY_TYPES[type].table,
        rows.map((r) => r.ts),
      );
  const written = byType.size
    ? await store.write(() => writePlan({ byType, massOf, now, postgres }, runs))
    : { inserted: new Set<StoredReading>() };
  const inserted = written.inserted;
  if (written.batch) for (const run of runs) run.committed?.(written.batch);

  let accepted = 0;
  let duplicate = 0;
  let rejected = 0;
  for (const rows of byType.values())
    for (const row of rows)
      results[row.index] = { index: row.index, status: inserted.has(row) ? 'accepted' : 'duplicate' };
  for (const r of results) {
    if (r.status === 'accepted') accepted++;
    else if (r.status === 'duplicate') duplicate++;
    else rejected++;
  }
  return { accepted, duplicate, rejected, results };
}

// ---------------------------------------------------------------- derived columns (segments.ts)

const DIST = TELEMETRY_TYPES.gps.metrics.findIndex((x) => x.key === 'distance');

/** Advisory lock namespace of the derived columns (first key of pg_advisory_xact_lock(int, int); the second: a device). */
export const SEGMENT_LOCK = 17018;

/**
 * PostgreSQL: locks the batch's devices that have derived columns, in device order, before anything is read, so two
 * batches of one device sent at the same time (a gateway's retries, two MQTT consumers) are planned one after the
 * other — the second sees the first's readings as the previous ones. SQLite has one writer.
 */
function* lockDevices(byType: Map<DeviceType, Row[]>): WritePlan<void> {
  const ids = new Set<number>();
  for (const [type, rows] of byType) if (CHAINS[type]) for (const r of rows) ids.add(r.deviceId);
  if (!ids.size) return;
  const sorted = [...ids].sort((a, b) => a - b);
  yield* op({
    kind: 'sql',
    text: 'select pg_advisory_xact_lock(?::int4, d) from unnest(?::int4[]) as d',
    params: [SEGMENT_LOCK, sorted],
  });
}

/** The rows of each device, in order (rows come sorted by device and time). */
function byDevice(rows: Row[]): Row[][] {
  const out: Row[][] = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last && last[0].deviceId === r.deviceId) last.push(r);
    else out.push([r]);
  }
  return out;
}

/**
 * The derived columns of one type's new readings (docs/domain.md §5, §6, §11), device by device, from the stored
 * readings around them: one lookup of each device's previous reading per chain (and whether anything is stored from
 * its batch's first reading on), for all the type's devices at once; only a device whose batch is late or out of
 * order reads the stored readings it lands between and the next one of each chain, whose columns it then changes —
 * returned for the caller to rewrite, with their buckets rebuilt.
 */
function* planSegments(def: DeviceTypeDef, rows: Row[]): WritePlan<{ deviceId: number; row: SegmentRow }[]> {
  const devices = byDevice(rows);
  const found = previousOf(
    def,
    yield* op<Record<string, unknown>[]>({
      kind: 'sql',
      text: previousStatement(def, devices.length),
      params: previousParams(devices.map((d) => ({ deviceId: d[0].deviceId, first: d[0].ts }))),
    }),
  );
  const changed: { deviceId: number; row: SegmentRow }[] = [];
  for (const device of devices) {
    const id = device[0].deviceId;
    const around = found.get(id)!;
    const later = around.laterExists
      ? laterOf(
          def,
          yield* op<Record<string, unknown>[]>({
            kind: 'sql',
            text: laterStatement(def),
            params: laterParams(def, id, device[0].ts, device[device.length - 1].ts),
          }),
        )
      : [];
    for (const row of deriveSegments(def, device, { previous: around.previous, later }))
      changed.push({ deviceId: id, row });
  }
  return changed;
}

// ---------------------------------------------------------------- rollups

/** The inserted rows of each type, still sorted by device and time. */
function insertedByType(byType: Map<DeviceType, Row[]>, inserted: ReadonlySet<StoredReading>) {
  const out: [DeviceTypeDef, Row[]][] = [];
  for (const [type, rows] of byType) {
    const kept = rows.filter((r) => inserted.has(r));
    if (kept.length) out.push([TELEMETRY_TYPES[type], kept]);
  }
  return out;
}

/**
 * The statements that rebuild the rollups (every level) of the (device, bucket)s that rewritten stored readings of
 * one type fall in, each once.
 */
function rebuildStatements(def: DeviceTypeDef, rewritten: { deviceId: number; ts: number }[]): [string, unknown[]][] {
  const out: [string, unknown[]][] = [];
  for (const level of ROLLUPS) {
    // hours from the raw rows, coarser levels from their hours (rollup.ts rebuildFromHoursSql)
    const st = level === ROLLUPS[0] ? rebuildSql(def, level) : rebuildFromHoursSql(def, level);
    const buckets = new Map<string, [number, number]>();
    for (const f of rewritten) {
      const b = bucketOf(level, f.ts);
      buckets.set(`${f.deviceId}|${b}`, [f.deviceId, b]);
    }
    for (const [deviceId, bucket] of buckets.values())
      out.push([st.delete, [deviceId, bucket]], [st.insert, [deviceId, bucket, bucket + level.size]]);
  }
  return out;
}

/** The newest inserted reading per device, as the JSON the pulse answers. */
function newestStates(byType: Map<DeviceType, Row[]>, inserted: ReadonlySet<StoredReading>): LatestState[] {
  const out: LatestState[] = [];
  for (const [type, rows] of byType) {
    const metrics = TELEMETRY_TYPES[type].metrics;
    const newest = new Map<number, Row>();
    for (const r of rows) if (inserted.has(r) && (newest.get(r.deviceId)?.ts ?? -1) < r.ts) newest.set(r.deviceId, r);
    for (const r of newest.values()) {
      const data: Record<string, number> = {};
      metrics.forEach((metric, i) => {
        if (r.values[i] !== null) data[metric.key] = r.values[i]!;
      });
      out.push({ deviceId: r.deviceId, ts: r.ts, data: JSON.stringify(data) });
    }
  }
  return out;
}

// ---------------------------------------------------------------- the write, once for both engines

/**
 * One batch's write, run by the telemetry store in one transaction (telemetry-store.ts): the readings of each type
 * with their derived columns planned from the stored readings around them (segments.ts), the hourly and daily rollups
 * of the new ones, the stored readings whose derived columns a late reading changed and their rebuilt buckets, the
 * stages' writes (the event engine's evaluation), the last states. Returns the readings that were new and the batch
 * as the stages saw it.
 */
function* writePlan(
  batch: Omit<StoredBatch, 'inserted' | 'latest'> & { byType: Map<DeviceType, Row[]> },
  runs: StageRun[],
): WritePlan<{ inserted: ReadonlySet<StoredReading>; batch?: StoredBatch }> {
  const { byType, now } = batch;
  const inserted = new Set<StoredReading>();
  if (batch.postgres) yield* lockDevices(byType);
  const rewrites: { def: DeviceTypeDef; rows: { deviceId: number; ts: number; values: (number | null)[] }[] }[] = [];
  const groups: { def: DeviceTypeDef; rows: Row[] }[] = [];
  for (const [type, rows] of byType) {
    const def = TELEMETRY_TYPES[type];
    if (CHAINS[type]) {
      const columns = rewriteColumns(def);
      const changed = (yield* planSegments(def, rows)).map(({ deviceId, row }) => ({
        deviceId,
        ts: row.ts,
        values: columns.map((i) => row.values[i]),
      }));
      if (changed.length) rewrites.push({ def, rows: changed });
    }
    groups.push({ def, rows });
  }
  // every type's readings in one operation (PostgreSQL: one statement), then every type's and level's rollups in one
  const fresh = yield* op<boolean[][]>({ kind: 'insert', groups });
  groups.forEach(({ rows }, g) => {
    for (let i = 0; i < rows.length; i++) if (fresh[g][i]) inserted.add(rows[i]);
  });
  const rollups = insertedByType(byType, inserted).flatMap(([def, rows]) =>
    ROLLUPS.map((level) => ({ def, level, partials: partials(def, rows, level) })),
  );
  if (rollups.length) yield* op({ kind: 'rollups', groups: rollups });
  for (const { def, rows } of rewrites) {
    const columns = rewriteColumns(def).map((i) => storedMetrics(def)[i].column);
    yield* op({ kind: 'rewrite', def, columns, rows });
    for (const [text, params] of rebuildStatements(def, rows)) yield* op({ kind: 'sql', text, params });
  }
  const stored: StoredBatch = { ...batch, inserted, latest: newestStates(byType, inserted) };
  for (const run of runs) if (run.write) yield* run.write(stored);
  yield* op({ kind: 'last', states: stored.latest, now });
  return { inserted, batch: stored };
}
