import type { Database } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import type { HeavyTask } from '../summary/heavy-worker.ts';
import type { VesselPlan } from '../summary/summary-vessel.ts';
import { type FleetVessel, fleetEfficiency, monthlyTrend } from './efficiency-fleet.ts';
import type { MonthPeriod } from './efficiency-months.ts';

/**
 * The fleet table and the monthly trend as heavy tasks (summary/heavy.ts): many vessel summaries in one request run
 * in a worker thread when their estimated rows are many, in-process when few — the same bytes either way.
 */
export type EfficiencyTaskArgs =
  | { task: 'fleet'; plan: { massId: number }; vessels: FleetVessel[]; start: number; end: number; now: number }
  | { task: 'trend'; plan: VesselPlan; timeZone: string; months: MonthPeriod[]; now: number };

const bytes = (text: string) => Buffer.from(text, 'utf8');

export async function runTask(database: Database, a: EfficiencyTaskArgs): Promise<Uint8Array> {
  if (a.task === 'fleet')
    return bytes(JSON.stringify(ok(await fleetEfficiency(database, a.vessels, a.start, a.end, a.now))));
  const months = await monthlyTrend(database, a.plan, a.months, a.now);
  return bytes(JSON.stringify(ok({ massId: a.plan.massId, massName: a.plan.massName, timeZone: a.timeZone, months })));
}

export const efficiencyTask: HeavyTask<EfficiencyTaskArgs> = { module: import.meta.url, runTask };
