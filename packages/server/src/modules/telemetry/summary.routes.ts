import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, envelope, ok } from '../../http/envelope.ts';
import { requirePermission } from '../auth/session.ts';
import { combinedRoutes } from './combined.routes.ts';
import { SUMMARY_GROUPS, type SummaryGroup, summarySchema } from './summary.schemas.ts';
import { buildSummary } from './summary-build.ts';
import { loadPeriod } from './summary-load.ts';
import { flag, parsePeriodQuery, periodParams, periodQueryFields, visibleVessel } from './summary-request.ts';
import { nowSeconds } from './time.ts';

/**
 * GET /api/summary/aggregated/period/{start}/{end} — one vessel's numbers for a period, keyed by
 * sensor group (spec 002 §3.1, §7.2); every number as docs/domain.md defines it. Also registers the
 * combined-data call. Permission: read on master_asset; the vessel must be visible to the user.
 */
export const summaryRoutes: FastifyPluginAsync = async (app) => {
  const database = app.deps.database;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/summary/aggregated/period/:start/:end',
    {
      preHandler: requirePermission('master_asset', 'read'),
      schema: {
        tags: ['summary'],
        summary: 'Per-vessel summary of a period, keyed by sensor group',
        params: periodParams,
        querystring: z.looseObject({
          ...periodQueryFields,
          devcType: z
            .string()
            .optional()
            .describe(`only this group: ${SUMMARY_GROUPS.join(', ')}`),
          showDetails: z.string().optional().describe('true: include per-bucket data and the per-period records'),
        }),
        response: { 200: envelope(summarySchema) },
      },
    },
    async (req) => {
      const q = req.query as Record<string, string | string[] | undefined>;
      const period = parsePeriodQuery(req.params, q, app.deps.config.tzOffset);
      const typeText = (Array.isArray(q.devcType) ? q.devcType[0] : q.devcType)?.trim().toLowerCase();
      let groups: readonly SummaryGroup[] = SUMMARY_GROUPS;
      if (typeText) {
        if (!(SUMMARY_GROUPS as readonly string[]).includes(typeText))
          throw badRequest(`devcType must be one of ${SUMMARY_GROUPS.join(', ')}`);
        groups = [typeText as SummaryGroup];
      }
      const showDetails = flag(q.showDetails, 'showDetails');
      const plan = await visibleVessel(database, req, period.massId);
      const vessel = await loadPeriod(database, plan, { ...period, now: nowSeconds(), groups, buckets: showDetails });
      return ok(buildSummary(vessel, { groups, showDetails }));
    },
  );
  await app.register(combinedRoutes);
};
