import type { Database } from '../../db/database.ts';
import type { Step } from './step.ts';

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
  /** the event_log row, when the writer knows it (ROB Below Zero); else found by asset, event and start */
  evntId?: number;
}

/** An event closed (Non Active): by the engine (gateway and event), or a system event's writer (its row). */
export interface ClosedEvent {
  massId: number;
  gatewayId: number;
  mevtId: number;
  /** device time it ended */
  end: number;
  evntId?: number;
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

/**
 * Every change of the event log's open state, from every writer (the engine's ingest and sweep, ROB Below Zero, the
 * fuel watch), published after the writer's commit, like the openings above; listeners queue their work (the
 * webhooks wake the relay of their outbox, which `writeEventLogChange` below filled in the transaction). Kept apart
 * from `onEventsOpened` so that a system event's opening is not mailed or pushed live by it.
 */
export type EventLogListener = (database: Database, change: { opened: OpenedEvent[]; closed: ClosedEvent[] }) => void;

const logListeners = new Set<EventLogListener>();

export function onEventLogChanged(listener: EventLogListener): () => void {
  logListeners.add(listener);
  return () => logListeners.delete(listener);
}

export function publishEventLogChanged(database: Database, opened: OpenedEvent[], closed: ClosedEvent[]): void {
  if (!opened.length && !closed.length) return;
  for (const l of logListeners) {
    try {
      l(database, { opened, closed });
    } catch (err) {
      console.warn(`event-log listener failed: ${(err as Error).message}`);
    }
  }
}

/**
 * The same change, inside the writer's transaction, for what must commit with it (the webhooks' outbox, issue 31,
 * docs/decisions.md "Webhooks: an outbox in the writer's transaction"): each writer runs `writeEventLogChange` as a
 * step of its transaction — the engine's ingest and sweep in their steps, ROB Below Zero and the fuel watch on their
 * Kysely transaction (run.ts `runKysely`) — so a crash after the commit cannot lose what it tells.
 */
export type EventLogWriter = (
  database: Database,
  change: { opened: OpenedEvent[]; closed: ClosedEvent[] },
  now: number,
) => Step<void>;

const writers = new Set<EventLogWriter>();

export function onEventLogWrite(writer: EventLogWriter): () => void {
  writers.add(writer);
  return () => writers.delete(writer);
}

export function* writeEventLogChange(
  database: Database,
  opened: OpenedEvent[],
  closed: ClosedEvent[],
  now: number,
): Step<void> {
  if (!opened.length && !closed.length) return;
  for (const w of writers) yield* w(database, { opened, closed }, now);
}
