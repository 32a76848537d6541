import type { Db } from '../../db/database.ts';
import type { ResourceHookTable } from '../crud/hooks.ts';
import type { ClosedEvent, OpenedEvent } from '../event-engine/opened.ts';
import { enqueueWebhooks } from './queue.ts';

/**
 * What is sent (docs/api.md "Webhooks", the payloads): the event log's openings and closings (from every writer:
 * the engine's ingest and sweep, ROB Below Zero, the fuel watch; through the outbox, outbox.ts), created bunkering
 * logs and their adjustments. The `data` of each
 * kind is built here, from the stored rows.
 */

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The payload of an event row (event_log with its master event and vessel). */
async function eventData(db: Db, where: (q: any) => any) {
  const row = await where(
    db
      .selectFrom('event_log')
      .innerJoin('master_event', 'master_event.mevtId', 'event_log.evntMevtId')
      .innerJoin('asset', 'asset.massId', 'event_log.evntMassId')
      .select([
        'event_log.evntId',
        'event_log.evntTimestamp',
        'event_log.evntStatus',
        'event_log.evntDuration',
        'event_log.evntDeviceId',
        'event_log.evntIsPriority',
        'event_log.evntNewData',
        'master_event.mevtType',
        'asset.massId',
        'asset.massName',
        'asset.massCompId',
      ])
      .orderBy('event_log.evntId', 'desc')
      .limit(1),
  ).executeTakeFirst();
  if (!row) return null;
  let values: unknown = null;
  try {
    values = JSON.parse(String(row.evntNewData));
  } catch {
    values = null;
  }
  const start = Number(row.evntTimestamp);
  const active = Number(row.evntStatus) === 1;
  return {
    compId: Number(row.massCompId),
    data: {
      eventId: Number(row.evntId),
      type: String(row.mevtType),
      high: Number(row.evntIsPriority) === 1,
      status: active ? 'active' : 'closed',
      vessel: { id: Number(row.massId), name: String(row.massName) },
      gateway: String(row.evntDeviceId),
      start,
      end: active ? null : start + Number(row.evntDuration),
      durationSeconds: Number(row.evntDuration),
      values,
    },
  };
}

/**
 * The deliveries of an opened event (the outbox's relay, outbox.ts; `db` is its transaction). Opened and closed in
 * one batch: still an opening, told as it was.
 */
export async function queueOpenedEvent(db: Db, e: OpenedEvent): Promise<number> {
  const found = await eventData(db, (q) =>
    e.evntId !== undefined
      ? q.where('event_log.evntId', '=', e.evntId)
      : q
          .where('event_log.evntMassId', '=', e.massId)
          .where('event_log.evntMevtId', '=', e.mevtId)
          .where('event_log.evntTimestamp', '=', e.timestamp),
  );
  if (!found) return 0;
  return enqueueWebhooks(db, found.compId, 'event.opened', {
    ...found.data,
    status: 'active',
    end: null,
    durationSeconds: 0,
  });
}

/** The deliveries of a closed event: its row, or the gateway's newest Non Active one of that event that ended then. */
export async function queueClosedEvent(db: Db, e: ClosedEvent): Promise<number> {
  const found = await eventData(db, (q) =>
    e.evntId !== undefined
      ? q.where('event_log.evntId', '=', e.evntId)
      : q
          .where('event_log.evntDevcId', '=', e.gatewayId)
          .where('event_log.evntMevtId', '=', e.mevtId)
          .where('event_log.evntStatus', '=', 0)
          // the one that ended then: duration = max(0, end − start) (event-engine/transitions.ts `close`)
          .where((eb: any) =>
            eb.or([
              eb(eb('event_log.evntTimestamp', '+', eb.ref('event_log.evntDuration')), '=', e.end),
              eb.and([eb('event_log.evntDuration', '=', 0), eb('event_log.evntTimestamp', '>=', e.end)]),
            ]),
          ),
  );
  if (!found) return 0;
  return enqueueWebhooks(db, found.compId, 'event.closed', found.data);
}

/** A bunkering log with its vessel, fuel type and location, as the payloads carry it. */
async function bunkerLogData(db: Db, id: unknown) {
  const r = await db
    .selectFrom('bunker_log')
    .innerJoin('asset', 'asset.massId', 'bunker_log.bklgMassId')
    .leftJoin('fuel_type', 'fuel_type.mftyId', 'bunker_log.bklgMftyId')
    .leftJoin('bunker_location', 'bunker_location.mbloId', 'bunker_log.bklgMbloId')
    .selectAll('bunker_log')
    .select(['asset.massName', 'asset.massCompId', 'fuel_type.mftyName', 'bunker_location.mbloName'])
    .where('bunker_log.bklgId', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return {
    compId: Number(r.massCompId),
    data: {
      bunkerLogId: Number(r.bklgId),
      vessel: { id: Number(r.bklgMassId), name: String(r.massName) },
      type: String(r.bklgType),
      fuelType: r.mftyName === null ? null : String(r.mftyName),
      location: r.mbloName === null ? null : String(r.mbloName),
      start: num(r.bklgStartDatetime),
      end: num(r.bklgEndDatetime),
      targetBunkerL: num(r.bklgTargetBunker),
      startSoundingL: num(r.bklgStartSounding),
      endSoundingL: num(r.bklgEndSounding),
      note: r.bklgNote === null || r.bklgNote === undefined ? null : String(r.bklgNote),
    },
  };
}

async function adjusted(db: Db, id: unknown, action: 'created' | 'updated') {
  const a = await db.selectFrom('bunker_adjustment').selectAll().where('bklaId', '=', id).executeTakeFirst();
  if (!a) return;
  const log = await bunkerLogData(db, a.bklaBklgId);
  if (!log) return;
  await enqueueWebhooks(db, log.compId, 'bunker_log.adjusted', {
    ...log.data,
    adjustment: {
      id: Number(a.bklaId),
      action,
      type: num(a.bklaType),
      amountL: num(a.bklaAmount),
      reason: String(a.bklaReason),
      note: String(a.bklaDesc),
    },
  });
}

/**
 * The bunkering hooks: deliveries queued in the write's own transaction (durable with the row). The afterCommit
 * moment of these resources is ROB's (one hook per moment, crud/hooks.ts), so the worker finds them on its next
 * poll (WEBHOOK_POLL_SECONDS) rather than being woken.
 */
export const webhookResourceHooks: ResourceHookTable = {
  bunker_log: {
    async afterCreate(ctx, id) {
      const log = await bunkerLogData(ctx.db, id);
      if (log) await enqueueWebhooks(ctx.db, log.compId, 'bunker_log.created', log.data);
    },
  },
  bunker_adjustment: {
    afterCreate: (ctx, id) => adjusted(ctx.db, id, 'created'),
    afterUpdate: (ctx, stored) => adjusted(ctx.db, stored.bklaId, 'updated'),
  },
};
