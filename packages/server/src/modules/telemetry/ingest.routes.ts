import { ErrorCode } from '@fleet/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, envelope, ok } from '../../http/envelope.ts';
import { resolveDeviceKey } from './device-keys.ts';
import { ingestReadings, MAX_BATCH } from './ingest.ts';

export const ingestResultSchema = z.object({
  accepted: z.number(),
  duplicate: z.number(),
  rejected: z.number(),
  results: z.array(
    z.object({
      index: z.number(),
      status: z.enum(['accepted', 'duplicate', 'rejected']),
      reason: z.string().optional(),
    }),
  ),
});

/** POST /api/ingest — a batch of readings from a device or gateway (contract in docs/api.md). */
export const ingestRoutes: FastifyPluginAsync = async (app) => {
  // Plain JSON.parse for batches (this plugin only): the default parser's prototype-poisoning scan costs
  // ~6 % of ingest, and readings are only read key by key, never merged into other objects.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/ingest',
    {
      schema: {
        tags: ['telemetry'],
        summary: 'Ingest a batch of readings (header X-Device-Key)',
        security: [],
        body: z.object({
          readings: z.array(z.unknown()).max(MAX_BATCH, `at most ${MAX_BATCH} readings per batch`),
        }),
        response: { 200: envelope(ingestResultSchema) },
      },
    },
    async (req) => {
      const header = req.headers['x-device-key'];
      const key = (Array.isArray(header) ? header[0] : header)?.trim();
      if (!key) throw new AppError(401, 'Device key required (header X-Device-Key)', ErrorCode.unauthenticated);
      const scope = await resolveDeviceKey(app.deps.database, key);
      if (!scope) throw new AppError(401, 'Unknown or revoked device key', ErrorCode.unauthenticated);
      return ok(await ingestReadings(app.deps.database, scope, req.body.readings));
    },
  );
};
