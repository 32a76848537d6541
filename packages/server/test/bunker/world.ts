import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import type { TestApp } from '../helpers/app.ts';
import { createAsset, createDevice, twoTenants } from '../helpers/fixtures.ts';

export const H = 3600;
export const DAY = 86400;
/** 2025-03-01 00:00 at +7 (a Saturday): local midnight, so daily intervals start at T0 + k·DAY. */
export const T0 = Date.UTC(2025, 1, 28, 17, 0, 0) / 1000;

type Reading = { device: string; ts: number; data: Record<string, number> };

export const BUNKER_PERMISSIONS = [
  'master_asset',
  'master_bunker_log',
  'master_bunker_adjustment',
  'master_rob_rob',
  'master_rob_adjustment',
  'summary_rob',
];

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

/**
 * The bunkering world (docs/domain.md §24–§25; figures worked out by hand in the suites):
 * Vessel A1 (tenant A) has a BUNKER_IN meter and a PORT_IN supply meter; Vessel A2 has no devices.
 * - bunker meter, log 1 window T0+2h..T0+3h, every 10 min: volumeTotal 1000, 3000, 5000, 500 (reset), 2500,
 *   4500, 6500 → 2000+2000+500+2000+2000+2000 = 10 500 L; observed density 835.81 kg/m³ at 35 °C (ρ15 ≈ 850).
 * - bunker meter, log 2 window T0+23h..T0+25h (across local midnight): volumeTotal 0, 6000, 12000 hourly → 12 000 L.
 * - PORT_IN: volumeInventory 100 000 + 50·k every 10 min for k = 0..287 (T0 .. T0+47h50) → 300 L/h
 *   (the first hour 250 L: five steps), 14 350 L in all.
 */
export async function bunkerWorld(t: TestApp, extraPermissions: string[] = []) {
  const tenants = await twoTenants(t.database.db, [...BUNKER_PERMISSIONS, ...extraPermissions]);
  const db = t.database.db;
  const gw = await createDevice(db, tenants.assetA1, 'gw-a1', 'gateway', { devcLabel: 'GATEWAY' });
  const key = await issueDeviceKey(db, gw, 'test');
  await createDevice(db, tenants.assetA1, 'fm-bunker', 'flowmeter', { devcLabel: 'BUNKER_IN' });
  await createDevice(db, tenants.assetA1, 'fm-port-1', 'flowmeter', { devcLabel: 'PORT_IN' });
  const readings: Reading[] = [];
  [1000, 3000, 5000, 500, 2500, 4500, 6500].forEach((v, i) => {
    readings.push({
      device: 'fm-bunker',
      ts: T0 + 2 * H + i * 600,
      data: { volumeTotal: v, volumeFlowrate: 12000, density: 835.81, temperature: 35 },
    });
  });
  [0, 6000, 12000].forEach((v, i) => {
    readings.push({
      device: 'fm-bunker',
      ts: T0 + 23 * H + i * H,
      data: { volumeTotal: v, volumeFlowrate: 6000, density: 850, temperature: 15 },
    });
  });
  for (let k = 0; k <= 287; k++)
    readings.push({
      device: 'fm-port-1',
      ts: T0 + k * 600,
      data: { volumeInventory: 100000 + 50 * k, volumeFlowrate: 300 },
    });
  await send(t, key, readings);
  const emptyVessel = await createAsset(db, tenants.compA1, 'Vessel A1 without devices');
  const loc = await db
    .insertInto('bunker_location')
    .values({ mbloName: 'Tanjung Priok' })
    .returning('mbloId')
    .executeTakeFirstOrThrow();
  const fuel = await db
    .insertInto('fuel_type')
    .values({ mftyName: 'HSD' })
    .returning('mftyId')
    .executeTakeFirstOrThrow();
  return { ...tenants, emptyVessel, location: Number(loc.mbloId), fuelType: Number(fuel.mftyId) };
}

export type BunkerWorld = Awaited<ReturnType<typeof bunkerWorld>>;
