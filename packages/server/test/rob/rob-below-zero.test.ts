import { SYSTEM_EVENTS } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robEventQueue, syncVesselRobEvents } from '../../src/modules/rob/rob-events.ts';
import { type FuelEntry, robLedger } from '../../src/modules/rob/rob-ledger.ts';
import { vesselFuel } from '../../src/modules/rob/vessel-fuel.ts';
import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import { type BunkerWorld, bunkerWorld, DAY, H, send, T0 } from '../bunker/world.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createAsset, createDevice } from '../helpers/fixtures.ts';

const hours = (from: number, n: number, litres: number): FuelEntry[] =>
  Array.from({ length: n }, (_, h) => [from + h * H, litres, from + (h + 1) * H]);

/**
 * docs/domain.md §25.5, the worked example: from 00:00 (+7) 2 000 L, 300 L burnt every hour, bunkering IN 5 000 L
 * ending 10:00, adjustment −1 500 L at 15:00, the ledger ends at 20:00.
 *   00:00 consumption 10 h −3 000 → −1 000; 2 000 − 300·k < 0 first after k = 7 → run 1 from 07:00
 *   10:00 bunker +5 000 → 4 000 (run 1 ends at 10:00); consumption 5 h −1 500 → 2 500
 *   15:00 adjustment −1 500 → 1 000; consumption 5 h −1 500 → −500; 1 000 − 300·k < 0 after k = 4 → run 2 from 19:00
 */
describe('ROB below zero: the ledger (docs/domain.md §25.5)', () => {
  const example = (fuel: FuelEntry[]) =>
    robLedger({
      start: T0,
      end: T0 + DAY - 1,
      initial: 2000,
      now: T0 + 20 * H,
      tz: 7,
      interval: 'daily',
      fuel,
      bunkers: [{ id: 1, time: T0 + 10 * H, type: 'IN', amount: 5000, note: 'Bunker IN #1' }],
      adjustments: [{ id: 1, time: T0 + 15 * H, type: 2, value: -1500, note: null }],
    });

  it('the worked example: two runs, the first closed by the bunkering, the second open', () => {
    const r = example(hours(T0, 20, 300));
    expect(r.balances).toEqual({ start: 2000, last: -500 });
    expect(r.belowZero).toEqual([
      {
        start: T0 + 7 * H,
        end: T0 + 10 * H,
        entry: { time: T0, type: 'fuelcons' },
        before: 2000,
        lowest: -1000,
      },
      {
        start: T0 + 19 * H,
        end: null,
        entry: { time: T0 + 15 * H, type: 'fuelcons' },
        before: 1000,
        lowest: -500,
      },
    ]);
    expect(r.coarse).toEqual([]);
  });

  it('a balance that stays at or above zero has no run; zero itself is not below', () => {
    const r = robLedger({
      start: T0,
      end: T0 + DAY,
      initial: 3000,
      now: T0 + 20 * H,
      tz: 7,
      interval: 'daily',
      fuel: hours(T0, 10, 300),
      bunkers: [],
      adjustments: [],
    });
    expect(r.balances.last).toBe(0);
    expect(r.belowZero).toEqual([]);
  });

  it('an instant is one step: an OUT bunkering restored by a reset at the same second is no run', () => {
    const base = {
      start: T0,
      end: T0 + DAY,
      initial: 1000,
      now: T0 + DAY,
      tz: 7,
      interval: 'daily' as const,
      fuel: [],
    };
    const out = { id: 1, time: T0 + 5 * H, type: 'OUT' as const, amount: 1500, note: 'Bunker OUT #1' };
    expect(robLedger({ ...base, bunkers: [out], adjustments: [] }).belowZero).toEqual([
      { start: T0 + 5 * H, end: null, entry: { time: T0 + 5 * H, type: 'bunker' }, before: 1000, lowest: -500 },
    ]);
    const reset = { id: 1, time: T0 + 5 * H, type: 1, value: 200, note: 'sounding' };
    expect(robLedger({ ...base, bunkers: [out], adjustments: [reset] }).belowZero).toEqual([]);
  });

  it('a segment whose negative hour brings it back to zero or above is no run, though it dipped below', () => {
    // 180 L; +200 then −50 (a return meter's lag): after the first hour −20, at the segment's end +30
    const r = robLedger({
      start: T0,
      end: T0 + DAY,
      initial: 180,
      now: T0 + 2 * H,
      tz: 7,
      interval: 'daily',
      fuel: [
        [T0, 200, T0 + H],
        [T0 + H, -50, T0 + 2 * H],
      ],
      bunkers: [],
      adjustments: [],
    });
    expect(r.balances.last).toBe(30);
    expect(r.belowZero).toEqual([]);
  });

  it('a run begun inside a day read as one value is known to the day; read per hour, to the hour', () => {
    // 10 000 L; day 1 7 150 L, day 2 300 L an hour: 2 850 − 300·k < 0 first after k = 10 → 10:00 of day 2
    const day1: FuelEntry = [T0, 7150, T0 + DAY];
    const coarse = robLedger({
      start: T0,
      end: T0 + 3 * DAY,
      initial: 10000,
      now: T0 + 2 * DAY,
      tz: 7,
      interval: 'weekly',
      fuel: [day1, [T0 + DAY, 7200, T0 + 2 * DAY]],
      bunkers: [],
      adjustments: [],
    });
    expect(coarse.belowZero[0].start).toBe(T0 + 2 * DAY);
    expect(coarse.coarse).toEqual([T0 + DAY]);
    const fine = robLedger({
      start: T0,
      end: T0 + 3 * DAY,
      initial: 10000,
      now: T0 + 2 * DAY,
      tz: 7,
      interval: 'weekly',
      fuel: [day1, ...hours(T0 + DAY, 24, 300)],
      bunkers: [],
      adjustments: [],
    });
    expect(fine.balances).toEqual(coarse.balances);
    expect(fine.belowZero).toEqual([
      { start: T0 + DAY + 10 * H, end: null, entry: { time: T0, type: 'fuelcons' }, before: 10000, lowest: -4350 },
    ]);
    expect(fine.coarse).toEqual([]);
  });
});

describe.each(dialects())('ROB below zero on %s', (dialect) => {
  let t: TestApp;
  let w: BunkerWorld;
  let profile: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await bunkerWorld(t, ['log_event_event', 'master_events', 'master_config_event']);
    // Vessel A1 burns 14 350 L over T0 .. T0+47h50 (bunker/world.ts): from 10 000 L it runs out on day 2
    const r = await t.call({
      method: 'POST',
      url: '/api/master/rob/rob',
      token: w.adminA,
      payload: { mrobMassId: w.assetA1, mrobStartTime: T0, mrobEndTime: T0 + 3 * DAY - 1, mrobInitialValue: 10000 },
    });
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    profile = r.json.data.mrobId;
    await robEventQueue(t.database)?.idle();
  });
  afterAll(() => t.close());

  const summary = async (id: number, q = '?interval=daily') => {
    const r = await t.call({ method: 'GET', url: `/api/summary/rob/${id}${q}`, token: w.adminA });
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    return r.json.data.summary;
  };
  const events = async (token = w.adminA) => {
    const r = await t.call({
      method: 'GET',
      url: `/api/log/event/event/period/${T0 - DAY}/${T0 + 10 * DAY}?finds[evntDeviceId]=gw-a1`,
      token,
    });
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    return r.json.data;
  };
  const settings = () => ({ defaultTimeZone: 'Asia/Jakarta', tolerance: t.config.bunkerTolerance });

  it('§25.5 the summary names the run, to the hour, although day 2 is read as one value', async () => {
    for (const interval of ['daily', 'weekly', 'monthly']) {
      const s = await summary(profile, `?interval=${interval}`);
      expect(s.rob.balances).toEqual({ start: 10000, last: -4350 });
      expect(s.rob.belowZero).toHaveLength(1);
      expect(s.rob.belowZero[0]).toMatchObject({ start: T0 + 34 * H, end: null, lowest: -4350 });
    }
    const daily = await summary(profile);
    // the row of day 2's consumption (from 2 850 L); weekly and monthly it is the one segment from T0 (10 000 L)
    expect(daily.rob.belowZero[0]).toMatchObject({ entry: { time: T0 + DAY, type: 'fuelcons' }, before: 2850 });
    expect((await summary(profile, '?interval=monthly')).rob.belowZero[0]).toMatchObject({
      entry: { time: T0, type: 'fuelcons' },
      before: 10000,
    });
    expect(daily.details[1].logs[T0 + DAY].fuelcons).toMatchObject({ inventoryChange: -7200, endInventory: -4350 });
  });

  it('the system master event exists once and cannot be changed, deleted or configured', async () => {
    const rows = await t.database.db
      .selectFrom('master_event')
      .select(['mevtId', 'mevtType', 'mevtIsPriority', 'mevtThresholds'])
      .where('mevtSystem', '=', SYSTEM_EVENTS.robBelowZero.key)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mevtType: 'ROB Below Zero', mevtThresholds: '{}' });
    expect(Number(rows[0].mevtIsPriority)).toBe(0);
    const id = Number(rows[0].mevtId);
    // the list says which row it is: the Asset Event screen does not offer it, the Master Event list shows no Edit
    const list = await t.call({ method: 'GET', url: '/api/master/events', token: w.adminA });
    // the fuel watch's system events (docs/domain.md §41) are listed too
    const listed = list.json.data.filter(
      (e: { mevtSystem: string | null }) => e.mevtSystem === SYSTEM_EVENTS.robBelowZero.key,
    );
    expect(list.json.data.filter((e: { mevtSystem: string | null }) => e.mevtSystem)).toHaveLength(5);
    expect(listed).toMatchObject([{ mevtId: id, mevtSystem: SYSTEM_EVENTS.robBelowZero.key }]);
    // the shared catalogues are edited by a platform administrator
    await t.database.db
      .updateTable('user')
      .set({ userPlatformAdmin: 1 })
      .where('userId', '=', 'admin@a.test')
      .execute();
    const put = await t.call({
      method: 'PUT',
      url: `/api/master/events/${id}`,
      token: w.adminA,
      payload: { mevtIsPriority: 1 },
    });
    expect(put.statusCode).toBe(400);
    expect(JSON.stringify(put.json.status.message)).toContain('ROB Below Zero is a system event');
    const del = await t.call({ method: 'DELETE', url: `/api/master/events/${id}`, token: w.adminA });
    expect(del.statusCode).toBe(400);
    const config = await t.call({
      method: 'POST',
      url: '/api/master/config_event',
      token: w.adminA,
      payload: { mcevAssetId: 'gw-a1', mcevDescription: 'test' },
    });
    expect(config.statusCode, JSON.stringify(config.json)).toBe(200);
    const add = await t.call({
      method: 'POST',
      url: '/api/master/asset_event',
      token: w.adminA,
      payload: { asevMcevId: config.json.data.mcevId, asevMevtId: id },
    });
    expect(add.statusCode).toBe(400);
    expect(JSON.stringify(add.json.status.message)).toContain('cannot be part of an event configuration');
  });

  it('one event per run: Active while the profile runs, closed when it ends; written once', async () => {
    // creating the profile wrote its event (the profile ended long ago: Non Active)
    let list = await events();
    expect(list).toHaveLength(1);
    const id = list[0].evntId;
    expect(list[0]).toMatchObject({ evntStatus: 0, evntDuration: 3 * DAY - 1 - 34 * H });
    // "now" on day 2 at 16:00 (+7): the run is open and the profile runs
    const during = await syncVesselRobEvents(t.database, w.assetA1, { ...settings(), now: T0 + 40 * H });
    expect(during).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    list = await events();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      evntId: id,
      evntTimestamp: new Date((T0 + 34 * H) * 1000).toISOString(),
      evntDeviceId: 'gw-a1',
      evntStatus: 1,
      evntIsPriority: 0,
      evntMcevId: null,
      evntMevt: { mevtType: 'ROB Below Zero' },
      evntOldData: { [`ROB profile ${profile}`]: { rob: { balance: 2850 } } },
      // by 16:00 of day 2: 2 850 − 16 × 300
      evntNewData: { [`ROB profile ${profile}`]: { rob: { balance: -1950 } } },
      evntThreshold: { ROB: { conditions_operator: 'and', data: { balance: { operator: '<', value: 0 } } } },
    });
    expect(await syncVesselRobEvents(t.database, w.assetA1, { ...settings(), now: T0 + 40 * H })).toEqual({
      inserted: 0,
      updated: 0,
      deleted: 0,
    });
    // after the profile's end: Non Active, from 10:00 of day 2 to the profile's end
    const after = await syncVesselRobEvents(t.database, w.assetA1, { ...settings(), now: T0 + 4 * DAY });
    expect(after).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    list = await events();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ evntId: id, evntStatus: 0, evntDuration: 3 * DAY - 1 - 34 * H });
    expect(list[0].evntNewData[`ROB profile ${profile}`].rob.balance).toBe(-4350);
    // the other tenant sees nothing
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/api/log/event/event/period/${T0 - DAY}/${T0 + 10 * DAY}`,
          token: w.adminB,
        })
      ).json.data,
    ).toEqual([]);
  });

  it('follows the writes: closes at a reset, goes with a bunkering entered late, comes back, goes with the profile', async () => {
    const queue = robEventQueue(t.database);
    expect(queue).toBeDefined();
    const first = (await events())[0].evntId;
    // a sounding at 16:00 of day 2 resets the balance to 5 000 L: the run ends there (6 h below zero)
    const reset = await t.call({
      method: 'POST',
      url: '/api/master/rob/adjustment',
      token: w.adminA,
      payload: { robaMrobId: profile, robaType: 1, robaTime: T0 + 40 * H, robaValue: 5000, robaNote: 'sounding' },
    });
    expect(reset.statusCode, JSON.stringify(reset.json)).toBe(200);
    await queue!.idle();
    let list = await events();
    expect(list.map((e: any) => [e.evntId, e.evntStatus, e.evntDuration])).toEqual([[first, 0, 6 * H]]);
    expect((await summary(profile)).rob.belowZero).toEqual([
      {
        start: T0 + 34 * H,
        end: T0 + 40 * H,
        entry: { time: T0 + DAY, type: 'fuelcons' },
        before: 2850,
        lowest: -1950,
      },
    ]);

    // the bunkering of 10 500 L that ended at 03:00 on day 1 is entered: the balance never fell below zero
    const log = await t.call({
      method: 'POST',
      url: '/api/master/bunker/log',
      token: w.adminA,
      payload: {
        bklgMassId: w.assetA1,
        bklgMbloId: w.location,
        bklgMftyId: w.fuelType,
        bklgType: 'IN',
        bklgStartDatetime: T0 + 2 * H,
        bklgEndDatetime: T0 + 3 * H,
        bklgTargetBunker: 10000,
      },
    });
    expect(log.statusCode, JSON.stringify(log.json)).toBe(200);
    await queue!.idle();
    expect(await events()).toEqual([]);
    expect((await summary(profile)).rob.belowZero).toEqual([]);

    // deleted again: the run is back, one new event
    const del = await t.call({
      method: 'DELETE',
      url: `/api/master/bunker/log/${log.json.data.bklgId}`,
      token: w.adminA,
    });
    expect(del.statusCode).toBe(200);
    await queue!.idle();
    list = await events();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ evntStatus: 0, evntDuration: 6 * H });

    // the profile is deleted (its adjustment first): its events go with it
    await t.call({
      method: 'DELETE',
      url: `/api/master/rob/adjustment/${reset.json.data.robaId}`,
      token: w.adminA,
    });
    const gone = await t.call({ method: 'DELETE', url: `/api/master/rob/rob/${profile}`, token: w.adminA });
    expect(gone.statusCode).toBe(200);
    await queue!.idle();
    expect(await events()).toEqual([]);
  });
});

/**
 * docs/domain.md §25.2: a vessel's hourly fuel is the summary's bucket value, not clamped, so a day is the sum of its
 * hours. PORT_IN counts 100 L in 10:00–11:00 and 100 L in 11:00–12:00 (UTC hours of T0 + 10 h, + 11 h); PORT_OUT 130
 * L and 50 L: the hours are −30 L and +50 L, the day +20 L. A segment holding both consumes 20 L; split at 11:00 the
 * first consumes max(0, −30) = 0 L and the second 50 L.
 */
describe.each(dialects())('ROB consumption with a negative hour on %s', (dialect) => {
  let t: TestApp;
  let w: BunkerWorld;
  let vessel: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await bunkerWorld(t);
    const db = t.database.db;
    vessel = await createAsset(db, w.compA1, 'Vessel A3 with a return meter');
    const gw = await createDevice(db, vessel, 'gw-a3', 'gateway', { devcLabel: 'GATEWAY' });
    await createDevice(db, vessel, 'fm-a2-in', 'flowmeter', { devcLabel: 'PORT_IN' });
    await createDevice(db, vessel, 'fm-a2-out', 'flowmeter', { devcLabel: 'PORT_OUT' });
    const key = await issueDeviceKey(db, gw, 'test');
    const meter = (device: string, ts: number, v: number) => ({ device, ts, data: { volumeInventory: v } });
    await send(t, key, [
      // the first readings (09:50) count nothing; each later one counts since the one before
      meter('fm-a2-in', T0 + 9 * H + 50 * 60, 1000),
      meter('fm-a2-in', T0 + 10 * H + 10 * 60, 1100),
      meter('fm-a2-in', T0 + 11 * H + 10 * 60, 1200),
      meter('fm-a2-out', T0 + 9 * H + 50 * 60, 500),
      meter('fm-a2-out', T0 + 10 * H + 20 * 60, 630),
      meter('fm-a2-out', T0 + 11 * H + 20 * 60, 680),
    ]);
  });
  afterAll(() => t.close());

  it('the hours stay negative and the day is their sum', async () => {
    const o = { start: T0, end: T0 + DAY, now: T0 + 10 * DAY, tz: 7 };
    const hourly = await vesselFuel(t.database, vessel, { ...o, splits: [T0 + 11 * H] });
    expect(hourly.filter(([, litres]) => litres !== 0)).toEqual([
      [T0 + 10 * H, -30, T0 + 11 * H],
      [T0 + 11 * H, 50, T0 + 12 * H],
    ]);
    const daily = await vesselFuel(t.database, vessel, { ...o, splits: [] });
    expect(daily).toEqual([[T0, 20, T0 + DAY]]);
    expect(daily[0][1]).toBe(hourly.reduce((s, [, litres]) => s + litres, 0));
  });

  it('the ledger clamps a segment, not an hour: 20 L in one segment, 0 + 50 L split at 11:00', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/master/rob/rob',
      token: w.adminA,
      payload: { mrobMassId: vessel, mrobStartTime: T0, mrobEndTime: T0 + DAY - 1, mrobInitialValue: 1000 },
    });
    expect(created.statusCode, JSON.stringify(created.json)).toBe(200);
    const id = created.json.data.mrobId;
    const get = async () =>
      (await t.call({ method: 'GET', url: `/api/summary/rob/${id}`, token: w.adminA })).json.data.summary.rob;
    expect((await get()).consumption.totalVolume).toBe(20);
    expect((await get()).balances.last).toBe(980);
    const adj = await t.call({
      method: 'POST',
      url: '/api/master/rob/adjustment',
      token: w.adminA,
      payload: {
        robaMrobId: id,
        robaType: 2,
        robaTime: T0 + 11 * H,
        robaValue: 100,
        robaNote: 'found in the day tank',
      },
    });
    expect(adj.statusCode, JSON.stringify(adj.json)).toBe(200);
    const rob = await get();
    expect(rob.consumption.totalVolume).toBe(50);
    expect(rob.balances.last).toBe(1050);
  });
});
