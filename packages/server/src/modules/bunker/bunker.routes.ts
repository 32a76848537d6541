import { type BunkerAdjustmentAnswer, bunkerDetailSchema, bunkerLog } from '@fleet/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, notFound, ok } from '../../http/envelope.ts';
import { scopeContext } from '../access/visibility.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { getRow } from '../crud/rows.ts';
import { idParams } from '../crud/schemas.ts';
import { bunkerDashboardRoutes } from './bunker-dashboard.routes.ts';
import { detailsOf, storedLogs } from './bunker-detail.ts';

const iso = (ts: number | null) => (ts === null ? null : new Date(ts * 1000).toISOString());

/**
 * GET /api/master/bunker/log/detail/{id} (spec 002 §7.6, §3.5): the Bunker Summary of one visible log,
 * every number as docs/domain.md §24 defines it. The adjustments map is filled only for a user who may
 * read master_bunker_adjustment (spec 002 §6).
 */
export const bunkerRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/master/bunker/log/detail/:id',
    {
      schema: {
        tags: ['bunker_log'],
        summary: 'Bunker Summary of a bunkering log (reconciliation, adjustments)',
        params: idParams(bunkerLog),
        response: { 200: envelope(bunkerDetailSchema) },
      },
      preValidation: requirePermission(bunkerLog.permission, 'read'),
    },
    async (req) => {
      const db = app.deps.database.db;
      const session = sessionOf(req);
      const scope = await scopeContext(db, session);
      const id = Number(req.params.id);
      const row = await getRow(db, bunkerLog, scope, id);
      if (!row) throw notFound('Bunkering Log');
      const [stored] = await storedLogs(db, [id]);
      const { detail, adjustments } = (await detailsOf(db, [stored], app.deps.config.bunkerTolerance)).get(id)!;
      const mayReadAdjustments = !!session.access.master_bunker_adjustment?.includes('read');
      const map: Record<string, BunkerAdjustmentAnswer> = {};
      if (mayReadAdjustments)
        for (const a of adjustments)
          map[String(a.bklaId)] = {
            ...a,
            bklaCreatedTime: iso(a.bklaCreatedTime),
            bklaUpdatedTime: iso(a.bklaUpdatedTime),
          };
      return ok({ log: row, ...detail, adjustments: map });
    },
  );
  await app.register(bunkerDashboardRoutes);
};
