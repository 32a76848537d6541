import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerLoadShedding } from './http/load-shedding.ts';
import { registerSecurity } from './http/security.ts';
import { sessionResolver } from './modules/auth/session.ts';
import { configureRenderPool } from './modules/daily-report/render-pool.ts';
import { engineSettings } from './modules/event-engine/definitions.ts';
import { eventEngineStage } from './modules/event-engine/ingest-stage.ts';
import { modules } from './modules/index.ts';
import { livePushStage } from './modules/live/ingest-stage.ts';
import { checkLinkSession } from './modules/share-links/link-scope.ts';
import { configureHeavy } from './modules/summary/heavy.ts';
import type { IngestPipeline, IngestStage } from './modules/telemetry/pipeline.ts';
import { VERSION } from './version.ts';

/**
 * Body limit of every route that sets none (docs/operations.md "Input ranges and body limits"): a form's JSON is a
 * few KB; routes that need more say so themselves (ingest: INGEST_MAX_MB; the image upload is multipart with its
 * own file limit). A larger body is refused from its Content-Length before it is read or parsed.
 */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

export interface AppDeps {
  database: Database;
  config: Config;
  /** pino logger options; tests pass false */
  logger?: boolean | object;
}

/**
 * What every ingested batch passes after its readings are written, in order (modules/telemetry/pipeline.ts): the
 * event engine inside the batch's transaction, then the live push once it committed.
 */
export const INGEST_STAGES: readonly IngestStage[] = [eventEngineStage, livePushStage];

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** where the app's ingest paths (HTTP, MQTT, Teltonika, the simulator) send readings */
    ingest: IngestPipeline;
  }
}

/** Everything the server does over HTTP, testable with app.inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: deps.config.trustProxy,
    // one line per request from the onResponse hook below, without the query string (it may carry a token)
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  app.decorate('ingest', { database: deps.database, stages: INGEST_STAGES });
  app.decorateRequest('session', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const dist = resolve(deps.config.webDist ?? new URL('../../web/dist', import.meta.url).pathname);
  const webDist = existsSync(resolve(dist, 'index.html')) ? dist : null;
  registerErrorHandling(app, { spaFallback: webDist !== null });
  registerSecurity(app, { publicUrl: deps.config.publicUrl, imgSources: deps.config.cspImgSources });
  await registerLoadShedding(app, deps.config.load);

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 50 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Fleet monitoring API', version: VERSION },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authentication' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    // 503 is the server turning work away on purpose (load shedding, a full report queue, Retry-After): counted
    // per request at info, not an error line per client while busy (docs/operations.md "Load shedding")
    const level = status >= 500 && status !== 503 ? 'error' : status >= 400 ? 'info' : 'debug';
    req.log[level](
      { method: req.method, url: req.url.split('?')[0], status, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  // process-wide settings of modules that work outside a request (worker pools, the engine's definitions cache)
  configureHeavy(deps.config.heavy);
  configureRenderPool(deps.config.reportWorker);
  if (deps.config.eventConfigCheckMs !== undefined) engineSettings.configCheckMs = deps.config.eventConfigCheckMs;

  const resolveSession = sessionResolver(deps.database.db, deps.config.sessionIdleHours * 3600, checkLinkSession);
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) await resolveSession(req);
  });

  await app.register(
    async (api) => {
      for (const m of modules) await api.register(m);
    },
    { prefix: '/api' },
  );

  // the built web app; client-side routes fall back to index.html (see registerErrorHandling)
  if (webDist) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
  return app;
}
