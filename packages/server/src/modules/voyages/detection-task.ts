import type { Database } from '../../db/database.ts';
import type { HeavyTask } from '../summary/heavy-worker.ts';
import { type Detection, detectFrom, type VesselForVoyages } from './redetect.ts';

/**
 * A detection's reading and computing as a heavy task (docs/domain.md §36, §37.6): a vessel-year is half a million
 * fixes and a second of CPU, so the background pass runs it in the heavy pool's worker, in the vessel's company's
 * line; the pass writes the result in the main thread (one writer).
 */
export interface DetectionArgs {
  plan: { massId: number };
  vessel: VesselForVoyages;
  from: number | null;
}

export async function runTask(database: Database, a: DetectionArgs): Promise<Uint8Array> {
  return Buffer.from(JSON.stringify(await detectFrom(database, a.vessel, a.from)), 'utf8');
}

export const detectionTask: HeavyTask<DetectionArgs> = { module: import.meta.url, runTask };

export const detectionOf = (bytes: Uint8Array): Detection => JSON.parse(Buffer.from(bytes).toString('utf8'));
