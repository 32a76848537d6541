import { TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMonths } from '../../src/modules/telemetry/partitions.ts';
import { query, telemetryStore } from '../../src/modules/telemetry/sql.ts';
import { CHUNKS } from '../../src/modules/telemetry/store-sqlite.ts';
import { op } from '../../src/modules/telemetry/telemetry-store.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { LEVELS, rollups, rollupsFromRaw, rounded, telemetryWorld } from './world.ts';

const T0 = 1767225600; // 2026-01-01 00:00 UTC
const DAY = 86400;

/**
 * The batched write path (issue 29): a batch's readings of every type in one operation (PostgreSQL: one statement
 * that sends back only a count when every reading was new), rollups and last states in multi-row statements
 * (SQLite: CHUNKS rows per statement). Whatever the chunking, each reading's status and every stored value and
 * rollup are what one statement per row gave.
 */
describe.each(dialects())('batched ingest writes on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  const post = async (readings: unknown[]) => {
    const r = await t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': w.keys.gatewayA1 },
      payload: { readings },
    });
    expect(r.statusCode).toBe(200);
    return r.json.data as { accepted: number; duplicate: number; rejected: number; results: any[] };
  };
  const tables = {
    telemetry_temperature: ['temperature'],
    telemetry_rpm: ['rpm', 'span'],
    telemetry_gps: ['latitude', 'longitude', 'speed', 'distance', 'span', 'span_distance', 'moving_span'],
  };
  const rollupsMatchRaw = async () => {
    for (const level of LEVELS) {
      const expected = await rollupsFromRaw(t.database, tables, level);
      expect(rounded(await rollups(t.database, level))).toEqual(rounded(expected));
    }
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await telemetryWorld(t.database);
  });
  afterAll(() => t.close());

  it('keeps the new readings of a batch that mixes duplicates, new readings and a malformed one', async () => {
    const start = T0;
    const first = await post([
      { device: 'tm-a1-1', ts: start, data: { temperature: 300 } },
      { device: 'tm-a1-1', ts: start + 60, data: { temperature: 301 } },
      { device: 'rpm-a1-1', ts: start, data: { rpm: 700 } },
      { device: 'rpm-a1-1', ts: start + 60, data: { rpm: 710 } },
    ]);
    expect(first).toMatchObject({ accepted: 4, duplicate: 0, rejected: 0 });
    const second = await post([
      { device: 'tm-a1-1', ts: start + 60, data: { temperature: 999 } }, // stored before
      { device: 'tm-a1-1', ts: start + 120, data: { temperature: 302 } },
      { device: 'tm-a1-1', ts: start + 180, data: { temperature: 'hot' } },
      { device: 'rpm-a1-1', ts: start, data: { rpm: 1 } }, // stored before
      { device: 'rpm-a1-1', ts: start + 120, data: { rpm: 720 } },
      { device: 'tm-a1-1', ts: start + 120, data: { temperature: 303 } }, // twice in this batch
      { device: 'gps-a1', ts: start, data: { latitude: -6.1, longitude: 106.8, speed: 12 } },
    ]);
    expect(second.results.map((x) => x.status)).toEqual([
      'duplicate',
      'accepted',
      'rejected',
      'duplicate',
      'accepted',
      'duplicate',
      'accepted',
    ]);
    expect(second).toMatchObject({ accepted: 3, duplicate: 3, rejected: 1 });
    // the stored readings keep their values; the new ones are there
    expect(
      (
        await query(t.database, 'select ts, temperature from telemetry_temperature where ts < ? order by ts', [
          start + DAY,
        ])
      ).map((r) => [Number(r.ts) - start, r.temperature]),
    ).toEqual([
      [0, 300],
      [60, 301],
      [120, 302],
    ]);
    expect(
      (
        await query(t.database, 'select ts, rpm from telemetry_rpm where device_id = ? and ts < ? order by ts', [
          w.dev.rpmPort,
          start + DAY,
        ])
      ).map((r) => [Number(r.ts) - start, r.rpm]),
    ).toEqual([
      [0, 700],
      [60, 710],
      [120, 720],
    ]);
    // a batch of nothing but stored readings: every one a duplicate, nothing written
    const again = await post([
      { device: 'tm-a1-1', ts: start, data: { temperature: 1 } },
      { device: 'rpm-a1-1', ts: start + 60, data: { rpm: 1 } },
    ]);
    expect(again).toMatchObject({ accepted: 0, duplicate: 2, rejected: 0 });
    const last = await query(t.database, 'select device_id, ts from telemetry_last where device_id = ?', [w.dev.temp]);
    expect(Number(last[0].ts)).toBe(start + 120);
    await rollupsMatchRaw();
  });

  it('writes rollups right at every chunk size and one over it', async () => {
    // one reading per hour of one device: a batch of n readings is n hourly partials of one type and level
    const sizes = [...new Set(CHUNKS.flatMap((c) => [c, c + 1]))].concat(2 * CHUNKS[0] + CHUNKS[1] + 3);
    let day = T0 + 10 * DAY;
    for (const n of sizes) {
      const readings = Array.from({ length: n }, (_, h) => [
        { device: 'tm-a1-1', ts: day + h * 3600, data: { temperature: 250 + ((h * 37) % 90) + 0.125 } },
        {
          device: 'gps-a1',
          ts: day + h * 3600 + 30,
          data: { latitude: -6 + h / 100, longitude: 106 + ((h * 7) % 11) / 100, speed: h % 20 },
        },
      ]).flat();
      const r = await post(readings);
      expect(r).toMatchObject({ accepted: 2 * n, duplicate: 0, rejected: 0 });
      // the same readings again, half of them with a new one between: duplicates and new rows in one batch
      const mixed = readings.flatMap((x, i) =>
        i % 4 ? [x] : [x, { device: 'tm-a1-1', ts: (x.ts as number) + 600, data: { temperature: 200 } }],
      );
      const m = await post(mixed);
      expect(m.accepted).toBe(Math.ceil(readings.length / 4));
      expect(m.duplicate).toBe(readings.length);
      day += 8 * DAY;
    }
    await rollupsMatchRaw();
  });

  it('stores each value exactly as sent, the extremes of a double included', async () => {
    const def = TELEMETRY_TYPES.temperature;
    const values = [0.1, 1e-300, 5e-324, 1.7976931348623157e308, -2.5e-7, 123456789.12345679, 1 / 3, -1e-12, null];
    const rows = values.map((v, i) => ({ deviceId: w.dev.temp, ts: T0 + 300 * DAY + i, values: [v] }));
    const store = telemetryStore(t.database);
    await ensureMonths(t.database, def.table, [T0 + 300 * DAY, T0 + 301 * DAY]);
    const fresh = await store.write(function* () {
      return yield* op<boolean[][]>({ kind: 'insert', groups: [{ def, rows }] });
    });
    expect(fresh).toEqual([values.map(() => true)]);
    const again = await store.write(function* () {
      return yield* op<boolean[][]>({
        kind: 'insert',
        groups: [{ def, rows: [...rows.slice(0, 2), { deviceId: w.dev.temp, ts: T0 + 301 * DAY, values: [1] }] }],
      });
    });
    expect(again).toEqual([[false, false, true]]);
    const stored = await query(
      t.database,
      'select ts, temperature from telemetry_temperature where ts >= ? and ts < ? order by ts',
      [T0 + 300 * DAY, T0 + 301 * DAY],
    );
    expect(stored.map((r) => (r.temperature === null ? null : Number(r.temperature)))).toEqual(values);
  });
});
