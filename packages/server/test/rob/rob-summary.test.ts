import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intervalStart, nextIntervalStart, robLedger } from '../../src/modules/rob/rob-ledger.ts';
import { vesselFuel } from '../../src/modules/rob/vessel-fuel.ts';
import { type BunkerWorld, bunkerWorld, DAY, H, T0 } from '../bunker/world.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';

describe('ROB intervals (docs/domain.md §25.4)', () => {
  it('days, Monday weeks and calendar months at +7', () => {
    expect(intervalStart(T0 + 5 * H, 'daily', 7)).toBe(T0);
    // T0 is Saturday 2025-03-01 00:00 +7: its week starts Monday 2025-02-24 00:00 +7
    expect(intervalStart(T0, 'weekly', 7)).toBe(T0 - 5 * DAY);
    expect(intervalStart(T0 + 40 * DAY, 'monthly', 7)).toBe(T0 + 31 * DAY); // 1 April
    expect(nextIntervalStart(T0, 'monthly', 7)).toBe(T0 + 31 * DAY);
    expect(nextIntervalStart(T0 - 5 * DAY, 'weekly', 7)).toBe(T0 + 2 * DAY);
  });

  it('§25.3 a profile without data: start = last = initial, no entries', () => {
    const r = robLedger({
      start: T0,
      end: T0 + 3 * DAY,
      initial: 1234.5,
      now: T0 + 10 * DAY,
      tz: 7,
      interval: 'daily',
      fuel: [],
      bunkers: [],
      adjustments: [],
    });
    expect(r.balances).toEqual({ start: 1234.5, last: 1234.5 });
    expect(r.consumption.totalVolume).toBe(0);
    expect(r.details).toEqual([]);
    expect(r.bunker).toEqual({});
  });
});

/**
 * GET /api/summary/rob/{id} on the world of bunker/world.ts, worked by hand (docs/domain.md §25.3):
 * profile T0 .. T0+3d−1 s, initial 50 000 L. Fuel (PORT_IN, §11): hour 0 250 L, every later hour to T0+47h 300 L.
 * Events: log 1 (final 10 500, no adjustments here) ends T0+3h; log 2 (12 000) ends T0+25h (day 2, 01:00 local);
 * ROB reset to 60 000 at T0+30h; adjustment −1 000 at T0+40h.
 *   T0      fuel [0,3h)     250+300+300 = 850      → 49 150
 *   T0+3h   bunker +10 500                          → 59 650;  fuel [3h,24h) 21×300 = 6 300 → 53 350
 *   T0+24h  fuel [24h,25h)  300                     → 53 050
 *   T0+25h  bunker +12 000                          → 65 050;  fuel [25h,30h) 1 500 → 63 550
 *   T0+30h  reset to 60 000 (change −3 550)         → 60 000;  fuel [30h,40h) 3 000 → 57 000
 *   T0+40h  adjust −1 000                           → 56 000;  fuel [40h,48h) 2 400 → 53 600
 * consumption 14 350; adjustments −4 550 (last −1 000, 2); bunker IN 22 500 (2).
 * Check: 50 000 + 22 500 − 14 350 − 4 550 = 53 600.
 */
describe.each(dialects())('ROB summary on %s', (dialect) => {
  let t: TestApp;
  let w: BunkerWorld;
  let profile: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await bunkerWorld(t);
    const base = { bklgMassId: w.assetA1, bklgMbloId: w.location, bklgMftyId: w.fuelType, bklgType: 'IN' };
    for (const p of [
      { ...base, bklgStartDatetime: T0 + 2 * H, bklgEndDatetime: T0 + 3 * H, bklgTargetBunker: 10000 },
      { ...base, bklgStartDatetime: T0 + 23 * H, bklgEndDatetime: T0 + 25 * H, bklgTargetBunker: 12000 },
    ]) {
      const r = await t.call({ method: 'POST', url: '/api/master/bunker/log', token: w.adminA, payload: p });
      expect(r.statusCode).toBe(200);
    }
    const r = await t.call({
      method: 'POST',
      url: '/api/master/rob/rob',
      token: w.adminA,
      payload: { mrobMassId: w.assetA1, mrobStartTime: T0, mrobEndTime: T0 + 3 * DAY - 1, mrobInitialValue: 50000 },
    });
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    profile = r.json.data.mrobId;
    for (const a of [
      { robaType: 1, robaTime: T0 + 30 * H, robaValue: 60000, robaNote: 'sounding' },
      { robaType: 2, robaTime: T0 + 40 * H, robaValue: -1000, robaNote: 'drain' },
    ]) {
      const x = await t.call({
        method: 'POST',
        url: '/api/master/rob/adjustment',
        token: w.adminA,
        payload: { robaMrobId: profile, ...a },
      });
      expect(x.statusCode, JSON.stringify(x.json)).toBe(200);
    }
  });
  afterAll(() => t.close());

  const summary = (id: number, q = '', token = w.adminA) =>
    t.call({ method: 'GET', url: `/api/summary/rob/${id}${q}`, token });

  it('daily: balances, totals and the entries of each day (§25.3)', async () => {
    const r = await summary(profile, '?interval=daily');
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    const s = r.json.data.summary;
    expect(r.json.data.master.mrobId).toBe(profile);
    expect(s.rob.balances).toEqual({ start: 50000, last: 53600 });
    expect(s.rob.consumption.totalVolume).toBe(14350);
    expect(s.rob.adjustments).toEqual({ totalVolume: -4550, lastVolume: -1000, count: 2 });
    expect(s.rob.bunker.IN).toEqual({ totalVolume: 22500, count: 2 });
    expect(s.details.map((d: any) => d.time)).toEqual([T0, T0 + DAY]);
    const day1 = s.details[0].logs;
    expect(day1[T0].fuelcons).toMatchObject({ inventoryChange: -850, endInventory: 49150 });
    expect(day1[T0 + 3 * H].bunker).toMatchObject({ inventoryChange: 10500, endInventory: 59650 });
    expect(day1[T0 + 3 * H].fuelcons).toMatchObject({ inventoryChange: -6300, endInventory: 53350 });
    const day2 = s.details[1].logs;
    // the bunkering that crossed midnight lands on day 2, at its end time
    expect(day2[T0 + 25 * H].bunker).toMatchObject({ inventoryChange: 12000, endInventory: 65050 });
    expect(day2[T0 + 30 * H].adjustments).toMatchObject({ inventoryChange: -3550, endInventory: 60000 });
    expect(day2[T0 + 30 * H].adjustments.note).toContain('sounding');
    expect(day2[T0 + 40 * H].fuelcons).toMatchObject({ inventoryChange: -2400, endInventory: 53600 });
    expect(s.details[1]).toMatchObject({ startInventory: 53350, endInventory: 53600 });
  });

  it('§25.2 the fuel comes per whole local day without an event inside, else per hour; the ledger is the same', async () => {
    const o = { start: T0, end: T0 + 3 * DAY, now: T0 + 10 * DAY, tz: 7 };
    // day 1: 250 + 23 × 300 = 7 150 L; day 2: 24 × 300 = 7 200 L; day 3 has no data (left out)
    expect(await vesselFuel(t.database, w.assetA1, { ...o, splits: [] })).toEqual([
      [T0, 7150, T0 + DAY],
      [T0 + DAY, 7200, T0 + 2 * DAY],
    ]);
    // a bunkering ending 03:00 on day 1 needs day 1's hours; a split at a midnight splits no day
    const split = await vesselFuel(t.database, w.assetA1, { ...o, splits: [T0 + 3 * H, T0 + DAY] });
    expect(split.length).toBe(25);
    expect(split.slice(0, 3)).toEqual([
      [T0, 250, T0 + H],
      [T0 + H, 300, T0 + 2 * H],
      [T0 + 2 * H, 300, T0 + 3 * H],
    ]);
    expect(split[24]).toEqual([T0 + DAY, 7200, T0 + 2 * DAY]);
    // a fractional timezone puts midnight inside an hour: every entry is an hour (48 hours of data)
    expect((await vesselFuel(t.database, w.assetA1, { ...o, tz: 5.5, splits: [] })).length).toBe(48);
  });

  it('weekly and monthly give the same balances in fewer intervals', async () => {
    const weekly = (await summary(profile, '?interval=weekly')).json.data.summary;
    expect(weekly.rob.balances.last).toBe(53600);
    // Monday 3 March 00:00 +7 = T0 + 2 days starts the second week (no data there: not listed)
    expect(weekly.details.map((d: any) => d.time)).toEqual([T0 - 5 * DAY]);
    expect(weekly.details[0].logs[T0 + 3 * H].fuelcons.inventoryChange).toBe(-6600); // [3h, 25h)
    const monthly = (await summary(profile, '?interval=monthly')).json.data.summary;
    expect(monthly.details.map((d: any) => d.time)).toEqual([T0]);
    expect(monthly.rob.consumption.totalVolume).toBe(14350);
  });

  it('a profile without data: its initial value throughout', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/master/rob/rob',
      token: w.adminA,
      payload: { mrobMassId: w.emptyVessel, mrobStartTime: T0, mrobEndTime: T0 + DAY, mrobInitialValue: 800 },
    });
    const s = (await summary(r.json.data.mrobId)).json.data.summary;
    expect(s.rob.balances).toEqual({ start: 800, last: 800 });
    expect(s.details).toEqual([]);
    expect(s.rob.bunker.IN).toBeUndefined();
  });

  it('§25.1 overlapping profiles of one vessel are refused with a clear message; adjacent ones are fine', async () => {
    const post = (s: number, e: number) =>
      t.call({
        method: 'POST',
        url: '/api/master/rob/rob',
        token: w.adminA,
        payload: { mrobMassId: w.assetA1, mrobStartTime: s, mrobEndTime: e, mrobInitialValue: 1 },
      });
    const overlap = await post(T0 + DAY, T0 + 5 * DAY);
    expect(overlap.statusCode).toBe(400);
    expect(JSON.stringify(overlap.json.status.message)).toContain("overlaps the asset's ROB profile");
    const next = await post(T0 + 3 * DAY, T0 + 5 * DAY);
    expect(next.statusCode).toBe(200);
    const move = await t.call({
      method: 'PUT',
      url: `/api/master/rob/rob/${next.json.data.mrobId}`,
      token: w.adminA,
      payload: { mrobStartTime: T0 + 2 * DAY },
    });
    expect(move.statusCode).toBe(400);
  });

  it('§25.3 an adjustment outside its profile is refused', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/master/rob/adjustment',
      token: w.adminA,
      payload: { robaMrobId: profile, robaType: 2, robaTime: T0 - H, robaValue: 5 },
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json.status.message)).toContain('Time must lie within the ROB profile');
  });

  it('permissions and scope (spec 002 §6): reader reads, cannot change; other tenant 404; bad interval 400', async () => {
    expect((await summary(profile, '', w.readerA)).statusCode).toBe(200);
    expect((await summary(profile, '', w.adminB)).statusCode).toBe(404);
    const bad = await summary(profile, '?interval=yearly');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json.status.message)).toContain('interval must be one of daily, weekly, monthly');
    const create = await t.call({
      method: 'POST',
      url: '/api/master/rob/rob',
      token: w.readerA,
      payload: { mrobMassId: w.assetA1, mrobStartTime: T0 + 9 * DAY, mrobEndTime: T0 + 10 * DAY, mrobInitialValue: 1 },
    });
    expect(create.statusCode).toBe(403);
    const list = await t.call({
      method: 'GET',
      url: `/api/master/rob/adjustment?finds[robaMrobId]=${profile}`,
      token: w.readerA,
    });
    expect(list.json.data).toHaveLength(2);
  });
});
