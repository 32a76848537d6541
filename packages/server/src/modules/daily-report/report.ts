import { BUCKET_SECONDS } from '@fleet/shared';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../http/envelope.ts';
import { listParam, oneParam, type Period, parseFlag } from '../../http/params.ts';
import { REPORT_KEYS, type ReportKey } from './keys.ts';
import type { ModelInput } from './model.ts';
import { reportQueryFields } from './schemas.ts';
import {
  periodQuery,
  periodRequest,
  reportFuelType,
  reportSummary,
  reportTrack,
  type SummaryWindow,
  type VesselPlan,
} from './summary-source.ts';

/** The longest period one report covers (the bench's 31-day report; a month of hourly charts). */
export const MAX_REPORT_SECONDS = 31 * 86400;
/** Above this the charts and tables use daily buckets (a week of hours is 168 points). */
const HOURLY_UP_TO = 7 * 86400;
/** Finer track (minute positions) up to this period; hourly positions beyond. */
export const MINUTE_TRACK_UP_TO = 2 * 86400;

export interface ReportRequest {
  start: number;
  end: number;
  massId: number;
  unit: 'MINUTE' | 'HOUR' | 'DAY';
  tz: number;
  reports: ReportKey[];
  dataTables: boolean;
}

/**
 * The query of spec 002 §7.3, the route's schema: the summary's period fields (devcMassId, aggregatedUnit,
 * aggregatedLength, timezone: the same helpers and messages as the summary call) plus reports[] (≥ 1; `reports=a,b`,
 * `reports[]`, `reports[0]`) and dataTables. The checks that need the path's period are `reportRequest`'s.
 */
export const reportQuery = (defaultTz: number) =>
  periodQuery(defaultTz, reportQueryFields, (q) => {
    const reports = listParam(q, 'reports', { commas: true });
    if (reports.length === 0)
      throw badRequest(`No options selected: give at least one of reports[] = ${REPORT_KEYS.join(', ')}`);
    const unknown = reports.filter((r) => !(REPORT_KEYS as readonly string[]).includes(r));
    if (unknown.length)
      throw badRequest(`Unknown report ${unknown.join(', ')}: reports[] must be among ${REPORT_KEYS.join(', ')}`);
    return {
      reports: REPORT_KEYS.filter((k) => reports.includes(k)),
      dataTables: parseFlag(oneParam(q, 'dataTables'), 'dataTables'),
    };
  });
export type ReportQuery = z.output<ReturnType<typeof reportQuery>>;

/** The report of the path's period and the parsed query: at most 31 days, dataTables for one day at most. */
export function reportRequest(period: Period, q: ReportQuery): ReportRequest {
  const p = periodRequest(period, q);
  const seconds = p.end - p.start;
  if (seconds > MAX_REPORT_SECONDS) throw badRequest('A report covers at most 31 days: choose a shorter period');
  if (q.dataTables && seconds > 86400) throw badRequest('dataTables is only for a period of one day (86400 s) or less');
  // the summary's unit for a long period: daily buckets keep the charts readable and the PDF small
  const unit = seconds > HOURLY_UP_TO && BUCKET_SECONDS[p.unit] < 86400 ? 'DAY' : p.unit;
  return { ...p, unit, reports: q.reports, dataTables: q.dataTables };
}

/** What the report of a vessel (already scope-checked) is drawn from: the summary numbers for the request. */
export async function loadReport(
  database: Database,
  plan: VesselPlan,
  r: Omit<ReportRequest, 'massId'>,
  now: number,
): Promise<ModelInput> {
  const w: SummaryWindow = { start: r.start, end: r.end, unit: r.unit, tz: r.tz };
  const wantsTrack = r.reports.includes('vessel_tracking');
  const [summary, track, fuelType] = await Promise.all([
    reportSummary(database, plan, w),
    wantsTrack && plan.gps
      ? reportTrack(database, plan, { ...w, unit: r.end - r.start <= MINUTE_TRACK_UP_TO ? 'MINUTE' : 'HOUR' })
      : undefined,
    reportFuelType(database, plan.massId),
  ]);
  // hourly tables are for one day; beyond 48 rows they no longer fit under the chart
  const rows = Math.ceil((r.end - r.start) / BUCKET_SECONDS[r.unit]);
  return {
    summary,
    track,
    fuelType,
    reports: r.reports,
    dataTables: r.dataTables && rows <= 48,
    now,
  };
}

/** content-disposition naming the file: ASCII name plus the RFC 5987 UTF-8 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
