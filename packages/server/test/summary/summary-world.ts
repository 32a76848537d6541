import { bucketStart } from '@fleet/shared';
import { nowSeconds } from '../../src/http/time.ts';
import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import type { TestApp } from '../helpers/app.ts';
import { createAsset, createDevice, twoTenants } from '../helpers/fixtures.ts';

/**
 * The vessels of the summary and combined-data suites, with 1-minute readings sent through
 * POST /api/ingest. Every figure the suites expect is worked out by hand in the comments there,
 * from docs/domain.md. T0 is local midnight (+7) three days ago; most vessels report for 3 hours.
 */
export const MIN = 60;
export const H = 3600;

type Reading = { device: string; ts: number; data: Record<string, number> };

export interface World {
  tenants: Awaited<ReturnType<typeof twoTenants>>;
  T0: number;
  twinAe: number;
  twinNoAe: number;
  single: number;
  noMeter: number;
  flagged: number;
  gpsOnly: number;
}

export async function configRpm(t: TestApp, devcId: number, type: string, min: number, single = 0) {
  await t.database.db
    .insertInto('config_rpm')
    .values({ mcrpDevcId: devcId, mcrpType: type, mcrpMinValue: min, mcrpIsSingleEngine: single })
    .execute();
}
export async function configAe(t: TestApp, devcId: number, no: number, rate: number | null) {
  await t.database.db
    .insertInto('config_ae')
    .values({ mcaeDevcId: devcId, mcaeNo: no, mcaeConsumptRateByTime: rate })
    .execute();
}

/** Posts readings with the vessel's gateway key, in batches; fails loudly on any rejection. */
export async function send(t: TestApp, key: string, readings: Reading[]) {
  for (let i = 0; i < readings.length; i += 5000) {
    const r = await t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': key },
      payload: { readings: readings.slice(i, i + 5000) },
    });
    if (r.statusCode !== 200 || r.json.data.rejected > 0)
      throw new Error(`ingest failed: ${JSON.stringify(r.json).slice(0, 500)}`);
  }
}

/** n one-minute readings from `from`: data(i) for minute i. */
export const series = (
  device: string,
  from: number,
  n: number,
  data: (i: number) => Record<string, number>,
): Reading[] => Array.from({ length: n }, (_, i) => ({ device, ts: from + i * MIN, data: data(i) }));

export async function vessel(t: TestApp, compId: number, name: string, extra: Record<string, unknown> = {}) {
  const massId = await createAsset(t.database.db, compId, name, extra);
  const gw = await createDevice(t.database.db, massId, `gw-${massId}`, 'gateway', { devcLabel: 'GATEWAY' });
  const key = await issueDeviceKey(t.database.db, gw, 'test');
  const add = (uid: string, type: string, label: string | null) =>
    createDevice(t.database.db, massId, uid, type, { devcLabel: label });
  return { massId, key, add };
}

export async function buildWorld(t: TestApp): Promise<World> {
  const tenants = await twoTenants(t.database.db, ['master_asset']);
  const comp = tenants.compA1;
  const T0 = bucketStart(nowSeconds() - 3 * 86400, 86400, 7);
  const N = 180; // three hours

  // ---- twin engine with AE meters (layout 2)
  const a = await vessel(t, comp, 'Twin AE');
  await a.add('gps-a', 'gps', null);
  await configRpm(t, await a.add('rpm-a-1', 'rpm', 'PORT'), 'PORT', 400);
  await configRpm(t, await a.add('rpm-a-3', 'rpm', 'STARBOARD'), 'STARBOARD', 300);
  await configAe(t, await a.add('ae-a-1', 'ae', 'AE1'), 1, 6);
  await a.add('ae-a-2', 'ae', 'AE2'); // no Config AE: 5 L/h
  await a.add('ae-a-3', 'ae', 'AE3');
  for (const l of ['PORT_IN', 'PORT_OUT', 'STARBOARD_IN', 'STARBOARD_OUT', 'AE_IN', 'AE_OUT'])
    await a.add(`fm-a-${l}`, 'flowmeter', l);
  await a.add('fm-a-bunker', 'flowmeter', 'BUNKER_IN');
  await a.add('tmp-a-1', 'temperature', 'EXHAUST_TEMPERATURE');
  await a.add('tmp-a-3', 'temperature', 'EXHAUST_TEMPERATURE');
  await send(t, a.key, [
    ...series('gps-a', T0, N, (i) => ({ latitude: 0, longitude: 100 + 0.01 * i, speed: i < 60 ? 20 : 10, track: 90 })),
    ...series('rpm-a-1', T0, N, (i) => ({ rpm: i < 30 ? 1000 : i < 60 ? 0 : i < 120 ? 1200 : 350 })),
    ...series('rpm-a-3', T0, N, () => ({ rpm: 350 })),
    ...series('ae-a-1', T0, N, () => ({ rpm: 1500, running: 1 })),
    ...series('ae-a-2', T0, N, (i) => ({ rpm: i < 60 ? 1500 : 0, running: i < 60 ? 1 : 0 })),
    ...series('ae-a-3', T0, N, () => ({ rpm: 0, running: 0 })),
    ...series('fm-a-PORT_IN', T0, N, (i) => ({
      volumeInventory: 10000 + 2 * i,
      volumeFlowrate: i < 150 ? 120 : 0,
      density: 850,
      temperature: 40,
    })),
    ...series('fm-a-PORT_OUT', T0, N, (i) => ({ volumeInventory: 5000 + 0.5 * i, volumeFlowrate: 30 })),
    ...series('fm-a-STARBOARD_IN', T0, N, (i) => ({
      volumeInventory: 20000 + 3 * i,
      volumeFlowrate: 180,
      density: 840,
      temperature: 42,
    })),
    ...series('fm-a-STARBOARD_OUT', T0, N, (i) => ({ volumeInventory: 7000 + i, volumeFlowrate: 60 })),
    ...series('fm-a-AE_IN', T0, N, (i) => ({ volumeInventory: 3000 + i, volumeFlowrate: 60 })),
    ...series('fm-a-AE_OUT', T0, N, (i) => ({ volumeInventory: 1000 + 0.25 * i, volumeFlowrate: 15 })),
    ...series('fm-a-bunker', T0, N, (i) => ({ volumeInventory: 90000 + 100 * i, volumeFlowrate: 6000 })),
    ...series('tmp-a-1', T0, N, () => ({ temperature: 300 })),
    ...series('tmp-a-3', T0, N, (i) => ({ temperature: i < 60 ? 320 : 340 })),
  ]);

  // ---- twin engine without AE meter (layout 3); AE2 reports rpm only; the starboard totaliser resets
  const b = await vessel(t, comp, 'Twin no AE meter');
  await b.add('gps-b', 'gps', null);
  await b.add('rpm-b-1', 'rpm', 'PORT');
  await b.add('rpm-b-3', 'rpm', 'STARBOARD');
  await configAe(t, await b.add('ae-b-1', 'ae', 'AE1'), 1, 6);
  await b.add('ae-b-2', 'ae', 'AE2');
  await b.add('fm-b-1', 'flowmeter', 'PORT_IN');
  await b.add('fm-b-2', 'flowmeter', 'PORT_OUT');
  await b.add('fm-b-3', 'flowmeter', 'STARBOARD_IN'); // no STARBOARD_OUT: supply only
  await send(t, b.key, [
    ...series('gps-b', T0, N, (i) => ({ latitude: -6, longitude: 106 + 0.001 * i, speed: 5, track: 45 })),
    ...series('rpm-b-1', T0, N, () => ({ rpm: 800 })),
    ...series('rpm-b-3', T0, N, () => ({ rpm: 820 })),
    ...series('ae-b-1', T0, N, () => ({ rpm: 1500, running: 1 })),
    ...series('ae-b-2', T0, N, (i) => ({ rpm: i < 60 ? 1500 : 0 })),
    ...series('fm-b-1', T0, N, (i) => ({ volumeInventory: 100 + 2 * i, volumeFlowrate: 120 })),
    ...series('fm-b-2', T0, N, (i) => ({ volumeInventory: 50 + 0.5 * i, volumeFlowrate: 30 })),
    ...series('fm-b-3', T0, N, (i) => ({
      volumeInventory: i < 100 ? 500 + 3 * i : 3 * (i - 100),
      volumeFlowrate: 180,
    })),
  ]);

  // ---- single engine; reports from one hour before T0 to one hour after (crosses local midnight)
  const c = await vessel(t, comp, 'Single');
  await configRpm(t, await c.add('rpm-c', 'rpm', 'PORT'), 'PORT', 30, 1);
  await c.add('fm-c-1', 'flowmeter', 'PORT_IN');
  await send(t, c.key, [
    ...series('rpm-c', T0 - H, 120, (i) => ({ rpm: i < 10 ? 20 : 100 })),
    ...series('fm-c-1', T0 - H, 120, (i) => ({ volumeInventory: i, volumeFlowrate: 60 })),
  ]);

  // ---- no flow meter (4-page report); online: a fix a minute ago
  const d = await vessel(t, comp, 'No meter');
  await d.add('gps-d', 'gps', null);
  await d.add('rpm-d-1', 'rpm', 'PORT');
  await d.add('rpm-d-3', 'rpm', 'STARBOARD');
  await d.add('ae-d-1', 'ae', 'AE1');
  await send(t, d.key, [
    ...series('rpm-d-1', T0, N, () => ({ rpm: 900 })),
    ...series('rpm-d-3', T0, N, () => ({ rpm: 900 })),
    ...series('ae-d-1', T0, N, (i) => ({ rpm: i < 120 ? 1500 : 0, running: i < 120 ? 1 : 0 })),
    { device: 'gps-d', ts: nowSeconds() - 60, data: { latitude: -6.1, longitude: 106.8, speed: 0 } },
  ]);

  // ---- under maintenance: flagged (with data), and a vessel with GPS data only
  const e = await vessel(t, comp, 'Flagged', { massMaintenance: 1 });
  await e.add('rpm-e', 'rpm', 'PORT');
  await send(
    t,
    e.key,
    series('rpm-e', T0, 60, () => ({ rpm: 900 })),
  );
  const f = await vessel(t, comp, 'GPS only');
  await f.add('gps-f', 'gps', null);
  await f.add('rpm-f', 'rpm', 'PORT');
  await send(
    t,
    f.key,
    series('gps-f', T0, 60, () => ({ latitude: 1, longitude: 104, speed: 0 })),
  );

  return {
    tenants,
    T0,
    twinAe: a.massId,
    twinNoAe: b.massId,
    single: c.massId,
    noMeter: d.massId,
    flagged: e.massId,
    gpsOnly: f.massId,
  };
}
