import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { query } from '../../src/modules/telemetry/sql.ts';
import { dialects, freshDatabase } from '../helpers/app.ts';
import { LEVELS, rollups, rollupsFromRaw, rounded, telemetryWorld } from './world.ts';

/**
 * Migration 003 turns the narrow rollups (a row per device, data point and bucket) into the wide tables
 * (a row per device and bucket). A database that holds narrow rollups comes out with the same statistics.
 */
const T0 = 1767225600; // 2026-01-01 00:00 UTC

describe.each(dialects())('migration 003_wide_rollups (%s)', (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('carries every statistic of the narrow rollups over to the wide tables', async () => {
    database = await freshDatabase(dialect, '002b_telemetry_daily');
    const w = await telemetryWorld(database);
    const insert = async (table: string, cols: string[], rows: unknown[][]) => {
      const text = `insert into ${table} (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})`;
      for (const r of rows)
        if (database!.dialect === 'sqlite') database!.sqlite.prepare(text).run(...r);
        else await query(database!, text, r);
    };
    const gps: unknown[][] = [];
    const fm: unknown[][] = [];
    const ae: unknown[][] = [];
    for (let i = 0; i < 300; i++) {
      const ts = T0 + i * 613; // about two days, crossing hours and local days
      gps.push([w.dev.gps, ts, -6 + i / 500, 106 + i / 700, i % 20, i % 7 ? 1000 + i : null]);
      if (i % 4) fm.push([w.dev.fm, ts, (i * 37) % 500, i % 3 ? 840 + (i % 9) : null, 10000 + i * 3]);
      ae.push([w.dev.ae, ts, i % 5 ? 1500 : 0, i % 5 ? 1 : 0]);
    }
    gps.push([w.dev.gpsB1, T0 + 50, -7, 110, 3, 0]);
    await insert('telemetry_gps', ['device_id', 'ts', 'latitude', 'longitude', 'speed', 'distance'], gps);
    await insert('telemetry_flowmeter', ['device_id', 'ts', 'volume_flowrate', 'density', 'volume_inventory'], fm);
    await insert('telemetry_ae', ['device_id', 'ts', 'rpm', 'running'], ae);
    const tables = {
      telemetry_gps: ['latitude', 'longitude', 'speed', 'distance'],
      telemetry_flowmeter: ['volume_flowrate', 'density', 'volume_inventory'],
      telemetry_ae: ['rpm', 'running'],
    };
    const old = ['telemetry_hourly', 'telemetry_daily'];
    const before = [];
    for (const [i, level] of LEVELS.entries()) {
      const rows = await rollupsFromRaw(database, tables, level);
      before.push(rows);
      const bucket = i === 0 ? 'hour' : 'day';
      await insert(
        old[i],
        ['device_id', 'metric', bucket, 'n', 'total', 'vmin', 'vmax', 'first_val', 'first_ts', 'last_val', 'last_ts'],
        rows.map((r) => [
          r.device_id,
          r.metric,
          r.hour,
          r.n,
          r.total,
          r.vmin,
          r.vmax,
          r.first_val,
          r.first_ts,
          r.last_val,
          r.last_ts,
        ]),
      );
    }
    expect(before[0].length).toBeGreaterThan(100);

    await migrate(database);

    // the data points the narrow rollups held (later migrations add derived columns, filled from the readings)
    const carried = new Set(Object.values(tables).flat());
    for (const [i, level] of LEVELS.entries())
      expect(rounded((await rollups(database, level)).filter((r) => carried.has(r.metric)))).toEqual(
        rounded(before[i]),
      );
    const left = await query(
      database,
      `select count(*) as n from ${dialect === 'sqlite' ? 'sqlite_master where type' : 'information_schema.tables where table_type'} = ${dialect === 'sqlite' ? "'table'" : "'BASE TABLE'"} and ${dialect === 'sqlite' ? 'name' : 'table_name'} in ('telemetry_hourly', 'telemetry_daily')`,
    );
    expect(Number(left[0].n)).toBe(0);
  });
});
