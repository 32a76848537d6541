import { TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import type { Database, Db } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { inWrite } from '../event-engine/ingest-stage.ts';
import { rowStatements } from '../event-engine/step.ts';
import type { IngestStage, StoredBatch } from '../telemetry/pipeline.ts';
import { op } from '../telemetry/telemetry-store.ts';
import { OUTBOX_SQL, subscribersStep } from './outbox.ts';
import { enqueueWebhooks, kindsOf, webhooksQueued } from './queue.ts';

/**
 * The `positions` kind (docs/domain.md §43): ingest notes a vessel's new GPS fixes in its batch's transaction when
 * its company subscribes (one outbox row per vessel and batch; nothing when no company does), and the batcher sends
 * them every WEBHOOK_POSITION_INTERVAL_SECONDS in payloads of at most POSITIONS_PER_PAYLOAD.
 */
export const POSITIONS_KIND = 'positions';
/** positions of one payload, at most (§43.2) */
export const POSITIONS_PER_PAYLOAD = 500;
/** noted rows one batcher pass takes at most (§43.2) */
export const POSITION_ROWS_PER_PASS = 2000;

const KMH_PER_KNOT = 1.852;
const GPS = TELEMETRY_TYPES.gps.metrics.map((m) => m.key);
const LAT = GPS.indexOf('latitude');
const LNG = GPS.indexOf('longitude');
const SPEED = GPS.indexOf('speed');
const TRACK = GPS.indexOf('track');

/** A noted fix: [time, lat, lng, speed km/h | null, track | null]. */
export type NotedFix = [number, number, number, number | null, number | null];

/** The batch's new fixes per vessel among `vessels` (§43.1: new, with latitude and longitude), by vessel id. */
export function noteFixes(batch: StoredBatch, vessels: ReadonlyMap<number, number>): Map<number, NotedFix[]> {
  const out = new Map<number, NotedFix[]>();
  const rows = batch.byType.get('gps');
  if (!rows) return out;
  for (const r of rows) {
    const massId = batch.massOf.get(r.deviceId);
    if (massId == null || !vessels.has(massId) || !batch.inserted.has(r)) continue;
    const lat = r.values[LAT];
    const lng = r.values[LNG];
    if (lat === null || lng === null) continue;
    const fix: NotedFix = [r.ts, lat, lng, r.values[SPEED] ?? null, r.values[TRACK] ?? null];
    const list = out.get(massId);
    if (list) list.push(fix);
    else out.set(massId, [fix]);
  }
  return out;
}

/** The ingest stage: in the batch's transaction, one outbox row per subscribed vessel with new fixes. */
export const webhookPositionsStage: IngestStage = {
  begin: (database) => ({
    *write(batch) {
      if (!batch.byType.get('gps')?.length) return;
      const subs = yield* inWrite(subscribersStep(database));
      const vessels = subs.byKind.get(POSITIONS_KIND);
      if (!vessels?.size) return;
      const fixes = [...noteFixes(batch, vessels)].sort((a, b) => a[0] - b[0]);
      if (!fixes.length) return;
      const rows = fixes.map(([massId, list]) => [
        POSITIONS_KIND,
        vessels.get(massId)!,
        massId,
        JSON.stringify(list),
        batch.now,
      ]);
      for (const q of rowStatements(rows, OUTBOX_SQL, batch.postgres)) yield* op({ kind: 'sql', ...q });
    },
  }),
};

/** One position as sent (§43.1): knots to 0.1, half up. */
export function positionOf(vessel: { id: number; name: string }, f: NotedFix) {
  return {
    vessel,
    time: f[0],
    lat: f[1],
    lng: f[2],
    speedKn: f[3] === null ? null : Math.round((f[3] / KMH_PER_KNOT) * 10) / 10,
    course: f[4],
  };
}
export type Position = ReturnType<typeof positionOf>;

/** A company's positions as payloads' `data` (§43.2): by vessel id then time, cut into POSITIONS_PER_PAYLOAD. */
export function positionPayloads(positions: Position[], perPayload = POSITIONS_PER_PAYLOAD) {
  const sorted = [...positions].sort((a, b) => a.vessel.id - b.vessel.id || a.time - b.time);
  const parts = Math.ceil(sorted.length / perPayload);
  const out = [];
  for (let i = 0; i < parts; i++) {
    const chunk = sorted.slice(i * perPayload, (i + 1) * perPayload);
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const p of chunk) {
      if (p.time < first) first = p.time;
      if (p.time > last) last = p.time;
    }
    out.push({ part: i + 1, parts, count: chunk.length, first, last, positions: chunk });
  }
  return out;
}

/**
 * One pass of the batcher: the noted rows oldest first (at most POSITION_ROWS_PER_PASS), per company in one
 * transaction that deletes them (only the rows this delete removed count: another process may have taken some) and
 * queues the company's payloads to each of its active `positions` subscriptions. Rows of a company with none left
 * are deleted unsent.
 */
export async function sendPositions(database: Database, now = nowSeconds()): Promise<number> {
  const db = database.db;
  const noted = await db
    .selectFrom('webhook_outbox')
    .select(['wboxId', 'wboxCompId'])
    .where('wboxKind', '=', POSITIONS_KIND)
    .orderBy('wboxId')
    .limit(POSITION_ROWS_PER_PASS)
    .execute();
  const byCompany = new Map<number, number[]>();
  for (const r of noted) {
    const c = Number(r.wboxCompId);
    const ids = byCompany.get(c);
    if (ids) ids.push(Number(r.wboxId));
    else byCompany.set(c, [Number(r.wboxId)]);
  }
  let queued = 0;
  for (const [compId, ids] of byCompany)
    queued += await db.transaction().execute((trx) => queueCompanyPositions(trx, compId, ids, now));
  if (queued) webhooksQueued();
  return queued;
}

async function queueCompanyPositions(trx: Db, compId: number, ids: number[], now: number): Promise<number> {
  const taken = await trx
    .deleteFrom('webhook_outbox')
    .where('wboxId', 'in', ids)
    .where('wboxKind', '=', POSITIONS_KIND)
    .returning(['wboxMassId', 'wboxBody'])
    .execute();
  if (!taken.length) return 0;
  const subs = await trx
    .selectFrom('webhook')
    .select('wbhkKinds')
    .where('wbhkCompId', '=', compId)
    .where('wbhkActive', '=', 1)
    .execute();
  if (!subs.some((s) => kindsOf(s.wbhkKinds).includes(POSITIONS_KIND))) return 0;
  const massIds = [...new Set(taken.map((t) => Number(t.wboxMassId)))];
  const names = new Map(
    (await trx.selectFrom('asset').select(['massId', 'massName']).where('massId', 'in', massIds).execute()).map((a) => [
      Number(a.massId),
      String(a.massName),
    ]),
  );
  const positions: Position[] = [];
  for (const t of taken) {
    const vessel = { id: Number(t.wboxMassId), name: names.get(Number(t.wboxMassId)) ?? '' };
    for (const f of JSON.parse(String(t.wboxBody)) as NotedFix[]) positions.push(positionOf(vessel, f));
  }
  let queued = 0;
  for (const data of positionPayloads(positions))
    queued += await enqueueWebhooks(trx, compId, POSITIONS_KIND, data, { now });
  return queued;
}
