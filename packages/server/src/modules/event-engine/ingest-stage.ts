import type { IngestStage, StoredBatch } from '../telemetry/pipeline.ts';
import { op, type WritePlan } from '../telemetry/telemetry-store.ts';
import type { Outcome } from './asset-context.ts';
import { configCacheOf } from './definitions.ts';
import { evaluateReadings, remember } from './evaluation.ts';
import { publishEventLogChanged, publishEventsOpened, writeEventLogChange } from './opened.ts';
import type { EngineReading, ReadingSource } from './readings.ts';
import type { Step } from './step.ts';

/**
 * The event engine as a stage of the ingest pipeline (issue 17): a batch's stored readings are evaluated in the
 * batch's own transaction, so the event and state rows commit with the readings; once committed, the values and
 * states are remembered for the next batch and the opened events published (live push, e-mail).
 */
export const eventEngineStage: IngestStage = {
  begin(database) {
    // the event definitions of this database, cached per process (definitions.ts)
    const cache = configCacheOf(database.dialect === 'sqlite' ? database.sqlite : database.pool);
    let outcome: Outcome | undefined;
    return {
      *write(batch) {
        outcome = yield* inWrite(evaluateReadings(storedForEngine(batch), batch.now, batch.postgres, cache));
        // what must commit with the event log's changes (the webhooks' outbox): in this transaction
        yield* inWrite(writeEventLogChange(database, outcome.opened, outcome.closedEvents, batch.now));
      },
      committed() {
        if (!outcome) return;
        remember(cache, outcome);
        publishEventsOpened(database, outcome.opened);
        publishEventLogChanged(database, outcome.opened, outcome.closedEvents);
      },
    };
  },
};

/** An engine step run inside the telemetry write: its queries are the plan's operations. */
export function* inWrite<T>(step: Step<T>): WritePlan<T> {
  let r = step.next(undefined as never);
  while (!r.done) r = step.next(yield* op<Record<string, unknown>[]>({ kind: 'sql', ...r.value }));
  return r.value;
}

/** The inserted rows by asset, as the engine asks for them (only the devices it reads are handed over). */
function storedForEngine({ byType, inserted, massOf }: StoredBatch): ReadingSource {
  return (wanted) => {
    const out = new Map<number, EngineReading[]>();
    // the usual batch is all new: then no row needs looking up
    let count = 0;
    for (const rows of byType.values()) count += rows.length;
    const allNew = inserted.size === count;
    for (const rows of byType.values()) {
      // rows come by device (then time): decide once per device
      let device = Number.NaN;
      let massId: number | null = null;
      for (const r of rows) {
        if (r.deviceId !== device) {
          device = r.deviceId;
          const m = massOf.get(device);
          massId = m !== null && m !== undefined && wanted(device, m) ? m : null;
        }
        if (massId === null || !(allNew || inserted.has(r))) continue;
        const list = out.get(massId);
        if (list) list.push(r);
        else out.set(massId, [r]);
      }
    }
    return out;
  };
}
