import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

/** Environment → typed configuration. Every setting is optional; README lists them all. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  dialect: 'sqlite' | 'postgres';
  demo: boolean;
  simulator: boolean;
  backfillDays: number;
  tzOffset: number;
  publicUrl: string;
  smtpUrl?: string;
  mqttUrl?: string;
  /** MQTT client id, stable across restarts (default from the data dir); one per process (docs/operations.md "MQTT") */
  mqttClientId: string;
  /** shared subscription group for several server processes (MQTT_SHARED_GROUP); unset = plain subscription */
  mqttSharedGroup?: string;
  /** how long the broker keeps our session while the server is away (MQTT_SESSION_EXPIRY, seconds) */
  mqttSessionExpirySeconds: number;
  sessionIdleHours: number;
  /** live push: at most one states message per subscriber per this many ms (modules/live/live-hub.ts) */
  liveCoalesceMs: number;
  /** live push limits per socket, session and user (docs/operations.md "Live push limits") */
  live: { sendBufferBytes: number; maxSocketsPerSession: number; maxSocketsPerUser: number };
  webDist?: string;
  /** trust X-Forwarded-For (only behind a proxy that sets it): the login throttle keys on the client address */
  trustProxy: boolean;
  /** sender of mails; unset = no-reply at the host of PUBLIC_URL */
  mailFrom?: string;
  logLevel: string;
  /** POST /api/ingest: largest body in bytes (INGEST_MAX_MB, 8); how many at once: `load` (MAX_CONCURRENT_INGEST) */
  ingestMaxBytes?: number;
  /** Teltonika trackers: TCP and UDP port (0 = off) and the connection caps (docs/operations.md "Teltonika trackers") */
  teltonikaPort: number;
  teltonikaMaxConnections: number;
  teltonikaMaxPerAddress: number;
  /** connections that have not sent a known IMEI yet, in total (the oldest gives way to a new one) */
  teltonikaMaxUnidentified: number;
  /** sign-in failures from one client address before growing delays start (README "Sign-in throttling") */
  loginAddressFreeFailures: number;
  /** extra CSP image sources for map tiles (CSP_IMG_SRC, space-separated origins) */
  cspImgSources: string[];
  /** optional external OpenID Connect issuer for the report link's u/p sign-in (README "Report links"); null = off */
  oidc: { issuer: string; clientId: string; clientSecret?: string; allowHttp: boolean } | null;
  /** load shedding (docs/operations.md "Load shedding") */
  load: {
    maxEventLoopDelayMs: number;
    concurrency: { api: number; ingest: number };
    queue: { api: number; ingest: number };
    retryAfterSeconds: number;
  };
}

/** A whole number in [min, max] from the environment, else its default; anything else stops the start, naming it. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, dflt: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return n;
}

const flag = (v: string | undefined, dflt: boolean) =>
  v === undefined || v === '' ? dflt : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || `sqlite:${resolve(dataDir, 'fleet.db')}`;
  const dialect = /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
  const port = Number(env.PORT || 8080);
  const demo = flag(env.DEMO, dialect === 'sqlite');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    dialect,
    demo,
    simulator: flag(env.SIMULATOR, demo),
    backfillDays: Number(env.BACKFILL_DAYS ?? 30),
    tzOffset: Number(env.TZ_OFFSET ?? 7),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mqttUrl: env.MQTT_URL || undefined,
    mqttClientId: env.MQTT_CLIENT_ID || `fleet-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`,
    mqttSharedGroup: env.MQTT_SHARED_GROUP || undefined,
    mqttSessionExpirySeconds: Number(env.MQTT_SESSION_EXPIRY ?? 7 * 24 * 3600),
    sessionIdleHours: Number(env.SESSION_IDLE_HOURS ?? 12),
    liveCoalesceMs: Number(env.LIVE_COALESCE_MS ?? 100),
    live: {
      sendBufferBytes: wholeNumber(env, 'LIVE_SEND_BUFFER_KB', 1024, 16, 1024 * 1024) * 1024,
      maxSocketsPerSession: wholeNumber(env, 'LIVE_MAX_SOCKETS_PER_SESSION', 8, 1, 1000),
      maxSocketsPerUser: wholeNumber(env, 'LIVE_MAX_SOCKETS_PER_USER', 16, 1, 10000),
    },
    webDist: env.WEB_DIST,
    trustProxy: flag(env.TRUST_PROXY, false),
    mailFrom: env.MAIL_FROM || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    ingestMaxBytes: Math.round(Number(env.INGEST_MAX_MB || 8) * 1024 * 1024),
    teltonikaPort: Number(env.TELTONIKA_PORT ?? 5027),
    teltonikaMaxConnections: Number(env.TELTONIKA_MAX_CONNECTIONS ?? 5000),
    teltonikaMaxPerAddress: Number(env.TELTONIKA_MAX_PER_ADDRESS ?? 50),
    teltonikaMaxUnidentified: Number(env.TELTONIKA_MAX_UNIDENTIFIED ?? 200),
    loginAddressFreeFailures: Number(env.LOGIN_ADDRESS_FREE_FAILURES ?? 100),
    cspImgSources: (env.CSP_IMG_SRC ?? '').split(/\s+/).filter(Boolean),
    oidc: env.OIDC_ISSUER
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID || 'fleet',
          clientSecret: env.OIDC_CLIENT_SECRET || undefined,
          allowHttp: flag(env.OIDC_ALLOW_HTTP, false),
        }
      : null,
    load: {
      maxEventLoopDelayMs: Number(env.MAX_EVENT_LOOP_DELAY_MS ?? 250),
      concurrency: { api: Number(env.MAX_CONCURRENT_API ?? 64), ingest: Number(env.MAX_CONCURRENT_INGEST ?? 8) },
      queue: { api: Number(env.MAX_QUEUED_API ?? 512), ingest: Number(env.MAX_QUEUED_INGEST ?? 64) },
      retryAfterSeconds: Number(env.RETRY_AFTER_SECONDS ?? 5),
    },
  };
}
