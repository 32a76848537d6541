import { BUCKET_SECONDS } from '@fleet/shared/time.ts';
import type { Database } from '../../db/database.ts';
import type { VesselPlan } from '../summary/summary-vessel.ts';
import { rawHorizon } from '../telemetry/raw-horizon.ts';
import type { ModelInput } from './model-input.ts';
import { MINUTE_TRACK_UP_TO, type ReportRequest } from './report-request.ts';
import { reportSummary, type SummaryWindow } from './summary-source.ts';

/** What the report of a vessel (already scope-checked) is drawn from: the summary numbers for the request. */
export async function loadReport(
  database: Database,
  plan: VesselPlan,
  r: Omit<ReportRequest, 'massId'>,
  now: number,
): Promise<ModelInput> {
  const w: SummaryWindow = { start: r.start, end: r.end, unit: r.unit, tz: r.tz };
  const wantsTrack = r.reports.includes('vessel_tracking');
  // the track by minute needs raw fixes: before the retention's horizon it is drawn by hour (docs/operations.md)
  const minuteTrack = r.end - r.start <= MINUTE_TRACK_UP_TO && r.start >= (await rawHorizon(database));
  const [summary, track] = await Promise.all([
    reportSummary(database, plan, w),
    wantsTrack && plan.gps
      ? reportSummary(database, plan, { ...w, unit: minuteTrack ? 'MINUTE' : 'HOUR' }, ['gps'])
      : undefined,
  ]);
  // hourly tables are for one day; beyond 48 rows they no longer fit under the chart
  const rows = Math.ceil((r.end - r.start) / BUCKET_SECONDS[r.unit]);
  return {
    summary,
    track,
    reports: r.reports,
    dataTables: r.dataTables && rows <= 48,
    now,
  };
}
