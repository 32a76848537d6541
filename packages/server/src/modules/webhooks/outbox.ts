import type { Database } from '../../db/database.ts';
import type { ClosedEvent, EventLogWriter, OpenedEvent } from '../event-engine/opened.ts';
import { all, byRowCount, rowStatements, type Step, tuples } from '../event-engine/step.ts';
import { webhooksQueued } from './queue.ts';
import { queueClosedEvent, queueOpenedEvent } from './sources.ts';
import { freshSubscribers, keepSubscribers, SUBSCRIBERS_SQL, type Subscribers } from './subscribers.ts';

/**
 * The webhooks' outbox (migration 041, docs/decisions.md "Webhooks: an outbox in the writer's transaction"): an
 * event opened or closed is written as a row of `webhook_outbox` in the transaction that changes the event log, when
 * the vessel's company has an active subscription to that kind; the relay below turns each row into its deliveries
 * and deletes it in one transaction. A crash after the change's commit leaves the row, which the next relay takes.
 */

/** outbox rows: [kind, company (positions) | null, vessel, JSON body, created] */
export const OUTBOX_SQL = byRowCount(
  (count) =>
    `insert into webhook_outbox (wbox_kind, wbox_comp_id, wbox_mass_id, wbox_body, wbox_created_time) values ${tuples(count, '(?, ?, ?, ?, ?)')}`,
);

/** The process's subscribers, read in the writer's transaction when what is known is older than its TTL. */
export function* subscribersStep(database: Database): Step<Subscribers> {
  return freshSubscribers(database) ?? keepSubscribers(database, yield* all(SUBSCRIBERS_SQL));
}

/** The event log's in-transaction writer of this app (event-engine/opened.ts `onEventLogWrite`). */
export function eventOutboxWriter(database: Database): EventLogWriter {
  return function* (d, change, now) {
    if (d !== database) return;
    const subs = yield* subscribersStep(database);
    const rows: unknown[][] = [];
    const add = (kind: string, e: OpenedEvent | ClosedEvent) => {
      if (subs.byKind.get(kind)?.has(e.massId)) rows.push([kind, null, e.massId, JSON.stringify(e), now]);
    };
    for (const e of change.opened) add('event.opened', e);
    for (const e of change.closed) add('event.closed', e);
    if (rows.length) yield* rowStatements(rows, OUTBOX_SQL, database.dialect === 'postgres');
  };
}

/** outbox rows of events one relay pass takes at most (the rest at the next) */
const EVENTS_PER_PASS = 500;

/**
 * Turns the outbox's events into deliveries, oldest first: each row in its own transaction, taken by deleting it
 * (only the process whose delete removed it queues it), its deliveries inserted in the same transaction.
 */
export async function relayEvents(database: Database): Promise<number> {
  const db = database.db;
  const rows = await db
    .selectFrom('webhook_outbox')
    .select('wboxId')
    .where('wboxKind', 'in', ['event.opened', 'event.closed'])
    .orderBy('wboxId')
    .limit(EVENTS_PER_PASS)
    .execute();
  let queued = 0;
  for (const { wboxId } of rows)
    queued += await db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('webhook_outbox')
        .where('wboxId', '=', wboxId)
        .returning(['wboxKind', 'wboxBody'])
        .executeTakeFirst();
      if (!row) return 0; // another process took it
      const e = JSON.parse(String(row.wboxBody));
      return row.wboxKind === 'event.opened' ? queueOpenedEvent(trx, e) : queueClosedEvent(trx, e);
    });
  if (queued) webhooksQueued();
  return queued;
}
