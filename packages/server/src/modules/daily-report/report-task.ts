import { serialize } from 'node:v8';
import type { Database } from '../../db/database.ts';
import type { HeavyTask } from '../summary/heavy-worker.ts';
import type { VesselPlan } from '../summary/summary-vessel.ts';
import { loadReport } from './report.ts';
import type { ReportRequest } from './report-request.ts';

/**
 * The report's numbers as a heavy task (summary/heavy.ts): summarised in the heavy pool, then v8-serialized for the
 * report worker (render-pool.ts), which draws them.
 */
export interface ReportTaskArgs {
  plan: VesselPlan;
  report: Omit<ReportRequest, 'massId'>;
  now: number;
}

export async function runTask(database: Database, a: ReportTaskArgs): Promise<Uint8Array> {
  const b = serialize(await loadReport(database, a.plan, a.report, a.now));
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

export const reportTask: HeavyTask<ReportTaskArgs> = { module: import.meta.url, runTask };
