import { storedMetrics, TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../src/db/database.ts';
import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import { ROLLUPS, rollupTable, type StatName, statColumn, statsOf } from '../../src/modules/telemetry/rollup.ts';
import { query } from '../../src/modules/telemetry/sql.ts';
import { createDevice, twoTenants } from '../helpers/fixtures.ts';

/**
 * Two tenants (fixtures.twoTenants) with a vessel each: A1 carries one device of every type,
 * B1 a GPS and a gateway. Keys: the gateway of A1, the GPS of A1 alone, the gateway of B1.
 */
export async function telemetryWorld(database: Database) {
  const db = database.db;
  const t = await twoTenants(db, ['master_device', 'master_asset']);
  const dev = {
    gps: await createDevice(db, t.assetA1, 'gps-a1', 'gps'),
    rpmPort: await createDevice(db, t.assetA1, 'rpm-a1-1', 'rpm', { devcLabel: 'PORT' }),
    rpmStbd: await createDevice(db, t.assetA1, 'rpm-a1-3', 'rpm', { devcLabel: 'STARBOARD' }),
    ae: await createDevice(db, t.assetA1, 'ae-a1-1', 'ae'),
    fm: await createDevice(db, t.assetA1, 'fm-a1-1', 'flowmeter', { devcLabel: 'PORT_IN' }),
    temp: await createDevice(db, t.assetA1, 'tm-a1-1', 'Temperature', { devcLabel: 'EXHAUST_TEMPERATURE' }),
    power: await createDevice(db, t.assetA1, 'pw-a1', 'power'),
    tank: await createDevice(db, t.assetA1, 'tk-a1', 'tank'),
    tracker: await createDevice(db, t.assetA1, 'trk-a1', 'teltonika'),
    switch: await createDevice(db, t.assetA1, 'sw-a1', 'limitswitch'),
    gatewayA1: await createDevice(db, t.assetA1, 'gw-a1', 'gateway'),
    gpsB1: await createDevice(db, t.assetB1, 'gps-b1', 'gps'),
    gatewayB1: await createDevice(db, t.assetB1, 'gw-b1', 'gateway'),
    loose: await createDevice(db, null, 'gps-loose', 'gps'),
  };
  const keys = {
    gatewayA1: await issueDeviceKey(db, dev.gatewayA1, 'test'),
    gpsA1: await issueDeviceKey(db, dev.gps, 'test'),
    gatewayB1: await issueDeviceKey(db, dev.gatewayB1, 'test'),
  };
  return { ...t, dev, keys };
}

/** The two rollup levels: UTC hours, and local days at +7 (the product's timezone). */
export const LEVELS = ROLLUPS;
type Level = (typeof LEVELS)[number];

/**
 * The rollups of every type as one list of (device, stored column, bucket) rows, ordered, for equality checks
 * (data points and derived columns; the bucket is called `hour` in the dump; columns without values in a bucket are
 * left out).
 */
export async function rollups(database: Database, level: Level = LEVELS[0]) {
  const out: any[] = [];
  for (const def of Object.values(TELEMETRY_TYPES)) {
    for (const r of await query(database, `select * from ${rollupTable(def, level)}`)) {
      for (const m of storedMetrics(def)) {
        const v = (stat: StatName) => r[statColumn(m, stat)];
        if (!Number(v('n'))) continue;
        const row: Record<string, number | string> = {
          device_id: Number(r.device_id),
          metric: m.column,
          hour: Number(r.bucket),
          n: Number(v('n')),
          total: Number(v('sum')),
          first_val: Number(v('fv')),
          first_ts: Number(v('ft')),
        };
        // a derived column keeps no extremes nor last values (rollup.ts DERIVED_STATS)
        if (statsOf(def, m).includes('lv'))
          Object.assign(row, {
            vmin: Number(v('min')),
            vmax: Number(v('max')),
            last_val: Number(v('lv')),
            last_ts: Number(v('lt')),
          });
        out.push(row);
      }
    }
  }
  return out.sort(
    (a, b) => a.device_id - b.device_id || (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0) || a.hour - b.hour,
  );
}

/**
 * The hourly rollups as they must be, computed here from the raw rows of every typed table,
 * independently of the ingest code.
 */
export async function rollupsFromRaw(database: Database, tables: Record<string, string[]>, level: Level = LEVELS[0]) {
  const out: any[] = [];
  for (const [table, columns] of Object.entries(tables)) {
    const rows = await query(database, `select * from ${table} order by device_id, ts`);
    const map = new Map<string, any>();
    for (const r of rows) {
      const ts = Number(r.ts);
      const hour = Math.floor((ts + level.shift) / level.size) * level.size - level.shift;
      for (const c of columns) {
        const v = r[c];
        if (v === null || v === undefined) continue;
        const k = `${r.device_id}|${c}|${hour}`;
        const p = map.get(k);
        if (!p) {
          map.set(k, {
            device_id: Number(r.device_id),
            metric: c,
            hour,
            n: 1,
            total: v,
            vmin: v,
            vmax: v,
            first_val: v,
            first_ts: ts,
            last_val: v,
            last_ts: ts,
          });
        } else {
          p.n++;
          p.total += v;
          p.vmin = Math.min(p.vmin, v);
          p.vmax = Math.max(p.vmax, v);
          p.last_val = v; // rows come in time order
          p.last_ts = ts;
        }
      }
    }
    // a derived column's rollup keeps count, sum and its first value (rollup.ts DERIVED_STATS)
    const def = Object.values(TELEMETRY_TYPES).find((d) => d.table === table)!;
    const derived = new Set((def.derived ?? []).map((m) => m.column));
    for (const p of map.values())
      if (derived.has(p.metric)) for (const k of ['vmin', 'vmax', 'last_val', 'last_ts']) delete p[k];
    out.push(...map.values());
  }
  return out.sort(
    (a, b) => a.device_id - b.device_id || (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0) || a.hour - b.hour,
  );
}

/** Rollup rows with numbers rounded, so float sums compare across summation orders. */
export const rounded = (rows: any[]) =>
  rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v])),
  );

/** A device's stored spans in time order: [ts, span]. */
export async function spansOf(database: Database, table: string, deviceId: number) {
  const rows = await query(database, `select ts, span from ${table} where device_id = ? order by ts`, [deviceId]);
  return rows.map((r) => [Number(r.ts), r.span === null ? null : Number(r.span)]);
}

/**
 * docs/domain.md §5 worked out here from the raw rows, independently of ingest: a reading whose `present` column has
 * a value is a sample; its span is min(t − t_previous sample, limit), null for the first sample and for the others.
 */
export async function spansFromRaw(
  database: Database,
  table: string,
  deviceId: number,
  present: string,
  limit: number,
) {
  const rows = await query(database, `select ts, ${present} as v from ${table} where device_id = ? order by ts`, [
    deviceId,
  ]);
  let prev: number | undefined;
  return rows.map((r) => {
    const ts = Number(r.ts);
    if (r.v === null) return [ts, null];
    const span = prev === undefined ? null : Math.min(ts - prev, limit);
    prev = ts;
    return [ts, span];
  });
}
