import type { DeviceTypeDef } from '@fleet/shared/telemetry.ts';
import type SQLite from 'better-sqlite3';
import { prepare } from '../../db/statements.ts';
import { upsertSql } from './rollup.ts';
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
 * Rows per multi-row statement, largest first: a batch's rollup partials and last states go out in as few statements
 * as these sizes make, each prepared once per table and size (a flow meter's ~12 hourly partials of a batch: 3
 * statements instead of 12). The readings themselves go one statement per row (`insert`).
 */
export const CHUNKS = [16, 4, 1] as const;

/** `(?, ?), (?, ?)`: `rows` rows of `width` parameters. */
const rowsOf = (width: number, rows: number) => {
  const one = `(${placeholders(width)})`;
  return Array.from({ length: rows }, () => one).join(', ');
};

/**
 * The telemetry store on SQLite (telemetry-store.ts): statements prepared once per store (the rollups' multi-row ones
 * per size, CHUNKS), and a write plan driven synchronously inside one `transaction()`, so no other work of the process
 * runs between its statements.
 */
export class SqliteStore implements TelemetryStore {
  readonly dialect = 'sqlite' as const;
  /** the multi-row statements, by table, kind and rows per statement */
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(private readonly sqlite: SQLite.Database) {}

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
          if (!partials.length) continue;
          const width = 2 + partials[0].values.length;
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
   * Per reading, whether it was new: one prepared insert per row, whose `changes` tells. (Multi-row inserts were
   * measured slower here: SQLite's work per row is the same, and the count they return cannot say which of a
   * chunk's rows was the duplicate.)
   */
  private insert(def: DeviceTypeDef, rows: StoredReading[]): boolean[] {
    if (!rows.length) return [];
    const one = this.statement(`i|${def.table}`, 1, () => insertSql(def, 1));
    const params = new Array(2 + rows[0].values.length);
    const out = new Array<boolean>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      params[0] = row.deviceId;
      params[1] = row.ts;
      const values = row.values;
      for (let j = 0; j < values.length; j++) params[2 + j] = values[j];
      out[i] = one.run(params).changes > 0;
    }
    return out;
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
