import { z } from 'zod';

/**
 * The answer of the daily report's pages call (docs/api.md "Daily report", spec 002 §2.3): the report as data — its
 * pages, each a list of blocks (tables, chart and map SVGs). The server draws the PDF from the same model and writes
 * the answer with this schema; the web app reads its types.
 */

/** The report pages one may ask for (spec 002 §7.3 reports[]), in their order in the report. */
export const REPORT_KEYS = ['summary', 'vessel_tracking', 'rpm_speed', 'fuel_characteristics', 'ae_usage'] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

const table = z.object({
  kind: z.literal('table'),
  title: z.string().optional(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});
const chart = z.object({ kind: z.literal('chart'), svg: z.string(), width: z.number(), height: z.number() });
const maps = z.object({
  kind: z.literal('maps'),
  maps: z.array(z.object({ title: z.string(), svg: z.string(), width: z.number(), height: z.number() })),
});
/** blocks side by side */
const row = z.object({
  kind: z.literal('row'),
  get blocks() {
    return z.array(block);
  },
});
const notice = z.object({ kind: z.literal('notice'), text: z.string() });
const block = z.union([table, chart, maps, row, notice]);
// a recursive schema (a row holds blocks) is one named component in the OpenAPI document, referenced where it recurs
z.globalRegistry.add(block, { id: 'ReportBlock' });
export type Block = z.infer<typeof block>;

const reportPage = z.object({
  key: z.enum([...REPORT_KEYS, 'maintenance']),
  title: z.string(),
  blocks: z.array(block),
});
export type ReportPage = z.infer<typeof reportPage>;

export const reportModelSchema = z.object({
  massId: z.number(),
  massName: z.string(),
  start: z.number(),
  end: z.number(),
  timezone: z.number(),
  /** "GMT +007" for +7 (spec 002 §2.3) */
  timezoneLabel: z.string(),
  /** the analysed period and the data found in it, local time */
  rangeText: z.string(),
  dataText: z.string(),
  generatedAt: z.number(),
  generatedText: z.string(),
  maintenance: z.boolean(),
  fileName: z.string(),
  pages: z.array(reportPage),
});
/** GET /api/reports/report/pages/period/{start}/{end} */
export type ReportModel = z.infer<typeof reportModelSchema>;
