import type { ReportKey } from '@fleet/shared/answers/daily-report.ts';
import type { Summary } from '@fleet/shared/answers/summary.ts';

/**
 * What a daily report is drawn from (report.ts `loadReport`, in the heavy pool; drawn by model.ts in the report
 * worker): the summary answers for its period, so every number of the report is a summary API number (§31).
 */
export interface ModelInput {
  summary: Summary;
  /** GPS at a finer unit for the track (falls back to the summary's buckets) */
  track?: Summary;
  reports: readonly ReportKey[];
  dataTables: boolean;
  now: number;
}
