import type { Database } from '../../db/database.ts';
import type { OpenedEvent } from './engine.ts';

/**
 * The seam between the event engine and what reacts to a newly opened event (the live push of High events, their
 * e-mail; issue 17). Ingest and the sweep call `publishEventsOpened` after their transaction committed, in the
 * process that opened the event (so an e-mail goes out once, whatever the number of processes). Listeners are
 * synchronous and must not throw or block: they queue their work.
 */
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
