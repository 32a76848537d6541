import { z } from 'zod';

const json = z.record(z.string(), z.unknown());

/** The reason of a fuel-watch event: its key (FUEL_WATCH_REASONS) and the numbers its text names. */
export const eventReasonSchema = z.object({
  key: z.enum(['abnormal_consumption', 'rob_drop_unexplained', 'flow_engine_stopped', 'short_delivery']),
  values: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type EventReason = z.infer<typeof eventReasonSchema>;

/** One row of `GET /api/log/event/event/period/{start}/{end}` (spec 002 §7.8, docs/domain.md §30). */
export const eventRowSchema = z.object({
  evntId: z.number(),
  evntTimestamp: z.string().describe('when the condition began to hold (UTC, ISO 8601)'),
  evntDeviceId: z.string().describe('the gateway devcUniqueId (as it is now)'),
  evntMevtId: z.number().nullable(),
  evntMcevId: z.number().nullable(),
  evntStatus: z.number().describe('1 Active, 0 Non Active'),
  evntIsPriority: z.number().describe('1 High, 0 Normal'),
  evntDuration: z.number().describe('seconds held; an Active event counts up to now'),
  evntOldData: json,
  evntNewData: json,
  evntThreshold: json,
  evntMevt: z.object({ mevtId: z.number(), mevtType: z.string() }).nullable(),
  evntReason: eventReasonSchema
    .nullable()
    .describe('a system event of the fuel watch (docs/domain.md §41): why, with its numbers; null for the others'),
  evntDevice: z
    .object({ devcUniqueId: z.string(), devcType: z.string(), devcMassId: z.number().nullable() })
    .nullable(),
});
export type EventRow = z.infer<typeof eventRowSchema>;

/** `GET` and `PUT /api/log/event/mail`: whether the signed-in user receives High events by e-mail. */
export const eventMailSchema = z.object({ enabled: z.boolean() });
export type EventMail = z.infer<typeof eventMailSchema>;
