import { type BucketUnit, bucketStart } from '@fleet/shared';
import { COMBINED_TYPES, SUMMARY_GROUPS } from '@fleet/shared/answers/summary.ts';
import { DAILY_ROLLUP_TZ } from '@fleet/shared/telemetry.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { buildCombined } from '../../src/modules/summary/combined.ts';
import { buildSummary } from '../../src/modules/summary/summary-build.ts';
import { frameDays } from '../../src/modules/summary/summary-domain.ts';
import { loadPeriod } from '../../src/modules/summary/summary-load.ts';
import { loadVesselPlan, type VesselPlan } from '../../src/modules/summary/summary-vessel.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { twoTenants } from '../helpers/fixtures.ts';
import { configAe, configRpm, H, MIN, send, vessel } from './summary-world.ts';

/** The stored day components (issue 29, migration day_components). */
const COMPONENTS = 'telemetry_day_components';

/**
 * Issue 29: whole days of the daily rollup answer what their 24 hours did. One vessel with every summary device,
 * readings every ~5 minutes (jittered, with drop-outs and gaps longer than the gap limits, an rpm that is all above,
 * all below and crossing its threshold on different days, a totaliser reset) over 10 days; each period is summarised
 * through the day path and through the hourly path (`rollups: 'hourly'`, as before issue 29) and the answers must
 * be equal — counts and seconds exactly, sums within 1e-9 relative (they add in another order). The day path also
 * reads the stored day components (§9 crossing days, §13 per-AE litres, §20 spacings): each period is read twice
 * (computed and stored, then from the stored days), also after late readings into stored days and a threshold change.
 */

const DAY = 86400;
type Reading = { device: string; ts: number; data: Record<string, number> };

/** Equal answers: integers exactly, other numbers within 1e-9 relative; the path of the first difference. */
function expectSame(a: unknown, b: unknown, path = ''): void {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isInteger(a) && Number.isInteger(b)) expect(a, path).toBe(b);
    else
      expect(Math.abs(a - b), `${path}: ${a} vs ${b}`).toBeLessThanOrEqual(1e-9 * Math.max(Math.abs(a), Math.abs(b)));
    return;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    expect(Object.keys(a).sort(), path).toEqual(Object.keys(b).sort());
    for (const k of Object.keys(a))
      expectSame((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    return;
  }
  expect(a, path).toEqual(b);
}

describe.each(dialects())('summary from daily rollups on %s', (dialect) => {
  let t: TestApp;
  let plan: VesselPlan;
  let key: string;
  let massId: number;
  /** local midnight (+7, the daily rollup's zone) 12 days ago; the data runs from 5 h before it for 10 days */
  let T7: number;
  const now = nowSeconds();

  /** The summary (all groups) and, with buckets, the combined data of one period, through one path. */
  async function answer(start: number, end: number, unit: BucketUnit, tz: number, details: boolean, hourly: boolean) {
    const rollups = hourly ? ('hourly' as const) : undefined;
    const groups = SUMMARY_GROUPS;
    const p = await loadPeriod(t.database, plan, { start, end, unit, tz, now, groups, buckets: details, rollups });
    const summary = buildSummary(p, { groups, showDetails: details });
    if (!details) return { summary };
    const c = await loadPeriod(t.database, plan, {
      start,
      end,
      unit,
      tz,
      now,
      groups: COMBINED_TYPES,
      buckets: true,
      rollups,
    });
    return { summary, combined: buildCombined(c, COMBINED_TYPES) };
  }

  const periods = () => {
    const at55 = bucketStart(T7 + DAY, DAY, 5.5);
    const utc = bucketStart(T7 + DAY, DAY, 0);
    return [
      { name: '1 day at +7', start: T7 + DAY, end: T7 + 2 * DAY, tz: 7 },
      { name: '1 day at 0 (no whole rollup day)', start: utc, end: utc + DAY, tz: 0 },
      { name: '1 day at +5.5 (no whole rollup day)', start: at55, end: at55 + DAY, tz: 5.5 },
      { name: '7 days at +7', start: T7, end: T7 + 7 * DAY, tz: 7 },
      { name: '7 days at 0', start: utc, end: utc + 7 * DAY, tz: 0 },
      { name: '7 days at +5.5', start: at55, end: at55 + 7 * DAY, tz: 5.5 },
      { name: '30 days at +7 around the data', start: T7 - 18 * DAY, end: T7 + 12 * DAY, tz: 7 },
      { name: '30 days at +5.5', start: at55 - 20 * DAY, end: at55 + 10 * DAY, tz: 5.5 },
      {
        name: 'mid-hour start and end at +7',
        start: T7 + 37 * MIN + 13,
        end: T7 + 5 * DAY + 3 * H + 11 * MIN,
        tz: 7,
      },
      { name: 'mid-hour start at 0', start: utc - 3 * H - 29 * MIN, end: utc + 6 * DAY + 17 * MIN, tz: 0 },
    ];
  };

  /** Every period, with and without details, HOUR and DAY buckets: the two paths agree. */
  async function compareAll() {
    let dayPathUsed = 0;
    for (const p of periods())
      for (const [unit, details] of [
        ['HOUR', false],
        ['HOUR', true],
        ['DAY', true],
      ] as const) {
        const label = `${p.name}, ${unit}${details ? ' with details' : ''}`;
        // the first read of a day may compute and store its components (day-components.ts), the second reads them
        const days = await answer(p.start, p.end, unit, p.tz, details, false);
        const again = await answer(p.start, p.end, unit, p.tz, details, false);
        const hours = await answer(p.start, p.end, unit, p.tz, details, true);
        expect(days.summary.gps?.summary, label).toBeDefined();
        expectSame(days, hours, label);
        expectSame(again, hours, `${label} (stored days)`);
        const grid = details ? { size: unit === 'DAY' ? DAY : H, shift: p.tz * H } : null;
        if (frameDays({ start: p.start, end: p.end, grid, days: { size: DAY, shift: DAILY_ROLLUP_TZ * H } }))
          dayPathUsed++;
      }
    // the comparison means something: most of these read whole days from the daily rollup
    expect(dayPathUsed).toBeGreaterThanOrEqual(10);
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const tenants = await twoTenants(t.database.db, ['master_asset']);
    T7 = bucketStart(now - 12 * DAY, DAY, 7);
    const v = await vessel(t, tenants.compA1, 'Days');
    key = v.key;
    massId = v.massId;
    await v.add('d-gps', 'gps', null);
    await configRpm(t, await v.add('d-rpm-1', 'rpm', 'PORT'), 'PORT', 400);
    await configRpm(t, await v.add('d-rpm-3', 'rpm', 'STARBOARD'), 'STARBOARD', 300);
    await configAe(t, await v.add('d-ae-1', 'ae', 'AE1'), 1, 6);
    await v.add('d-ae-2', 'ae', 'AE2');
    for (const l of ['PORT_IN', 'PORT_OUT', 'STARBOARD_IN', 'STARBOARD_OUT', 'AE_IN', 'AE_OUT'])
      await v.add(`d-fm-${l}`, 'flowmeter', l);
    await v.add('d-tmp-1', 'temperature', 'EXHAUST_TEMPERATURE');

    const S = T7 - 5 * H;
    const readings: Reading[] = [];
    const add = (
      device: string,
      salt: number,
      data: (i: number, ts: number, day: number) => Record<string, number>,
    ) => {
      for (let i = 0; i < 10 * 288; i++) {
        const ts = S + i * 300 + ((i * 37 + salt * 11) % 50);
        // drop-outs, and a 3-hour silence on day 4 (longer than both gap limits) crossing a UTC hour and 18:00 UTC
        if ((i * 7919 + salt * 13) % 97 < 4) continue;
        if (ts >= T7 + 4 * DAY + 9 * H + 20 * MIN && ts < T7 + 4 * DAY + 12 * H + 40 * MIN) continue;
        readings.push({ device, ts, data: data(i, ts, Math.floor((ts - T7) / DAY)) });
      }
    };
    add('d-gps', 1, (i) => ({
      latitude: -6 + 0.001 * (i % 500),
      longitude: 106 + 0.002 * i,
      speed: i % 17 < 4 ? 0.5 : 8 + (i % 5),
      track: (i * 29) % 360,
    }));
    // all above on day 2, all below on day 3, off on day 5, crossing the threshold (400) on the other days
    add('d-rpm-1', 2, (i, _, day) => ({
      rpm: day === 2 ? 900 + (i % 7) : day === 3 ? 350 : day === 5 ? 0 : i % 24 < 10 ? 1000 + (i % 9) : 300,
    }));
    add('d-rpm-3', 3, () => ({ rpm: 820 }));
    add('d-ae-1', 4, (i) => ({ rpm: i % 40 < 25 ? 1500 : 0, running: i % 40 < 25 ? 1 : 0 }));
    add('d-ae-2', 5, (i) => ({ rpm: i % 30 < 6 ? 1480 : 0 }));
    add('d-fm-PORT_IN', 6, (i) => ({
      volumeInventory: 10000 + 9.5 * i + (i % 3) * 0.25,
      volumeFlowrate: i % 50 < 40 ? 114 : 0,
      density: 850 + (i % 4),
      temperature: 38 + (i % 6),
      massInventory: 8000 + 8.1 * i,
    }));
    add('d-fm-PORT_OUT', 7, (i) => ({ volumeInventory: 5000 + 2.25 * i, volumeFlowrate: 27 }));
    // the starboard supply totaliser resets on day 6
    add('d-fm-STARBOARD_IN', 8, (i, ts) => ({
      volumeInventory: ts < T7 + 6 * DAY + 7 * H ? 20000 + 15 * i : 3 * (i - 1850),
      volumeFlowrate: 180,
      density: 840,
      temperature: 42,
    }));
    add('d-fm-STARBOARD_OUT', 9, (i) => ({ volumeInventory: 7000 + 5 * i, volumeFlowrate: 60 }));
    add('d-fm-AE_IN', 10, (i) => ({ volumeInventory: 3000 + 5 * i + (i % 2), volumeFlowrate: 60 }));
    add('d-fm-AE_OUT', 11, (i) => ({ volumeInventory: 1000 + 1.25 * i, volumeFlowrate: 15 }));
    add('d-tmp-1', 12, (i) => ({ temperature: 300 + (i % 13) }));
    readings.sort((a, b) => a.ts - b.ts);
    await send(t, key, readings);
    plan = (await loadVesselPlan(t.database.db, massId))!;
  }, 240_000);
  afterAll(() => t?.close());

  it('every period: the day path answers what the hourly path does', compareAll, 240_000);

  it('after late readings into past days (spans rewritten, hours and days rebuilt) the paths still agree', async () => {
    // into the gaps of day 1 and day 4 (its 3-hour silence), a reading before the data's first, and one just before
    // a +7 midnight: the next stored sample of each chain gets a shorter span, its hour and day are rebuilt
    const late = (ts: number): Reading[] => [
      { device: 'd-gps', ts, data: { latitude: -5.9, longitude: 106.5, speed: 12, track: 181 } },
      { device: 'd-rpm-1', ts, data: { rpm: 1111 } },
      { device: 'd-ae-1', ts, data: { rpm: 1500, running: 1 } },
      {
        device: 'd-fm-PORT_IN',
        ts,
        data: { volumeInventory: 10000, volumeFlowrate: 50, density: 851, temperature: 40 },
      },
      { device: 'd-fm-AE_IN', ts, data: { volumeInventory: 3001, volumeFlowrate: 55 } },
    ];
    // the days they go into are stored first (day-components.ts): each must be recomputed, not answered stale
    await answer(T7 - 18 * DAY, T7 + 12 * DAY, 'HOUR', 7, false, false);
    const stored = await t.database.db
      .selectFrom(COMPONENTS as never)
      .select('day' as never)
      .where('day' as never, 'in', [T7 - DAY, T7 + DAY, T7 + 2 * DAY, T7 + 4 * DAY] as never)
      .execute();
    expect(stored.length).toBeGreaterThanOrEqual(4 * 10);
    for (const ts of [T7 + DAY + 10 * H + 2 * MIN + 3, T7 + 4 * DAY + 11 * H, T7 - 6 * H, T7 + 3 * DAY - 17])
      await send(t, key, late(ts));
    // a late burst of the starboard engine, 2 s apart, into one hour of a stored day: that day's reporting interval
    // (§20) becomes that hour's spacing
    const burst = Array.from({ length: 400 }, (_, i) => ({
      device: 'd-rpm-3',
      ts: T7 + DAY + 15 * H + 7 + 2 * i,
      data: { rpm: 820 },
    }));
    await send(t, key, burst);
    await compareAll();
  }, 240_000);

  it('a changed rpm threshold: stored crossing days of the old one are not used; the paths agree', async () => {
    const rpm1 = plan.rpm.PORT!.devcId;
    const setMin = async (min: number) => {
      await t.database.db.updateTable('config_rpm').set({ mcrpMinValue: min }).where('mcrpDevcId', '=', rpm1).execute();
      plan = (await loadVesselPlan(t.database.db, massId))!;
    };
    const stored = async () =>
      (await t.database.db
        .selectFrom(COMPONENTS as never)
        .select(['rpmThreshold' as never])
        .where('deviceId' as never, '=', rpm1 as never)
        .where('rpmThreshold' as never, 'is not', null as never)
        .execute()) as { rpmThreshold: number }[];
    await compareAll();
    expect((await stored()).length).toBeGreaterThan(0);
    await setMin(1000);
    try {
      await compareAll();
      // every crossing day read again was stored with the new threshold
      expect((await stored()).map((r) => Number(r.rpmThreshold))).toContain(1000);
    } finally {
      await setMin(400);
    }
  }, 480_000);

  it('the day path reads the stored components (a changed stored day changes its answer)', async () => {
    const p = { start: T7 - DAY, end: T7 + 9 * DAY };
    await answer(p.start, p.end, 'HOUR', 7, false, false);
    const before = await answer(p.start, p.end, 'HOUR', 7, false, false);
    const rows = (await t.database.db
      .selectFrom(COMPONENTS as never)
      .selectAll()
      .execute()) as Record<string, unknown>[];
    const day = T7 + DAY;
    const of = (id: number) => rows.find((r) => Number(r.deviceId) === id && Number(r.day) === day)!;
    const rpm1 = plan.rpm.PORT!.devcId;
    const meter = plan.meters.AE_IN!.devcId;
    const rpm3 = plan.rpm.STARBOARD!.devcId;
    expect(of(rpm1).rpmStateSpan, 'a crossing day of PORT is stored').not.toBeNull();
    expect(of(meter).aeKey, 'the AE litres of the day are stored').not.toBeNull();
    expect(of(rpm3).spacingHist, 'the spacings of the day are stored').not.toBeNull();
    const set = (id: number, values: Record<string, unknown>) =>
      t.database.db
        .updateTable(COMPONENTS as never)
        .set(values as never)
        .where('deviceId' as never, '=', id as never)
        .where('day' as never, '=', day as never)
        .execute();
    const litres = JSON.parse(String(of(meter).aeLitres)) as Record<string, number>;
    await set(rpm1, { rpmStateSpan: Number(of(rpm1).rpmStateSpan) + 3600 });
    await set(meter, { aeLitres: JSON.stringify({ ...litres, AE1: (litres.AE1 ?? 0) + 100 }) });
    // the starboard engine's spacings of the day: hours of 1 s spacing with a great many samples (§20: P = 1 s)
    await set(rpm3, { spacingHist: '10:1000000' });
    try {
      const after = await answer(p.start, p.end, 'HOUR', 7, false, false);
      const hours = await answer(p.start, p.end, 'HOUR', 7, false, true);
      expectSame(before, hours);
      expect(JSON.stringify(after.summary.rpm)).not.toEqual(JSON.stringify(before.summary.rpm));
      expect(JSON.stringify(after.summary.ae)).not.toEqual(JSON.stringify(before.summary.ae));
      const interval = (a: typeof after) => (a.summary.rpm as any).summary.STARBOARD.sampleInterval;
      expect(interval(before)).toBeGreaterThan(200);
      expect(interval(after)).toBe(1);
    } finally {
      await t.database.db
        .deleteFrom(COMPONENTS as never)
        .where('day' as never, '=', day as never)
        .execute();
    }
    expectSame(await answer(p.start, p.end, 'HOUR', 7, false, false), before);
  }, 240_000);

  it('the day path reads the daily rollup (a changed day row changes its answer, not the hourly path)', async () => {
    const p = { start: T7 + DAY, end: T7 + 2 * DAY };
    const before = await answer(p.start, p.end, 'HOUR', 7, false, false);
    const hourlyBefore = await answer(p.start, p.end, 'HOUR', 7, false, true);
    const gpsId = plan.gps!.devcId;
    const bump = async (by: number) =>
      t.database.db
        .updateTable('telemetry_gps_daily' as never)
        .set((eb: any) => ({ span_sum: eb('span_sum', '+', by), latitude_n: eb('latitude_n', '+', by) }) as never)
        .where('device_id' as never, '=', gpsId as never)
        .where('bucket' as never, '=', (T7 + DAY) as never)
        .execute();
    await bump(60);
    try {
      const after = await answer(p.start, p.end, 'HOUR', 7, false, false);
      const hourlyAfter = await answer(p.start, p.end, 'HOUR', 7, false, true);
      expect(after.summary).not.toEqual(before.summary);
      expectSame(hourlyAfter, hourlyBefore);
    } finally {
      await bump(-60);
    }
  });
});
