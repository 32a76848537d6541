import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { VERSION } from '../../version.ts';
import { onWebhooksQueued } from './queue.ts';
import { postWebhook } from './send.ts';
import {
  retryDelaySeconds,
  WEBHOOK_KEEP_DELIVERED_SECONDS,
  WEBHOOK_KEEP_FAILED_SECONDS,
  type WebhookSettings,
} from './settings.ts';
import { DELIVERY_HEADER, KIND_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature.ts';

/** A claim holds a row this much longer than one try may take; then another process may take it again. */
const CLAIM_MARGIN_SECONDS = 60;
const PURGE_EVERY_SECONDS = 3600;

/**
 * The background sender of the queue (docs/operations.md "Webhooks"): claims due rows and sends each on its own
 * (never awaited one after another), at most `concurrency` in flight and at most `perReceiver` to one
 * subscription, so a slow or failing receiver holds only its own slots and the others' deliveries go on. Ingest and
 * the API only insert rows (and nudge this worker): nothing of theirs waits for a receiver. A claim is the mail
 * outbox's (modules/mail/outbox.ts): the row's claim time and try count set in one statement, picked with FOR UPDATE
 * SKIP LOCKED on PostgreSQL, so two processes never send one row at once; a claim of a process that died runs out.
 */
export class WebhookWorker {
  private readonly inFlight = new Map<number, number>();
  private total = 0;
  private readonly running = new Set<Promise<void>>();
  private pumping: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private offQueued: (() => void) | null = null;
  private lastPurge = 0;

  constructor(
    private readonly database: Database,
    private readonly settings: WebhookSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.offQueued = onWebhooksQueued(() => this.wake());
    if (this.settings.pollSeconds > 0) {
      this.timer = setInterval(() => this.wake(), this.settings.pollSeconds * 1000);
      this.timer.unref();
    }
    this.wake();
  }

  /** Stops claiming and waits for the tries under way (their rows are marked as they end). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.offQueued?.();
    await this.pumping;
    await Promise.allSettled([...this.running]);
  }

  /** Resolves when nothing is due that this worker could take now and no try is under way (tests). */
  async idle(): Promise<void> {
    while (this.pumping || this.running.size) {
      await this.pumping;
      await Promise.allSettled([...this.running]);
    }
  }

  wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump()
      .catch((err) => this.log.warn({ err: (err as Error).message }, 'webhook queue: claim failed'))
      .finally(() => {
        this.pumping = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async pump(): Promise<void> {
    const now = nowSeconds();
    if (now - this.lastPurge >= PURGE_EVERY_SECONDS) {
      this.lastPurge = now;
      await this.purge(now);
    }
    while (!this.stopped && this.total < this.settings.concurrency) {
      const busy = [...this.inFlight].filter(([, n]) => n >= this.settings.perReceiver).map(([id]) => id);
      const row = await this.claim(nowSeconds(), busy);
      if (!row) return;
      const sub = Number(row.wbdlWbhkId);
      this.total++;
      this.inFlight.set(sub, (this.inFlight.get(sub) ?? 0) + 1);
      const p: Promise<void> = this.deliver(row)
        .catch((err) => this.log.warn({ err: (err as Error).message, deliveryId: row.wbdlUid }, 'webhook try failed'))
        .finally(() => {
          this.total--;
          const n = (this.inFlight.get(sub) ?? 1) - 1;
          if (n > 0) this.inFlight.set(sub, n);
          else this.inFlight.delete(sub);
          this.running.delete(p);
          this.wake();
        });
      this.running.add(p);
    }
  }

  /** One due row of an active subscription (or a test) not among `busy`, claimed for this process. */
  private async claim(now: number, busy: number[]) {
    const db = this.database.db;
    const due = (eb: ExpressionBuilder<any, 'webhook_delivery'>) =>
      eb.and([
        eb('wbdlStatus', '=', 'pending'),
        eb('wbdlNextTryTime', '<=', now),
        eb.or([eb('wbdlClaimedUntil', 'is', null), eb('wbdlClaimedUntil', '<=', now)]),
      ]);
    let pick = db
      .selectFrom('webhook_delivery')
      .select('wbdlId')
      .where(due)
      .where((eb) =>
        eb.or([
          eb('wbdlKind', '=', 'test'),
          eb('wbdlWbhkId', 'in', eb.selectFrom('webhook').select('wbhkId').where('wbhkActive', '=', 1)),
        ]),
      )
      .orderBy('wbdlNextTryTime')
      .orderBy('wbdlId')
      .limit(1);
    if (busy.length) pick = pick.where('wbdlWbhkId', 'not in', busy);
    if (this.database.dialect === 'postgres') pick = pick.forUpdate().skipLocked();
    return db
      .updateTable('webhook_delivery')
      .set((eb) => ({
        wbdlClaimedUntil: now + this.settings.timeoutSeconds + CLAIM_MARGIN_SECONDS,
        wbdlAttempts: eb('wbdlAttempts', '+', 1),
      }))
      .where('wbdlId', '=', pick)
      .where(due)
      .returningAll()
      .executeTakeFirst();
  }

  /** One try of a claimed row, and its outcome written: delivered, retried later, or given up. */
  private async deliver(row: Record<string, any>): Promise<void> {
    const db = this.database.db;
    const id = Number(row.wbdlId);
    const attempt = Number(row.wbdlAttempts);
    const sub = await db
      .selectFrom('webhook')
      .select(['wbhkUrl', 'wbhkSecret'])
      .where('wbhkId', '=', row.wbdlWbhkId)
      .executeTakeFirst();
    if (!sub) return; // deleted meanwhile: its deliveries went with it
    const body = String(row.wbdlPayload);
    const t = nowSeconds();
    const r = await postWebhook(
      String(sub.wbhkUrl),
      body,
      {
        [SIGNATURE_HEADER]: signatureHeader(String(sub.wbhkSecret), t, body),
        [DELIVERY_HEADER]: String(row.wbdlUid),
        [KIND_HEADER]: String(row.wbdlKind),
        'user-agent': `fleet-webhooks/${VERSION}`,
      },
      { timeoutMs: this.settings.timeoutSeconds * 1000, allowPrivate: this.settings.allowPrivate },
    );
    const now = nowSeconds();
    const delivered = r.status !== null && r.status >= 200 && r.status < 300;
    const last = {
      wbdlLastTime: t,
      wbdlLastStatus: r.status,
      wbdlLastMs: r.ms,
      wbdlLastBody: r.body,
      wbdlLastError: r.error ?? (delivered ? null : `HTTP ${r.status}`),
      wbdlClaimedUntil: null,
    };
    const base = { deliveryId: row.wbdlUid, kind: row.wbdlKind, webhookId: Number(row.wbdlWbhkId), attempt };
    let set: Record<string, unknown>;
    if (delivered) set = { ...last, wbdlStatus: 'delivered', wbdlDoneTime: now };
    else if (attempt >= this.settings.maxAttempts) {
      this.log.warn({ ...base, status: r.status, err: r.error }, 'webhook given up after its last try');
      set = { ...last, wbdlStatus: 'failed', wbdlDoneTime: now };
    } else {
      const next = now + retryDelaySeconds(attempt, this.settings.retryBaseSeconds);
      this.log.info({ ...base, status: r.status, err: r.error, nextTry: next }, 'webhook not taken; will retry');
      set = { ...last, wbdlNextTryTime: next };
    }
    // a later claim of the same row (this one outlived its claim) has a higher try count: only the latest marks it
    await db
      .updateTable('webhook_delivery')
      .set(set)
      .where('wbdlId', '=', id)
      .where('wbdlAttempts', '=', attempt)
      .execute();
  }

  /** Deletes delivered and failed rows past their keeping time. */
  async purge(now = nowSeconds()): Promise<void> {
    for (const [status, keep] of [
      ['delivered', WEBHOOK_KEEP_DELIVERED_SECONDS],
      ['failed', WEBHOOK_KEEP_FAILED_SECONDS],
    ] as const)
      await this.database.db
        .deleteFrom('webhook_delivery')
        .where('wbdlStatus', '=', status)
        .where('wbdlDoneTime', '<', now - keep)
        .execute();
  }
}
