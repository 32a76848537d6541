import { BUCKET_SECONDS } from '@fleet/shared';
import { badRequest } from '../../http/envelope.ts';
import { heavyOptions } from '../summary/heavy.ts';
import type { VesselPlan } from '../summary/summary-vessel.ts';
import { MINUTE_TRACK_UP_TO, type ReportRequest } from './report-request.ts';

/**
 * docs/domain.md §36: the data points a report draws — per-bucket records of every device at the report's unit, plus
 * the track's positions. Above REPORT_MAX_POINTS the report worker cannot hold it (its heap limit): refused at once
 * (400, what to change) before anything is read, instead of after summarising it for a minute.
 */
export function reportPoints(plan: VesselPlan, r: Omit<ReportRequest, 'massId'>): number {
  const seconds = r.end - r.start;
  const buckets = Math.ceil(seconds / BUCKET_SECONDS[r.unit]);
  const track =
    r.reports.includes('vessel_tracking') && plan.gps
      ? Math.ceil(seconds / (seconds <= MINUTE_TRACK_UP_TO ? 60 : 3600))
      : 0;
  return buckets * Math.max(1, plan.devices.length) + track;
}

export function checkReportSize(plan: VesselPlan, r: Omit<ReportRequest, 'massId'>): void {
  const points = reportPoints(plan, r);
  const limit = heavyOptions().reportMaxPoints;
  if (points > limit)
    throw badRequest(
      `This report would draw about ${points.toLocaleString('en')} data points (${plan.devices.length} devices × ${r.unit} buckets); a report holds at most ${limit.toLocaleString('en')}. Choose a shorter period or a longer unit (HOUR or DAY).`,
    );
}
