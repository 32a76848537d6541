import { trackAnswerSchema } from '@fleet/shared/answers/voyages.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../http/content-disposition.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { type Period, parsePeriod, periodPathFields } from '../../http/params.ts';
import { requirePermission } from '../auth/session.ts';
import { visibleVessel } from '../summary/summary-request.ts';
import { readTrack, TRACK_FILE_LIMIT, TRACK_LIMIT } from './track.ts';
import { type TrackFile, trackFileName, trackGpx, trackKml } from './track-files.ts';

/**
 * The track of a vessel in a period (docs/domain.md §40): `GET /api/track/{assetId}/period/{start}/{end}` for the
 * Voyages screen's replay, `…/gpx` and `…/kml` as files. Read on `voyages`; a vessel the user may not see is 404.
 */

const params = z
  .object({
    assetId: z.string().regex(/^\d{1,9}$/, 'assetId must be an asset id (a whole number)'),
    ...periodPathFields,
  })
  .transform((p) => ({ assetId: Number(p.assetId), ...parsePeriod(p.start, p.end) }));
type TrackParams = { assetId: number } & Period;

const FILES = {
  gpx: { type: 'application/gpx+xml', draw: trackGpx },
  kml: { type: 'application/vnd.google-earth.kml+xml', draw: trackKml },
} as const;

export const trackRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const database = base.deps.database;
  const read = async (req: FastifyRequest, p: TrackParams, limit: number) => {
    const plan = await visibleVessel(database, req, p.assetId);
    return { plan, track: await readTrack(database, plan, p.start, p.end, limit) };
  };

  app.get(
    '/track/:assetId/period/:start/:end',
    {
      preHandler: requirePermission('voyages', 'read'),
      schema: {
        tags: ['voyages'],
        summary: `A vessel's GPS fixes in a period, oldest first (at most ${TRACK_LIMIT}, thinned evenly in time)`,
        params,
        response: { 200: envelope(trackAnswerSchema) },
      },
    },
    async (req) => {
      const { plan, track } = await read(req, req.params, TRACK_LIMIT);
      return ok({ assetId: plan.massId, ...track });
    },
  );

  for (const [ext, file] of Object.entries(FILES) as [keyof typeof FILES, (typeof FILES)[keyof typeof FILES]][])
    app.get(
      `/track/:assetId/period/:start/:end/${ext}`,
      {
        preHandler: requirePermission('voyages', 'read'),
        schema: {
          tags: ['voyages'],
          summary: `The track as a ${ext.toUpperCase()} file (at most ${TRACK_FILE_LIMIT} fixes; name in content-disposition)`,
          params,
          produces: [file.type],
        },
      },
      async (req, reply) => {
        const { plan, track } = await read(req, req.params, TRACK_FILE_LIMIT);
        const f: TrackFile = { vesselName: plan.massName, start: req.params.start, end: req.params.end, ...track };
        return reply
          .header('content-type', `${file.type}; charset=utf-8`)
          .header('content-disposition', contentDisposition(trackFileName(f, ext)))
          .header('cache-control', 'no-store')
          .send(file.draw(f));
      },
    );
};
