import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { BaseLayer } from '@fleet/shared/answers/geo.ts';
import { zoneForOffset } from '@fleet/shared/time-zone.ts';
import { z } from 'zod';

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

/** The webhook worker's settings (docs/operations.md "Webhooks"); defaults in modules/webhooks/settings.ts. */
export interface WebhookSettings {
  /** private and loopback receivers allowed (WEBHOOK_ALLOW_PRIVATE) */
  allowPrivate: boolean;
  /** one try's whole exchange, at most (WEBHOOK_TIMEOUT_SECONDS) */
  timeoutSeconds: number;
  /** the first retry's nominal wait; each next one doubles (WEBHOOK_RETRY_BASE_SECONDS; 0 = at once, for tests) */
  retryBaseSeconds: number;
  /** tries of one delivery before it is given up (WEBHOOK_MAX_ATTEMPTS) */
  maxAttempts: number;
  /** deliveries in flight in this process, at most (WEBHOOK_CONCURRENCY) */
  concurrency: number;
  /** deliveries in flight to one subscription in this process, at most (WEBHOOK_PER_RECEIVER) */
  perReceiver: number;
  /** how often the queue is looked at besides the nudges of this process's own enqueues (WEBHOOK_POLL_SECONDS) */
  pollSeconds: number;
  /** how often the noted GPS fixes are sent to `positions` subscriptions (WEBHOOK_POSITION_INTERVAL_SECONDS; 0 = never) */
  positionIntervalSeconds: number;
}

/**
 * Environment → typed configuration, the one reader of the environment. Every setting is optional; README lists them
 * all. A value that is set but not usable stops the start, naming the variable. The tunables of heavy work (daily
 * reports' drawing among it) and the event engine hold only what the environment sets: unset, the module's own
 * default applies (summary/heavy.ts HEAVY_DEFAULTS, event-engine/).
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
  /** the zone of TZ_OFFSET: a company's zone until its administrator sets one (docs/domain.md §1) */
  defaultTimeZone: string;
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
  /** requests one API token may make a minute, in bursts of as many (API_TOKEN_RATE_LIMIT, docs/operations.md) */
  apiTokenRatePerMinute: number;
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
  /** the server's heap budget under `npm start` (SERVER_HEAP_MB; scripts/start.mjs passes it to node) */
  serverHeapMb: number;
  /** SQLite's page cache of the server's connection, MB (SQLITE_CACHE_MB; docs/operations.md "Memory") */
  sqliteCacheMb: number;
  /** SIGTERM/SIGINT: how long the server may take to finish its work before it exits anyway (docs/operations.md) */
  shutdownTimeoutSeconds: number;
  /** bearer token of GET /metrics (METRICS_TOKEN); unset = /metrics is off (404) */
  metricsToken?: string;
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
  /** REPORT_WORKER_*: floors of the heavy workers' limits, which draw the daily reports (docs/operations.md "Memory") */
  reportWorker: Partial<Record<'heapMb' | 'youngMb' | 'idleMs', number>>;
  /** how often the daily report mails are looked for (DAILY_REPORT_TICK_SECONDS; 0 = no sender, as in tests) */
  dailyReportTickSeconds?: number;
  /** how often the event sweep runs (EVENT_SWEEP_SECONDS; 0 = off) */
  eventSweepSeconds?: number;
  /** how often the ROB events of the profiles running now are checked (ROB_EVENT_SECONDS; 0 = off) */
  robEventSeconds?: number;
  /** how often every vessel's fuel watch runs (FUEL_WATCH_SECONDS; 0 = off; docs/domain.md §41.5) */
  fuelWatchSeconds?: number;
  /** how stale another process's event definition change may be at most (EVENT_CONFIG_CHECK_MS) */
  eventConfigCheckMs?: number;
  /** webhooks (docs/operations.md "Webhooks"): WEBHOOK_*; unset ones take modules/webhooks/settings.ts's defaults */
  webhooks: Partial<WebhookSettings>;
  /** data lifecycle (docs/operations.md "Retention", "Backup and restore") */
  lifecycle: {
    /** raw readings older than this many days are deleted (RAW_RETENTION_DAYS; 0 = kept for ever) */
    rawRetentionDays: number;
    /** how often the retention pass runs (RETENTION_CHECK_MINUTES; it also makes PostgreSQL's partitions ahead) */
    retentionCheckMinutes: number;
    /** where backups go (BACKUP_DIR; default DATA_DIR/backups) */
    backupDir: string;
    /** hours between scheduled backups (BACKUP_HOURS; 0 = none, `npm run backup` only) */
    backupHours: number;
    /** backups kept (BACKUP_KEEP); older ones are deleted after a new one is complete */
    backupKeep: number;
  };
  /** load shedding (docs/operations.md "Load shedding") */
  load: {
    maxEventLoopDelayMs: number;
    concurrency: { api: number; ingest: number };
    queue: { api: number; ingest: number };
    retryAfterSeconds: number;
  };
}

/**
 * One variable of the environment: a string (blank counts as unset) parsed by `parse`; a value it cannot use (undefined)
 * is an issue whose message is `accepts`, what the variable takes. Unset: undefined, or the `.default(…)` given.
 */
function variable<T>(accepts: string, parse: (raw: string) => T | undefined) {
  return z
    .string()
    .transform((raw, ctx) => {
      const value = parse(raw.trim());
      if (value !== undefined) return value;
      ctx.addIssue({ code: 'custom', message: accepts });
      return z.NEVER;
    })
    .optional()
    .describe(accepts);
}

const inRange = (n: number, min: number, max: number) => (Number.isFinite(n) && n >= min && n <= max ? n : undefined);

/** A whole number in [min, max] (no unit, no fraction). */
const whole = (min: number, max: number) =>
  variable(`a whole number from ${min} to ${max}`, (s) =>
    /^[+-]?\d+$/.test(s) ? inRange(Number(s), min, max) : undefined,
  );

/** A number (fractions allowed) in [min, max], no unit; `above` makes min itself refused. */
const decimal = (min: number, max: number, opts: { above?: boolean; unit?: string } = {}) =>
  variable(
    `a number ${opts.above ? `above ${min}` : `from ${min}`} up to ${max}${opts.unit ? ` (${opts.unit}, written without the unit)` : ''}`,
    (s) => {
      const n = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
      return opts.above && n <= min ? undefined : inRange(n, min, max);
    },
  );

const YES = ['1', 'true', 'yes', 'on'];
const NO = ['0', 'false', 'no', 'off'];
const flag = () =>
  variable('1, true, yes, on or 0, false, no, off', (s) =>
    YES.includes(s.toLowerCase()) ? true : NO.includes(s.toLowerCase()) ? false : undefined,
  );

/** An absolute URL whose scheme is one of `schemes`. */
const url = (schemes: string[]) =>
  variable(`an address starting with ${schemes.map((p) => `${p}://`).join(' or ')}`, (s) => {
    try {
      const u = new URL(s);
      return schemes.includes(u.protocol.replace(/:$/, '')) && u.host ? s : undefined;
    } catch {
      return undefined;
    }
  });

/** Whether the text holds a control character (a line break pasted into a value). */
const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** Any non-empty text up to `max` characters without control characters. */
const text = (max = 1000) =>
  variable(`text of at most ${max} characters`, (s) => (s.length <= max && !hasControl(s) ? s : undefined));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every environment variable the server reads (README "Configuration" lists them), each with its type, range and
 * unit. Unset or blank: the default (here, or the one computed in loadConfig, or the module's own where the Config
 * field is optional).
 */
export const ENV_SCHEMA = z.object({
  PORT: whole(0, 65_535).default(8080),
  HOST: variable('a host name or IP address to listen on', (s) => (/^[A-Za-z0-9.:%[\]-]+$/.test(s) ? s : undefined)),
  DATA_DIR: text(),
  DATABASE_URL: variable('postgres://user:password@host:port/database or sqlite:<file>', (s) =>
    /^postgres(ql)?:\/\/\S+$/.test(s) || /^sqlite:\S+/.test(s) ? s : undefined,
  ),
  DEMO: flag(),
  SIMULATOR: flag(),
  BACKFILL_DAYS: whole(0, 3650).default(DEFAULT_BACKFILL_DAYS),
  TZ_OFFSET: variable('hours east of UTC from -12 to 14 in quarter hours (e.g. 7, 8, 9, 5.5, -3.75)', (s) => {
    const n = /^[+-]?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
    return inRange(n, -12, 14) !== undefined && Number.isInteger(n * 4) ? n : undefined;
  }).default(7),
  BUNKER_TOLERANCE_WARNING_PCT: decimal(0, 100, { unit: 'percent' }).default(0.5),
  BUNKER_TOLERANCE_PROTEST_PCT: decimal(0, 100, { unit: 'percent' }).default(1),
  PUBLIC_URL: url(['http', 'https']),
  SMTP_URL: url(['smtp', 'smtps']),
  MAIL_FROM: variable('an e-mail address, optionally with a name: Name <address@host>', (s) =>
    !hasControl(s) && /^[^<>]*<[^\s<>@]+@[^\s<>@]+>$|^[^\s<>@]+@[^\s<>@]+$/.test(s) ? s : undefined,
  ),
  SESSION_IDLE_HOURS: decimal(0, 8760, { above: true, unit: 'hours' }).default(12),
  API_TOKEN_RATE_LIMIT: whole(1, 1_000_000).default(600),
  LIVE_COALESCE_MS: whole(0, 60_000).default(100),
  LIVE_SEND_BUFFER_KB: whole(16, 1024 * 1024).default(1024),
  LIVE_MAX_SOCKETS_PER_SESSION: whole(1, 1000).default(8),
  LIVE_MAX_SOCKETS_PER_USER: whole(1, 10_000).default(16),
  EVENT_CONFIG_CHECK_MS: whole(0, 86_400_000),
  EVENT_SWEEP_SECONDS: whole(0, 86_400),
  ROB_EVENT_SECONDS: whole(0, 86_400),
  FUEL_WATCH_SECONDS: whole(0, 86_400),
  DAILY_REPORT_TICK_SECONDS: whole(0, 86_400),
  WEBHOOK_ALLOW_PRIVATE: flag(),
  WEBHOOK_TIMEOUT_SECONDS: whole(1, 300),
  WEBHOOK_RETRY_BASE_SECONDS: whole(0, 3600),
  WEBHOOK_MAX_ATTEMPTS: whole(1, 100),
  WEBHOOK_CONCURRENCY: whole(1, 1000),
  WEBHOOK_PER_RECEIVER: whole(1, 100),
  WEBHOOK_POLL_SECONDS: whole(0, 3600),
  WEBHOOK_POSITION_INTERVAL_SECONDS: whole(0, 3600),
  RAW_RETENTION_DAYS: whole(0, 36_500).default(0),
  RETENTION_CHECK_MINUTES: whole(1, 10_080).default(60),
  BACKUP_DIR: text(),
  BACKUP_HOURS: whole(0, 8760).default(0),
  BACKUP_KEEP: whole(1, 1000).default(7),
  MQTT_URL: url(['mqtt', 'mqtts', 'ws', 'wss', 'tcp', 'ssl']),
  MQTT_CLIENT_ID: variable('1 to 128 characters of A-Z a-z 0-9 . _ -', (s) =>
    /^[A-Za-z0-9._-]{1,128}$/.test(s) ? s : undefined,
  ),
  MQTT_SHARED_GROUP: variable('1 to 64 characters of A-Z a-z 0-9 . _ - (no / + #)', (s) =>
    /^[A-Za-z0-9._-]{1,64}$/.test(s) ? s : undefined,
  ),
  MQTT_SESSION_EXPIRY: whole(0, 4_294_967_295).default(7 * 24 * 3600),
  TELTONIKA_PORT: whole(0, 65_535).default(5027),
  TELTONIKA_MAX_CONNECTIONS: whole(1, 1_000_000).default(5000),
  TELTONIKA_MAX_PER_ADDRESS: whole(1, 1_000_000).default(50),
  TELTONIKA_MAX_UNIDENTIFIED: whole(1, 1_000_000).default(200),
  TRUST_PROXY: flag().default(false),
  WEB_DIST: text(),
  CSP_IMG_SRC: variable('origins separated by spaces, each https://host (or http://host, data:, blob:)', (s) => {
    const list = s.split(/\s+/).filter(Boolean);
    return list.every((o) => /^https?:\/\/[A-Za-z0-9.*:[\]-]+\/?$/.test(o) || /^(data|blob):$/.test(o))
      ? list
      : undefined;
  }),
  LOGIN_ADDRESS_FREE_FAILURES: whole(0, 1_000_000).default(100),
  MAX_EVENT_LOOP_DELAY_MS: whole(0, 60_000).default(250),
  MAX_CONCURRENT_API: whole(1, 100_000).default(64),
  MAX_QUEUED_API: whole(0, 1_000_000).default(512),
  MAX_CONCURRENT_INGEST: whole(1, 100_000).default(8),
  MAX_QUEUED_INGEST: whole(0, 1_000_000).default(64),
  RETRY_AFTER_SECONDS: whole(1, 3600).default(5),
  LOG_LEVEL: variable(LOG_LEVELS.join(', '), (s) =>
    (LOG_LEVELS as readonly string[]).includes(s.toLowerCase()) ? s.toLowerCase() : undefined,
  ).default('info'),
  SERVER_HEAP_MB: whole(32, 65_536).default(192),
  SQLITE_CACHE_MB: whole(1, 65_536).default(64),
  SHUTDOWN_TIMEOUT_SECONDS: whole(1, 600).default(10),
  METRICS_TOKEN: variable('at least 16 characters of A-Z a-z 0-9 . _ ~ + / = -', (s) =>
    /^[A-Za-z0-9._~+/=-]{16,512}$/.test(s) ? s : undefined,
  ),
  REPORT_WORKER_HEAP_MB: whole(1, 65_536),
  REPORT_WORKER_YOUNG_MB: whole(1, 65_536),
  REPORT_WORKER_IDLE_MS: whole(1, 86_400_000),
  HEAVY_WORKERS: whole(1, 256),
  HEAVY_WORKER_HEAP_MB: whole(1, 65_536),
  HEAVY_WORKER_YOUNG_MB: whole(1, 65_536),
  HEAVY_WORKER_IDLE_MS: whole(0, 86_400_000),
  HEAVY_WORKER_NICE: whole(0, 19),
  HEAVY_INLINE_MAX_ROWS: whole(0, 1_000_000_000),
  HEAVY_QUEUE_PER_COMPANY: whole(0, 100_000),
  HEAVY_QUEUE_TOTAL: whole(0, 100_000),
  REPORT_MAX_POINTS: whole(0, 1_000_000_000),
  INGEST_MAX_MB: decimal(0, 1024, { above: true, unit: 'megabytes' }).default(8),
  MAP_SATELLITE_URL: url(['http', 'https']),
  MAP_SATELLITE_ATTRIBUTION: text(),
  MAP_SATELLITE_LAYERS: text(),
  MAP_ROAD_URL: url(['http', 'https']),
  MAP_ROAD_ATTRIBUTION: text(),
  MAP_ROAD_LAYERS: text(),
  MAP_BATHYMETRY_URL: url(['http', 'https']),
  MAP_BATHYMETRY_ATTRIBUTION: text(),
  MAP_BATHYMETRY_LAYERS: text(),
  WEATHER_API_KEY: text(200),
  WEATHER_SCRIPT_URL: url(['http', 'https']).default('https://api.windy.com/assets/map-forecast/libBoot.js'),
  WEATHER_LEAFLET_URL: url(['http', 'https']).default('https://unpkg.com/leaflet@1.4.0/dist/leaflet.js'),
  OIDC_ISSUER: url(['http', 'https']),
  OIDC_CLIENT_ID: text(200).default('fleet'),
  OIDC_CLIENT_SECRET: text(),
  OIDC_ALLOW_HTTP: flag().default(false),
});

export type EnvVariable = keyof typeof ENV_SCHEMA.shape;

/** Variables whose values are secrets: never printed (the password inside a URL is masked, see printableConfig). */
export const SECRET_VARIABLES: ReadonlySet<EnvVariable> = new Set([
  'METRICS_TOKEN',
  'WEATHER_API_KEY',
  'OIDC_CLIENT_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'MQTT_URL',
]);

/** A bad value: the variable, what it was set to, what it accepts. */
export interface ConfigProblem {
  variable: string;
  value: string;
  accepts: string;
}

/** The start stops on this: every unusable variable named, with its value and what it accepts. */
export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(
      `Configuration: ${problems.length === 1 ? 'an environment variable has a value' : 'environment variables have values'} the server cannot use:\n${problems
        .map((p) => `  ${p.variable}=${p.value} — accepted: ${p.accepts}`)
        .join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** The environment's values of the schema's variables, blank ones left out (blank = unset). */
function setVariables(env: NodeJS.ProcessEnv): Partial<Record<EnvVariable, string>> {
  const out: Partial<Record<EnvVariable, string>> = {};
  for (const name of Object.keys(ENV_SCHEMA.shape) as EnvVariable[]) {
    const v = env[name];
    if (v !== undefined && v.trim() !== '') out[name] = v;
  }
  return out;
}

/** The environment parsed by ENV_SCHEMA; a ConfigError naming every bad variable otherwise. */
export function parseEnvironment(env: NodeJS.ProcessEnv): z.output<typeof ENV_SCHEMA> {
  const set = setVariables(env);
  const r = ENV_SCHEMA.safeParse(set);
  if (r.success) return r.data;
  const problems = r.error.issues.map((issue) => {
    const variable = String(issue.path[0]) as EnvVariable;
    const raw = set[variable] ?? '';
    return {
      variable,
      value: !SECRET_VARIABLES.has(variable)
        ? JSON.stringify(raw)
        : variable.endsWith('_URL') && /^[a-z][a-z0-9+.-]*:\/\//i.test(raw)
          ? JSON.stringify(maskUrl(raw))
          : '(hidden, a secret)',
      accepts: issue.message,
    };
  });
  throw new ConfigError(problems);
}

/** The object without its undefined values (a partial setting spread over the defaults keeps them). */
const given = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const BASE_LAYERS = [
  { id: 'satellite', name: 'Satellite hybrid', env: 'MAP_SATELLITE' },
  { id: 'road', name: 'Road map', env: 'MAP_ROAD' },
  { id: 'bathymetry', name: 'Bathymetry', env: 'MAP_BATHYMETRY' },
] as const;

/** Each layer whose URL is set. */
function baseLayers(e: z.output<typeof ENV_SCHEMA>): BaseLayer[] {
  const out: BaseLayer[] = [];
  for (const l of BASE_LAYERS) {
    const url = e[`${l.env}_URL`];
    if (!url) continue;
    const layers = e[`${l.env}_LAYERS`];
    out.push({
      id: l.id,
      name: l.name,
      kind: layers ? 'wms' : 'tile',
      url,
      attribution: e[`${l.env}_ATTRIBUTION`] || '',
      ...(layers ? { layers } : {}),
    });
  }
  return out;
}

/** A URL with its password (and password/secret/token/key query parameters) replaced by ***; the rest as written. */
export function maskUrl(value: string): string {
  return value
    .replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*):[^@/]*@/i, '$1:***@')
    .replace(/([?&][^=&#]*(pass|secret|token|key)[^=&#]*=)[^&#]*/gi, '$1***');
}

/**
 * The effective configuration as JSON, secrets masked: passwords in DATABASE_URL, SMTP_URL, MQTT_URL and the keys,
 * tokens and client secret (`npm run config`, `main.ts --print-config`; docs/operations.md "Configuration").
 */
export function printableConfig(config: Config): string {
  const hide = (v: string | null | undefined) => (v ? '***' : v);
  const masked = {
    ...config,
    databaseUrl: maskUrl(config.databaseUrl),
    smtpUrl: config.smtpUrl && maskUrl(config.smtpUrl),
    mqttUrl: config.mqttUrl && maskUrl(config.mqttUrl),
    metricsToken: hide(config.metricsToken),
    weather: { ...config.weather, key: hide(config.weather.key) },
    oidc: config.oidc && { ...config.oidc, clientSecret: hide(config.oidc.clientSecret) },
  };
  return JSON.stringify(masked, null, 2);
}
/** The environment → the configuration; a ConfigError (every bad variable named, its value, what it accepts) else. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnvironment(env);
  const dataDir = resolve(e.DATA_DIR || './data');
  const databaseUrl = e.DATABASE_URL || `sqlite:${resolve(dataDir, 'fleet.db')}`;
  const dialect = /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
  const demo = e.DEMO ?? dialect === 'sqlite';
  return {
    port: e.PORT,
    host: e.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    dialect,
    demo,
    simulator: e.SIMULATOR ?? demo,
    backfillDays: e.BACKFILL_DAYS,
    tzOffset: e.TZ_OFFSET,
    defaultTimeZone: zoneForOffset(e.TZ_OFFSET),
    publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mqttUrl: e.MQTT_URL,
    mqttClientId: e.MQTT_CLIENT_ID || `fleet-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`,
    mqttSharedGroup: e.MQTT_SHARED_GROUP,
    mqttSessionExpirySeconds: e.MQTT_SESSION_EXPIRY,
    sessionIdleHours: e.SESSION_IDLE_HOURS,
    apiTokenRatePerMinute: e.API_TOKEN_RATE_LIMIT,
    liveCoalesceMs: e.LIVE_COALESCE_MS,
    live: {
      sendBufferBytes: e.LIVE_SEND_BUFFER_KB * 1024,
      maxSocketsPerSession: e.LIVE_MAX_SOCKETS_PER_SESSION,
      maxSocketsPerUser: e.LIVE_MAX_SOCKETS_PER_USER,
    },
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    serverHeapMb: e.SERVER_HEAP_MB,
    sqliteCacheMb: e.SQLITE_CACHE_MB,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    ingestMaxBytes: Math.round(e.INGEST_MAX_MB * 1024 * 1024),
    teltonikaPort: e.TELTONIKA_PORT,
    teltonikaMaxConnections: e.TELTONIKA_MAX_CONNECTIONS,
    teltonikaMaxPerAddress: e.TELTONIKA_MAX_PER_ADDRESS,
    teltonikaMaxUnidentified: e.TELTONIKA_MAX_UNIDENTIFIED,
    loginAddressFreeFailures: e.LOGIN_ADDRESS_FREE_FAILURES,
    cspImgSources: e.CSP_IMG_SRC ?? [],
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          allowHttp: e.OIDC_ALLOW_HTTP,
        }
      : null,
    // BUNKER_TOLERANCE_*: the protest band is never below the warning band
    bunkerTolerance: {
      warning: e.BUNKER_TOLERANCE_WARNING_PCT,
      protest: Math.max(e.BUNKER_TOLERANCE_WARNING_PCT, e.BUNKER_TOLERANCE_PROTEST_PCT),
    },
    baseLayers: baseLayers(e),
    weather: { key: e.WEATHER_API_KEY ?? null, scriptUrl: e.WEATHER_SCRIPT_URL, leafletUrl: e.WEATHER_LEAFLET_URL },
    heavy: given({
      size: e.HEAVY_WORKERS,
      heapMb: e.HEAVY_WORKER_HEAP_MB,
      youngMb: e.HEAVY_WORKER_YOUNG_MB,
      idleMs: e.HEAVY_WORKER_IDLE_MS,
      nice: e.HEAVY_WORKER_NICE,
      perTenant: e.HEAVY_QUEUE_PER_COMPANY,
      total: e.HEAVY_QUEUE_TOTAL,
      inlineMaxRows: e.HEAVY_INLINE_MAX_ROWS,
      reportMaxPoints: e.REPORT_MAX_POINTS,
    }),
    reportWorker: given({
      heapMb: e.REPORT_WORKER_HEAP_MB,
      youngMb: e.REPORT_WORKER_YOUNG_MB,
      idleMs: e.REPORT_WORKER_IDLE_MS,
    }),
    dailyReportTickSeconds: e.DAILY_REPORT_TICK_SECONDS,
    eventSweepSeconds: e.EVENT_SWEEP_SECONDS,
    robEventSeconds: e.ROB_EVENT_SECONDS,
    fuelWatchSeconds: e.FUEL_WATCH_SECONDS,
    webhooks: given({
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      timeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS,
      retryBaseSeconds: e.WEBHOOK_RETRY_BASE_SECONDS,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      concurrency: e.WEBHOOK_CONCURRENCY,
      perReceiver: e.WEBHOOK_PER_RECEIVER,
      pollSeconds: e.WEBHOOK_POLL_SECONDS,
      positionIntervalSeconds: e.WEBHOOK_POSITION_INTERVAL_SECONDS,
    }),
    eventConfigCheckMs: e.EVENT_CONFIG_CHECK_MS,
    lifecycle: {
      rawRetentionDays: e.RAW_RETENTION_DAYS,
      retentionCheckMinutes: e.RETENTION_CHECK_MINUTES,
      backupDir: resolve(e.BACKUP_DIR || resolve(dataDir, 'backups')),
      backupHours: e.BACKUP_HOURS,
      backupKeep: e.BACKUP_KEEP,
    },
    load: {
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
      concurrency: { api: e.MAX_CONCURRENT_API, ingest: e.MAX_CONCURRENT_INGEST },
      queue: { api: e.MAX_QUEUED_API, ingest: e.MAX_QUEUED_INGEST },
      retryAfterSeconds: e.RETRY_AFTER_SECONDS,
    },
  };
}

/**
 * The configuration of a command-line entry (the server, migrate, seed, create-admin, backup, vacuum): a bad variable
 * stops it with its name, its value and what it accepts — no stack trace, it is not a bug — and exit status 1.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
