import type { DeviceType } from '@fleet/shared/telemetry.ts';
import type { Database } from '../../db/database.ts';
import type { LatestState, StoredReading, WritePlan } from './telemetry-store.ts';

/**
 * The ingest pipeline (as Traccar's ProcessingHandler lists its handlers): ingest.ts validates and stores a batch,
 * then hands it to the stages the app composes (app.ts: the event engine, then the live push). Telemetry knows the
 * stages only by this interface, so it imports neither of them.
 */

/** Where batches go: the database and the stages after the readings, in order. */
export interface IngestPipeline {
  database: Database;
  stages: readonly IngestStage[];
}

/** A stage: `begin` is called once per batch before its write; the run it returns sees the stored batch. */
export interface IngestStage {
  begin(database: Database): StageRun;
}

export interface StageRun {
  /**
   * Inside the batch's transaction, after the readings and their rollups, before telemetry_last takes the new
   * readings (so it still holds each device's values before the batch). PostgreSQL may run the transaction again
   * after a deadlock: then this runs again, with a fresh batch.
   */
  write?(batch: StoredBatch): WritePlan<void>;
  /** After the transaction committed (not called for a batch with nothing to write). */
  committed?(batch: StoredBatch): void;
}

/** What a batch stored, as the stages see it. */
export interface StoredBatch {
  /** the valid readings by device type (catalogue order), each type's by device and time: the writers' order */
  byType: ReadonlyMap<DeviceType, readonly StoredReading[]>;
  /** those that were new (the others were stored before: duplicates) */
  inserted: ReadonlySet<StoredReading>;
  /** the asset of each device of the batch */
  massOf: ReadonlyMap<number, number | null>;
  /** the newest new reading per device, as telemetry_last keeps it */
  latest: LatestState[];
  /** server time of the batch, epoch seconds */
  now: number;
  postgres: boolean;
}
