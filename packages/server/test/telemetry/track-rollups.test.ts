import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import { query } from '../../src/modules/telemetry/sql.ts';
import { createTestApp, dialects, freshDatabase, type TestApp } from '../helpers/app.ts';
import { LEVELS, telemetryWorld } from './world.ts';

/**
 * docs/domain.md §7 track: the GPS rollups keep Σ sin θ and Σ cos θ of the fixes' track (`track_sin`, `track_cos`),
 * written by ingest (both levels, also when a late fix makes a bucket be rebuilt from the raw rows) and filled by
 * migration 015 for rollups that existed before. Each is compared with the sums worked out here from the raw fixes.
 */
const T0 = 1767225600; // 2026-01-01 00:00 UTC
const RAD = Math.PI / 180;

type Level = (typeof LEVELS)[number];

/** Σ sin and Σ cos per (device, bucket) from the raw fixes, independently of the product's code. */
async function sumsFromRaw(database: TestApp['database'], level: Level) {
  const rows = await query(database, 'select device_id, ts, track from telemetry_gps where track is not null');
  const out = new Map<string, { sin: number; cos: number }>();
  for (const r of rows) {
    const ts = Number(r.ts);
    const b = Math.floor((ts + level.shift) / level.size) * level.size - level.shift;
    const k = `${r.device_id}|${b}`;
    const s = out.get(k) ?? { sin: 0, cos: 0 };
    s.sin += Math.sin(Number(r.track) * RAD);
    s.cos += Math.cos(Number(r.track) * RAD);
    out.set(k, s);
  }
  return out;
}

async function storedSums(database: TestApp['database'], level: Level) {
  const rows = await query(
    database,
    `select device_id, bucket, track_n, track_sin, track_cos from telemetry_gps_${level.name} where track_n > 0`,
  );
  return new Map(
    rows.map((r) => [`${r.device_id}|${r.bucket}`, { sin: Number(r.track_sin), cos: Number(r.track_cos) }]),
  );
}

function expectSame(got: Map<string, { sin: number; cos: number }>, want: Map<string, { sin: number; cos: number }>) {
  expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
  for (const [k, w] of want) {
    expect(got.get(k)!.sin).toBeCloseTo(w.sin, 9);
    expect(got.get(k)!.cos).toBeCloseTo(w.cos, 9);
  }
}

describe.each(dialects())('track vector rollups on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await telemetryWorld(t.database);
  });
  afterAll(() => t.close());

  const post = (readings: unknown[]) =>
    t.call({ method: 'POST', url: '/api/ingest', headers: { 'x-device-key': w.keys.gpsA1 }, payload: { readings } });

  it('ingest keeps Σ sin and Σ cos of the track per hour and local day, also for a rebuilt bucket', async () => {
    // 3 days of fixes every 7 minutes without distance (ingest computes it), tracks turning through north
    const fixes = Array.from({ length: 3 * 24 * 8 }, (_, i) => ({
      device: 'gps-a1',
      ts: T0 + i * 7 * 60 + 30,
      data: { latitude: -6 + i / 1000, longitude: 106 + i / 900, speed: 10, track: (340 + i * 3) % 360 },
    }));
    // a fix without a track counts in no sum
    fixes[5].data = { latitude: -6, longitude: 106, speed: 0 } as never;
    expect((await post(fixes.filter((_, i) => i % 2 === 0))).statusCode).toBe(200);
    expect((await post(fixes.filter((_, i) => i % 2 === 1))).statusCode).toBe(200);
    // a late fix between stored ones: the stored fix after it gets a new distance, and its buckets are rebuilt
    const late = {
      device: 'gps-a1',
      ts: T0 + 7 * 60 * 10 + 200,
      data: { latitude: -5.9, longitude: 106.1, track: 355 },
    };
    const r = await post([late]);
    expect(r.json.data.accepted).toBe(1);
    for (const level of LEVELS) expectSame(await storedSums(t.database, level), await sumsFromRaw(t.database, level));
  });
});

describe.each(dialects())('migration 015_track_vector_rollups on %s', (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('fills Σ sin and Σ cos of existing GPS rollups from the raw fixes', async () => {
    database = await freshDatabase(dialect, '014_event_mail');
    const w = await telemetryWorld(database);
    const d = database;
    const run = async (text: string, params: unknown[]) => {
      if (d.dialect === 'sqlite') d.sqlite.prepare(text).run(...params);
      else await query(d, text, params);
    };
    // 350° and 10° in one hour: Σ sin = 0, Σ cos = 2 cos 10°; a fix without a track; 90° the next local day
    const fixes: [number, number, number | null][] = [
      [w.dev.gps, T0 + 60, 350],
      [w.dev.gps, T0 + 120, 10],
      [w.dev.gps, T0 + 180, null],
      [w.dev.gps, T0 + 86400, 90],
    ];
    for (const [id, ts, track] of fixes)
      await run('insert into telemetry_gps (device_id, ts, track) values (?, ?, ?)', [id, ts, track]);
    // the rollup rows as they were (only the count matters here)
    for (const [table, buckets] of [
      ['telemetry_gps_hourly', [T0, T0 + 86400]],
      ['telemetry_gps_daily', [T0 - 7 * 3600, T0 + 86400 - 7 * 3600]],
    ] as const)
      for (const b of buckets)
        await run(`insert into ${table} (device_id, bucket, track_n) values (?, ?, ?)`, [w.dev.gps, b, 1]);
    await migrate(database);
    const hourly = await storedSums(database, LEVELS[0]);
    expect(hourly.get(`${w.dev.gps}|${T0}`)!.sin).toBeCloseTo(0, 12);
    expect(hourly.get(`${w.dev.gps}|${T0}`)!.cos).toBeCloseTo(2 * Math.cos(10 * RAD), 12);
    expect(hourly.get(`${w.dev.gps}|${T0 + 86400}`)!.sin).toBeCloseTo(1, 12);
    expect(hourly.get(`${w.dev.gps}|${T0 + 86400}`)!.cos).toBeCloseTo(0, 12);
    for (const level of LEVELS) expectSame(await storedSums(database, level), await sumsFromRaw(database, level));
  });
});
