import { SUMMARY_GROUPS, type Summary, type SummaryGroup } from '@fleet/shared/answers/summary.ts';
import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { buildSummary } from '../summary/summary-build.ts';
import { loadPeriod } from '../summary/summary-load.ts';
import type { VesselPlan } from '../summary/summary-vessel.ts';

/**
 * The one place the daily report reads the summary computations from (docs/domain.md §31): the same calls
 * GET /api/summary/aggregated/period makes (loadPeriod → buildSummary), so every number of the report is the summary
 * API's number for the same period. Re-point this file if those move.
 */

export interface SummaryWindow {
  start: number;
  end: number;
  unit: 'MINUTE' | 'HOUR' | 'DAY';
  tz: number;
}

/** The summary answer of the groups (all, or only the GPS for the track) with per-bucket data for the window. */
export async function reportSummary(
  database: Database,
  plan: VesselPlan,
  w: SummaryWindow,
  groups: readonly SummaryGroup[] = SUMMARY_GROUPS,
): Promise<Summary> {
  const period = await loadPeriod(database, plan, { ...w, now: nowSeconds(), groups, buckets: true });
  // the report reads the per-bucket data, never the per-period records (issue 29: not built)
  return buildSummary(period, { groups, showDetails: true, records: false });
}
