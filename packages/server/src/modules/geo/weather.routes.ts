import { weatherConfigSchema } from '@fleet/shared/answers/geo.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.ts';
import { requirePermission } from '../auth/session.ts';
import { WEATHER_FRAME_HTML } from './weather-frame.html.ts';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

/**
 * The isolated frame's own policy: its inline boot script, the provider's and its Leaflet's script origins, and
 * what the provider's map fetches (tiles, forecast data, fonts over https). The app's pages keep the strict policy.
 */
export function weatherFrameCsp(cfg: { scriptUrl: string; leafletUrl: string }): string {
  const scripts = [...new Set([originOf(cfg.scriptUrl), originOf(cfg.leafletUrl)].filter(Boolean))];
  return [
    "default-src 'self'",
    ["script-src 'self' 'unsafe-inline'", ...scripts].join(' '),
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    ["connect-src 'self' https: wss:", ...scripts].join(' '),
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/**
 * GET /api/weather/config (permission weather): whether a provider key is configured, and what the frame loads.
 * GET /api/weather/frame: the isolated provider page (public: an iframe sends no header; it holds no secret —
 * the parent hands it the key).
 */
export const weatherRoutes: FastifyPluginAsync = async (app) => {
  const cfg = app.deps.config.weather;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/weather/config',
    {
      preHandler: requirePermission('weather', 'read'),
      schema: {
        tags: ['weather'],
        summary: 'Weather provider key (WEATHER_API_KEY) and script addresses',
        response: {
          200: envelope(weatherConfigSchema),
        },
      },
    },
    async () => ok({ configured: cfg.key !== null, ...cfg }),
  );
  r.get(
    '/weather/frame',
    { schema: { tags: ['weather'], security: [], summary: 'The isolated weather map page', produces: ['text/html'] } },
    async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', weatherFrameCsp(cfg))
        .send(WEATHER_FRAME_HTML),
  );
};
