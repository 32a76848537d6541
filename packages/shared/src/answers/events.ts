import { z } from 'zod';

const json = z.record(z.string(), z.unknown());

/** The reason of a fuel-watch event: its key (FUEL_WATCH_REASONS) and the numbers its text names. */
export const eventReasonSchema = z.object({
  key: z.enum(['abnormal_consumption', 'rob_drop_unexplained', 'flow_engine_stopped', 'short_delivery']),
  values: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type EventReason = z.infer<typeof eventReasonSchema>;

/**
 * The fuel watch's reasons as users read them (docs/domain.md §41), English and Indonesian: the engine sides and one
 * template per reason key, its {{values}} filled from EventReason.values. The Event Log screen and its streamed file
 * both spread these into their texts.
 */
export const EVENT_REASON_TEXTS = {
  en: {
    PORT: 'Port',
    STARBOARD: 'Starboard',
    abnormal_consumption:
      '{{engine}} engine burnt {{actual}} L/h where its own consumption model expects {{expected}} L/h ({{percent}} above), over {{hours}} hours of steady running: {{excess}} L more.',
    rob_drop_unexplained:
      'The tanks dropped {{drop}} L in {{hours}} h while the engines burnt {{consumed}} L: {{unexplained}} L unexplained (possible fuel loss).',
    flow_engine_stopped:
      "{{engine}} engine's flow meter counted {{litres}} L in {{hours}} h while the engine was stopped (possible fuel loss).",
    short_delivery:
      'Received {{received}} L against {{note}} L on the delivery note: {{short}} L short ({{percent}}), beyond the {{protest}} protest tolerance.',
  },
  id: {
    PORT: 'Kiri',
    STARBOARD: 'Kanan',
    abnormal_consumption:
      'Mesin {{engine}} membakar {{actual}} L/jam, sedangkan model konsumsinya sendiri mengharapkan {{expected}} L/jam ({{percent}} di atasnya), dalam {{hours}} jam operasi stabil: {{excess}} L lebih banyak.',
    rob_drop_unexplained:
      'Tangki turun {{drop}} L dalam {{hours}} jam sementara mesin membakar {{consumed}} L: {{unexplained}} L tidak terjelaskan (kemungkinan kehilangan BBM).',
    flow_engine_stopped:
      'Flow meter mesin {{engine}} menghitung {{litres}} L dalam {{hours}} jam saat mesin berhenti (kemungkinan kehilangan BBM).',
    short_delivery:
      'Diterima {{received}} L dibanding {{note}} L pada nota pengiriman: kurang {{short}} L ({{percent}}), melewati toleransi protes {{protest}}.',
  },
} as const;

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
