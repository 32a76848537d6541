import type pg from 'pg';
import { statColumnTypes, upsertSql } from './rollup.ts';
import {
  insertColumns,
  LAST_STATES_SQL,
  type LastState,
  lastStateOf,
  pgText,
  type TelemetryStore,
  type WriteOp,
  type WritePlan,
} from './telemetry-store.ts';

const PG_CAST: Record<string, string> = { integer: 'int4', bigint: 'int8', 'double precision': 'float8' };
/** `select * from unnest($1::int4[], …)`: many rows in one statement, one array parameter per column */
const unnest = (casts: string[]) => `select * from unnest(${casts.map((c, i) => `$${i + 1}::${c}[]`).join(', ')})`;

/**
 * The telemetry store on PostgreSQL (telemetry-store.ts): multi-row statements with array parameters (`unnest`), a write
 * plan driven on one pooled connection between `begin` and `commit`, run again when the server rolls it back on a
 * deadlock or serialization failure.
 */
export class PostgresStore implements TelemetryStore {
  readonly dialect = 'postgres' as const;

  constructor(private readonly pool: pg.Pool) {}

  async query<T = Record<string, any>>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(pgText(text), params)).rows as T[];
  }

  async queryArrays(text: string, params: unknown[] = []): Promise<unknown[][]> {
    return (await this.pool.query({ text: pgText(text), values: params, rowMode: 'array' })).rows as unknown[][];
  }

  async write<T>(plan: () => WritePlan<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.writeOnce(plan());
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
      }
    }
  }

  async lastStates(deviceIds: number[]): Promise<LastState[]> {
    if (!deviceIds.length) return [];
    return (await this.query(LAST_STATES_SQL(deviceIds.length), deviceIds)).map(lastStateOf);
  }

  private async writeOnce<T>(steps: WritePlan<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      let r = steps.next();
      while (!r.done) r = steps.next(await this.run(client, r.value));
      await client.query('commit');
      return r.value;
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  private async run(client: pg.PoolClient, o: WriteOp): Promise<unknown> {
    switch (o.kind) {
      case 'sql':
        return (await client.query(pgText(o.text), o.params)).rows;
      case 'insert': {
        const cols = insertColumns(o.def);
        const casts = ['int4', 'int8', ...cols.slice(2).map(() => 'float8')];
        const arrays: unknown[][] = cols.map(() => []);
        for (const row of o.rows) {
          arrays[0].push(row.deviceId);
          arrays[1].push(row.ts);
          for (let i = 2; i < cols.length; i++) arrays[i].push(row.values[i - 2]);
        }
        const res = await client.query(
          `insert into ${o.def.table} (${cols.join(', ')}) ${unnest(casts)} on conflict do nothing returning device_id, ts`,
          arrays,
        );
        const done = new Set(res.rows.map((r: { device_id: number; ts: number }) => `${r.device_id}:${Number(r.ts)}`));
        return o.rows.map((row) => done.has(`${row.deviceId}:${row.ts}`));
      }
      case 'rollups': {
        const casts = ['int4', 'int8', ...statColumnTypes(o.def).map((t) => PG_CAST[t])];
        const ps = o.partials;
        if (!ps.length) return undefined;
        await client.query(upsertSql(o.def, o.level, unnest(casts)), [
          ps.map((p) => p.deviceId),
          ps.map((p) => p.bucket),
          ...casts.slice(2).map((_, i) => ps.map((p) => p.values[i])),
        ]);
        return undefined;
      }
      case 'rewrite': {
        if (!o.rows.length) return undefined;
        const set = o.columns.map((c, i) => `${c} = u.c${i}`).join(', ');
        const arrays = o.columns.map((_, i) => `$${i + 3}::float8[]`).join(', ');
        const names = o.columns.map((_, i) => `c${i}`).join(', ');
        await client.query(
          `update ${o.def.table} as t set ${set} from unnest($1::int4[], $2::int8[], ${arrays}) as u(id, ts, ${names})
           where t.device_id = u.id and t.ts = u.ts`,
          [
            o.rows.map((r) => r.deviceId),
            o.rows.map((r) => r.ts),
            ...o.columns.map((_, i) => o.rows.map((r) => r.values[i])),
          ],
        );
        return undefined;
      }
      case 'last':
        if (!o.states.length) return undefined;
        await client.query(
          `insert into telemetry_last (device_id, ts, data, received_time)
           select *, $4::int8 from unnest($1::int4[], $2::int8[], $3::text[])
           on conflict (device_id) do update set ts = excluded.ts, data = excluded.data, received_time = excluded.received_time
           where excluded.ts > telemetry_last.ts`,
          [o.states.map((s) => s.deviceId), o.states.map((s) => s.ts), o.states.map((s) => s.data), o.now],
        );
        return undefined;
    }
  }
}
