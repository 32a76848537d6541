import { SYSTEM_EVENTS } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailHighEvents } from '../../src/modules/event-engine/event-mail.ts';
import { type OpenedEvent, onEventsOpened } from '../../src/modules/event-engine/opened.ts';
import { fuelWatchQueue } from '../../src/modules/fuel-watch/fuel-watch.plugin.ts';
import { syncVesselFuelWatch } from '../../src/modules/fuel-watch/fuel-watch.ts';
import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import { send } from '../bunker/world.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createDevice, twoTenants } from '../helpers/fixtures.ts';
import { DAY, H, T0 } from './rules.ts';

type Reading = { device: string; ts: number; data: Record<string, number> };

/**
 * docs/domain.md §41 on stored readings, one vessel (A1) with a PORT engine (RPM device and PORT_IN meter, no
 * return meter), two tank gauges and bunkering logs, every reading 10 minutes apart inside the hours named; the meter
 * also reads 10 minutes before each run of named hours (its totaliser unchanged over the silence before), so those
 * hours are metered (§41 "Metered hour": a meter's first hour after a longer silence is not judged):
 * - day 0, hours 0–11: §41.1's reference (1 000/1 200/1 400 rpm, 60/89.12/129.76 L);
 * - day 1: hours 24 and 25 at 1 400 rpm burn 160 L, hour 26 130 L, hour 27 155 L → one event 24:00–26:00;
 * - day 2, engine at 0 rpm hours 48–55, the meter counting 0, 0, 12, 10, 0, 0, 12, 7 L → one event 50:00–52:00;
 * - day 3, hours 72–78 at 1 000 rpm, 60 L each; tanks 20 000 L in hour 72, 18 500 L in hour 78: drop 1 500 L,
 *   burnt ½·60 + 5·60 + ½·60 = 360 L, 1 140 L unexplained → one event; day 4 the same with 19 340 L (300 L): none;
 * - day 5 a log IN of note 10 000 L received 9 850 L (−1.5 %) → one event; day 6 9 920 L (−0.8 %): none.
 */
describe.each(dialects())('fuel watch events on %s (docs/domain.md §41)', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  let logs: number[] = [];
  const opened: OpenedEvent[] = [];
  let off: () => void;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { FUEL_WATCH_SECONDS: '0' } });
    const db = t.database.db;
    w = await twoTenants(db, ['log_event_event', 'master_bunker_log', 'master_bunker_adjustment']);
    const gw = await createDevice(db, w.assetA1, 'gw-fw', 'gateway', { devcLabel: 'GATEWAY' });
    await createDevice(db, w.assetA1, 'rpm-p', 'rpm', { devcLabel: 'PORT' });
    await createDevice(db, w.assetA1, 'fm-p-in', 'flowmeter', { devcLabel: 'PORT_IN' });
    await createDevice(db, w.assetA1, 'tank-1', 'tank');
    await createDevice(db, w.assetA1, 'tank-3', 'tank');
    const readings: Reading[] = [];
    let v = 100_000;
    const engineHour = (h: number, rpm: number, litres: number) => {
      for (let k = 0; k < 6; k++) {
        const ts = T0 + h * H + k * 600;
        v += litres / 6;
        readings.push({ device: 'rpm-p', ts, data: { rpm } });
        readings.push({ device: 'fm-p-in', ts, data: { volumeInventory: Math.round(v * 1e6) / 1e6 } });
      }
    };
    const tankHour = (h: number, a: number, b: number) => {
      for (let k = 0; k < 6; k++) {
        readings.push({ device: 'tank-1', ts: T0 + h * H + k * 600, data: { volume: a } });
        readings.push({ device: 'tank-3', ts: T0 + h * H + k * 600, data: { volume: b } });
      }
    };
    // the meter's first reading has no litres (§11), nor its readings after a silence in which nothing flowed
    const resume = (h: number) =>
      readings.push({ device: 'fm-p-in', ts: T0 + h * H - 600, data: { volumeInventory: Math.round(v * 1e6) / 1e6 } });
    resume(0);
    [1000, 1200, 1400].forEach((rpm, i) => {
      for (let k = 0; k < 4; k++) engineHour(4 * i + k, rpm, [60, 89.12, 129.76][i]);
    });
    resume(24);
    for (const [k, l] of [160, 160, 130, 155].entries()) engineHour(24 + k, 1400, l);
    resume(48);
    for (const [k, l] of [0, 0, 12, 10, 0, 0, 12, 7].entries()) engineHour(48 + k, 0, l);
    for (const day of [3, 4]) {
      resume(24 * day);
      for (let h = 0; h <= 6; h++) engineHour(24 * day + h, 1000, 60);
    }
    tankHour(72, 12_000, 8_000);
    tankHour(78, 11_000, 7_500);
    tankHour(96, 12_000, 8_000);
    tankHour(102, 11_600, 7_740);
    await send(t, await issueDeviceKey(db, gw, 'test'), readings);

    for (const [day, received] of [
      [5, 9850],
      [6, 9920],
    ]) {
      const log = await db
        .insertInto('bunker_log')
        .values({
          bklgMassId: w.assetA1,
          bklgStartDatetime: T0 + day * DAY + 2 * H,
          bklgEndDatetime: T0 + day * DAY + 4 * H,
          bklgTargetBunker: 10_000,
          bklgType: 'IN',
          bklgCreatedUserId: 'admin@a.test',
          bklgCreatedTime: T0,
        })
        .returning('bklgId')
        .executeTakeFirstOrThrow();
      logs.push(Number(log.bklgId));
      await db
        .insertInto('bunker_adjustment')
        .values({
          bklaBklgId: log.bklgId,
          bklaType: 1,
          bklaAmount: received,
          bklaReason: 'OTHERS',
          bklaCreatedUserId: 'admin@a.test',
          bklaCreatedTime: T0 + day * DAY + 5 * H,
        })
        .execute();
    }
    off = onEventsOpened((database, e) => {
      if (database === t.database) opened.push(...e);
    });
  });
  afterAll(async () => {
    off?.();
    logs = [];
    await t.close();
  });

  const sync = (now: number) =>
    syncVesselFuelWatch(t.database, w.assetA1, { tolerance: t.config.bunkerTolerance, now });
  const list = async (token: string) => {
    const r = await t.call({
      method: 'GET',
      url: `/api/log/event/event/period/${T0 - DAY}/${T0 + 10 * DAY}?orders[evntTimestamp]=asc`,
      token,
    });
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    return r.json.data as Record<string, any>[];
  };

  it('the four system master events exist, High, without thresholds', async () => {
    const rows = await t.database.db
      .selectFrom('master_event')
      .select(['mevtType', 'mevtSystem', 'mevtIsPriority', 'mevtThresholds'])
      .where('mevtSystem', 'like', '%_%')
      .where('mevtSystem', '!=', SYSTEM_EVENTS.robBelowZero.key)
      .orderBy('mevtSystem')
      .execute();
    expect(rows.map((r) => [r.mevtSystem, r.mevtType, Number(r.mevtIsPriority), r.mevtThresholds])).toEqual([
      ['abnormal_consumption', 'Abnormal Consumption', 1, '{}'],
      ['flow_engine_stopped', 'Flow While Engine Stopped', 1, '{}'],
      ['rob_drop_unexplained', 'ROB Drop Unexplained', 1, '{}'],
      ['short_delivery', 'Short Delivery', 1, '{}'],
    ]);
  });

  it('§41.1 opens Active during the run (pushed as a High event), closes after it', async () => {
    // at 01:30 of day 1 only hour 24 has ended: a run still going
    expect(await sync(T0 + 25 * H + 1800)).toEqual({ inserted: 1, updated: 0, deleted: 0 });
    let rows = await list(w.adminA);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      evntTimestamp: new Date((T0 + DAY) * 1000).toISOString(),
      evntDeviceId: 'gw-fw',
      evntStatus: 1,
      evntIsPriority: 1,
      evntMevt: { mevtType: 'Abnormal Consumption' },
      evntNewData: { 'fm-p-in': { consumption: { litresPerHour: 160, hours: 1 } } },
    });
    expect(opened).toMatchObject([
      { massId: w.assetA1, gatewayUid: 'gw-fw', type: 'Abnormal Consumption', priority: 1 },
    ]);
    // the next day: 2 hours, Non Active, closed by hour 26
    expect(await sync(T0 + 2 * DAY)).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    rows = await list(w.adminA);
    expect(rows[0]).toMatchObject({
      evntStatus: 0,
      evntDuration: 2 * H,
      evntOldData: { 'fm-p-in': { consumption: { litresPerHour: 129.76, rpm: 1400 } } },
      evntNewData: { 'fm-p-in': { consumption: { litresPerHour: 160, rpm: 1400, hours: 2, excessLitres: 60.48 } } },
      evntReason: {
        key: 'abnormal_consumption',
        values: { engine: 'PORT', hours: 2, expected: 129.76, actual: 160, percent: 23.3, excess: 60.48 },
      },
    });
    expect(opened).toHaveLength(1);
  });

  it('the mail of High events includes it, to the users who opted in and may see the vessel', async () => {
    await t.database.db.updateTable('user').set({ userEventMail: 1 }).execute();
    const sent: { to: string; subject: string }[] = [];
    const n = await mailHighEvents(
      t.database,
      { send: (m: { to: string; subject: string }) => sent.push(m) } as never,
      opened,
      'http://fleet.test',
    );
    expect(n).toBe(2);
    expect(sent.map((m) => m.to).sort()).toEqual(['admin@a.test', 'reader@a.test']);
    expect(sent[0].subject).toBe('High priority event: Abnormal Consumption on Vessel A1');
  });

  it('§41.2–§41.4 on the days after; a second pass changes nothing', async () => {
    const now = T0 + 8 * DAY;
    expect(await sync(now)).toEqual({ inserted: 3, updated: 0, deleted: 0 });
    expect(await sync(now)).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    // findings more than a day old are not pushed or mailed
    expect(opened).toHaveLength(1);
    const rows = await list(w.adminA);
    expect(rows.map((r) => [r.evntMevt.mevtType, r.evntTimestamp, r.evntStatus, r.evntDuration])).toEqual([
      ['Abnormal Consumption', new Date((T0 + DAY) * 1000).toISOString(), 0, 2 * H],
      ['Flow While Engine Stopped', new Date((T0 + 50 * H) * 1000).toISOString(), 0, 2 * H],
      ['ROB Drop Unexplained', new Date((T0 + 72 * H) * 1000).toISOString(), 0, 6 * H],
      ['Short Delivery', new Date((T0 + 5 * DAY + 2 * H) * 1000).toISOString(), 0, 2 * H],
    ]);
    expect(rows[1]).toMatchObject({
      evntNewData: { 'fm-p-in': { flow: { litres: 22, hours: 2, rpm: 0 } } },
      evntReason: { key: 'flow_engine_stopped', values: { engine: 'PORT', litres: 22, hours: 2 } },
    });
    expect(rows[2]).toMatchObject({
      evntOldData: { 'tank-1': { rob: { volume: 20_000 } } },
      evntNewData: {
        'tank-1': { rob: { volume: 18_500, dropLitres: 1500, consumedLitres: 360, unexplainedLitres: 1140 } },
      },
    });
    expect(rows[3]).toMatchObject({
      evntOldData: { BUNKER: { bunker: { litres: 10_000 } } },
      evntNewData: { BUNKER: { bunker: { litres: 9850, shortLitres: 150, percentage: -1.5 } } },
      evntReason: { key: 'short_delivery', values: { note: 10_000, received: 9850, short: 150, percent: -1.5 } },
      evntThreshold: { BUNKER: { conditions_operator: 'and', data: { percentage: { operator: '<', value: -1 } } } },
    });
  });

  it('the Event Log shows them to the users who may see the vessel only', async () => {
    expect(await list(w.readerA)).toHaveLength(4);
    expect(await list(w.adminB)).toEqual([]);
  });

  it('a corrected log takes its event away, through the bunkering writes (§41.5)', async () => {
    const adjustment = await t.database.db
      .selectFrom('bunker_adjustment')
      .select('bklaId')
      .where('bklaBklgId', '=', logs[0])
      .executeTakeFirstOrThrow();
    // the write queues the vessel's pass; its clock is the real one, past the window: the test's own clock decides
    const put = await t.call({
      method: 'PUT',
      url: `/api/master/bunker/adjustment/${adjustment.bklaId}`,
      token: w.adminA,
      payload: { bklaAmount: 9950 },
    });
    expect(put.statusCode, JSON.stringify(put.json)).toBe(200);
    await fuelWatchQueue(t.database)?.idle();
    expect(await sync(T0 + 8 * DAY)).toEqual({ inserted: 0, updated: 0, deleted: 1 });
    expect((await list(w.adminA)).map((r) => r.evntMevt.mevtType)).not.toContain('Short Delivery');
  });
});
