import type { Thresholds } from '@fleet/shared';
import { INGEST_STAGES } from '../../src/app.ts';
import type { Database } from '../../src/db/database.ts';
import { eventConfigChanged } from '../../src/modules/event-engine/definitions.ts';
import { ingestReadings, type KeyScope } from '../../src/modules/telemetry/ingest.ts';
import { createAsset, createCompany, createDevice, createGroup } from '../helpers/fixtures.ts';

/** A past instant every engine test counts from (readings may not lie in the future). */
export const T0 = 1767225600; // 2026-01-01 00:00 UTC

/**
 * One vessel with a gateway, a power supply, an exhaust temperature sensor and two main-engine RPM sensors; events
 * are defined and activated on its gateway as spec 001 stores them.
 */
export async function eventWorld(database: Database, code = 'ev1') {
  const db = database.db;
  const grcp = await createGroup(db, `Events ${code}`);
  const comp = await createCompany(db, grcp, `Events Co ${code}`);
  const massId = await createAsset(db, comp, `MV Events ${code}`);
  const gatewayId = await createDevice(db, massId, `gateway-${code}`, 'gateway');
  const ids = {
    power: await createDevice(db, massId, `power-${code}`, 'power'),
    temperature: await createDevice(db, massId, `temperature-${code}-1`, 'temperature'),
    rpm1: await createDevice(db, massId, `rpm-${code}-1`, 'rpm'),
    rpm3: await createDevice(db, massId, `rpm-${code}-3`, 'rpm'),
  };
  const scope: KeyScope = { keyId: 0, devcId: gatewayId, devcUniqueId: `gateway-${code}`, massId, gateway: true };
  let version = 0;
  return {
    db,
    grcp,
    comp,
    massId,
    gatewayId,
    gatewayUid: `gateway-${code}`,
    ids,
    uid: {
      power: `power-${code}`,
      temperature: `temperature-${code}-1`,
      rpm1: `rpm-${code}-1`,
      rpm3: `rpm-${code}-3`,
    },
    ingest: (records: unknown[]) => ingestReadings({ database, stages: INGEST_STAGES }, scope, records),
    async defineEvent(type: string, duration: number, thresholds: Thresholds, priority = 0): Promise<number> {
      const r = await db
        .insertInto('master_event')
        .values({
          mevtType: type,
          mevtTriggerDuration: duration,
          mevtIsPriority: priority,
          mevtThresholds: JSON.stringify(thresholds),
        })
        .returning('mevtId')
        .executeTakeFirstOrThrow();
      eventConfigChanged(); // written past the API: tell this process's definition cache, as the API does
      return Number(r.mevtId);
    },
    /** A new configuration version with these events, made the active one (as POST …/activate does). */
    async activate(mevtIds: number[]): Promise<number> {
      version++;
      await db.updateTable('config_event').set({ mcevIsActive: 0 }).where('mcevDevcId', '=', gatewayId).execute();
      const c = await db
        .insertInto('config_event')
        .values({
          mcevAssetId: code,
          mcevDevcId: gatewayId,
          mcevVersion: version,
          mcevIsActive: 1,
          mcevAppliedTime: T0,
        })
        .returning('mcevId')
        .executeTakeFirstOrThrow();
      for (const mevtId of mevtIds)
        await db.insertInto('asset_event').values({ asevMcevId: c.mcevId, asevMevtId: mevtId }).execute();
      eventConfigChanged();
      return Number(c.mcevId);
    },
    async events(mevtId?: number) {
      let q = db.selectFrom('event_log').selectAll().where('evntDevcId', '=', gatewayId);
      if (mevtId !== undefined) q = q.where('evntMevtId', '=', mevtId);
      const rows = await q.orderBy('evntId').execute();
      return rows.map((r: any) => ({
        mevtId: Number(r.evntMevtId),
        timestamp: Number(r.evntTimestamp),
        status: Number(r.evntStatus),
        duration: Number(r.evntDuration),
        priority: Number(r.evntIsPriority),
        oldData: JSON.parse(r.evntOldData ?? '{}'),
        newData: JSON.parse(r.evntNewData ?? '{}'),
        threshold: JSON.parse(r.evntThreshold ?? '{}'),
      }));
    },
    async phase(mevtId: number): Promise<number | undefined> {
      const r = await db
        .selectFrom('event_state')
        .select(['evstPhase'])
        .where('evstGatewayId', '=', gatewayId)
        .where('evstMevtId', '=', mevtId)
        .executeTakeFirst();
      return r ? Number(r.evstPhase) : undefined;
    },
  };
}
export type EventWorld = Awaited<ReturnType<typeof eventWorld>>;
