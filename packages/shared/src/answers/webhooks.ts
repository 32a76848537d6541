import { z } from 'zod';

/**
 * Webhooks (issue 31, docs/api.md "Webhooks"): what a company's subscription may receive. `test` is only sent by the
 * "send test" button, to that one subscription, and cannot be subscribed to.
 */
export const WEBHOOK_KINDS = [
  'event.opened',
  'event.closed',
  'bunker_log.created',
  'bunker_log.adjusted',
  'voyage_leg.closed',
  /** batched GPS fixes of the company's vessels (docs/domain.md §43) */
  'positions',
] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
export const WEBHOOK_TEST_KIND = 'test';

/** A subscription as `GET /api/webhooks` lists it; the secret is never in it. */
export const webhookSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  kinds: z.array(z.enum(WEBHOOK_KINDS)),
  active: z.boolean(),
  createdTime: z.number(),
  createdUserId: z.string().nullable(),
  updatedTime: z.number(),
  /** the newest delivery's state, for the list: null when none was queued yet */
  lastDelivery: z
    .object({ status: z.enum(['pending', 'delivered', 'failed']), time: z.number(), httpStatus: z.number().nullable() })
    .nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** `POST /api/webhooks` and `POST /api/webhooks/{id}/secret`: the subscription with its secret, answered this once. */
export const webhookWithSecretSchema = webhookSchema.extend({
  secret: z.string().describe('the HMAC-SHA256 key of the signatures; shown only in this answer'),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** One delivery of the log (`GET /api/webhooks/{id}/deliveries`), newest first, with the receiver's last answer. */
export const webhookDeliverySchema = z.object({
  id: z.number(),
  deliveryId: z.string().describe('X-Fleet-Delivery and the payload id: the same on every try'),
  kind: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  createdTime: z.number(),
  nextTryTime: z.number().nullable().describe('pending: when it is tried next'),
  doneTime: z.number().nullable(),
  lastTime: z.number().nullable().describe('when the last try started'),
  lastHttpStatus: z.number().nullable().describe('null: no HTTP answer (refused, timed out)'),
  lastDurationMs: z.number().nullable(),
  lastBody: z.string().nullable().describe('the answer body, cut to 1024 characters'),
  lastError: z.string().nullable(),
  payload: z.string().describe('the JSON body sent'),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
