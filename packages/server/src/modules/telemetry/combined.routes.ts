import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, envelope, ok } from '../../http/envelope.ts';
import { requirePermission } from '../auth/session.ts';
import { buildCombined } from './combined.ts';
import { COMBINED_TYPES, type CombinedType, combinedSchema } from './summary.schemas.ts';
import { loadPeriod } from './summary-load.ts';
import { listParam, parsePeriodQuery, periodParams, periodQueryFields, visibleVessel } from './summary-request.ts';
import { nowSeconds } from './time.ts';

/** The groups sent when typesToGet is absent (spec 002 §7.2). */
const DEFAULT_TYPES: CombinedType[] = ['gps', 'ae', 'flowmeter', 'rpm'];

/**
 * GET /api/summary/combined/period/{start}/{end} — combined data of one vessel (spec 002 §3.1
 * "Combined report data per vessel", §7.2 "Get combined data for devices"), one record per bucket
 * for the charts and the datalog. Permission: read on master_asset; the vessel must be visible.
 */
export const combinedRoutes: FastifyPluginAsync = async (app) => {
  const database = app.deps.database;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/summary/combined/period/:start/:end',
    {
      preHandler: requirePermission('master_asset', 'read'),
      schema: {
        tags: ['summary'],
        summary: 'Combined per-bucket data of one vessel for charts and the datalog',
        params: periodParams,
        querystring: z.looseObject({
          ...periodQueryFields,
          'typesToGet[]': z
            .union([z.string(), z.array(z.string())])
            .optional()
            .describe(`repeat per group: ${COMBINED_TYPES.join(', ')}; default gps, ae, flowmeter, rpm`),
          mode: z.string().optional().describe("'period' (the only mode)"),
        }),
        response: { 200: envelope(combinedSchema) },
      },
    },
    async (req) => {
      const q = req.query as Record<string, string | string[] | undefined>;
      const period = parsePeriodQuery(req.params, q, app.deps.config.tzOffset);
      const mode = (Array.isArray(q.mode) ? q.mode[0] : q.mode)?.trim();
      if (mode && mode !== 'period') throw badRequest("mode must be 'period'");
      const asked = listParam(q, 'typesToGet').map((t) => t.toLowerCase());
      const unknown = asked.filter((t) => !(COMBINED_TYPES as readonly string[]).includes(t));
      if (unknown.length)
        throw badRequest(`typesToGet: unknown ${unknown.join(', ')}; use ${COMBINED_TYPES.join(', ')}`);
      const types = asked.length ? ([...new Set(asked)] as CombinedType[]) : DEFAULT_TYPES;
      const plan = await visibleVessel(database, req, period.massId);
      const vessel = await loadPeriod(database, plan, { ...period, now: nowSeconds(), groups: types, buckets: true });
      return ok(buildCombined(vessel, types));
    },
  );
};
