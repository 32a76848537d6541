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
  sessionIdleHours: number;
  webDist?: string;
  /** trust X-Forwarded-For (only behind a proxy that sets it): the login throttle keys on the client address */
  trustProxy: boolean;
  /** sender of mails; unset = no-reply at the host of PUBLIC_URL */
  mailFrom?: string;
  logLevel: string;
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
    sessionIdleHours: Number(env.SESSION_IDLE_HOURS ?? 12),
    webDist: env.WEB_DIST,
    trustProxy: flag(env.TRUST_PROXY, false),
    mailFrom: env.MAIL_FROM || undefined,
    logLevel: env.LOG_LEVEL || 'info',
  };
}
