import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';

/**
 * Putting deliveries in the durable queue (table webhook_delivery, migration 040): one row per active subscription
 * of the company that wants the kind, the JSON body fixed now (docs/api.md "Webhooks": id, kind, created,
 * companyId, data). `db` may be a transaction: the bunkering hooks queue inside the write's own, so a committed
 * log always has its deliveries.
 */
export async function enqueueWebhooks(
  db: Db,
  compId: number,
  kind: string,
  data: Record<string, unknown>,
  o: { now?: number; only?: number } = {},
): Promise<number> {
  const now = o.now ?? nowSeconds();
  let q = db.selectFrom('webhook').select(['wbhkId', 'wbhkKinds']).where('wbhkCompId', '=', compId);
  q = o.only === undefined ? q.where('wbhkActive', '=', 1) : q.where('wbhkId', '=', o.only);
  const subs = (await q.execute()).filter((s) => o.only !== undefined || kindsOf(s.wbhkKinds).includes(kind));
  if (!subs.length) return 0;
  await db
    .insertInto('webhook_delivery')
    .values(
      subs.map((s) => {
        const uid = randomUUID();
        return {
          wbdlWbhkId: s.wbhkId,
          wbdlUid: uid,
          wbdlKind: kind,
          wbdlPayload: JSON.stringify({ id: uid, kind, created: now, companyId: compId, data }),
          wbdlStatus: 'pending',
          wbdlAttempts: 0,
          wbdlNextTryTime: now,
          wbdlCreatedTime: now,
        };
      }),
    )
    .execute();
  return subs.length;
}

/** The stored kinds of a subscription (a JSON array). */
export function kindsOf(text: unknown): string[] {
  try {
    const v = JSON.parse(String(text));
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Wakes this process's workers after a commit that queued deliveries (others find them on their next poll). */
const wakers = new Set<() => void>();
export function onWebhooksQueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}
export function webhooksQueued(): void {
  for (const w of wakers) w();
}
