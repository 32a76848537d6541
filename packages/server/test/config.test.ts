import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_SCHEMA, loadConfig, printableConfig } from '../src/config.ts';

/** config.ts is the one reader of the environment: the modules' settings come from it, a bad value stops the start. */
describe('configuration of the modules', () => {
  it('holds only what the environment sets for the modules’ tunables (their own defaults apply otherwise)', () => {
    const c = loadConfig({});
    expect(c.heavy).toEqual({});
    expect(c.reportWorker).toEqual({});
    expect(c.dailyReportTickSeconds).toBeUndefined();
    expect(c.eventSweepSeconds).toBeUndefined();
    expect(c.eventConfigCheckMs).toBeUndefined();
    expect(c.bunkerTolerance).toEqual({ warning: 0.5, protest: 1 });
    expect(c.baseLayers).toEqual([]);
    expect(c.weather.key).toBeNull();

    const set = loadConfig({
      HEAVY_WORKERS: '2',
      REPORT_MAX_POINTS: '1000',
      REPORT_WORKER_HEAP_MB: '128',
      DAILY_REPORT_TICK_SECONDS: '0',
      EVENT_SWEEP_SECONDS: '0',
      EVENT_CONFIG_CHECK_MS: '3600000',
      BUNKER_TOLERANCE_WARNING_PCT: '2',
      BUNKER_TOLERANCE_PROTEST_PCT: '1.5',
      MAP_BATHYMETRY_URL: 'https://wms.example/',
      MAP_BATHYMETRY_LAYERS: 'GEBCO',
    });
    expect(set.heavy).toEqual({ size: 2, reportMaxPoints: 1000 });
    expect(set.reportWorker).toEqual({ heapMb: 128 });
    expect([set.dailyReportTickSeconds, set.eventSweepSeconds, set.eventConfigCheckMs]).toEqual([0, 0, 3_600_000]);
    // the protest band is never below the warning band
    expect(set.bunkerTolerance).toEqual({ warning: 2, protest: 2 });
    expect(set.baseLayers).toEqual([
      {
        id: 'bathymetry',
        name: 'Bathymetry',
        kind: 'wms',
        url: 'https://wms.example/',
        attribution: '',
        layers: 'GEBCO',
      },
    ]);
  });

  it('refuses a value it cannot use, naming the variable', () => {
    for (const [name, value] of [
      ['HEAVY_WORKERS', 'many'],
      ['HEAVY_WORKER_HEAP_MB', '-1'],
      ['REPORT_WORKER_IDLE_MS', '0'],
      ['DAILY_REPORT_TICK_SECONDS', '1.5'],
      ['EVENT_SWEEP_SECONDS', 'off'],
      ['EVENT_CONFIG_CHECK_MS', '-5'],
      ['BUNKER_TOLERANCE_WARNING_PCT', 'half'],
      ['MAP_ROAD_URL', 'ftp://tiles.example/{z}/{x}/{y}.png'],
    ])
      expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

/** docs/operations.md "Configuration": one schema for every variable; a bad value stops the start, named. */
describe('configuration schema', () => {
  const problemOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).message;
    }
    throw new Error('accepted');
  };

  it('refuses values with a unit or a name where a number is meant, naming the variable, its value and what it takes', () => {
    expect(problemOf({ SESSION_IDLE_HOURS: '12h' })).toContain(
      'SESSION_IDLE_HOURS="12h" — accepted: a number above 0 up to 8760 (hours, written without the unit)',
    );
    expect(problemOf({ TZ_OFFSET: 'WIB' })).toMatch(/TZ_OFFSET="WIB" — accepted: hours east of UTC from -12 to 14/);
    expect(problemOf({ INGEST_MAX_MB: '8MB' })).toMatch(/INGEST_MAX_MB="8MB" — accepted: a number above 0 up to 1024/);
    for (const [name, value] of [
      ['PORT', '80.5'],
      ['PORT', '70000'],
      ['TZ_OFFSET', '7.3'],
      ['TZ_OFFSET', '15'],
      ['SESSION_IDLE_HOURS', '0'],
      ['INGEST_MAX_MB', '-1'],
      ['DEMO', 'maybe'],
      ['LOG_LEVEL', 'verbose'],
      ['PUBLIC_URL', 'fleet.example.com'],
      ['MQTT_URL', 'http://broker:1883'],
      ['SHUTDOWN_TIMEOUT_SECONDS', '10s'],
      ['CSP_IMG_SRC', "https://tiles.example; script-src 'unsafe-inline'"],
      ['MAIL_FROM', 'nobody'],
      ['SERVER_HEAP_MB', '192MB'],
    ])
      expect(problemOf({ [name]: value }), `${name}=${value}`).toContain(`${name}=${JSON.stringify(value)}`);
  });

  it('names every bad variable at once, and never prints a secret', () => {
    const message = problemOf({
      PORT: 'eighty',
      METRICS_TOKEN: 'short',
      SMTP_URL: 'mail.example.com',
      MQTT_URL: 'http://ingest:mqtt-Secret@broker:1883',
    });
    expect(message).toContain('PORT="eighty"');
    expect(message).toContain('METRICS_TOKEN=(hidden, a secret)');
    expect(message).toContain('SMTP_URL=(hidden, a secret)');
    expect(message).toContain('MQTT_URL="http://ingest:***@broker:1883"');
    expect(message).not.toMatch(/short|mail\.example|-Secret/);
  });

  it('takes the forms README gives, and blank as unset', () => {
    const c = loadConfig({
      TZ_OFFSET: '5.5',
      SESSION_IDLE_HOURS: '0.5',
      INGEST_MAX_MB: '0.5',
      DEMO: 'off',
      TRUST_PROXY: 'YES',
      LOG_LEVEL: 'WARN',
      PORT: ' ',
      CSP_IMG_SRC: 'https://tile.openstreetmap.org https://*.tile.example.com',
    });
    expect([c.tzOffset, c.sessionIdleHours, c.ingestMaxBytes, c.demo, c.trustProxy, c.logLevel, c.port]).toEqual([
      5.5,
      0.5,
      512 * 1024,
      false,
      true,
      'warn',
      8080,
    ]);
    expect(c.cspImgSources).toEqual(['https://tile.openstreetmap.org', 'https://*.tile.example.com']);
    expect(c.shutdownTimeoutSeconds).toBe(10);
    expect(c.metricsToken).toBeUndefined();
  });

  it('has every variable README lists', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5),
    );
    const listed = new Set<string>();
    for (const line of table.split('\n').filter((l) => l.startsWith('| `')))
      for (const m of line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)) listed.add(m[1]);
    expect(listed.size).toBeGreaterThan(50);
    expect([...listed].filter((v) => !(v in ENV_SCHEMA.shape))).toEqual([]);
    // and README lists every variable of the schema
    expect(Object.keys(ENV_SCHEMA.shape).filter((v) => !listed.has(v))).toEqual([]);
  });

  it('prints the effective configuration with passwords, keys and tokens masked', () => {
    const text = printableConfig(
      loadConfig({
        DATABASE_URL: 'postgres://fleet:pg-Secret1@db.example:5432/fleet?sslmode=require&password=pg-Secret2',
        SMTP_URL: 'smtps://mailer:smtp-Secret@smtp.example.com:465',
        MQTT_URL: 'mqtts://ingest:mqtt-Secret@broker.example:8883',
        METRICS_TOKEN: 'metrics-Secret-0123456789',
        WEATHER_API_KEY: 'weather-Secret',
        OIDC_ISSUER: 'https://id.example',
        OIDC_CLIENT_SECRET: 'oidc-Secret',
      }),
    );
    expect(text).not.toMatch(/-Secret/);
    const printed = JSON.parse(text);
    expect(printed.databaseUrl).toBe('postgres://fleet:***@db.example:5432/fleet?sslmode=require&password=***');
    expect(printed.smtpUrl).toBe('smtps://mailer:***@smtp.example.com:465');
    expect(printed.mqttUrl).toBe('mqtts://ingest:***@broker.example:8883');
    expect([printed.metricsToken, printed.weather.key, printed.oidc.clientSecret]).toEqual(['***', '***', '***']);
    expect(printed.port).toBe(8080);
    expect(printed.dialect).toBe('postgres');
  });
});
