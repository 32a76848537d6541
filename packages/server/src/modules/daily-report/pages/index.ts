import type { ReportKey } from '@fleet/shared/answers/daily-report.ts';
import type { DraftPage } from '../draft.ts';
import { aeUsagePages, fuelPages, rpmSpeedPages } from './chart-pages.ts';
import type { PageContext } from './context.ts';
import { summaryPages } from './summary-page.ts';
import { trackingPages } from './tracking-page.ts';

/** The pages of each report kind (spec 002 §2.3: 4 without a flow meter, 6 single engine, else 7 in all). */
export const PAGES: Record<ReportKey, (c: PageContext) => DraftPage[]> = {
  summary: summaryPages,
  vessel_tracking: trackingPages,
  rpm_speed: rpmSpeedPages,
  fuel_characteristics: fuelPages,
  ae_usage: aeUsagePages,
};
