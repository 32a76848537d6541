import { z } from 'zod';

/**
 * One latest reading (docs/api.md "Pulse"): a row of `GET /api/series/device/{id}/pulse` and
 * `/api/series/teltonika/gps/pulse`, and of the live socket's `states`. Values by data key (`latitude`,
 * `volumeFlowrate` …) beside the device's identity.
 */
export const pulseRowSchema = z
  .object({
    deviceId: z.string().describe('the devcUniqueId'),
    devcId: z.number(),
    devcUniqueId: z.string(),
    devcType: z.string(),
    devcLabel: z.string().nullable(),
    devcMassId: z.number().nullable(),
    timestamp: z.number(),
    datetime: z.string(),
    online: z
      .boolean()
      .describe('the reading is under 600 s old at the time of the answer (docs/domain.md §19, online.ts)'),
  })
  .catchall(z.unknown());
export type PulseRow = z.infer<typeof pulseRowSchema>;

export const pulseAnswerSchema = z.object({ series: z.array(pulseRowSchema) });
export type PulseAnswer = z.infer<typeof pulseAnswerSchema>;
