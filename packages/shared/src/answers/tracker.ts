import { z } from 'zod';

/** The Teltonika trackers' calls (docs/api.md "Trackers"); their points are pulse and aggregated rows. */

/** `GET /api/tracker/status`: one row per tracker of the user, with its connection state. */
export const trackerStatusSchema = z.object({
  devcId: z.number(),
  devcUniqueId: z.string(),
  devcName: z.string(),
  devcMassId: z.number().nullable(),
  online: z.boolean(),
  connectedTime: z.number().nullable(),
  lastFrameTime: z.number().nullable(),
});
export type TrackerStatus = z.infer<typeof trackerStatusSchema>;

/** `GET /api/tracker/{device}/io`: the latest IO elements by id, or null. */
export const trackerIoSchema = z
  .object({
    timestamp: z.number(),
    priority: z.number(),
    eventIoId: z.number(),
    generationType: z.number().nullable(),
    io: z.record(z.string(), z.union([z.number(), z.string()])),
  })
  .nullable();
export type TrackerIo = z.infer<typeof trackerIoSchema>;

/** `POST /api/tracker/command`: the command sent and the tracker's response. */
export const trackerCommandAnswerSchema = z.object({
  devcId: z.number(),
  command: z.string(),
  response: z.string(),
  sentTime: z.number(),
  answerTime: z.number(),
});
export type TrackerCommandAnswer = z.infer<typeof trackerCommandAnswerSchema>;
