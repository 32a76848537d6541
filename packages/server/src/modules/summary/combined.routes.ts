import { COMBINED_TYPES, type CombinedType, combinedSchema } from '@fleet/shared/answers/summary.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, envelope } from '../../http/envelope.ts';
import { listParam, oneParam } from '../../http/params.ts';
import { nowSeconds } from '../../http/time.ts';
import { requirePermission } from '../auth/session.ts';
import { estimateRows, runHeavy, sendJson } from './heavy.ts';
import { periodParams, periodQuery, periodRequest, visibleVessel, zoneTz } from './summary-request.ts';
import { summaryTask } from './summary-task.ts';

/** The groups sent when typesToGet is absent (spec 002 §7.2). */
const DEFAULT_TYPES: CombinedType[] = ['gps', 'ae', 'flowmeter', 'rpm'];

/**
 * GET /api/summary/combined/period/{start}/{end} — combined data of one vessel (spec 002 §3.1
 * "Combined report data per vessel", §7.2 "Get combined data for devices"), one record per bucket
 * for the charts and the datalog. Permission: read on master_asset; the vessel must be visible.
 */
export const combinedRoutes: FastifyPluginAsync = async (app) => {
  const database = app.deps.database;
  const querystring = periodQuery(
    {
      'typesToGet[]': z
        .union([z.string(), z.array(z.string())])
        .optional()
        .describe(`repeat per group: ${COMBINED_TYPES.join(', ')}; default gps, ae, flowmeter, rpm`),
      mode: z.string().optional().describe("'period' (the only mode)"),
    },
    (q) => {
      const mode = oneParam(q, 'mode');
      if (mode && mode !== 'period') throw badRequest("mode must be 'period'");
      const asked = listParam(q, 'typesToGet', { commas: true }).map((t) => t.toLowerCase());
      const unknown = asked.filter((t) => !(COMBINED_TYPES as readonly string[]).includes(t));
      if (unknown.length)
        throw badRequest(`typesToGet: unknown ${unknown.join(', ')}; use ${COMBINED_TYPES.join(', ')}`);
      return { types: asked.length ? ([...new Set(asked)] as CombinedType[]) : DEFAULT_TYPES };
    },
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/summary/combined/period/:start/:end',
    {
      preHandler: requirePermission('master_asset', 'read'),
      schema: {
        tags: ['summary'],
        summary: 'Combined per-bucket data of one vessel for charts and the datalog',
        params: periodParams,
        querystring,
        response: { 200: envelope(combinedSchema) },
      },
    },
    async (req, reply) => {
      const { types, ...q } = req.query;
      const plan = await visibleVessel(database, req, q.massId);
      const period = periodRequest(req.params, await zoneTz(database, q, req.params, app.deps.config.defaultTimeZone));
      const args = { task: 'combined' as const, plan, period, types, now: nowSeconds() };
      return sendJson(reply, await runHeavy(app, reply, summaryTask, args, estimateRows(plan, period)));
    },
  );
};
