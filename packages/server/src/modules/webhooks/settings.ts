import type { WebhookSettings } from '../../config.ts';

/**
 * The webhook worker's settings' defaults (docs/operations.md "Webhooks"; their shape, `WebhookSettings`, is in
 * config.ts, which holds only what the environment sets) and the retry schedule (docs/domain.md §42).
 */
export type { WebhookSettings };

export const WEBHOOK_DEFAULTS: WebhookSettings = {
  allowPrivate: true,
  timeoutSeconds: 10,
  retryBaseSeconds: 30,
  maxAttempts: 12,
  concurrency: 16,
  perReceiver: 2,
  pollSeconds: 5,
  positionIntervalSeconds: 60,
};

/** The longest nominal wait between two tries (6 hours). */
export const WEBHOOK_RETRY_MAX_SECONDS = 6 * 3600;
/** A wait is shortened by up to this share of itself, at random (§42.2): retries of one outage spread out. */
export const WEBHOOK_JITTER = 0.25;
/** delivered rows are kept this long, failed ones longer (the delivery log), then deleted */
export const WEBHOOK_KEEP_DELIVERED_SECONDS = 7 * 86400;
export const WEBHOOK_KEEP_FAILED_SECONDS = 30 * 86400;
/** subscriptions of one company, at most: each opened event is one row per subscription */
export const WEBHOOK_MAX_PER_COMPANY = 20;

/**
 * docs/domain.md §42.2: the wait after the `failed`-th failed try (1, 2, …) — nominal min(6 h, base·2^(failed−1)),
 * shortened by WEBHOOK_JITTER·u of itself for u uniform in [0, 1), rounded down to whole seconds.
 */
export function retryDelaySeconds(failed: number, base: number, u = Math.random()): number {
  const nominal = Math.min(WEBHOOK_RETRY_MAX_SECONDS, base * 2 ** (failed - 1));
  return Math.floor(nominal * (1 - WEBHOOK_JITTER * u));
}
