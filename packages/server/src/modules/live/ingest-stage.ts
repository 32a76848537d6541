import type { Database } from '../../db/database.ts';
import type { IngestStage } from '../telemetry/pipeline.ts';
import type { LatestState } from '../telemetry/telemetry-store.ts';

/**
 * The live push as a stage of the ingest pipeline (issue 13): once a batch committed, its newest new reading per
 * device goes to the live hubs, which listen with `onLatestState`. Synchronous and cheap: listeners must not throw
 * or block (they queue their work).
 */
export const livePushStage: IngestStage = {
  begin: (database) => ({ committed: (batch) => publishLatestStates(database, batch.latest) }),
};

export type LatestStateListener = (database: Database, states: LatestState[]) => void;

const listeners = new Set<LatestStateListener>();

/** Subscribe to committed latest states; returns the unsubscribe function. */
export function onLatestState(listener: LatestStateListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publishLatestStates(database: Database, states: LatestState[]): void {
  if (states.length === 0) return;
  for (const l of listeners) {
    try {
      l(database, states);
    } catch (err) {
      console.warn(`live push listener failed: ${(err as Error).message}`);
    }
  }
}
