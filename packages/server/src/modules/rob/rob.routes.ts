import { ROB_INTERVALS, rob, robAnswerSchema } from '@fleet/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, notFound, ok } from '../../http/envelope.ts';
import { nowSeconds } from '../../http/time.ts';
import { assetTimeZone, offsetOr } from '../access/time-zones.ts';
import { scopeContext } from '../access/visibility.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { getRow, getStored } from '../crud/rows.ts';
import { idParams } from '../crud/schemas.ts';
import { robSummary } from './rob-summary.ts';

/**
 * GET /api/summary/rob/{id}?interval=daily|weekly|monthly (spec 002 §7.7, §3.6): the ROB ledger of one
 * visible profile (docs/domain.md §25), in the vessel's company's time zone unless `timezone` is given.
 */
export const robRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/summary/rob/:id',
    {
      schema: {
        tags: ['rob'],
        summary: 'Remain-on-board ledger of a ROB profile',
        params: idParams(rob),
        querystring: z.looseObject({
          interval: z
            .enum(ROB_INTERVALS, { error: `interval must be one of ${ROB_INTERVALS.join(', ')}` })
            .default('daily'),
          timezone: z.coerce
            .number({ error: 'timezone must be hours east of UTC' })
            .min(-12, 'timezone must be hours east of UTC')
            .max(14, 'timezone must be hours east of UTC')
            .optional(),
        }),
        response: { 200: envelope(robAnswerSchema) },
      },
      preValidation: requirePermission('summary_rob', 'read'),
    },
    async (req) => {
      const db = app.deps.database.db;
      const scope = await scopeContext(db, sessionOf(req));
      const master = await getRow(db, rob, scope, req.params.id);
      const stored = await getStored(db, rob, scope, req.params.id);
      if (!master || !stored) throw notFound('ROB profile');
      // none given: the vessel's company's zone at the profile's start (docs/domain.md §1)
      const zone = await assetTimeZone(db, Number(stored.mrobMassId), app.deps.config.defaultTimeZone);
      const tz = offsetOr(req.query.timezone ?? null, zone, Number(stored.mrobStartTime));
      const summary = await robSummary(app.deps.database, stored, {
        interval: req.query.interval,
        tz,
        now: nowSeconds(),
        tolerance: app.deps.config.bunkerTolerance,
      });
      return ok({ master, summary });
    },
  );
};
