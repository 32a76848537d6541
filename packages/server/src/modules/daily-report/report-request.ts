import { REPORT_KEYS, type ReportKey } from '@fleet/shared/answers/daily-report.ts';
import { BUCKET_SECONDS } from '@fleet/shared/time.ts';
import { z } from 'zod';
import { badRequest } from '../../http/envelope.ts';
import { listParam, oneParam, type Period, parseFlag } from '../../http/params.ts';
import { periodQuery, periodRequest } from '../summary/summary-request.ts';

/** The report's own query fields (the period fields are the summary's: summary-request.ts periodQueryFields). */
export const reportQueryFields = {
  reports: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe(`one or more of ${REPORT_KEYS.join(', ')} (also reports[]=…); none → 400`),
  dataTables: z.string().optional().describe('true: hourly tables under the charts (period ≤ 1 day)'),
};

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
export const reportQuery = () =>
  periodQuery(reportQueryFields, (q) => {
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
export function reportRequest(period: Period, q: ReportQuery & { tz: number }): ReportRequest {
  const p = periodRequest(period, q);
  const seconds = p.end - p.start;
  if (seconds > MAX_REPORT_SECONDS) throw badRequest('A report covers at most 31 days: choose a shorter period');
  if (q.dataTables && seconds > 86400) throw badRequest('dataTables is only for a period of one day (86400 s) or less');
  // the summary's unit for a long period: daily buckets keep the charts readable and the PDF small
  const unit = seconds > HOURLY_UP_TO && BUCKET_SECONDS[p.unit] < 86400 ? 'DAY' : p.unit;
  return { ...p, unit, reports: q.reports, dataTables: q.dataTables };
}
