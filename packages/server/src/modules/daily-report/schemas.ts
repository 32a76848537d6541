import { z } from 'zod';
import { REPORT_KEYS } from './keys.ts';

/** The report's own query fields (the period fields are the summary's: summary-request.ts periodQueryFields). */
export const reportQueryFields = {
  reports: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe(`one or more of ${REPORT_KEYS.join(', ')} (also reports[]=…); none → 400`),
  dataTables: z.string().optional().describe('true: hourly tables under the charts (period ≤ 1 day)'),
};

const block: z.ZodType = z.lazy(() =>
  z.union([
    z.object({
      kind: z.literal('table'),
      title: z.string().optional(),
      columns: z.array(z.string()),
      rows: z.array(z.array(z.string())),
    }),
    z.object({ kind: z.literal('chart'), svg: z.string(), width: z.number(), height: z.number() }),
    z.object({
      kind: z.literal('maps'),
      maps: z.array(z.object({ title: z.string(), svg: z.string(), width: z.number(), height: z.number() })),
    }),
    z.object({ kind: z.literal('row'), blocks: z.array(block) }),
    z.object({ kind: z.literal('notice'), text: z.string() }),
  ]),
);

export const reportModelSchema = z.object({
  massId: z.number(),
  massName: z.string(),
  start: z.number(),
  end: z.number(),
  timezone: z.number(),
  timezoneLabel: z.string(),
  rangeText: z.string(),
  dataText: z.string(),
  generatedAt: z.number(),
  generatedText: z.string(),
  maintenance: z.boolean(),
  fileName: z.string(),
  pages: z.array(z.object({ key: z.string(), title: z.string(), blocks: z.array(block) })),
});
