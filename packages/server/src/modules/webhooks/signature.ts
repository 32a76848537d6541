import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a webhook (docs/api.md "Webhooks", as Stripe's): HMAC-SHA256 under the subscription's secret of
 * `<t>.<body>`, where t is the try's Unix time in seconds, sent as `X-Fleet-Signature: t=<t>,v1=<hex>`. The time is
 * inside what is signed, so a receiver that refuses a t too far from its clock refuses a captured request replayed
 * later; the delivery id (X-Fleet-Delivery) lets it drop a delivery it already took (a retry after a lost answer).
 */
export const SIGNATURE_HEADER = 'x-fleet-signature';
export const DELIVERY_HEADER = 'x-fleet-delivery';
export const KIND_HEADER = 'x-fleet-event';
/** the receiver's tolerance this documentation recommends, seconds either way */
export const REPLAY_WINDOW_SECONDS = 300;

/** A new secret: 32 random bytes, base64url, with a prefix that says what it is. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const hmac = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

export const signatureHeader = (secret: string, t: number, body: string) => `t=${t},v1=${hmac(secret, t, body)}`;

/**
 * The receiver's check (the recipe of docs/api.md in code; the tests' receivers use it): the header parsed, the time
 * within `windowSeconds` of `now`, and one v1 signature equal to the expected one (compared in constant time).
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  body: string,
  now: number,
  windowSeconds = REPLAY_WINDOW_SECONDS,
): { ok: true } | { ok: false; reason: 'malformed' | 'too old or too new' | 'signature mismatch' } {
  if (!header) return { ok: false, reason: 'malformed' };
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const given = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v);
  if (!Number.isInteger(t) || !given.length) return { ok: false, reason: 'malformed' };
  if (Math.abs(now - t) > windowSeconds) return { ok: false, reason: 'too old or too new' };
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  const match = given.some((v) => {
    const b = Buffer.from(v, 'hex');
    return b.length === expected.length && timingSafeEqual(b, expected);
  });
  return match ? { ok: true } : { ok: false, reason: 'signature mismatch' };
}
