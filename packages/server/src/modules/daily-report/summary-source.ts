import type { Summary } from '@fleet/shared/answers/summary.ts';
import { SUMMARY_GROUPS } from '@fleet/shared/answers/summary.ts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { buildSummary } from '../summary/summary-build.ts';
import { loadPeriod } from '../summary/summary-load.ts';
import { visibleVessel } from '../summary/summary-request.ts';
import { loadVesselPlan, type VesselPlan } from '../summary/summary-vessel.ts';
import { nowSeconds } from '../telemetry/time.ts';

/**
 * The one place the daily report reads the summary computations from (docs/domain.md §31): the same calls
 * GET /api/summary/aggregated/period makes (visibleVessel/loadVesselPlan → loadPeriod → buildSummary), so every
 * number of the report is the summary API's number for the same period. Re-point this file if those move.
 */
export type { VesselPlan };

export interface SummaryWindow {
  start: number;
  end: number;
  unit: 'MINUTE' | 'HOUR' | 'DAY';
  tz: number;
}

/** The vessel the signed-in user may see (another tenant's is "not found", as in the summary API). */
export const reportVessel = (database: Database, req: FastifyRequest, massId: number) =>
  visibleVessel(database, req, massId);

/** The vessel without a request (scheduled mails: the subscriber's scope is checked by the caller). */
export const reportVesselById = (database: Database, massId: number) => loadVesselPlan(database.db, massId);

/** The summary answer with per-bucket data (showDetails) for the window. */
export async function reportSummary(database: Database, plan: VesselPlan, w: SummaryWindow): Promise<Summary> {
  const groups = SUMMARY_GROUPS;
  const period = await loadPeriod(database, plan, { ...w, now: nowSeconds(), groups, buckets: true });
  return buildSummary(period, { groups, showDetails: true });
}

/** Only the GPS group, at a finer unit, for the track on the map. */
export async function reportTrack(database: Database, plan: VesselPlan, w: SummaryWindow): Promise<Summary> {
  const groups = ['gps'] as const;
  const period = await loadPeriod(database, plan, { ...w, now: nowSeconds(), groups, buckets: true });
  return buildSummary(period, { groups, showDetails: true });
}

/** The period, vessel, unit and timezone of a request: the summary API's schema pieces and checks. */
export { periodParams, periodQuery, periodRequest } from '../summary/summary-request.ts';
