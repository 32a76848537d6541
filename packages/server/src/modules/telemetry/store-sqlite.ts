import type { DeviceTypeDef } from '@fleet/shared/telemetry.ts';
import type SQLite from 'better-sqlite3';
import { prepare } from '../../db/statements.ts';
import { statColumns, upsertSql } from './rollup.ts';
import {
  insertColumns,
  LAST_STATES_SQL,
  type LastState,
  lastStateOf,
  placeholders,
  type StoredReading,
  type TelemetryStore,
  type WriteOp,
  type WritePlan,
} from './telemetry-store.ts';

const LAST_SQL = (
  rows: number,
) => `insert into telemetry_last (device_id, ts, data, received_time) values ${rowsOf(4, rows)}
  on conflict (device_id) do update set ts = excluded.ts, data = excluded.data, received_time = excluded.received_time
  where excluded.ts > telemetry_last.ts`;

/**
 * Rows per multi-row statement, largest first: a batch's rows go out in as few statements as these sizes make (1 000
 * rows: 15 × 64, 2 × 16, 2 × 4), each statement prepared once per table and size. One statement per row cost SQLite's
 * per-statement work (bind, step, reset, the upsert's plan) once per row and a call into the addon with the row's
 * values spread as arguments; 64 rows × ~16 columns stay far below SQLite's bound on parameters (32 766).
 */
export const CHUNKS = [64, 16, 4, 1] as const;

/** `(?, ?), (?, ?)`: `rows` rows of `width` parameters. */
const rowsOf = (width: number, rows: number) => {
  const one = `(${placeholders(width)})`;
  return Array.from({ length: rows }, () => one).join(', ');
};

/** Thrown inside the insert's savepoint when some rows were stored before: rolls the multi-row attempt back. */
const SOME_STORED = Symbol('some rows were stored before');

/**
 * The telemetry store on SQLite (telemetry-store.ts): multi-row statements (CHUNKS) prepared once per store, and a
 * write plan driven synchronously inside one `transaction()`, so no other work of the process runs between its
 * statements.
 */
export class SqliteStore implements TelemetryStore {
  readonly dialect = 'sqlite' as const;
  /** the multi-row statements, by table, kind and rows per statement */
  private readonly statements = new Map<string, SQLite.Statement>();
  /** the inserts of one group in a savepoint (a nested transaction): all rows new, or nothing written */
  private readonly insertAllNew: (def: DeviceTypeDef, rows: StoredReading[]) => void;

  constructor(private readonly sqlite: SQLite.Database) {
    this.insertAllNew = sqlite.transaction((def: DeviceTypeDef, rows: StoredReading[]) => {
      if (this.insertRows(def, rows) !== rows.length) throw SOME_STORED;
    });
  }

  async query<T = Record<string, any>>(text: string, params: unknown[] = []): Promise<T[]> {
    return prepare(this.sqlite, text).all(...params) as T[];
  }

  async queryArrays(text: string, params: unknown[] = []): Promise<unknown[][]> {
    return prepare(this.sqlite, text, true).all(...params) as unknown[][];
  }

  async write<T>(plan: () => WritePlan<T>): Promise<T> {
    return this.sqlite.transaction(() => {
      const steps = plan();
      let r = steps.next();
      while (!r.done) r = steps.next(this.run(r.value));
      return r.value;
    })();
  }

  async lastStates(deviceIds: number[]): Promise<LastState[]> {
    if (!deviceIds.length) return [];
    return (await this.query(LAST_STATES_SQL(deviceIds.length), deviceIds)).map(lastStateOf);
  }

  private run(o: WriteOp): unknown {
    const sqlite = this.sqlite;
    switch (o.kind) {
      case 'sql': {
        const st = prepare(sqlite, o.text);
        if (st.reader) return st.all(...o.params);
        st.run(...o.params);
        return [];
      }
      case 'insert':
        return o.groups.map(({ def, rows }) => this.insert(def, rows));
      case 'rollups':
        for (const { def, level, partials } of o.groups) {
          const width = 2 + statColumns(def).length;
          this.chunked(
            `r|${def.table}|${level.name}`,
            width,
            partials.length,
            (k) => upsertSql(def, level, `values ${rowsOf(width, k)}`),
            (params, at, i) => {
              const p = partials[i];
              params[at] = p.deviceId;
              params[at + 1] = p.bucket;
              for (let j = 0; j < p.values.length; j++) params[at + 2 + j] = p.values[j];
            },
          );
        }
        return undefined;
      case 'rewrite': {
        const update = prepare(
          sqlite,
          `update ${o.def.table} set ${o.columns.map((c) => `${c} = ?`).join(', ')} where device_id = ? and ts = ?`,
        );
        for (const r of o.rows) update.run(...r.values, r.deviceId, r.ts);
        return undefined;
      }
      case 'last':
        this.chunked('last', 4, o.states.length, LAST_SQL, (params, at, i) => {
          const s = o.states[i];
          params[at] = s.deviceId;
          params[at + 1] = s.ts;
          params[at + 2] = s.data;
          params[at + 3] = o.now;
        });
        return undefined;
    }
  }

  /**
   * Per reading, whether it was new. Usually every reading is (a device sends each once): the multi-row inserts,
   * whose count of inserted rows says so. When it falls short (a resent batch), that attempt is rolled back to its
   * savepoint and the readings go in one statement each, whose `changes` tells which were new.
   */
  private insert(def: DeviceTypeDef, rows: StoredReading[]): boolean[] {
    if (!rows.length) return [];
    try {
      this.insertAllNew(def, rows);
      return new Array(rows.length).fill(true);
    } catch (err) {
      if (err !== SOME_STORED) throw err;
    }
    const one = this.statement(`i|${def.table}`, 1, () => insertSql(def, 1));
    return rows.map((row) => one.run(row.deviceId, row.ts, ...row.values).changes > 0);
  }

  /** The multi-row inserts of one type's readings: how many rows were inserted. */
  private insertRows(def: DeviceTypeDef, rows: StoredReading[]): number {
    const width = 2 + rows[0].values.length;
    return this.chunked(
      `i|${def.table}`,
      width,
      rows.length,
      (k) => insertSql(def, k),
      (params, at, i) => {
        const row = rows[i];
        params[at] = row.deviceId;
        params[at + 1] = row.ts;
        const values = row.values;
        for (let j = 0; j < values.length; j++) params[at + 2 + j] = values[j];
      },
    );
  }

  private statement(key: string, rows: number, text: (rows: number) => string): SQLite.Statement {
    const k = `${key}|${rows}`;
    let st = this.statements.get(k);
    if (!st) {
      st = this.sqlite.prepare(text(rows));
      this.statements.set(k, st);
    }
    return st;
  }

  /**
   * Runs `count` rows of `width` parameters through the statements `text` makes, CHUNKS rows at a time; `fill` writes
   * row i's parameters into a statement's parameters from `at`. Returns the rows changed.
   */
  private chunked(
    key: string,
    width: number,
    count: number,
    text: (rows: number) => string,
    fill: (params: unknown[], at: number, i: number) => void,
  ): number {
    let changes = 0;
    let i = 0;
    for (const size of CHUNKS) {
      if (count - i < size) continue;
      const st = this.statement(key, size, text);
      const params = new Array(size * width);
      for (; count - i >= size; i += size) {
        for (let r = 0; r < size; r++) fill(params, r * width, i + r);
        changes += st.run(params).changes;
      }
    }
    return changes;
  }
}

/** The insert of `rows` readings of a type, `on conflict do nothing`. */
const insertSql = (def: DeviceTypeDef, rows: number) => {
  const cols = insertColumns(def);
  return `insert into ${def.table} (${cols.join(', ')}) values ${rowsOf(cols.length, rows)} on conflict do nothing`;
};
