import { PORTS } from '@fleet/simulator/geography.ts';
import { nowSeconds } from '../../src/http/time.ts';
import type { TestApp } from '../helpers/app.ts';
import { twoTenants } from '../helpers/fixtures.ts';
import { configAe, send, vessel } from '../summary/summary-world.ts';

/**
 * The worked example of docs/domain.md §37.4 as readings sent through POST /api/ingest, one a minute from T (a UTC
 * midnight two days ago) to T + 10 h (minute m = 0 … 600):
 * - GPS: at the Tanjung Priok berth until m 120 (speed 0); m 121–240 at 10 kn, 308.667 m a fix (the device sends its
 *   distance, §6), positions running to the outer anchorage; there until m 420; m 421–450 at 8 kn (246.933 m a fix)
 *   back; at the berth after.
 * - PORT rpm: 1 000 while under way, 600 (above the default 400) at m 101–120 (standby at the berth), else 0.
 * - PORT_IN and STARBOARD_IN: each 1 L a reading at m 120–239 and 420–449 (60 L/h each), 850 kg/m³ at 15 °C.
 * - AE1 running throughout, Config AE rate 5 L/h. Fuel type HSD (3.206, 845 kg/m³).
 */
export const MIN = 60;
const JKT = PORTS.find((p) => p.id === 'JKT');
if (!JKT) throw new Error('no JKT port');
export const BERTH = JKT.harbour[0];
export const ANCHORAGE = JKT.harbour[JKT.harbour.length - 1];
export const KN = 1.852;

const lerp = (a: readonly [number, number], b: readonly [number, number], f: number) =>
  [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f] as const;

/** Where the vessel is and how fast it goes at minute m. */
export function fixAt(m: number): { lat: number; lng: number; speedKn: number; distance: number } {
  if (m >= 121 && m <= 240) {
    const [lat, lng] = lerp(BERTH, ANCHORAGE, (m - 120) / 120);
    return { lat, lng, speedKn: 10, distance: (10 * 1852) / 60 };
  }
  if (m >= 421 && m <= 450) {
    const [lat, lng] = lerp(ANCHORAGE, BERTH, (m - 420) / 30);
    return { lat, lng, speedKn: 8, distance: (8 * 1852) / 60 };
  }
  const [lat, lng] = m > 240 && m <= 420 ? ANCHORAGE : BERTH;
  return { lat, lng, speedKn: 0, distance: 0 };
}

const underway = (m: number) => (m >= 121 && m <= 240) || (m >= 421 && m <= 450);
const metering = (m: number) => (m >= 120 && m <= 239) || (m >= 420 && m <= 449);

type Reading = { device: string; ts: number; data: Record<string, number> };

export function readings(T: number, from = 0, to = 600, only?: (m: number) => boolean): Reading[] {
  const out: Reading[] = [];
  let litres = 0;
  for (let m = 0; m <= to; m++) {
    if (metering(m)) litres += 1;
    if (m < from || (only && !only(m))) continue;
    const ts = T + m * MIN;
    const f = fixAt(m);
    out.push({
      device: 'v-gps',
      ts,
      data: { latitude: f.lat, longitude: f.lng, speed: f.speedKn * KN, distance: f.distance },
    });
    out.push({ device: 'v-port', ts, data: { rpm: underway(m) ? 1000 : m >= 101 && m <= 120 ? 600 : 0 } });
    for (const side of ['v-pin', 'v-sin'])
      out.push({
        device: side,
        ts,
        data: {
          volumeInventory: 10_000 + litres,
          massInventory: 8_500 + litres * 0.85,
          volumeFlowrate: metering(m) ? 60 : 0,
          density: 850,
          temperature: 15,
        },
      });
    out.push({ device: 'v-ae1', ts, data: { rpm: 1500 } });
  }
  return out;
}

export async function voyageWorld(t: TestApp, o: { tug?: boolean } = {}) {
  const tenants = await twoTenants(t.database.db, ['master_asset', 'voyages']);
  const fuel = await t.database.db
    .insertInto('fuel_type')
    .values({ mftyName: 'HSD voyages', mftyCo2Factor: 3.206, mftyDensity: 845 })
    .returning('mftyId')
    .executeTakeFirstOrThrow();
  const type = await t.database.db
    .insertInto('asset_type')
    .values({ matyName: o.tug ? 'Tug Boat' : 'Oil Tanker', matyCreatedTime: nowSeconds() })
    .returning('matyId')
    .executeTakeFirstOrThrow();
  const v = await vessel(t, tenants.compA1, 'Voyager', { massMftyId: fuel.mftyId, massMatyId: type.matyId });
  await v.add('v-gps', 'gps', null);
  await v.add('v-port', 'rpm', 'PORT');
  await v.add('v-pin', 'flowmeter', 'PORT_IN');
  await v.add('v-sin', 'flowmeter', 'STARBOARD_IN');
  const ae = await v.add('v-ae1', 'ae', 'AE1');
  await configAe(t, ae, 1, 5);
  const T = Math.floor(nowSeconds() / 86400) * 86400 - 2 * 86400;
  return { tenants, massId: v.massId, key: v.key, T, send: (r: Reading[]) => send(t, v.key, r) };
}
