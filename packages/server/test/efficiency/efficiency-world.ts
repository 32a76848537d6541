import { bucketStart } from '@fleet/shared';
import { nowSeconds } from '../../src/http/time.ts';
import { redetect } from '../../src/modules/voyages/redetect.ts';
import type { TestApp } from '../helpers/app.ts';
import { createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { H, send, series, vessel } from '../summary/summary-world.ts';

/** Metres per 0.01° of longitude on the equator: R · Δλ (docs/domain.md §6). */
export const STEP = 6371000 * ((0.01 * Math.PI) / 180);

/**
 * The hand-computed fleet of test/efficiency (docs/domain.md §38), in one company: 1-minute readings i = 0…119 from
 * T0 − 1 h (the previous period [T0 − H, T0)) to T0 + 1 h (the period [T0, T0 + H)), each fix 0.01° east of the last.
 * - Tug X, Tug Z: PORT rpm 1 000 (running), PORT_IN totaliser 1 000 + 2i, fuel type 3.206 / 850 kg/m³, 20 km/h
 *   (under way); Tug Z reports SOG 0 from i = 90 on (T0 + 30 min), its positions moving on as before
 * - Tug Y: the same with 1 000 + 4i (twice the litres)
 * - Tug W: no GPS (no distance: no L/NM, no rank)
 * - Barge N: reports from T0 only (i = 60…119; nothing in the previous period)
 */
export interface EfficiencyWorld {
  T0: number;
  token: string;
  x: number;
  y: number;
  z: number;
  w: number;
  n: number;
}

export async function efficiencyWorld(t: TestApp, compId: number): Promise<EfficiencyWorld> {
  const db = t.database.db;
  const T0 = bucketStart(nowSeconds() - 2 * 86400, H);
  const fuel = await db
    .insertInto('fuel_type')
    .values({ mftyName: 'HSD efficiency', mftyCo2Factor: 3.206, mftyDensity: 850 })
    .returning('mftyId')
    .executeTakeFirstOrThrow();
  const type = async (name: string) =>
    (await db.insertInto('asset_type').values({ matyName: name }).returning('matyId').executeTakeFirstOrThrow()).matyId;
  const tug = await type('Tug efficiency');
  const barge = await type('Barge efficiency');

  const build = async (
    name: string,
    matyId: number,
    o: { litres: number; gps: boolean; from: number; stopFrom?: number },
  ) => {
    const v = await vessel(t, compId, name, { massMatyId: matyId, massMftyId: fuel.mftyId });
    if (o.gps) await v.add(`gps-${v.massId}`, 'gps', null);
    await v.add(`rpm-${v.massId}`, 'rpm', 'PORT');
    await v.add(`fm-${v.massId}`, 'flowmeter', 'PORT_IN');
    const n = 120 - o.from;
    const at = T0 - H + o.from * 60;
    await send(t, v.key, [
      ...(o.gps
        ? series(`gps-${v.massId}`, at, n, (i) => ({
            latitude: 0,
            longitude: 100 + 0.01 * i,
            speed: o.from + i >= (o.stopFrom ?? 120) ? 0 : 20,
            track: 90,
          }))
        : []),
      ...series(`rpm-${v.massId}`, at, n, () => ({ rpm: 1000 })),
      ...series(`fm-${v.massId}`, at, n, (i) => ({ volumeInventory: 1000 + o.litres * i, volumeFlowrate: 120 })),
    ]);
    // the voyages module's detection writes the motion hours (§37.1)
    await redetect(t.database, v.massId, nowSeconds());
    return v.massId;
  };
  const x = await build('Tug X', tug, { litres: 2, gps: true, from: 0 });
  const y = await build('Tug Y', tug, { litres: 4, gps: true, from: 0 });
  const z = await build('Tug Z', tug, { litres: 2, gps: true, from: 0, stopFrom: 90 });
  const w = await build('Tug W', tug, { litres: 2, gps: false, from: 0 });
  const n = await build('Barge N', barge, { litres: 2, gps: true, from: 60 });

  const role = await createRole(db, 'Efficiency reader', { fleet_efficiency: ['read'] });
  await createUser(db, {
    userId: 'efficiency@a.test',
    username: 'efficiency',
    roleIds: [role],
    companies: [{ compId }],
  });
  return { T0, token: await signIn(db, 'efficiency@a.test', compId), x, y, z, w, n };
}
