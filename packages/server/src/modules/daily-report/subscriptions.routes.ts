import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, envelope, ok } from '../../http/envelope.ts';
import { nowSeconds } from '../../http/time.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { mailerOf } from '../mail/mailer.ts';
import { visibleVessel } from '../summary/summary-request.ts';
import { runDailyReports } from './scheduler.ts';

/**
 * How often the scheduler looks for due mails (a day's mail goes out within this after local midnight);
 * DAILY_REPORT_TICK_SECONDS (config.ts) overrides, 0 = no sender.
 */
const TICK_SECONDS = 60;

const subscription = z.object({ massId: z.number(), massName: z.string(), createdTime: z.number() });

/**
 * Subscriptions to a vessel's daily report (issue 15 "Scheduled daily reports"): the signed-in user's own, for a
 * vessel they may see (read on master_asset, as the report). The mail goes to the user's address (their user id).
 * Also starts the scheduler (not when DAILY_REPORT_TICK_SECONDS is 0, as in tests: they run it with a chosen clock).
 */
export const dailyReportSubscriptionRoutes: FastifyPluginAsync = async (app) => {
  const database = app.deps.database;
  const db = database.db;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const mine = async (userId: string) =>
    (
      await db
        .selectFrom('daily_report_subscription')
        .innerJoin('asset', 'asset.massId', 'daily_report_subscription.drsbMassId')
        .select(['drsbMassId', 'asset.massName', 'drsbCreatedTime'])
        .where('drsbUserId', '=', userId)
        .orderBy('asset.massName')
        .execute()
    ).map((r) => ({
      massId: Number(r.drsbMassId),
      massName: String(r.massName),
      createdTime: Number(r.drsbCreatedTime),
    }));

  typed.get(
    '/reports/daily/subscriptions',
    {
      preHandler: requirePermission('master_asset', 'read'),
      schema: {
        tags: ['reports'],
        summary: "The signed-in user's daily report subscriptions",
        response: { 200: envelope(z.array(subscription)) },
      },
    },
    async (req) => ok(await mine(sessionOf(req).userId)),
  );

  const massParams = z.object({ massId: z.string().regex(/^\d{1,9}$/, 'massId must be an asset id') });

  typed.put(
    '/reports/daily/subscriptions/:massId',
    {
      preHandler: requirePermission('master_asset', 'read'),
      schema: {
        tags: ['reports'],
        summary: "Subscribe to a vessel's daily report (mailed after local midnight)",
        params: massParams,
        response: { 200: envelope(z.array(subscription)) },
      },
    },
    async (req) => {
      const s = sessionOf(req);
      const massId = Number(req.params.massId);
      if (s.activeCompId === null) throw badRequest('Choose an active company first');
      await visibleVessel(database, req, massId); // 404 for a vessel the user may not see
      const exists = await db
        .selectFrom('daily_report_subscription')
        .select('drsbId')
        .where('drsbUserId', '=', s.userId)
        .where('drsbMassId', '=', massId)
        .executeTakeFirst();
      if (!exists)
        await db
          .insertInto('daily_report_subscription')
          .values({
            drsbUserId: s.userId,
            drsbMassId: massId,
            drsbCompId: s.activeCompId,
            drsbCreatedTime: nowSeconds(),
          })
          .execute();
      return ok(await mine(s.userId));
    },
  );

  typed.delete(
    '/reports/daily/subscriptions/:massId',
    {
      preHandler: requirePermission('master_asset', 'read'),
      schema: {
        tags: ['reports'],
        summary: "Unsubscribe from a vessel's daily report",
        params: massParams,
        response: { 200: envelope(z.array(subscription)) },
      },
    },
    async (req) => {
      const s = sessionOf(req);
      await db
        .deleteFrom('daily_report_subscription')
        .where('drsbUserId', '=', s.userId)
        .where('drsbMassId', '=', Number(req.params.massId))
        .execute();
      return ok(await mine(s.userId));
    },
  );

  const tickMs = (app.deps.config.dailyReportTickSeconds ?? TICK_SECONDS) * 1000;
  if (tickMs > 0) {
    const mailer = mailerOf(app);
    const deps = { database, deliver: mailer.deliver, log: app.log, defaultTimeZone: app.deps.config.defaultTimeZone };
    let running = false;
    const tick = async () => {
      if (running) return; // a slow pass is not overlapped
      running = true;
      try {
        const r = await runDailyReports(deps, nowSeconds());
        if (r.sent || r.failed) app.log.info(r, 'daily report mails');
      } catch (err) {
        app.log.error({ err }, 'daily report scheduler pass failed');
      } finally {
        running = false;
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(tick, tickMs);
      timer.unref();
      setTimeout(tick, 5000).unref(); // the pass after a restart: a day missed while down goes out now
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
