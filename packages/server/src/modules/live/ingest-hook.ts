import type { Database } from '../../db/database.ts';

/**
 * The one seam between ingest and the live push (issue 13). Ingest calls `publishLatestStates` once per
 * committed batch with the newest inserted reading per device; the live hub listens with `onLatestState`.
 * Synchronous and cheap: listeners must not throw or block (they queue their work).
 */
export interface LatestState {
  /** device.devc_id */
  deviceId: number;
  /** reading time, epoch seconds */
  ts: number;
  /** the reading's values as the pulse answers them: JSON object text { metric: value } */
  data: string;
}

export type LatestStateListener = (database: Database, states: LatestState[]) => void;

const listeners = new Set<LatestStateListener>();

/** Subscribe to committed latest states; returns the unsubscribe function. */
export function onLatestState(listener: LatestStateListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by ingest after its transaction committed (packages/server/src/modules/telemetry/ingest.ts). */
export function publishLatestStates(database: Database, states: LatestState[]): void {
  if (states.length === 0) return;
  for (const l of listeners) {
    try {
      l(database, states);
    } catch (err) {
      console.warn(`live push listener failed: ${(err as Error).message}`);
    }
  }
}
