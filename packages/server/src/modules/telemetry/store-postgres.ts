import type { DeviceTypeDef } from '@fleet/shared/telemetry.ts';
import type pg from 'pg';
import { statColumnTypes, upsertSql } from './rollup.ts';
import {
  insertColumns,
  LAST_STATES_SQL,
  type LastState,
  lastStateOf,
  pgText,
  type StoredReading,
  type TelemetryStore,
  type WriteOp,
  type WritePlan,
} from './telemetry-store.ts';

const PG_CAST: Record<string, string> = { integer: 'int4', bigint: 'int8', 'double precision': 'float8' };
/** `select * from unnest($1::int4[], …)`: many rows in one statement, one array parameter per column (from $from+1) */
const unnest = (casts: string[], from = 0) =>
  `select * from unnest(${casts.map((c, i) => `$${from + i + 1}::${c}[]`).join(', ')})`;

/** Element type OID and bytes of the array parameters sent in PostgreSQL's binary format. */
const BINARY = { int4: [23, 4], int8: [20, 8], float8: [701, 8] } as const;
type BinaryType = keyof typeof BINARY;

/**
 * A one-dimensional array parameter in PostgreSQL's binary array format (array_recv: dimensions, null flag, element
 * type, then each element's length and big-endian bytes; -1 for NULL). pg sends a Buffer as a binary parameter:
 * no number is turned into text here nor parsed back on the server, and a double arrives bit for bit. Writing the
 * batch's arrays as text (pg's per-element quoting) was a tenth of ingest's CPU.
 */
export function binaryArray<T>(type: BinaryType, items: readonly T[], value: (item: T) => number | null): Buffer {
  const [oid, size] = BINARY[type];
  let nulls = 0;
  for (let i = 0; i < items.length; i++) if (value(items[i]) === null) nulls++;
  const n = items.length;
  const buf = Buffer.allocUnsafe((n ? 20 : 12) + n * 4 + (n - nulls) * size);
  buf.writeInt32BE(n ? 1 : 0, 0);
  buf.writeInt32BE(nulls ? 1 : 0, 4);
  buf.writeInt32BE(oid, 8);
  if (!n) return buf;
  buf.writeInt32BE(n, 12);
  buf.writeInt32BE(1, 16); // lower bound
  let at = 20;
  for (let i = 0; i < n; i++) {
    const v = value(items[i]);
    if (v === null) {
      buf.writeInt32BE(-1, at);
      at += 4;
      continue;
    }
    buf.writeInt32BE(size, at);
    if (type === 'float8') buf.writeDoubleBE(v, at + 4);
    else if (type === 'int4') buf.writeInt32BE(v, at + 4);
    else {
      const hi = Math.floor(v / 2 ** 32);
      buf.writeInt32BE(hi, at + 4);
      buf.writeUInt32BE(v - hi * 2 ** 32, at + 8);
    }
    at += 4 + size;
  }
  return buf;
}

/**
 * The name of a statement prepared once per connection (pg caches it by name): the batch's statements differ by
 * the types a batch holds, and parsing and planning ~20 upserts on every batch is the server's work saved.
 */
const names = new Map<string, string>();
const statementName = (kind: string, parts: string[]) => {
  const key = `${kind}:${parts.join(',')}`;
  let name = names.get(key);
  if (!name) {
    name = `ingest_${kind}_${names.size}`;
    names.set(key, name);
  }
  return name;
};

/** Texts of write-plan statements given a name (`prepared`): a bound on the statements a connection keeps prepared. */
const MAX_NAMED = 300;
const textNames = new Map<string, string>();

/**
 * A write plan's statement prepared once per connection under a name, by its text: the same few are sent for every
 * batch (the derived columns' lookups, the engine's reads and writes, the last states), and a named one costs the
 * server no parse and plan, and this process about half the CPU of an unnamed one (~70 µs a statement measured).
 * Texts past MAX_NAMED (inlined lists of rare lengths) go unnamed.
 */
function prepared(text: string, values: unknown[]): pg.QueryConfig {
  let name = textNames.get(text);
  if (name === undefined && textNames.size < MAX_NAMED) {
    name = `telemetry_${textNames.size}`;
    textNames.set(text, name);
  }
  return { name, text: pgText(text), values };
}

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

  /**
   * Every group's readings in one statement, `on conflict do nothing`: per group the count of new rows, and only
   * when it falls short of the group's rows (a resend) the keys of the new ones — no row per reading to send back
   * and parse in the usual case.
   */
  private async insert(client: pg.PoolClient, groups: { def: DeviceTypeDef; rows: StoredReading[] }[]) {
    const present = groups.filter((g) => g.rows.length);
    if (!present.length) return groups.map(() => []);
    const params: unknown[] = [];
    const ctes: string[] = [];
    const selects: string[] = [];
    present.forEach(({ def, rows }, g) => {
      const cols = insertColumns(def);
      const casts = ['int4', 'int8', ...cols.slice(2).map(() => 'float8')];
      const from = params.length;
      params.push(
        binaryArray('int4', rows, (r) => r.deviceId),
        binaryArray('int8', rows, (r) => r.ts),
        ...cols.slice(2).map((_, i) => binaryArray('float8', rows, (r) => r.values[i])),
      );
      ctes.push(
        `i${g} as (insert into ${def.table} (${cols.join(', ')}) ${unnest(casts, from)} on conflict do nothing returning device_id, ts)`,
      );
      const all = `count(*) = cardinality($${from + 1}::int4[])`;
      // in catalogue order (an Append runs its branches one after the other): every writer locks in the same order
      selects.push(
        `select count(*)::int4 as n, case when ${all} then null else array_agg(device_id) end as ids,
          case when ${all} then null else array_agg(ts) end as ts from i${g}`,
      );
    });
    const res = await client.query({
      name: statementName(
        'insert',
        present.map((g) => g.def.type),
      ),
      text: `with ${ctes.join(',\n')}\n${selects.join('\nunion all ')}`,
      values: params,
      rowMode: 'array',
    });
    const answers = new Map(
      present.map(({ rows }, g) => {
        const [n, ids, ts] = res.rows[g] as [number, number[] | null, string[] | null];
        if (n === rows.length || !ids || !ts) return [rows, rows.map(() => n === rows.length)] as const;
        const fresh = new Set(ids.map((id, i) => `${id}:${ts[i]}`));
        return [rows, rows.map((row) => fresh.has(`${row.deviceId}:${row.ts}`))] as const;
      }),
    );
    return groups.map((g) => answers.get(g.rows) ?? []);
  }

  private async run(client: pg.PoolClient, o: WriteOp): Promise<unknown> {
    switch (o.kind) {
      case 'sql':
        return (await client.query(prepared(o.text, o.params))).rows;
      case 'insert':
        return this.insert(client, o.groups);
      case 'rollups': {
        const groups = o.groups.filter((g) => g.partials.length);
        if (!groups.length) return undefined;
        const params: unknown[] = [];
        const parts = groups.map(({ def, level, partials: ps }, g) => {
          const casts = ['int4', 'int8', ...statColumnTypes(def).map((t) => PG_CAST[t])];
          const from = params.length;
          params.push(
            binaryArray('int4', ps, (p) => p.deviceId),
            binaryArray('int8', ps, (p) => p.bucket),
            ...casts.slice(2).map((c, i) => binaryArray(c as BinaryType, ps, (p) => p.values[i])),
          );
          return {
            name: `${def.type}.${level.name}`,
            cte: `r${g} as (${upsertSql(def, level, unnest(casts, from))} returning 1)`,
          };
        });
        // the CTEs read in catalogue order (an Append runs its branches one after the other): every writer locks the
        // buckets in the same order, as the statements one by one did
        await client.query({
          name: statementName(
            'rollups',
            parts.map((p) => p.name),
          ),
          text: `with ${parts.map((p) => p.cte).join(',\n')}\n${parts.map((_, g) => `select count(*) from r${g}`).join('\nunion all ')}`,
          values: params,
        });
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
          prepared(
            `insert into telemetry_last (device_id, ts, data, received_time)
           select *, ?::int8 from unnest(?::int4[], ?::int8[], ?::text[])
           on conflict (device_id) do update set ts = excluded.ts, data = excluded.data, received_time = excluded.received_time
           where excluded.ts > telemetry_last.ts`,
            [
              o.now,
              binaryArray('int4', o.states, (s) => s.deviceId),
              binaryArray('int8', o.states, (s) => s.ts),
              o.states.map((s) => s.data),
            ],
          ),
        );
        return undefined;
    }
  }
}
