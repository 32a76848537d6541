import { baseLayerSchema, locationsSchema, portSchema } from '@fleet/shared/answers/geo.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { requireAuth } from '../auth/session.ts';
import { locationText, portList } from './gazetteer.ts';
import { weatherRoutes } from './weather.routes.ts';

const MAX_POINTS = 2000;

/**
 * Offline geography for the maps: configured base layers, the port list for labels, and location texts
 * from the offline gazetteer (docs/domain.md "Location text"). Any signed-in user.
 */
export const geoRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const layers = app.deps.config.baseLayers;
  await app.register(weatherRoutes);

  r.get(
    '/geo/base-layers',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['geo'],
        summary: 'Configured tile/WMS base layers of the Change Map cycle (MAP_* variables)',
        response: {
          200: envelope(z.array(baseLayerSchema)),
        },
      },
    },
    async () => ok(layers),
  );

  r.get(
    '/geo/ports',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['geo'],
        summary: 'World ports of the offline gazetteer (name and position)',
        response: { 200: envelope(z.array(portSchema)) },
      },
    },
    async () => ok(portList().map((p) => ({ name: p.name, lat: p.lat, lng: p.lng }))),
  );

  r.post(
    '/geo/locations',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['geo'],
        summary: 'Location texts ("12.3 NM NE of Tanjung Priok port") of up to 2,000 positions',
        body: z.object({
          points: z
            .array(z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }))
            .max(MAX_POINTS, `at most ${MAX_POINTS} points`),
        }),
        response: { 200: envelope(locationsSchema) },
      },
    },
    async (req) => {
      const language = requestLanguage(req);
      return ok(req.body.points.map((p) => locationText(p.lat, p.lng, language)));
    },
  );
};
