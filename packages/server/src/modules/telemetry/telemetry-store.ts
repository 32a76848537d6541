import { type DeviceTypeDef, storedMetrics } from '@fleet/shared/telemetry.ts';
import type { Dialect } from '../../db/database.ts';
import type { RollupLevel, Partial as RollupPartial } from './rollup.ts';

/**
 * The telemetry store (docs/decisions.md "Telemetry store interface"): everything of the telemetry tables that
 * differs between the engines — ingest writes, rollup and raw reads, last states — behind one interface with a
 * SQLite (store-sqlite.ts) and a PostgreSQL (store-postgres.ts) implementation. Callers write SQL once, with `?`
 * placeholders and functions both engines have; what cannot be written once is a method or an operation here.
 * `telemetryStore(database)` (sql.ts) gives a database's store.
 */
export interface TelemetryStore {
  readonly dialect: Dialect;
  /** Rows of a read, as objects keyed by the SQL's aliases (snake_case kept). */
  query<T = Record<string, any>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Rows of a read as arrays in the SQL's column order (no per-row object: the rollup reads' hot loop). */
  queryArrays(text: string, params?: unknown[]): Promise<unknown[][]>;
  /**
   * Runs a write in one transaction: the plan (a generator written once for both engines, ingest.ts) yields
   * operations and gets each one's answer back. `plan` is called again when PostgreSQL rolls the batch back on a
   * deadlock or serialization failure (it is safe to run again: nothing of it was committed).
   */
  write<T>(plan: () => WritePlan<T>): Promise<T>;
  /** The newest reading of each device that has one (telemetry_last). */
  lastStates(deviceIds: number[]): Promise<LastState[]>;
}

export interface LastState {
  deviceId: number;
  ts: number;
  /** the values of the device's newest reading, by data key */
  data: Record<string, number>;
  /** when the server received it (epoch seconds) */
  receivedTime: number;
}

/**
 * A reading to store: values in `storedMetrics` order — the data points in the catalogue's order (a stage reads
 * `values[i]` of `def.metrics[i]`), then the derived columns ingest computed.
 */
export interface StoredReading {
  deviceId: number;
  ts: number;
  values: (number | null)[];
}

/** A device's newest reading as telemetry_last keeps it (and the live push sends it). */
export interface LatestState {
  /** device.devc_id */
  deviceId: number;
  /** reading time, epoch seconds */
  ts: number;
  /** the reading's values as the pulse answers them: JSON object text { metric: value } */
  data: string;
}

/** An operation of a write plan, and (in the comment) what the plan gets back for it. */
export type WriteOp =
  /** any statement: a read's rows, or [] for a statement without result rows */
  | { kind: 'sql'; text: string; params: unknown[] }
  /**
   * readings of each group's type (catalogue order), `on conflict do nothing`: per group and reading, whether it was
   * new (boolean[][]). One operation for the batch's types, so an engine may send them in one statement.
   */
  | { kind: 'insert'; groups: { def: DeviceTypeDef; rows: StoredReading[] }[] }
  /** a batch's partial rollups merged into the stored buckets, per type and level (one operation for all of them) */
  | { kind: 'rollups'; groups: { def: DeviceTypeDef; level: RollupLevel; partials: RollupPartial[] }[] }
  /** stored readings whose derived columns (and GPS distance) a late reading changed: `values` in `columns` order */
  | {
      kind: 'rewrite';
      def: DeviceTypeDef;
      columns: string[];
      rows: { deviceId: number; ts: number; values: (number | null)[] }[];
    }
  /** the last-state rows, kept when newer than the stored one */
  | { kind: 'last'; states: LatestState[]; now: number };

export type WritePlan<T> = Generator<WriteOp, T, unknown>;

/** Yields one operation inside a plan and types its answer: `const fresh = yield* op<boolean[]>({ … })`. */
export function* op<T>(o: WriteOp): WritePlan<T> {
  return (yield o) as T;
}

/** The last-state rows as read from telemetry_last. */
export const LAST_STATES_SQL = (n: number) =>
  `select device_id, ts, data, received_time from telemetry_last where device_id in (${placeholders(n)})`;

export const lastStateOf = (r: Record<string, any>): LastState => ({
  deviceId: Number(r.device_id),
  ts: Number(r.ts),
  data: JSON.parse(r.data),
  receivedTime: Number(r.received_time),
});

const pgTexts = new Map<string, string>();

/**
 * `?` → `$1, $2 …` (our SQL never has a literal question mark). Remembered per text: every batch sends the same
 * few statements (the engine's, the derived columns' lookups), some of them kilobytes long.
 */
export function pgText(text: string): string {
  let out = pgTexts.get(text);
  if (out === undefined) {
    let i = 0;
    out = text.replace(/\?/g, () => `$${++i}`);
    // texts with inlined list lengths vary: keep the memo bounded
    if (pgTexts.size >= 1000) pgTexts.clear();
    pgTexts.set(text, out);
  }
  return out;
}

/** `?, ?, ?` for an IN list. */
export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The insert of one type's readings (column list; the row source is the engine's). */
export const insertColumns = (def: DeviceTypeDef) => ['device_id', 'ts', ...storedMetrics(def).map((x) => x.column)];
