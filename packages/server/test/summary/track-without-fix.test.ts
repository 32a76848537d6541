import { bucketStart } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACK_WITHOUT_FIX_INDEX } from '../../src/db/migrations/034_gps_track_without_fix.ts';
import { nowSeconds } from '../../src/http/time.ts';
import type { Frame } from '../../src/modules/summary/summary-domain.ts';
import { trackSums } from '../../src/modules/summary/summary-track.ts';
import { query } from '../../src/modules/telemetry/sql.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { twoTenants } from '../helpers/fixtures.ts';
import { H, MIN, send, vessel } from './summary-world.ts';

/**
 * docs/domain.md §7, whole hours (issue 29, migration 034): the readings with a track but no position, taken off
 * the hourly rollup's track sums, are read through the partial index of exactly those rows instead of a scan of
 * every GPS row of the hours. The sums per bucket must be those of the definition (the fixes' tracks) and those the
 * scan gave before — cold, read again, and after late readings with and without a position into hours already read.
 */

const DAY = 86400;
type Reading = { device: string; ts: number; data: Record<string, number> };

describe.each(dialects())('§7 track sums from the readings without a fix on %s', (dialect) => {
  let t: TestApp;
  let key: string;
  let gpsId: number;
  /** local midnight (+7) 3 days ago; readings every 5 minutes for 2 days from 3 h before it */
  let T: number;
  const readings: Reading[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const tenants = await twoTenants(t.database.db, ['master_asset']);
    T = bucketStart(nowSeconds() - 3 * DAY, DAY, 7);
    const v = await vessel(t, tenants.compA1, 'Track');
    key = v.key;
    gpsId = await v.add('tr-gps', 'gps', null);
    for (let i = 0; i < 2 * 288; i++) {
      const ts = T - 3 * H + i * 300 + (i % 7) * 3;
      const track = (i * 47) % 360;
      // every 9th reading has a track but no position (every 18th not even a latitude), every 13th no track
      const data: Record<string, number> =
        i % 9 === 0
          ? i % 18 === 0
            ? { track, speed: 5 }
            : { latitude: -6.1, track, speed: 5 }
          : { latitude: -6 + 0.001 * i, longitude: 106 + 0.001 * i, speed: 9, ...(i % 13 ? { track } : {}) };
      readings.push({ device: 'tr-gps', ts, data });
    }
    await send(t, key, readings);
  }, 120_000);
  afterAll(() => t?.close());

  /** §7 by its definition: per bucket, Σ sin, Σ cos and the count of the fixes' tracks. */
  function definition(f: Frame) {
    const out = new Map<number, { sin: number; cos: number; n: number }>();
    const { size, shift } = f.grid!;
    for (const r of readings) {
      const d = r.data;
      if (r.ts < f.start || r.ts >= f.end || d.track === undefined) continue;
      if (d.latitude === undefined || d.longitude === undefined) continue;
      const b = Math.floor((r.ts + shift) / size) * size - shift;
      const s = out.get(b) ?? { sin: 0, cos: 0, n: 0 };
      s.sin += Math.sin((d.track * Math.PI) / 180);
      s.cos += Math.cos((d.track * Math.PI) / 180);
      s.n += 1;
      out.set(b, s);
    }
    return out;
  }

  /** The readings without a fix per UTC hour of [a, b), as the scan before migration 034 found them. */
  const scanned = (a: number, b: number) =>
    query(
      t.database,
      `select (ts / ${H}) * ${H} as h, sum(sin(radians(track))) as s, sum(cos(radians(track))) as c, count(track) as n
         from telemetry_gps
        where device_id = ? and track is not null and ts >= ? and ts < ?
          and not (latitude is not null and longitude is not null)
        group by (ts / ${H}) * ${H}`,
      [gpsId, a, b],
    );
  /** The same through the partial index, as summary-track.ts reads them. */
  const indexed = (a: number, b: number) =>
    query(
      t.database,
      `select (ts / ${H}) * ${H} as h, sum(sin(radians(track))) as s, sum(cos(radians(track))) as c, count(track) as n
         from telemetry_gps${dialect === 'sqlite' ? ` indexed by ${TRACK_WITHOUT_FIX_INDEX}` : ''}
        where device_id = ? and track is not null and (latitude is null or longitude is null) and ts >= ? and ts < ?
        group by (ts / ${H}) * ${H}`,
      [gpsId, a, b],
    );
  const byHour = (rows: Record<string, unknown>[]) =>
    Object.fromEntries(rows.map((r) => [Number(r.h), [Number(r.s), Number(r.c), Number(r.n)]]));

  const frames = (): [string, Frame][] => [
    ['2 days at HOUR +7', { start: T - 3 * H, end: T + 2 * DAY, grid: { size: H, shift: 7 * H } }],
    ['2 days at DAY +7', { start: T, end: T + 2 * DAY, grid: { size: DAY, shift: 7 * H } }],
    [
      'mid-hour edges at HOUR +5.5',
      { start: T + 17 * MIN, end: T + DAY + 5 * H + 41 * MIN, grid: { size: H, shift: 5.5 * H } },
    ],
  ];

  async function expectDefinition(label: string) {
    for (const [name, f] of frames()) {
      const got = await trackSums(t.database, gpsId, f);
      const want = definition(f);
      expect([...got.keys()].sort(), `${label}: ${name}`).toEqual([...want.keys()].sort());
      for (const [b, w] of want) {
        const g = got.get(b)!;
        expect(g.n, `${label}: ${name} @${b}`).toBe(w.n);
        expect(g.sin, `${label}: ${name} @${b}`).toBeCloseTo(w.sin, 9);
        expect(g.cos, `${label}: ${name} @${b}`).toBeCloseTo(w.cos, 9);
      }
    }
    // the index finds exactly the rows the scan found, hour by hour
    const [a, b] = [T - 3 * H, T + 2 * DAY];
    expect(byHour(await indexed(a, b)), label).toEqual(byHour(await scanned(a, b)));
  }

  it('cold and read again: the definition, and the rows the scan found', async () => {
    await expectDefinition('cold');
    await expectDefinition('again');
    // the comparison means something: hours with such readings, hours of the rollup taken off
    expect(Object.keys(byHour(await indexed(T - 3 * H, T + 2 * DAY))).length).toBeGreaterThan(20);
  });

  it('late readings into hours already read: with a track and no position they are taken off, fixes added', async () => {
    const late: Reading[] = [
      { device: 'tr-gps', ts: T + 5 * H + 2 * MIN + 11, data: { track: 91, speed: 4 } },
      { device: 'tr-gps', ts: T + 5 * H + 7 * MIN + 11, data: { longitude: 106.2, track: 271 } },
      { device: 'tr-gps', ts: T + DAY + 3 * MIN + 1, data: { latitude: -6.2, longitude: 106.3, track: 12 } },
    ];
    await send(t, key, late);
    readings.push(...late);
    await expectDefinition('late');
  });

  it.runIf(dialect === 'sqlite')('SQLite reads them by the partial index, not by the table key', async () => {
    const plan = await query<{ detail: string }>(
      t.database,
      `explain query plan select count(*) from telemetry_gps indexed by ${TRACK_WITHOUT_FIX_INDEX}
        where device_id = ? and track is not null and (latitude is null or longitude is null) and ts >= ? and ts < ?`,
      [gpsId, T, T + DAY],
    );
    expect(plan.map((p) => p.detail).join(' ')).toContain(TRACK_WITHOUT_FIX_INDEX);
  });
});
