import type { Database } from '../../db/database.ts';

/**
 * The seam between the event engine and what reacts to a newly opened event (the live push of High events, their
 * e-mail; issue 17). Ingest and the sweep call `publishEventsOpened` after their transaction committed, in the
 * process that opened the event (so an e-mail goes out once, whatever the number of processes). Listeners are
 * synchronous and must not throw or block: they queue their work.
 */
/** An event the engine opened (for the live push and e-mail). */
export interface OpenedEvent {
  massId: number;
  gatewayUid: string;
  mevtId: number;
  type: string;
  priority: number;
  timestamp: number;
}

/** Event priority of master_event.mevt_is_priority that is pushed live and mailed (1 = High, spec 001 §2). */
export const HIGH_PRIORITY = 1;

export type OpenedListener = (database: Database, opened: OpenedEvent[]) => void;

const listeners = new Set<OpenedListener>();

/** Subscribe to opened events; returns the unsubscribe function. */
export function onEventsOpened(listener: OpenedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publishEventsOpened(database: Database, opened: OpenedEvent[]): void {
  if (!opened.length) return;
  for (const l of listeners) {
    try {
      l(database, opened);
    } catch (err) {
      console.warn(`opened-event listener failed: ${(err as Error).message}`);
    }
  }
}
