import {
  voyageCorrectionRequestSchema,
  voyageCorrectionSchema,
  voyagesAnswerSchema,
} from '@fleet/shared/answers/voyages.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, envelope, idParam, notFound, ok } from '../../http/envelope.ts';
import { periodPathFields } from '../../http/params.ts';
import { nowSeconds } from '../../http/time.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { periodParams, visibleVessel } from '../summary/summary-request.ts';
import { correctedLegs, correctionsInForce, voyagesAnswer } from './voyages-answer.ts';

/**
 * Voyages and legs (docs/domain.md §37, docs/api.md "Voyages"): the legs of a vessel's period with their figures,
 * and the operators' corrections. Permission `voyages` (read to list, update to correct); only vessels the user may
 * see (another tenant's is "not found").
 */
/** A period holds at most this many days: every leg's figures are a summary computation. */
export const MAX_VOYAGE_DAYS = 366;

const assetParams = z.object({ assetId: idParam('assetId') });

export const voyagesRoutes: FastifyPluginAsync = async (app) => {
  const database = app.deps.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/voyages/:assetId/period/:start/:end',
    {
      preHandler: requirePermission('voyages', 'read'),
      schema: {
        tags: ['voyages'],
        summary: "A vessel's legs in a period, clipped to it, with their distance, fuel and CO₂",
        params: z
          .object({ assetId: idParam('assetId'), ...periodPathFields })
          .transform(({ assetId, start, end }) => ({ assetId, ...periodParams.parse({ start, end }) })),
        response: { 200: envelope(voyagesAnswerSchema) },
      },
    },
    async (req) => {
      const { assetId, start, end } = req.params;
      if (end - start > MAX_VOYAGE_DAYS * 86400)
        throw badRequest(`A voyages period holds at most ${MAX_VOYAGE_DAYS} days`);
      const plan = await visibleVessel(database, req, assetId);
      return ok(await voyagesAnswer(database, plan, start, end, nowSeconds()));
    },
  );

  r.get(
    '/voyages/:assetId/corrections',
    {
      preHandler: requirePermission('voyages', 'read'),
      schema: {
        tags: ['voyages'],
        summary: "The corrections in force on a vessel's legs, newest first",
        params: assetParams,
        response: { 200: envelope(z.array(voyageCorrectionSchema)) },
      },
    },
    async (req) => {
      const { assetId } = req.params;
      await visibleVessel(database, req, assetId);
      return ok((await correctionsInForce(database, assetId)).reverse());
    },
  );

  r.post(
    '/voyages/:assetId/corrections',
    {
      preHandler: requirePermission('voyages', 'update'),
      schema: {
        tags: ['voyages'],
        summary: 'Merge, split or rename legs; applied on top of every detection',
        params: assetParams,
        body: voyageCorrectionRequestSchema,
        response: { 200: envelope(voyageCorrectionSchema) },
      },
    },
    async (req) => {
      const { assetId } = req.params;
      await visibleVessel(database, req, assetId);
      const c = req.body;
      // a correction must act on the legs as they are now, so a mistyped time is a 400, not a silent no-op
      const legs = await correctedLegs(database, assetId);
      if (c.action === 'merge') {
        const i = legs.findIndex((l) => l.start === c.start);
        const j = legs.findIndex((l) => l.end === c.end);
        if (i < 0 || j < 0) throw badRequest('No leg starts at start or ends at end');
        if (j <= i) throw badRequest('A merge needs two or more legs: end must be the end of a later leg');
      } else if (c.action === 'split') {
        if (!legs.some((l) => l.start < c.at && c.at < l.end)) throw badRequest('No leg holds the time at');
      } else if (!legs.some((l) => l.start === c.start)) throw badRequest('No leg starts at start');
      const session = sessionOf(req);
      const now = nowSeconds();
      const row = await database.db
        .insertInto('voyage_correction')
        .values({
          vcorAssetId: assetId,
          vcorAction: c.action,
          vcorDetail: JSON.stringify(c),
          vcorCreatedBy: session.userId,
          vcorCreatedTime: now,
        })
        .returning('vcorId')
        .executeTakeFirstOrThrow();
      return ok({
        id: Number(row.vcorId),
        assetId,
        action: c.action,
        detail: c,
        createdBy: session.userId,
        createdTime: now,
      });
    },
  );

  r.delete(
    '/voyages/:assetId/corrections/:id',
    {
      preHandler: requirePermission('voyages', 'update'),
      schema: {
        tags: ['voyages'],
        summary: 'Withdraw a correction (kept on record with who withdrew it)',
        params: z.object({ assetId: idParam('assetId'), id: idParam('id') }),
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (req) => {
      const { assetId, id } = req.params;
      await visibleVessel(database, req, assetId);
      const done = await database.db
        .updateTable('voyage_correction')
        .set({ vcorDeletedBy: sessionOf(req).userId, vcorDeletedTime: nowSeconds() })
        .where('vcorId', '=', id)
        .where('vcorAssetId', '=', assetId)
        .where('vcorDeletedTime', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw notFound('Correction');
      return ok({ id });
    },
  );
};
