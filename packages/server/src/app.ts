import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerLoadShedding } from './http/load-shedding.ts';
import { registerMetricsRoute, requestDuration } from './http/metrics.ts';
import { openApiOptions } from './http/openapi.ts';
import { registerSecurity } from './http/security.ts';
import { nowSeconds } from './http/time.ts';
import { ApiTokenRateLimit, ApiTokenUsage } from './modules/auth/api-token-use.ts';
import { FailureThrottle } from './modules/auth/login-throttle.ts';
import { RateLimited, sessionResolver } from './modules/auth/session.ts';
import { engineSettings } from './modules/event-engine/definitions.ts';
import { eventEngineStage } from './modules/event-engine/ingest-stage.ts';
import { modules } from './modules/index.ts';
import { livePushStage } from './modules/live/ingest-stage.ts';
import { checkLinkSession } from './modules/share-links/link-scope.ts';
import { configureHeavy } from './modules/summary/heavy.ts';
import type { IngestPipeline, IngestStage } from './modules/telemetry/pipeline.ts';
import { voyagesStage } from './modules/voyages/ingest-stage.ts';
import { webhookPositionsStage } from './modules/webhooks/positions.ts';
import { VERSION } from './version.ts';

/**
 * Body limit of every route that sets none (docs/operations.md "Input ranges and body limits"): a form's JSON is a
 * few KB; routes that need more say so themselves (ingest: INGEST_MAX_MB; the image upload is multipart with its
 * own file limit). A larger body is refused from its Content-Length before it is read or parsed.
 */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

/** An X-Request-Id a client or proxy may give (docs/api.md "Request ids"); anything else gets a new id. */
export const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Probes that run every few seconds: their successful answers are logged at debug, not info. */
const PROBE = /^\/(api\/health(\/live|\/ready)?|metrics)$/;

/** The route pattern a request is counted under in /metrics: the API's and /metrics' own, the web app's as one. */
function routeLabel(pattern: string | undefined): string {
  if (!pattern) return 'unmatched';
  return pattern.startsWith('/api/') || pattern === '/metrics' ? pattern : 'static';
}

/** A built asset whose name carries its content's hash (Vite: `/assets/<name>-<hash>.<ext>`). */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.\w+(\.(br|gz))?$/;

/**
 * Cache-Control of a file of the web app (docs/operations.md "Serving the web app and compression"): a content-hashed
 * asset never changes under its name (cached a year, immutable); everything else — index.html, which names the
 * current assets, and the unhashed public files — is revalidated on each use (ETag / Last-Modified).
 */
export function cacheControlOf(path: string): string {
  return HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The OpenAPI document's security (docs/api.md "API documentation"): a session token or an API token in the
 * `authentication` header (also `Authorization: Bearer <token>`) on every route unless it says otherwise; public
 * routes set `security: []`, ingest its device key.
 */
const API_SECURITY = {
  securitySchemes: {
    session: {
      type: 'apiKey',
      in: 'header',
      name: 'authentication',
      description:
        'The token of a signed-in session (`POST /api/auth/login`); `Authorization: Bearer <token>` is accepted too.',
    },
    apiToken: {
      type: 'apiKey',
      in: 'header',
      name: 'authentication',
      description:
        "An API token an administrator created for an integration, in the same header as a session's; it acts with its role's permissions in its company.",
    },
    deviceKey: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Device-Key',
      description: 'The key of a device or gateway (`POST /api/ingest` only), issued by an administrator.',
    },
  },
  security: [{ session: [] }, { apiToken: [] }] as Record<string, string[]>[],
};

const API_DESCRIPTION = [
  'The HTTP API of the fleet monitoring server; every answer is the envelope `{ status, data }` (errors: `ErrorEnvelope`).',
  'Devices also send readings over MQTT and Teltonika trackers over TCP/UDP: see [the MQTT and Teltonika reference (AsyncAPI)](/api/docs/async) ([JSON](/api/docs/asyncapi.json)).',
  'This document as JSON: [/api/docs/json](/api/docs/json).',
].join('\n\n');

export interface AppDeps {
  database: Database;
  config: Config;
  /** pino logger options; tests pass false */
  logger?: boolean | object;
}

/**
 * What every ingested batch passes after its readings are written, in order (modules/telemetry/pipeline.ts): the
 * event engine, the voyages' dirty marks and the webhooks' noted positions inside the batch's transaction, then the
 * live push once it committed.
 */
export const INGEST_STAGES: readonly IngestStage[] = [
  eventEngineStage,
  voyagesStage,
  webhookPositionsStage,
  livePushStage,
];

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** where the app's ingest paths (HTTP, MQTT, Teltonika, the simulator) send readings */
    ingest: IngestPipeline;
    /**
     * Failed sign-ins per account (5 in 15 minutes lock it for the rest of the window), per app instance: the sign-in
     * counts, an administrator's unlock clears (modules/users/user-access.routes.ts)
     */
    signInThrottle: FailureThrottle;
    /** the use of API tokens, counted in memory and written once a minute (modules/auth/api-token-use.ts) */
    apiTokenUse: ApiTokenUsage;
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
    // every log line of a request carries its id (reqId): the client's or proxy's X-Request-Id when sane, else new
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  // first of the hooks, so that every answer (shed, refused, not found) tells its id
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // stopping (docs/operations.md "Stopping"): an answer still under way closes its connection after it, so a client's
  // keep-alive connection does not hold the process until its idle timeout
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.decorate('deps', deps);
  app.decorate('ingest', { database: deps.database, stages: INGEST_STAGES });
  app.decorate('signInThrottle', new FailureThrottle());
  const apiTokenUse = new ApiTokenUsage();
  app.decorate('apiTokenUse', apiTokenUse);
  app.decorateRequest('session', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const dist = resolve(deps.config.webDist ?? new URL('../../web/dist', import.meta.url).pathname);
  const webDist = existsSync(resolve(dist, 'index.html')) ? dist : null;
  registerErrorHandling(app, { spaFallback: webDist !== null });
  registerCompression(app);
  registerSecurity(app, { publicUrl: deps.config.publicUrl, imgSources: deps.config.cspImgSources });
  await registerLoadShedding(app, deps.config.load);

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 50 } });
  await app.register(swagger, openApiOptions({ version: VERSION, ...API_SECURITY, description: API_DESCRIPTION }));
  // Swagger UI's own files come from its package (no CDN) and it validates against no outside service
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });

  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    const path = req.url.split('?')[0];
    const route = routeLabel(req.routeOptions.url);
    requestDuration.observe(
      { method: req.method, route, status: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    // 503 is the server turning work away on purpose (load shedding, a full report queue, Retry-After): counted
    // per request at info, not an error line per client while busy (docs/operations.md "Load shedding"); the
    // successful answers of probes (health, metrics) at debug, every other request at info
    const level = status >= 500 && status !== 503 ? 'error' : status < 400 && PROBE.test(path) ? 'debug' : 'info';
    req.log[level]({ method: req.method, url: path, route, status, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  // process-wide settings of modules that work outside a request (worker pools, the engine's definitions cache)
  configureHeavy(deps.config.heavy, deps.config.reportWorker);
  if (deps.config.eventConfigCheckMs !== undefined) engineSettings.configCheckMs = deps.config.eventConfigCheckMs;

  const db = deps.database.db;
  const resolveSession = sessionResolver(db, deps.config.sessionIdleHours * 3600, checkLinkSession, {
    limit: new ApiTokenRateLimit(deps.config.apiTokenRatePerMinute),
    usage: apiTokenUse,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    try {
      await resolveSession(req);
    } catch (err) {
      if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    }
  });
  // the API tokens' use, written once a minute and when the server stops (docs/decisions.md "API tokens")
  const flushTokenUse = () =>
    apiTokenUse.flush(db, nowSeconds()).catch((err) => app.log.error({ err }, 'API token use not written'));
  const tokenUseTimer = setInterval(flushTokenUse, 60_000);
  tokenUseTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(tokenUseTimer);
    await flushTokenUse();
  });

  await app.register(
    async (api) => {
      for (const m of modules) await api.register(m);
    },
    { prefix: '/api' },
  );

  // Prometheus (docs/operations.md "Monitoring"), outside /api: no session, never shed
  registerMetricsRoute(app, deps.config.metricsToken);

  // the built web app; client-side routes fall back to index.html (see registerErrorHandling). The build wrote .br and
  // .gz next to each compressible file (packages/web/vite.config.ts): sent to clients that accept them, with Vary
  if (webDist)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', cacheControlOf(path)),
    });
  return app;
}
