import { SUMMARY_GROUPS, type SummaryGroup, summarySchema } from '@fleet/shared/answers/summary.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, envelope } from '../../http/envelope.ts';
import { oneParam, parseFlag } from '../../http/params.ts';
import { nowSeconds } from '../../http/time.ts';
import { requirePermission } from '../auth/session.ts';
import { combinedRoutes } from './combined.routes.ts';
import { estimateRows, runHeavy, sendJson, stopHeavyOnClose } from './heavy.ts';
import { periodParams, periodQuery, periodRequest, visibleVessel, zoneTz } from './summary-request.ts';
import { summaryTask } from './summary-task.ts';

/**
 * GET /api/summary/aggregated/period/{start}/{end} — one vessel's numbers for a period, keyed by
 * sensor group (spec 002 §3.1, §7.2); every number as docs/domain.md defines it. Also registers the
 * combined-data call. Permission: read on master_asset; the vessel must be visible to the user.
 */
export const summaryRoutes: FastifyPluginAsync = async (app) => {
  const database = app.deps.database;
  stopHeavyOnClose(app);
  const querystring = periodQuery(
    {
      devcType: z
        .string()
        .optional()
        .describe(`only this group: ${SUMMARY_GROUPS.join(', ')}`),
      showDetails: z.string().optional().describe('true: include per-bucket data and the per-period records'),
      showRecords: z
        .string()
        .optional()
        .describe('false (with showDetails): the per-bucket data without the per-period records; default true'),
    },
    (q) => {
      const typeText = oneParam(q, 'devcType')?.toLowerCase();
      if (typeText && !(SUMMARY_GROUPS as readonly string[]).includes(typeText))
        throw badRequest(`devcType must be one of ${SUMMARY_GROUPS.join(', ')}`);
      const groups: readonly SummaryGroup[] = typeText ? [typeText as SummaryGroup] : SUMMARY_GROUPS;
      const recordsText = oneParam(q, 'showRecords');
      return {
        groups,
        showDetails: parseFlag(oneParam(q, 'showDetails'), 'showDetails'),
        // absent: as before (spec 002 §3.1 records with showDetails); the web app sends false, it shows none of them
        records: recordsText === undefined || recordsText === '' ? true : parseFlag(recordsText, 'showRecords'),
      };
    },
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/summary/aggregated/period/:start/:end',
    {
      preHandler: requirePermission('master_asset', 'read'),
      schema: {
        tags: ['summary'],
        summary: 'Per-vessel summary of a period, keyed by sensor group',
        params: periodParams,
        querystring,
        response: { 200: envelope(summarySchema) },
      },
    },
    async (req, reply) => {
      const { groups, showDetails, records, ...q } = req.query;
      const plan = await visibleVessel(database, req, q.massId);
      const period = periodRequest(req.params, await zoneTz(database, q, req.params, app.deps.config.defaultTimeZone));
      // long or MINUTE summaries run in a worker thread (heavy.ts); the answer is the same bytes either way
      const args = { task: 'summary' as const, plan, period, groups, showDetails, records, now: nowSeconds() };
      return sendJson(reply, await runHeavy(app, reply, summaryTask, args, estimateRows(plan, period)));
    },
  );
  await app.register(combinedRoutes);
};
