import { z } from 'zod';
import { pulseRowSchema } from './pulse.ts';

/** `POST /api/socket/ticket`: a single-use ticket to open the live socket (docs/api.md "Live push"). */
export const socketTicketSchema = z.object({ ticket: z.string(), expiresIn: z.number() });
export type SocketTicket = z.infer<typeof socketTicketSchema>;

/** A High priority event that opened on a visible vessel (issue 17). */
export const liveEventSchema = z.object({
  massId: z.number(),
  massName: z.string(),
  gatewayUid: z.string(),
  mevtId: z.number(),
  eventName: z.string(),
  timestamp: z.number().describe('when the condition began to hold, epoch seconds'),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * What the socket sends (`GET /api/socket?ticket=…`): `hello` once open, `states` with the latest readings of the
 * visible vessels (pulse rows), `event` for an opened High event, `ping` every 25 s. Close codes: live.ts.
 */
export const liveMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello') }),
  z.object({ type: z.literal('states'), states: z.array(pulseRowSchema) }),
  z.object({ type: z.literal('event'), event: liveEventSchema }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;
