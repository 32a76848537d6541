import { ErrorCode } from '@fleet/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, envelope, ok, plainJsonSerializer } from '../../http/envelope.ts';
import { countIngest } from '../../http/metrics.ts';
import { documentedAs } from '../../http/openapi.ts';
import { resolveDeviceKey } from './device-keys.ts';
import { ingestReadings, type KeyScope, MAX_BATCH } from './ingest.ts';
import { readingSchema } from './reading.ts';

export const ingestResultSchema = z.object({
  accepted: z.number().describe('readings stored'),
  duplicate: z.number().describe('readings already stored for that device and time (nothing changed)'),
  rejected: z.number().describe('readings refused, each with its reason in results'),
  results: z
    .array(
      z.object({
        index: z.number(),
        status: z.enum(['accepted', 'duplicate', 'rejected']),
        reason: z.string().optional(),
      }),
    )
    .describe('the outcome of each reading, by its index in the batch'),
});

/**
 * Default of INGEST_MAX_MB (docs/operations.md). How many batches are worked on at once is bounded by the load
 * shedding of http/load-shedding.ts (MAX_CONCURRENT_INGEST / MAX_QUEUED_INGEST), the one bound for ingest.
 */
export const INGEST_MAX_BYTES = 8 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** POST /api/ingest: the device key's scope, resolved before the body is read */
    deviceScope?: KeyScope;
  }
}

/**
 * POST /api/ingest — a batch of readings from a device or gateway (contract in docs/api.md).
 * Order of work, so that a stranger cannot make the server read or hold large bodies: the device key is checked
 * first (onRequest, before a byte of the body is read: 401); then the declared size (413 over
 * `ingestMaxBytes`, also enforced while reading a body sent without Content-Length); only then is the body parsed.
 */
export const ingestRoutes: FastifyPluginAsync = async (app) => {
  const maxBytes = app.deps.config.ingestMaxBytes ?? INGEST_MAX_BYTES;
  const tooLarge = `The batch is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB; send fewer readings per request (at most ${MAX_BATCH})`;

  // Plain JSON.parse for batches (this plugin only): the default parser's prototype-poisoning scan costs
  // ~6 % of ingest, and readings are only read key by key, never merged into other objects.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: maxBytes }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  async function admit(req: FastifyRequest) {
    const header = req.headers['x-device-key'];
    const key = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!key) throw new AppError(401, 'Device key required (header X-Device-Key)', ErrorCode.unauthenticated);
    const scope = await resolveDeviceKey(app.deps.database, key);
    if (!scope) throw new AppError(401, 'Unknown or revoked device key', ErrorCode.unauthenticated);
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > maxBytes) throw new AppError(413, tooLarge, 413);
    req.deviceScope = scope;
  }

  app.withTypeProvider<ZodTypeProvider>().post(
    '/ingest',
    {
      bodyLimit: maxBytes,
      onRequest: admit,
      // the answer is built by ingestReadings to its type: re-checking a result per reading against the schema
      // cost ~2 % of ingest's CPU
      serializerCompiler: plainJsonSerializer,
      errorHandler: (err) => {
        // the body reader's own limit (a body sent without Content-Length) speaks in the same words; every
        // error goes on to the app's handler (http/errors.ts)
        if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, tooLarge, 413);
        throw err;
      },
      schema: {
        tags: ['telemetry'],
        summary: 'Ingest a batch of readings (header X-Device-Key)',
        description:
          'Each reading is checked on its own: a bad one is rejected with its reason in `results`, the others are stored.',
        security: [{ deviceKey: [] }],
        body: z.object({
          readings: z.array(documentedAs(readingSchema)).max(MAX_BATCH, `at most ${MAX_BATCH} readings per batch`),
        }),
        response: { 200: envelope(ingestResultSchema) },
      },
    },
    async (req) => {
      const result = await ingestReadings(app.ingest, req.deviceScope!, req.body.readings);
      countIngest('http', result);
      return ok(result);
    },
  );
};
