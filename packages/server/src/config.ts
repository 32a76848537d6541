import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { BaseLayer } from '@fleet/shared/answers/geo.ts';

/** summary/heavy.ts HeavyOptions (the worker pool's limits, workers/pool.ts WorkerLimits, and two of its own). */
type HeavySetting =
  | 'size'
  | 'heapMb'
  | 'youngMb'
  | 'idleMs'
  | 'nice'
  | 'perTenant'
  | 'total'
  | 'inlineMaxRows'
  | 'reportMaxPoints';

/** Days of history the simulator writes on first start, and the demo's bunkering logs cover (BACKFILL_DAYS). */
export const DEFAULT_BACKFILL_DAYS = 30;

/**
 * Environment → typed configuration, the one reader of the environment. Every setting is optional; README lists them
 * all. A value that is set but not usable stops the start, naming the variable. The tunables of heavy work, the report
 * worker and the event engine hold only what the environment sets: unset, the module's own default applies
 * (summary/heavy.ts HEAVY_DEFAULTS, daily-report/render-pool.ts RENDER_POOL_DEFAULTS, event-engine/).
 */
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
  /** §24.5 tolerance bands, percent of the reference (docs/domain.md; the protest band is never below the warning) */
  bunkerTolerance: { warning: number; protest: number };
  /** the Change Map cycle's base layers: each on only when its URL is set (MAP_<LAYER>_URL …) */
  baseLayers: BaseLayer[];
  /** weather map provider (README "Weather map"): the key and the provider's script addresses */
  weather: { key: string | null; scriptUrl: string; leafletUrl: string };
  /** heavy work off the HTTP loop (docs/operations.md "Heavy work and fairness"): HEAVY_*, REPORT_MAX_POINTS */
  heavy: Partial<Record<HeavySetting, number>>;
  /** the daily report's drawing worker (docs/operations.md "Memory"): REPORT_WORKER_* */
  reportWorker: Partial<Record<'idleMs' | 'maxOldGenerationSizeMb' | 'maxYoungGenerationSizeMb', number>>;
  /** how often the daily report mails are looked for (DAILY_REPORT_TICK_SECONDS; 0 = no sender, as in tests) */
  dailyReportTickSeconds?: number;
  /** how often the event sweep runs (EVENT_SWEEP_SECONDS; 0 = off) */
  eventSweepSeconds?: number;
  /** how often the ROB events of the profiles running now are checked (ROB_EVENT_SECONDS; 0 = off) */
  robEventSeconds?: number;
  /** how stale another process's event definition change may be at most (EVENT_CONFIG_CHECK_MS) */
  eventConfigCheckMs?: number;
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

/** A whole number in [min, max] when the variable is set, else undefined (the module's default applies). */
function optionalWhole(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : wholeNumber(env, name, 0, min, max);
}

/** A number (fractions allowed) in [min, max] from the environment, else its default; anything else stops the start. */
function decimalNumber(env: NodeJS.ProcessEnv, name: string, dflt: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return dflt;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`${name} must be a number from ${min} to ${max}, not "${raw}"`);
  return n;
}

/** The object without its undefined values (a partial setting spread over the defaults keeps them). */
const given = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const BASE_LAYERS = [
  { id: 'satellite', name: 'Satellite hybrid', env: 'MAP_SATELLITE' },
  { id: 'road', name: 'Road map', env: 'MAP_ROAD' },
  { id: 'bathymetry', name: 'Bathymetry', env: 'MAP_BATHYMETRY' },
] as const;

/** Each layer whose URL is set; a URL that is not http(s) stops the start. */
function baseLayers(env: NodeJS.ProcessEnv): BaseLayer[] {
  const out: BaseLayer[] = [];
  for (const l of BASE_LAYERS) {
    const url = env[`${l.env}_URL`]?.trim();
    if (!url) continue;
    if (!/^https?:\/\//.test(url)) throw new Error(`${l.env}_URL must be an http(s) address, not "${url}"`);
    const layers = env[`${l.env}_LAYERS`]?.trim();
    out.push({
      id: l.id,
      name: l.name,
      kind: layers ? 'wms' : 'tile',
      url,
      attribution: env[`${l.env}_ATTRIBUTION`]?.trim() || '',
      ...(layers ? { layers } : {}),
    });
  }
  return out;
}

const flag = (v: string | undefined, dflt: boolean) =>
  v === undefined || v === '' ? dflt : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

/** BUNKER_TOLERANCE_WARNING_PCT (0.5) and BUNKER_TOLERANCE_PROTEST_PCT (1, the customary letter-of-protest threshold). */
function bunkerTolerance(env: NodeJS.ProcessEnv): { warning: number; protest: number } {
  const warning = decimalNumber(env, 'BUNKER_TOLERANCE_WARNING_PCT', 0.5, 0, 100);
  return { warning, protest: Math.max(warning, decimalNumber(env, 'BUNKER_TOLERANCE_PROTEST_PCT', 1, 0, 100)) };
}

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
    backfillDays: Number(env.BACKFILL_DAYS ?? DEFAULT_BACKFILL_DAYS),
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
    bunkerTolerance: bunkerTolerance(env),
    baseLayers: baseLayers(env),
    weather: {
      key: env.WEATHER_API_KEY?.trim() || null,
      scriptUrl: env.WEATHER_SCRIPT_URL?.trim() || 'https://api.windy.com/assets/map-forecast/libBoot.js',
      leafletUrl: env.WEATHER_LEAFLET_URL?.trim() || 'https://unpkg.com/leaflet@1.4.0/dist/leaflet.js',
    },
    heavy: given({
      size: optionalWhole(env, 'HEAVY_WORKERS', 1, 256),
      heapMb: optionalWhole(env, 'HEAVY_WORKER_HEAP_MB', 1, 65_536),
      youngMb: optionalWhole(env, 'HEAVY_WORKER_YOUNG_MB', 1, 65_536),
      idleMs: optionalWhole(env, 'HEAVY_WORKER_IDLE_MS', 0, 86_400_000),
      nice: optionalWhole(env, 'HEAVY_WORKER_NICE', 0, 19),
      perTenant: optionalWhole(env, 'HEAVY_QUEUE_PER_COMPANY', 0, 100_000),
      total: optionalWhole(env, 'HEAVY_QUEUE_TOTAL', 0, 100_000),
      inlineMaxRows: optionalWhole(env, 'HEAVY_INLINE_MAX_ROWS', 0, 1_000_000_000),
      reportMaxPoints: optionalWhole(env, 'REPORT_MAX_POINTS', 0, 1_000_000_000),
    }),
    reportWorker: given({
      idleMs: optionalWhole(env, 'REPORT_WORKER_IDLE_MS', 1, 86_400_000),
      maxOldGenerationSizeMb: optionalWhole(env, 'REPORT_WORKER_HEAP_MB', 1, 65_536),
      maxYoungGenerationSizeMb: optionalWhole(env, 'REPORT_WORKER_YOUNG_MB', 1, 65_536),
    }),
    dailyReportTickSeconds: optionalWhole(env, 'DAILY_REPORT_TICK_SECONDS', 0, 86_400),
    eventSweepSeconds: optionalWhole(env, 'EVENT_SWEEP_SECONDS', 0, 86_400),
    robEventSeconds: optionalWhole(env, 'ROB_EVENT_SECONDS', 0, 86_400),
    eventConfigCheckMs: optionalWhole(env, 'EVENT_CONFIG_CHECK_MS', 0, 86_400_000),
    load: {
      maxEventLoopDelayMs: Number(env.MAX_EVENT_LOOP_DELAY_MS ?? 250),
      concurrency: { api: Number(env.MAX_CONCURRENT_API ?? 64), ingest: Number(env.MAX_CONCURRENT_INGEST ?? 8) },
      queue: { api: Number(env.MAX_QUEUED_API ?? 512), ingest: Number(env.MAX_QUEUED_INGEST ?? 64) },
      retryAfterSeconds: Number(env.RETRY_AFTER_SECONDS ?? 5),
    },
  };
}
