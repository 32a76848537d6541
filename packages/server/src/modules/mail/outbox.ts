import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder, Kysely, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database, Db } from '../../db/database.ts';

/**
 * The durable mail outbox (issue 23; numbers in docs/domain.md §34, operations in docs/operations.md "Mail outbox").
 * A mail is a row first; a background loop claims due rows one at a time, hands them to the transport (SMTP or the
 * .eml files) and marks them sent, or schedules the next try with exponential back-off, or after the last try marks
 * them failed and logs it. Rows outlive the process, so a restart sends what was still pending.
 */
export const MAIL_MAX_ATTEMPTS = 8;
export const MAIL_RETRY_BASE_SECONDS = 30;
export const MAIL_RETRY_MAX_SECONDS = 3600;
/** how long a claim holds a row; longer than one send can take (the SMTP timeouts in mailer.ts) */
export const MAIL_CLAIM_SECONDS = 600;
/** the attachments of one mail together, at most (the daily report PDF); larger is refused when queued */
export const MAIL_MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;
/** sent rows (without body) are kept this long, failed ones longer, then deleted */
export const MAIL_KEEP_SENT_SECONDS = 7 * 86400;
export const MAIL_KEEP_FAILED_SECONDS = 30 * 86400;
/** rows one pass sends at most before it lets the next pass (and shutdown) in */
export const MAIL_PASS_LIMIT = 50;

export type MailKind = 'event' | 'password-reset' | 'daily-report' | 'mail';

export interface OutgoingMail {
  /** what the mail is, for the outbox's logs and backlog (default 'mail') */
  kind?: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the action link in the mail; logged when the mail goes to the outbox, so a local install can follow it */
  link?: string;
  /** files attached to the mail (the scheduled daily report PDF) */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Sends one mail now; rejects when it could not be delivered. */
export type MailTransport = (mail: OutgoingMail) => Promise<void>;

export interface PassResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface Backlog {
  pending: number;
  /** seconds since the oldest pending mail was queued; 0 when none is pending */
  oldestPendingSeconds: number;
  failed: number;
}

/** The wait before try `attempt + 1` after `attempt` failed tries: 30 s, 60 s, 120 s … at most an hour. */
export const retryDelay = (attempt: number) =>
  Math.min(MAIL_RETRY_MAX_SECONDS, MAIL_RETRY_BASE_SECONDS * 2 ** (attempt - 1));

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Db's table types (untyped: docs/decisions.md "Data"), so these follow if it ever gets them. */
type Tables = Db extends Kysely<infer T> ? T : never;
type OutboxUpdate = UpdateQueryBuilder<Tables, 'mail_outbox', 'mail_outbox', UpdateResult>;

export class MailOutbox {
  constructor(
    private readonly database: Database,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Stores the mail; it is sent by the next pass. Rejects when its attachments are over the bound. */
  async enqueue(mail: OutgoingMail, now = nowSeconds()): Promise<number> {
    const size = (mail.attachments ?? []).reduce((n, a) => n + a.content.length, 0);
    if (size > MAIL_MAX_ATTACHMENT_BYTES)
      throw new Error(
        `the attachments (${size} bytes) are larger than the mail outbox takes (${MAIL_MAX_ATTACHMENT_BYTES} bytes)`,
      );
    return this.database.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('mail_outbox')
        .values({
          mlobKind: mail.kind ?? 'mail',
          mlobTo: mail.to,
          mlobSubject: mail.subject,
          mlobText: mail.text,
          mlobHtml: mail.html,
          mlobLink: mail.link ?? null,
          mlobStatus: 'pending',
          mlobAttempts: 0,
          mlobNextTryTime: now,
          mlobCreatedTime: now,
        })
        .returning('mlobId')
        .executeTakeFirstOrThrow();
      const id = Number(row.mlobId);
      for (const a of mail.attachments ?? [])
        await trx
          .insertInto('mail_outbox_attachment')
          .values({ mloaMlobId: id, mloaFilename: a.filename, mloaContentType: a.contentType, mloaContent: a.content })
          .execute();
      return id;
    });
  }

  /**
   * Claims one due row for this process, atomically: the row's claim and try count are set in one statement, and on
   * PostgreSQL the row is picked with FOR UPDATE SKIP LOCKED, so two processes never take the same row (SQLite has
   * one writer; the statement is atomic there). The outer conditions are checked again against the locked row.
   */
  private async claim(now: number) {
    const db = this.database.db;
    const due = (eb: ExpressionBuilder<Tables, 'mail_outbox'>) =>
      eb.and([
        eb('mlobStatus', '=', 'pending'),
        eb('mlobNextTryTime', '<=', now),
        eb.or([eb('mlobClaimedUntil', 'is', null), eb('mlobClaimedUntil', '<=', now)]),
      ]);
    let pick = db
      .selectFrom('mail_outbox')
      .select('mlobId')
      .where(due)
      .orderBy('mlobNextTryTime')
      .orderBy('mlobId')
      .limit(1);
    // a scalar subquery: one pick per statement (as an IN list PostgreSQL may run it again per row)
    if (this.database.dialect === 'postgres') pick = pick.forUpdate().skipLocked();
    return db
      .updateTable('mail_outbox')
      .set((eb) => ({ mlobClaimedUntil: now + MAIL_CLAIM_SECONDS, mlobAttempts: eb('mlobAttempts', '+', 1) }))
      .where('mlobId', '=', pick)
      .where(due)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Sends the due mails (at most `limit`), one claimed row at a time, until none is due or `stop()` says so. Without
   * `at` each claim reads the clock (a long pass keeps its claims fresh); tests pass a fixed time.
   */
  async runOnce(at?: number, limit = MAIL_PASS_LIMIT, stop: () => boolean = () => false): Promise<PassResult> {
    const db = this.database.db;
    const result: PassResult = { sent: 0, retried: 0, failed: 0 };
    for (let i = 0; i < limit && !stop(); i++) {
      const now = at ?? nowSeconds();
      const row = await this.claim(now);
      if (!row) break;
      const id = Number(row.mlobId);
      const attempt = Number(row.mlobAttempts);
      // a later claim of the same row (this one outlived its claim) has a higher try count: only the latest marks it
      const mine = (q: OutboxUpdate) => q.where('mlobId', '=', id).where('mlobAttempts', '=', attempt);
      try {
        const attachments = await db
          .selectFrom('mail_outbox_attachment')
          .select(['mloaFilename', 'mloaContentType', 'mloaContent'])
          .where('mloaMlobId', '=', id)
          .orderBy('mloaId')
          .execute();
        await this.transport({
          kind: row.mlobKind,
          to: row.mlobTo,
          subject: row.mlobSubject,
          text: row.mlobText,
          html: row.mlobHtml,
          ...(row.mlobLink ? { link: row.mlobLink } : {}),
          ...(attachments.length
            ? {
                attachments: attachments.map((a) => ({
                  filename: a.mloaFilename,
                  contentType: a.mloaContentType,
                  content: Buffer.from(a.mloaContent),
                })),
              }
            : {}),
        });
        await this.finish(id, mine, { mlobStatus: 'sent', mlobLastError: null }, now);
        result.sent++;
      } catch (err) {
        const message = ((err as Error)?.message ?? String(err)).slice(0, 500);
        const base = { kind: row.mlobKind, to: row.mlobTo, subject: row.mlobSubject, attempt, outboxId: id };
        if (attempt >= MAIL_MAX_ATTEMPTS) {
          this.log.error({ ...base, err: message }, 'mail failed for good after its last try');
          await this.finish(id, mine, { mlobStatus: 'failed', mlobLastError: message }, now);
          result.failed++;
        } else {
          const next = now + retryDelay(attempt);
          this.log.warn({ ...base, err: message, nextTry: next }, 'mail could not be sent; will retry');
          await mine(db.updateTable('mail_outbox'))
            .set({ mlobNextTryTime: next, mlobClaimedUntil: null, mlobLastError: message })
            .execute();
          result.retried++;
        }
      }
    }
    return result;
  }

  /** Sent or failed for good: the body and attachments are erased (a reset link is a credential), the row kept. */
  private async finish(id: number, mine: (q: OutboxUpdate) => OutboxUpdate, set: Record<string, unknown>, now: number) {
    const db = this.database.db;
    await db.transaction().execute(async (trx) => {
      const r = await mine(trx.updateTable('mail_outbox'))
        .set({ ...set, mlobText: '', mlobHtml: '', mlobLink: null, mlobClaimedUntil: null, mlobDoneTime: now })
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1)
        await trx.deleteFrom('mail_outbox_attachment').where('mloaMlobId', '=', id).execute();
    });
    if (set.mlobStatus === 'sent') this.log.debug({ outboxId: id }, 'mail sent from the outbox');
  }

  /** Deletes sent and failed rows past their keeping time. */
  async purge(now = nowSeconds()): Promise<void> {
    const db = this.database.db;
    for (const [status, keep] of [
      ['sent', MAIL_KEEP_SENT_SECONDS],
      ['failed', MAIL_KEEP_FAILED_SECONDS],
    ] as const) {
      await db
        .deleteFrom('mail_outbox')
        .where('mlobStatus', '=', status)
        .where('mlobDoneTime', '<', now - keep)
        .execute();
    }
  }

  async backlog(now = nowSeconds()): Promise<Backlog> {
    return outboxBacklog(this.database, now);
  }
}

/** The outbox's backlog for /api/health: mails waiting, the age of the oldest, mails given up (kept 30 days). */
export async function outboxBacklog(database: Database, now = nowSeconds()): Promise<Backlog> {
  const rows = await database.db
    .selectFrom('mail_outbox')
    .select((eb) => ['mlobStatus', eb.fn.countAll().as('n'), eb.fn.min('mlobCreatedTime').as('oldest')])
    .where('mlobStatus', 'in', ['pending', 'failed'])
    .groupBy('mlobStatus')
    .execute();
  const by = new Map(rows.map((r) => [r.mlobStatus, r]));
  const pending = by.get('pending');
  return {
    pending: Number(pending?.n ?? 0),
    oldestPendingSeconds: pending?.oldest == null ? 0 : Math.max(0, now - Number(pending.oldest)),
    failed: Number(by.get('failed')?.n ?? 0),
  };
}
