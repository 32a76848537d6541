/**
 * The report pages one may ask for (spec 002 §7.3 reports[]). In a module of their own so that the routes, the
 * schemas and the scheduler do not load the drawing code (ECharts, pdfkit, the land index), which runs in the
 * report worker (render-pool.ts; issue 15 memory).
 */
export const REPORT_KEYS = ['summary', 'vessel_tracking', 'rpm_speed', 'fuel_characteristics', 'ae_usage'] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];
