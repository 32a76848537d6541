import type SQLite from 'better-sqlite3';
import { prepare } from '../../db/statements.ts';
import { statColumns, upsertSql } from './rollup.ts';
import {
  insertColumns,
  LAST_STATES_SQL,
  type LastState,
  lastStateOf,
  placeholders,
  type TelemetryStore,
  type WriteOp,
  type WritePlan,
} from './telemetry-store.ts';

const LAST_SQL = `insert into telemetry_last (device_id, ts, data, received_time) values (?, ?, ?, ?)
  on conflict (device_id) do update set ts = excluded.ts, data = excluded.data, received_time = excluded.received_time
  where excluded.ts > telemetry_last.ts`;

/**
 * The telemetry store on SQLite (telemetry-store.ts): prepared statements from the statement cache, run one row at a time —
 * better-sqlite3 is synchronous and a prepared insert is the fastest row source it has — and a write plan driven
 * synchronously inside one `transaction()`, so no other work of the process runs between its statements.
 */
export class SqliteStore implements TelemetryStore {
  readonly dialect = 'sqlite' as const;

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
      case 'insert': {
        const cols = insertColumns(o.def);
        const insert = prepare(
          sqlite,
          `insert into ${o.def.table} (${cols.join(', ')}) values (${placeholders(cols.length)}) on conflict do nothing`,
        );
        return o.rows.map((row) => insert.run(row.deviceId, row.ts, ...row.values).changes > 0);
      }
      case 'rollups': {
        const upsert = prepare(
          sqlite,
          upsertSql(o.def, o.level, `values (${placeholders(2 + statColumns(o.def).length)})`),
        );
        for (const p of o.partials) upsert.run(p.deviceId, p.bucket, ...p.values);
        return undefined;
      }
      case 'rewrite': {
        const update = prepare(
          sqlite,
          `update ${o.def.table} set ${o.columns.map((c) => `${c} = ?`).join(', ')} where device_id = ? and ts = ?`,
        );
        for (const r of o.rows) update.run(...r.values, r.deviceId, r.ts);
        return undefined;
      }
      case 'last': {
        const last = prepare(sqlite, LAST_SQL);
        for (const s of o.states) last.run(s.deviceId, s.ts, s.data, o.now);
        return undefined;
      }
    }
  }
}
