import { DEMO_FLEET } from '@fleet/fleet-catalog';
import { type DemoTrackersHandle, runDemoTrackers } from '@fleet/simulator/teltonika-demo.ts';
import type { FastifyInstance } from 'fastify';
import { nowSeconds } from '../../http/time.ts';

/**
 * SIMULATOR=1 with the Teltonika listener on: two demo trackers (Teltonika FMB920 by IMEI) aboard the demo vessels
 * TB01 and OT01, created on their vessels if missing, connect to our own TCP port and send codec 8 Extended
 * records of the vessel's voyage (packages/simulator/src/teltonika-demo.ts).
 */
export const DEMO_TRACKERS = [
  { imei: '356307042441101', vessel: 'tb01' },
  { imei: '356307042441102', vessel: 'ot01' },
];

export async function startDemoTrackers(app: FastifyInstance, port: number): Promise<DemoTrackersHandle | undefined> {
  const db = app.deps.database.db;
  const trackers = [];
  for (const t of DEMO_TRACKERS) {
    const vessel = DEMO_FLEET.find((v) => v.code === t.vessel);
    const gateway = await db
      .selectFrom('device')
      .select('devcMassId')
      .where('devcUniqueId', '=', `gateway-${t.vessel}`)
      .executeTakeFirst();
    if (!vessel || !gateway?.devcMassId) continue;
    const known = await db.selectFrom('device').select('devcId').where('devcUniqueId', '=', t.imei).executeTakeFirst();
    if (!known)
      await db
        .insertInto('device')
        .values({
          devcName: `${t.vessel.toUpperCase()} Tracker`,
          devcType: 'tracker',
          devcUniqueId: t.imei,
          devcStatus: '1',
          devcMassId: gateway.devcMassId,
          devcDescription: `Teltonika FMB920 aboard ${vessel.name} (demo tracker)`,
          devcCreatedTime: nowSeconds(),
        })
        .execute();
    trackers.push({ imei: t.imei, vessel });
  }
  if (!trackers.length) {
    app.log.warn('demo trackers: the demo vessels are not in the database; not started');
    return undefined;
  }
  return runDemoTrackers({ host: '127.0.0.1', port, trackers, log: app.log.child({ module: 'demo-trackers' }) });
}
