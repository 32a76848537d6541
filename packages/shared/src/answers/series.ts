import { z } from 'zod';

/**
 * One bucket of an aggregated series (docs/api.md "Aggregated series"): the primary function's value of every data
 * point of the device type by data key, and `additional` with the extra functions' values
 * (`'<FUNC>_<column>_<i>'`).
 */
export const aggregatedRowSchema = z
  .object({
    deviceId: z.string(),
    devcId: z.number(),
    devcLabel: z.string().nullable(),
    timestamp: z.number(),
    datetime: z.string(),
    additional: z.record(z.string(), z.number().nullable()),
  })
  .catchall(z.unknown());
export type AggregatedRow = z.infer<typeof aggregatedRowSchema>;

/** `GET /api/series/aggregated/{deviceType}/period/{start}/{end}` and `…/last/{duration}/{unit}`. */
export const aggregatedAnswerSchema = z.object({ series: z.array(aggregatedRowSchema), count: z.number() });
export type AggregatedAnswer = z.infer<typeof aggregatedAnswerSchema>;

/** One raw reading (docs/api.md "Base (raw) series"); `data` is the reading's values as JSON text. */
export const rawRowSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  datetime: z.string(),
  timestamp: z.number(),
  data: z.string(),
});
export type RawRow = z.infer<typeof rawRowSchema>;

/** `GET /api/series/base/period/{start}/{end}` and `…/base/last/{a}/{b}`. */
export const baseAnswerSchema = z.object({
  fromString: z.string(),
  toString: z.string(),
  devices: z.array(
    z.object({
      devcId: z.number(),
      devcUniqueId: z.string(),
      devcName: z.string(),
      devcType: z.string(),
      devcLabel: z.string().nullable(),
    }),
  ),
  series: z.array(rawRowSchema),
});
export type BaseAnswer = z.infer<typeof baseAnswerSchema>;
