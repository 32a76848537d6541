import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncVesselFuelWatch } from '../../src/modules/fuel-watch/fuel-watch.ts';
import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import { send } from '../bunker/world.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createDevice, twoTenants } from '../helpers/fixtures.ts';
import { DAY, H, T0 } from './rules.ts';

type Reading = { device: string; ts: number; data: Record<string, number> };

/**
 * docs/domain.md §41 "Metered hour" on stored readings: a meter catching up after a silence opens nothing.
 * Vessel A1, a PORT engine (RPM device, PORT_IN meter), readings every minute at :00 … :59; each meter reading
 * counts 1/60 of its hour's litres (so a whole hour's Σ δ is its litres). The RPM device reports throughout; the
 * meter is silent from 12:41 to 13:04, from 15:56 to 16:04 and from 19:51 to 20:04.
 * - hours 0–11: §41.1's reference (1 000/1 200/1 400 rpm, 60/89.12/129.76 L/h): the model L = 20 + 40·x;
 * - hours 12–16 at 1 400 rpm, 129.76 L/h: hour 13 holds 79 min = 170.85 L (+31.67 %: flagged before the rule) and
 *   is not metered, nor is hour 12 (41 min); hours 15 and 16 (56 and 64 min) are metered at q = 129.76 L/h;
 * - hours 17, 18 at 1 400 rpm, 160 L/h: one event 17:00–19:00, the only Abnormal Consumption;
 * - hour 19 at 1 300/1 500 rpm (not steady), 180 L/h; from 20:00 the engine stands: hour 20's first reading (20:05)
 *   carries 19:51–19:59 at 180 L/h = 27 L ≥ 20 L (an event before the rule), but the engine ran in hour 19: not a
 *   stopped hour; hours 21–24 stand with 0, 12, 10, 0 L: one event 22:00–24:00 of 22 L.
 */
describe.each(dialects())('fuel watch after a meter silence on %s (docs/domain.md §41)', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoTenants>>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { FUEL_WATCH_SECONDS: '0' } });
    const db = t.database.db;
    w = await twoTenants(db, ['log_event_event']);
    const gw = await createDevice(db, w.assetA1, 'gw-cu', 'gateway', { devcLabel: 'GATEWAY' });
    await createDevice(db, w.assetA1, 'rpm-p', 'rpm', { devcLabel: 'PORT' });
    await createDevice(db, w.assetA1, 'fm-p-in', 'flowmeter', { devcLabel: 'PORT_IN' });
    const silent = [
      [12 * H + 41 * 60, 13 * H + 4 * 60],
      [15 * H + 56 * 60, 16 * H + 4 * 60],
      [19 * H + 51 * 60, 20 * H + 4 * 60],
    ];
    const readings: Reading[] = [];
    let v = 100_000;
    const meter = (ts: number) =>
      readings.push({ device: 'fm-p-in', ts, data: { volumeInventory: Math.round(v * 1e6) / 1e6 } });
    // the meter's first reading (no litres, §11) in the last minute before hour 0
    meter(T0 - 60);
    const hour = (h: number, rpm: (minute: number) => number, litres: number) => {
      for (let m = 0; m < 60; m++) {
        const s = h * H + m * 60;
        v += litres / 60;
        readings.push({ device: 'rpm-p', ts: T0 + s, data: { rpm: rpm(m) } });
        if (!silent.some(([a, b]) => s >= a && s <= b)) meter(T0 + s);
      }
    };
    [1000, 1200, 1400].forEach((rpm, i) => {
      for (let k = 0; k < 4; k++) hour(4 * i + k, () => rpm, [60, 89.12, 129.76][i]);
    });
    for (let h = 12; h <= 16; h++) hour(h, () => 1400, 129.76);
    for (const h of [17, 18]) hour(h, () => 1400, 160);
    hour(19, (m) => (m % 2 ? 1500 : 1300), 180);
    for (const [k, l] of [0, 0, 12, 10, 0].entries()) hour(20 + k, () => 0, l);
    await send(t, await issueDeviceKey(db, gw, 'test'), readings);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens the fouling-like run and the stopped-engine flow only, not the catch-ups', async () => {
    const sync = () =>
      syncVesselFuelWatch(t.database, w.assetA1, { tolerance: t.config.bunkerTolerance, now: T0 + 2 * DAY });
    expect(await sync()).toEqual({ inserted: 2, updated: 0, deleted: 0 });
    const r = await t.call({
      method: 'GET',
      url: `/api/log/event/event/period/${T0 - DAY}/${T0 + 3 * DAY}?orders[evntTimestamp]=asc`,
      token: w.adminA,
    });
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    const rows = r.json.data as Record<string, any>[];
    expect(rows.map((e) => [e.evntMevt.mevtType, e.evntTimestamp, e.evntStatus, e.evntDuration])).toEqual([
      ['Abnormal Consumption', new Date((T0 + 17 * H) * 1000).toISOString(), 0, 2 * H],
      ['Flow While Engine Stopped', new Date((T0 + 22 * H) * 1000).toISOString(), 0, 2 * H],
    ]);
    expect(rows[0].evntReason).toEqual({
      key: 'abnormal_consumption',
      values: { engine: 'PORT', hours: 2, expected: 129.76, actual: 160, percent: 23.3, excess: 60.48 },
    });
    expect(rows[1].evntReason).toEqual({
      key: 'flow_engine_stopped',
      values: { engine: 'PORT', litres: 22, hours: 2 },
    });
    // a second pass changes nothing
    expect(await sync()).toEqual({ inserted: 0, updated: 0, deleted: 0 });
  });
});
