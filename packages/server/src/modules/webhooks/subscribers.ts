import type { Database } from '../../db/database.ts';
import { kindsOf } from './queue.ts';

/**
 * Which vessels have an active subscriber, per kind, as this process knows it (docs/domain.md §43.2): the writers of
 * the outbox (events in the event log's transaction, fixes in the ingest batch's) ask it, so that with no subscriber
 * nothing is written. Read again at most every SUBSCRIBERS_TTL_SECONDS, and at once after this process changed a
 * subscription (`invalidateSubscribers`); the read is one statement, run inside the writer's transaction.
 */
export const SUBSCRIBERS_TTL_SECONDS = 10;

/** The statement of a read (aliases without underscores: the same keys through Kysely's camel-case plugin). */
export const SUBSCRIBERS_SQL = `select a.mass_id as mid, a.mass_comp_id as cid, w.wbhk_kinds as kinds
  from webhook w join asset a on a.mass_comp_id = w.wbhk_comp_id where w.wbhk_active = 1`;

export interface Subscribers {
  loadedAt: number;
  /** kind → vessel → its company, for the vessels of companies with an active subscription to the kind */
  byKind: Map<string, Map<number, number>>;
}

const known = new WeakMap<Database, Subscribers>();

/** The known subscribers when read less than SUBSCRIBERS_TTL_SECONDS ago; else undefined (read them again). */
export function freshSubscribers(database: Database, now = Date.now() / 1000): Subscribers | undefined {
  const s = known.get(database);
  return s && now - s.loadedAt < SUBSCRIBERS_TTL_SECONDS && now >= s.loadedAt ? s : undefined;
}

/** Keeps the rows of SUBSCRIBERS_SQL as this process's subscribers of `database`. */
export function keepSubscribers(
  database: Database,
  rows: Record<string, unknown>[],
  now = Date.now() / 1000,
): Subscribers {
  const byKind = new Map<string, Map<number, number>>();
  for (const r of rows)
    for (const kind of kindsOf(r.kinds)) {
      const m = byKind.get(kind) ?? new Map<number, number>();
      byKind.set(kind, m);
      m.set(Number(r.mid), Number(r.cid));
    }
  const s = { loadedAt: now, byKind };
  known.set(database, s);
  return s;
}

/** A subscription of this process changed: the next writer reads them again. */
export function invalidateSubscribers(database: Database): void {
  known.delete(database);
}
