import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { enqueueWebhooks, kindsOf, webhooksQueued } from './queue.ts';

/** legs one pass tells at most (the rest in the next pass) */
const LEGS_PER_PASS = 500;

/**
 * `voyage_leg.closed` (docs/api.md "Webhooks"): the voyages module re-detects a vessel's legs in the background and
 * stores them again (modules/voyages/redetect.ts replaces them from a boundary on), so a leg's closing is not one
 * write to hook. Each poll reads the closed legs (`ongoing = 0`) of vessels whose company has an active
 * subscription to the kind, ended after that subscription was made and not yet told (webhook_leg_told); each is
 * told once: the told row is inserted first, and only the process whose insert took it queues the deliveries, in
 * the same transaction. A leg re-detected with the same start and end is not told again; one whose end moved is.
 */
export async function queueClosedLegs(database: Database, now = nowSeconds()): Promise<number> {
  const db = database.db;
  const rows = await db
    .selectFrom('voyage_leg as l')
    .innerJoin('asset as a', 'a.massId', 'l.assetId')
    .innerJoin('webhook as w', 'w.wbhkCompId', 'a.massCompId')
    .select([
      'l.assetId',
      'l.startTs',
      'l.endTs',
      'l.kind',
      'l.fromPlace',
      'l.toPlace',
      'l.startLat',
      'l.startLng',
      'l.endLat',
      'l.endLng',
      'a.massName',
      'a.massCompId',
      'w.wbhkKinds',
    ])
    .where('l.ongoing', '=', 0)
    .where('w.wbhkActive', '=', 1)
    .whereRef('l.endTs', '>=', 'w.wbhkCreatedTime')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_leg_told as t')
            .select('t.assetId')
            .whereRef('t.assetId', '=', 'l.assetId')
            .whereRef('t.startTs', '=', 'l.startTs')
            .whereRef('t.endTs', '=', 'l.endTs'),
        ),
      ),
    )
    .orderBy('l.endTs')
    .limit(LEGS_PER_PASS)
    .execute();
  const legs = new Map<string, (typeof rows)[number]>();
  for (const r of rows)
    if (kindsOf(r.wbhkKinds).includes('voyage_leg.closed')) legs.set(`${r.assetId}:${r.startTs}:${r.endTs}`, r);
  let queued = 0;
  for (const l of legs.values()) {
    queued += await db.transaction().execute(async (trx) => {
      const told = await trx
        .insertInto('webhook_leg_told')
        .values({ assetId: l.assetId, startTs: l.startTs, endTs: l.endTs, toldTime: now })
        .onConflict((oc) => oc.doNothing())
        .returning('assetId')
        .executeTakeFirst();
      if (!told) return 0;
      const start = Number(l.startTs);
      const end = Number(l.endTs);
      return enqueueWebhooks(
        trx,
        Number(l.massCompId),
        'voyage_leg.closed',
        {
          vessel: { id: Number(l.assetId), name: String(l.massName) },
          kind: String(l.kind),
          start,
          end,
          durationSeconds: end - start,
          from: l.fromPlace === null ? null : String(l.fromPlace),
          to: l.toPlace === null ? null : String(l.toPlace),
          startPosition: { lat: Number(l.startLat), lng: Number(l.startLng) },
          endPosition: { lat: Number(l.endLat), lng: Number(l.endLng) },
        },
        { now },
      );
    });
  }
  if (queued) webhooksQueued();
  return queued;
}
