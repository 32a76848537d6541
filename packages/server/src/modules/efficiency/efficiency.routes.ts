import { efficiencyTrendSchema, fleetEfficiencySchema } from '@fleet/shared/answers/efficiency.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, envelope, idParam, ok } from '../../http/envelope.ts';
import { nowSeconds } from '../../http/time.ts';
import { assetTimeZone } from '../access/time-zones.ts';
import { visibleAssetIds } from '../access/visibility.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { estimateRows, runHeavy, sendJson, stopHeavyOnClose } from '../summary/heavy.ts';
import { periodParams, visibleVessel } from '../summary/summary-request.ts';
import { loadVesselPlan } from '../summary/summary-vessel.ts';
import type { FleetVessel } from './efficiency-fleet.ts';
import { lastMonths } from './efficiency-months.ts';
import { efficiencyTask } from './efficiency-task.ts';

/** docs/domain.md §38: a table covers at most this many days (a year, leap day included). */
export const MAX_DAYS = 366;
export const MAX_MONTHS = 24;

/**
 * GET /api/efficiency/fleet/period/{start}/{end} — every visible vessel's efficiency row for the period; GET
 * /api/efficiency/{assetId}/trend — one visible vessel's monthly trend (docs/api.md "Fleet efficiency").
 * Permission: read on fleet_efficiency.
 */
export const efficiencyRoutes: FastifyPluginAsync = async (app) => {
  const database = app.deps.database;
  const db = database.db;
  stopHeavyOnClose(app);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/efficiency/fleet/period/:start/:end',
    {
      preHandler: requirePermission('fleet_efficiency', 'read'),
      schema: {
        tags: ['efficiency'],
        summary: "Every visible vessel's fuel, distance, hours, L/NM, L/h, CO₂, change and rank for a period",
        params: periodParams,
        response: { 200: envelope(fleetEfficiencySchema) },
      },
    },
    async (req, reply) => {
      const { start, end } = req.params;
      if (end - start > MAX_DAYS * 86400)
        throw badRequest(`The fleet efficiency table covers at most ${MAX_DAYS} days: choose a shorter period`);
      const ids = await visibleAssetIds(db, sessionOf(req));
      const assets = ids.length
        ? await db
            .selectFrom('asset')
            .leftJoin('asset_type', 'asset_type.matyId', 'asset.massMatyId')
            .select(['massId', 'massName', 'asset_type.matyId', 'asset_type.matyName'])
            .where('massId', 'in', [...ids])
            .orderBy('massName')
            .orderBy('massId')
            .execute()
        : [];
      const vessels: FleetVessel[] = [];
      for (const a of assets) {
        const plan = await loadVesselPlan(db, Number(a.massId));
        if (plan)
          vessels.push({ plan, matyId: a.matyId == null ? null : Number(a.matyId), matyName: a.matyName ?? null });
      }
      if (!vessels.length) return ok({ start, end, previousStart: 2 * start - end, previousEnd: start, rows: [] });
      // the current and the previous period of every vessel
      const span = { start: 2 * start - end, end, unit: 'HOUR' };
      const rows = vessels.reduce((n, v) => n + estimateRows(v.plan, span), 0);
      const args = { task: 'fleet' as const, plan: { massId: vessels[0].plan.massId }, vessels, start, end };
      return sendJson(reply, await runHeavy(app, reply, efficiencyTask, { ...args, now: nowSeconds() }, rows));
    },
  );

  api.get(
    '/efficiency/:assetId/trend',
    {
      preHandler: requirePermission('fleet_efficiency', 'read'),
      schema: {
        tags: ['efficiency'],
        summary: "One vessel's monthly fuel, distance, hours, L/NM, L/h and CO₂",
        params: z.object({ assetId: idParam('assetId') }),
        querystring: z.object({
          months: z
            .string()
            .regex(/^\d{1,2}$/, `months must be a whole number from 1 to ${MAX_MONTHS}`)
            .transform(Number)
            .refine((n) => n >= 1 && n <= MAX_MONTHS, `months must be a whole number from 1 to ${MAX_MONTHS}`)
            .optional()
            .describe(`how many calendar months, ending with the current one (default 12, at most ${MAX_MONTHS})`),
        }),
        response: { 200: envelope(efficiencyTrendSchema) },
      },
    },
    async (req, reply) => {
      const plan = await visibleVessel(database, req, req.params.assetId);
      const timeZone = await assetTimeZone(db, plan.massId, app.deps.config.defaultTimeZone);
      const now = nowSeconds();
      const months = lastMonths(timeZone, now, req.query.months ?? 12);
      const rows = estimateRows(plan, { start: months[0].start, end: months.at(-1)!.end, unit: 'HOUR' });
      const args = { task: 'trend' as const, plan, timeZone, months, now };
      return sendJson(reply, await runHeavy(app, reply, efficiencyTask, args, rows));
    },
  );
};
