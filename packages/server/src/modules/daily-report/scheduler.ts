import { bucketStart, zoneOffsetHours } from '@fleet/shared';
import { REPORT_KEYS } from '@fleet/shared/answers/daily-report.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { type Language, storedLanguage } from '../../i18n/language.ts';
import { textsIn } from '../../i18n/texts.ts';
import { assetTimeZone } from '../access/time-zones.ts';
import { visibleAssetIds } from '../access/visibility.ts';
import { loadAccess, type Session } from '../auth/session.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { runInPool } from '../summary/heavy.ts';
import { loadVesselPlan } from '../summary/summary-vessel.ts';
import { readPdf, reportTask } from './report-task.ts';
import { reportTexts } from './report-texts.ts';

/**
 * Scheduled daily reports (issue 15, docs/domain.md §31): after local midnight (the configured timezone) each
 * subscription gets the previous day's PDF by mail, once. The sent-log row of (subscription, day) is claimed before
 * the PDF is made, so a restart or a second server process never sends a day twice; a failure is logged and retried
 * with a growing delay (5 min, 10, 20, … at most MAX_ATTEMPTS tries); a claim left by a process that died while
 * sending is taken over after STALE_SECONDS.
 */
export const MAX_ATTEMPTS = 6;
export const RETRY_BASE_SECONDS = 300;
export const STALE_SECONDS = 1800;

export interface SchedulerDeps {
  database: Database;
  deliver: (mail: OutgoingMail) => Promise<void>;
  log: FastifyBaseLogger;
  /** the installation's default zone (the zone of TZ_OFFSET), for a company without one of its own */
  defaultTimeZone: string;
}

export interface TickResult {
  /** the start of the last day worked on (each subscription's day is its vessel's company's) */
  day: number;
  sent: number;
  failed: number;
  skipped: number;
}

/** The local day that ended last before `now`: [start, end). */
export function previousDay(now: number, tz: number): { start: number; end: number } {
  const end = bucketStart(now, 86400, tz);
  return { start: end - 86400, end };
}

const retryAt = (now: number, attempts: number) => now + RETRY_BASE_SECONDS * 2 ** (attempts - 1);

/** The language a subscriber reads the report and its mail in: the one they chose (`user.userLanguage`), else English. */
async function subscriberLanguage(database: Database, userId: string): Promise<Language> {
  const row = await database.db
    .selectFrom('user')
    .select('userLanguage')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return storedLanguage(row?.userLanguage) ?? 'en';
}

/** The mail of a drawn report, in `language`. */
export function reportMail(
  model: { massName: string; rangeText: string; timezoneLabel: string; pages: unknown[] },
  language: Language,
) {
  const t = textsIn(reportTexts, language);
  const values = { range: model.rangeText, zone: model.timezoneLabel, pages: model.pages.length };
  return {
    subject: t('mailSubject', { ...values, vessel: model.massName }),
    text: `${t('mailAttached', { ...values, vessel: model.massName })}\n\n${t('mailWhy')}`,
    html: `<p>${t('mailAttached', { ...values, vessel: `<b>${escapeHtml(model.massName)}</b>` })}</p><p>${t('mailWhy')}</p>`,
  };
}

/** Claims (subscription, day) for this process; false when it is sent, being sent, waiting, or out of tries. */
async function claim(database: Database, drsbId: number, day: number, now: number): Promise<number | null> {
  const db = database.db;
  const row = await db
    .selectFrom('daily_report_sent')
    .selectAll()
    .where('drsnDrsbId', '=', drsbId)
    .where('drsnDay', '=', day)
    .executeTakeFirst();
  if (!row) {
    try {
      await db
        .insertInto('daily_report_sent')
        .values({
          drsnDrsbId: drsbId,
          drsnDay: day,
          drsnStatus: 'sending',
          drsnAttempts: 1,
          drsnUpdatedTime: now,
        })
        .execute();
      return 1;
    } catch {
      return null; // another process claimed it first (unique subscription × day)
    }
  }
  const attempts = Number(row.drsnAttempts);
  const due =
    (row.drsnStatus === 'failed' && Number(row.drsnNextTryTime) <= now) ||
    (row.drsnStatus === 'sending' && Number(row.drsnUpdatedTime) <= now - STALE_SECONDS);
  if (!due || attempts >= MAX_ATTEMPTS) return null;
  const r = await db
    .updateTable('daily_report_sent')
    .set({ drsnStatus: 'sending', drsnAttempts: attempts + 1, drsnUpdatedTime: now })
    .where('drsnId', '=', row.drsnId)
    .where('drsnStatus', '=', row.drsnStatus)
    .where('drsnAttempts', '=', attempts)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? attempts + 1 : null;
}

/**
 * One pass: every subscription's mail of its previous local day that is due — the day as the vessel's company cuts
 * it (docs/domain.md §1: a company on Asia/Makassar gets the report of its own day, sent after its own midnight).
 */
export async function runDailyReports(deps: SchedulerDeps, now: number): Promise<TickResult> {
  const { database, log } = deps;
  const db = database.db;
  const result: TickResult = { day: 0, sent: 0, failed: 0, skipped: 0 };
  const subs = await db.selectFrom('daily_report_subscription').selectAll().orderBy('drsbId').execute();
  const zones = new Map<number, string>(); // a vessel's zone, read once per pass
  for (const sub of subs) {
    const massId = Number(sub.drsbMassId);
    const zone = zones.get(massId) ?? (await assetTimeZone(db, massId, deps.defaultTimeZone));
    zones.set(massId, zone);
    const tz = zoneOffsetHours(zone, now);
    const day = previousDay(now, tz);
    result.day = day.start;
    // a subscription made today starts with today's report (mailed tomorrow), not with the days before it
    if (Number(sub.drsbCreatedTime) >= day.end) continue;
    const drsbId = Number(sub.drsbId);
    const attempt = await claim(database, drsbId, day.start, now);
    if (attempt === null) {
      result.skipped++;
      continue;
    }
    try {
      // the report is made in the subscriber's scope as it is now: a vessel they no longer see is not sent
      const access = await loadAccess(db, sub.drsbUserId);
      const session = { userId: sub.drsbUserId, activeCompId: Number(sub.drsbCompId), access } as Session;
      const visible = access.master_asset?.includes('read') ? await visibleAssetIds(db, session) : [];
      const plan = visible.includes(Number(sub.drsbMassId)) ? await loadVesselPlan(database.db, sub.drsbMassId) : null;
      if (!plan) throw new Error('the vessel is no longer visible to the subscriber');
      // the report and its mail in the subscriber's language (issue 27), summarised and drawn in the heavy pool
      const language = await subscriberLanguage(database, sub.drsbUserId);
      const report = {
        start: day.start,
        end: day.end,
        unit: 'HOUR' as const,
        tz,
        reports: [...REPORT_KEYS],
        dataTables: true,
      };
      const { model, pdf } = readPdf(
        await runInPool(database, '', reportTask, { plan, report, now, pdf: true, language }),
      );
      // stored in the mail outbox, which sends and retries it (docs/operations.md "Mail outbox")
      await deps.deliver({
        kind: 'daily-report',
        to: sub.drsbUserId,
        ...reportMail(model, language),
        attachments: [{ filename: model.fileName, content: pdf, contentType: 'application/pdf' }],
      });
      await db
        .updateTable('daily_report_sent')
        .set({ drsnStatus: 'sent', drsnLastError: null, drsnNextTryTime: null, drsnUpdatedTime: now })
        .where('drsnDrsbId', '=', drsbId)
        .where('drsnDay', '=', day.start)
        .execute();
      result.sent++;
    } catch (err) {
      const message = (err as Error)?.message ?? String(err);
      const next = attempt < MAX_ATTEMPTS ? retryAt(now, attempt) : null;
      log.error(
        { err, drsbId, massId: sub.drsbMassId, to: sub.drsbUserId, day: day.start, attempt, nextTry: next },
        'daily report mail failed',
      );
      await db
        .updateTable('daily_report_sent')
        .set({
          drsnStatus: 'failed',
          drsnLastError: message.slice(0, 500),
          drsnNextTryTime: next,
          drsnUpdatedTime: now,
        })
        .where('drsnDrsbId', '=', drsbId)
        .where('drsnDay', '=', day.start)
        .execute();
      result.failed++;
    }
  }
  return result;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
