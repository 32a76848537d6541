import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import { query } from '../../src/modules/telemetry/sql.ts';
import { scratchDatabase } from '../helpers/app.ts';
import { createAsset, createCompany, createDevice, createGroup, createRole, createUser } from '../helpers/fixtures.ts';

/**
 * docs/operations.md "Behind a reverse proxy" and "Running several processes", tested with the recipe's own text:
 * two real server processes on one PostgreSQL database, both in one MQTT shared subscription group, behind Debian's
 * nginx running deploy/nginx-fleet.conf (ports, certificate and upstreams substituted) with a self-signed
 * certificate. Sign-in over HTTPS, a live socket through the proxy that gets a reading ingested by the other
 * process, MQTT readings handled exactly once, the HTTP → HTTPS redirect.
 * Needs TEST_DATABASE_URL, nginx, openssl and the broker (CI installs them: .ci/run); skips with the reason otherwise.
 */
const ROOT = resolve(new URL('../../../..', import.meta.url).pathname);
const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const PASSWORD = 'Deploy#Secret-1';
const METRICS_TOKEN = randomBytes(24).toString('hex');
/** readings published over MQTT */
const N = 40;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function brokerReachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((done) => {
    const s = connect(Number(u.port || 1883), u.hostname);
    const finish = (ok: boolean) => {
      s.destroy();
      done(ok);
    };
    s.setTimeout(1000, () => finish(false));
    s.on('connect', () => finish(true));
    s.on('error', () => finish(false));
  });
}

/** Why this suite cannot run here, or null. */
async function missing(): Promise<string | null> {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set';
  if (!existsSync(NGINX)) return `no nginx at ${NGINX} (apt-get install nginx, or set NGINX_BIN)`;
  if (spawnSync('openssl', ['version']).status !== 0) return 'openssl is not installed';
  if (!(await brokerReachable(BROKER))) return `no MQTT broker at ${BROKER}`;
  return null;
}
const skip = await missing();
if (skip) console.warn(`deploy/nginx-two-processes: skipped — ${skip}`);

/** A port free right now on 127.0.0.1 (for nginx, whose configuration names it). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

/** `text` with `from` replaced by `to`; throws when `from` is not there (the recipe changed under the test). */
function sub(text: string, from: string | RegExp, to: string): string {
  const out = text.replace(from, to);
  if (out === text) throw new Error(`deploy/nginx-fleet.conf no longer holds ${String(from)}`);
  return out;
}

/** deploy/nginx-fleet.conf with this run's ports, certificate and upstreams, inside a minimal nginx.conf. */
function nginxConfig(
  site: string,
  o: { dir: string; httpPort: number; httpsPort: number; upstreams: number[] },
): string {
  let s = site;
  const upstream = ['upstream fleet_servers {', ...o.upstreams.map((p) => `    server 127.0.0.1:${p};`), ''].join('\n');
  s = sub(s, /upstream fleet_servers \{\n(?:\s*server [^\n]*\n)+/, upstream);
  s = sub(s, 'listen 80;', `listen 127.0.0.1:${o.httpPort};`);
  s = sub(s, 'listen 443 ssl;', `listen 127.0.0.1:${o.httpsPort} ssl;`);
  s = sub(s, /\n\s*listen \[::\]:80;/, '');
  s = sub(s, /\n\s*listen \[::\]:443 ssl;/, '');
  s = sub(s, /ssl_certificate\s+\S+;/, `ssl_certificate ${o.dir}/cert.pem;`);
  s = sub(s, /ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${o.dir}/key.pem;`);
  s = s.replaceAll('server_name fleet.example.com;', 'server_name localhost;');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `    ${t}_temp_path ${o.dir}/${t};`)
    .join('\n');
  return `pid ${o.dir}/nginx.pid;
error_log ${o.dir}/error.log warn;
worker_processes 1;
events { worker_connections 256; }
http {
    access_log ${o.dir}/access.log;
    default_type application/octet-stream;
${temp}
${s}
}
`;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any;
}

/** One request (http or https), no keep-alive; `ca` trusts this run's self-signed certificate only. */
function request(
  url: string,
  o: { method?: string; headers?: Record<string, string>; body?: unknown; ca?: string } = {},
): Promise<Answer> {
  const u = new URL(url);
  const body = o.body === undefined ? undefined : JSON.stringify(o.body);
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((done, fail) => {
    const req = lib.request(
      u,
      {
        method: o.method ?? 'GET',
        agent: false,
        ca: o.ca,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...o.headers },
        timeout: 15_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {}
          done({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${o.method ?? 'GET'} ${url}`)));
    req.on('error', fail);
    req.end(body);
  });
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined | null | false>): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await sleep(100);
  }
  throw new Error(`${what}: not within ${ms} ms${last ? ` (${(last as Error).message})` : ''}`);
}

interface ServerProcess {
  name: string;
  proc: ChildProcess;
  lines: Record<string, any>[];
  port: number;
  exited: Promise<number | null>;
  output(): string;
}

/** A real server process (main.ts under the TypeScript loader, as shutdown.test.ts), its port from its log. */
async function startServer(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const lines: Record<string, any>[] = [];
  let raw = '';
  proc.stderr!.on('data', (d) => {
    raw += d;
  });
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  const port = new Promise<number>((done, fail) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      try {
        const entry = JSON.parse(line);
        lines.push(entry);
        const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(String(entry.msg));
        if (m) done(Number(m[1]));
      } catch {
        raw += `${line}\n`;
      }
    });
    void exited.then((code) => fail(new Error(`server ${name} exited (${code}) before listening:\n${raw}`)));
  });
  const s = { name, proc, lines, exited, port: 0, output: () => raw };
  s.port = await port;
  return s;
}

/** A sample's value in a Prometheus text answer (0 when absent). */
function metric(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(\{([^}]*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[4]);
  }
  return 0;
}

describe.skipIf(skip !== null)(
  `two server processes behind nginx on PostgreSQL${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    // made in beforeAll: a skipped suite leaves nothing behind
    let dir = '';
    const tag = `fleet-deploy-${process.pid}-${randomBytes(3).toString('hex')}`;
    const servers: ServerProcess[] = [];
    let nginx: ChildProcess | undefined;
    let nginxOut = '';
    let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
    let database: Database | undefined;
    let device: MqttClient | undefined;
    let socket: WebSocket | undefined;
    let base = '';
    let ca = '';
    let httpPort = 0;
    let world: { uid: string; key: string; massId: number; devcId: number };

    const metricsOf = async (s: ServerProcess) => {
      const r = await request(`http://127.0.0.1:${s.port}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(r.status).toBe(200);
      return r.text;
    };
    /** through nginx, as a browser on the site: its Origin, its session */
    const site = (path: string, o: { method?: string; token?: string; body?: unknown } = {}) =>
      request(`${base}${path}`, {
        method: o.method,
        body: o.body,
        ca,
        headers: { origin: base, ...(o.token ? { authentication: o.token } : {}) },
      });

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'fleet-deploy-'));
      scratch = await scratchDatabase('postgres');
      const [httpsPortFree, httpPortFree] = [await freePort(), await freePort()];
      httpPort = httpPortFree;
      base = `https://localhost:${httpsPortFree}`;
      // both processes start at once on the empty database (both migrate it)
      const env = (name: string) => ({
        DATABASE_URL: scratch!.url,
        // one data folder for both (the uploads), as docs/operations.md "Running several processes" says
        DATA_DIR: join(dir, 'data'),
        DEMO: '0',
        SIMULATOR: '0',
        PORT: '0',
        HOST: '127.0.0.1',
        TELTONIKA_PORT: '0',
        SMTP_URL: '',
        MQTT_URL: BROKER,
        MQTT_CLIENT_ID: `${tag}-${name}`,
        MQTT_SHARED_GROUP: tag,
        // the broker forgets this run's sessions when the processes disconnect
        MQTT_SESSION_EXPIRY: '0',
        TRUST_PROXY: '1',
        PUBLIC_URL: base,
        METRICS_TOKEN,
        MAX_EVENT_LOOP_DELAY_MS: '0',
        DAILY_REPORT_TICK_SECONDS: '0',
        // the sign-in throttle's address: the second failure from one address waits (the X-Forwarded-For test)
        LOGIN_ADDRESS_FREE_FAILURES: '1',
        LOG_LEVEL: 'info',
      });
      servers.push(...(await Promise.all([startServer('a', env('a')), startServer('b', env('b'))])));
      for (const s of servers) {
        await until(`${s.name} ready`, 20_000, async () => {
          const r = await request(`http://127.0.0.1:${s.port}/api/health/ready`);
          return r.status === 200;
        });
        await until(`${s.name} subscribed to the broker`, 10_000, async () =>
          s.lines.some((l) => l.msg === 'mqtt ingest subscribed'),
        );
      }

      // the world: a company, a vessel with a GPS device and its key, a user who sees the vessel
      database = openDatabase(scratch.url, { poolMax: 2 });
      const db = database.db;
      const comp = await createCompany(db, await createGroup(db, 'Deploy group'), 'Deploy company');
      const massId = await createAsset(db, comp, 'Deploy vessel');
      const uid = `gps-${tag}`;
      const devcId = await createDevice(db, massId, uid, 'gps');
      const role = await createRole(db, 'Viewer', { master_asset: ['read'], master_device: ['read'] });
      await createUser(db, {
        userId: 'ops@deploy.test',
        username: 'ops',
        password: PASSWORD,
        roleIds: [role],
        companies: [{ compId: comp }],
      });
      world = { uid, key: await issueDeviceKey(db, devcId, 'deploy-test'), massId, devcId };

      // the certificate and nginx with the recipe
      const cert = spawnSync(
        'openssl',
        [
          ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1'],
          ...[
            '-addext',
            'subjectAltName=DNS:localhost',
            '-keyout',
            join(dir, 'key.pem'),
            '-out',
            join(dir, 'cert.pem'),
          ],
        ],
        { encoding: 'utf8' },
      );
      if (cert.status !== 0) throw new Error(`openssl: ${cert.stderr}`);
      ca = readFileSync(join(dir, 'cert.pem'), 'utf8');
      // nginx's workers (nobody, when the test runs as root) write their temp files under the folder
      chmodSync(dir, 0o755);
      for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, t));
      const conf = nginxConfig(readFileSync(join(ROOT, 'deploy/nginx-fleet.conf'), 'utf8'), {
        dir,
        httpPort,
        httpsPort: httpsPortFree,
        upstreams: servers.map((s) => s.port),
      });
      writeFileSync(join(dir, 'nginx.conf'), conf);
      nginx = spawn(
        NGINX,
        ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      nginx.stdout!.on('data', (d) => {
        nginxOut += d;
      });
      nginx.stderr!.on('data', (d) => {
        nginxOut += d;
      });
      await until('nginx answering over https', 10_000, async () => {
        if (nginx!.exitCode !== null) {
          const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
          throw new Error(`nginx exited (${nginx!.exitCode}): ${nginxOut}${log}`);
        }
        return (await request(`${base}/api/health/live`, { ca })).status === 200;
      });
    }, 90_000);

    afterAll(async () => {
      socket?.terminate();
      await device?.endAsync().catch(() => {});
      if (nginx && nginx.exitCode === null) {
        const gone = new Promise((r) => nginx!.once('exit', r));
        nginx.kill('SIGTERM');
        await Promise.race([gone, sleep(5000)]);
        if (nginx.exitCode === null) nginx.kill('SIGKILL');
      }
      for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGTERM');
      await Promise.race([Promise.all(servers.map((s) => s.exited)), sleep(15_000)]);
      for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
      await database?.close();
      await scratch?.drop().catch(() => {});
      if (dir) rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    it('redirects plain HTTP to HTTPS', async () => {
      const r = await request(`http://127.0.0.1:${httpPort}/fleet/map?x=1`, { headers: { host: 'localhost' } });
      expect(r.status).toBe(301);
      expect(r.headers.location).toBe('https://localhost/fleet/map?x=1');
    });

    it('signs in over HTTPS, spreads requests over both processes and passes its request id', async () => {
      // a browser's sign-in: Origin is the site's address (Host and PUBLIC_URL must agree with it behind the proxy)
      const login = await site('/api/security/authentication/login', {
        method: 'POST',
        body: { username: 'ops', password: PASSWORD },
      });
      expect(login.status, login.text).toBe(200);
      expect(login.json.data.userId).toBe('ops@deploy.test');
      expect(login.headers['strict-transport-security']).toBe('max-age=31536000');
      const token = login.json.data.token as string;
      for (let i = 0; i < 4; i++) {
        const r = await site('/api/security/authentication/status', { token });
        expect(r.status).toBe(200);
        // nginx's $request_id (32 hex digits) reached the server and came back
        expect(r.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
      }
      for (const s of servers)
        expect(
          s.lines.some((l) => l.msg === 'request' && l.route === '/api/security/authentication/status'),
          `process ${s.name} answered none`,
        ).toBe(true);
      // the proxy keeps /metrics to itself: Prometheus scrapes each process
      expect((await site('/metrics')).status).toBe(404);
    });

    it('delivers a reading ingested by one process to a live socket opened through the proxy on the other', async () => {
      const token = (
        await site('/api/security/authentication/login', {
          method: 'POST',
          body: { username: 'ops', password: PASSWORD },
        })
      ).json.data.token as string;
      const ticket = await site('/api/socket/ticket', { method: 'POST', token });
      expect(ticket.status).toBe(200);
      const messages: any[] = [];
      socket = new WebSocket(`${base.replace(/^https/, 'wss')}/api/socket?ticket=${ticket.json.data.ticket}`, { ca });
      socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
      await new Promise<void>((done, fail) => {
        socket!.once('unexpected-response', (_req, res) => fail(new Error(`upgrade refused: HTTP ${res.statusCode}`)));
        socket!.once('error', fail);
        socket!.once('open', () => done());
      });
      await until('hello', 10_000, async () => messages.some((m) => m.type === 'hello'));
      // which process holds the socket: its live-socket gauge
      const sockets = await Promise.all(servers.map(async (s) => metric(await metricsOf(s), 'fleet_live_sockets')));
      expect(sockets.sort()).toEqual([0, 1]);
      const other = servers[sockets.indexOf(0)];
      const ts = Math.floor(Date.now() / 1000) - 30;
      const r = await request(`http://127.0.0.1:${other.port}/api/ingest`, {
        method: 'POST',
        headers: { 'x-device-key': world.key },
        body: { readings: [{ device: world.uid, ts, data: { latitude: -6.1, longitude: 106.9, speed: 7 } }] },
      });
      expect(r.json?.data?.accepted, r.text).toBe(1);
      const state = await until('the reading on the socket', 10_000, async () =>
        messages
          .filter((m) => m.type === 'states')
          .flatMap((m) => m.states)
          .find((s: any) => s.devcUniqueId === world.uid && s.timestamp === ts),
      );
      expect(state).toMatchObject({ devcMassId: world.massId, latitude: -6.1, longitude: 106.9 });
    });

    it('handles each MQTT reading once across the shared subscription', async () => {
      device = await mqtt.connectAsync(BROKER, { protocolVersion: 5, clientId: `${tag}-device`, clean: true });
      const replies = new Map<string, any[]>();
      device.on('message', (_topic, payload) => {
        const body = JSON.parse(payload.toString());
        // other servers on this broker may answer too (unknown key): only this run's answers count
        if (typeof body.id !== 'string' || !body.id.startsWith(tag) || body.error) return;
        replies.set(body.id, [...(replies.get(body.id) ?? []), body]);
      });
      await device.subscribeAsync(`fleet/${world.uid}/readings/result`, { qos: 1 });
      const t0 = Math.floor(Date.now() / 1000) - 3600;
      for (let i = 0; i < N; i++)
        await device.publishAsync(
          `fleet/${world.uid}/readings`,
          JSON.stringify({
            key: world.key,
            id: `${tag}-${i}`,
            readings: [{ ts: t0 + i * 10, data: { latitude: -6 - i / 1000, longitude: 106.8 } }],
          }),
          { qos: 1 },
        );
      await until(`${N} answers`, 20_000, async () => replies.size === N);
      await sleep(500); // a second delivery would answer again by now
      for (const [id, answers] of replies) {
        expect(answers, id).toHaveLength(1);
        expect(answers[0]).toMatchObject({ accepted: 1, duplicate: 0, rejected: 0 });
      }
      const stored = await query(
        database!,
        'select count(*) as n from telemetry_gps where device_id = ? and ts >= ? and ts < ?',
        [world.devcId, t0, t0 + N * 10],
      );
      expect(Number(stored[0].n)).toBe(N);
      // each process took a share, and together exactly N, none twice
      const counts = await Promise.all(
        servers.map(async (s) => {
          const text = await metricsOf(s);
          return {
            accepted: metric(text, 'fleet_ingest_readings_total', { source: 'mqtt', outcome: 'accepted' }),
            duplicate: metric(text, 'fleet_ingest_readings_total', { source: 'mqtt', outcome: 'duplicate' }),
          };
        }),
      );
      expect(counts.reduce((n, c) => n + c.accepted, 0)).toBe(N);
      expect(counts.reduce((n, c) => n + c.duplicate, 0)).toBe(0);
      for (const c of counts) expect(c.accepted).toBeGreaterThan(0);
    });

    it('counts failed sign-ins by the address nginx saw, whatever X-Forwarded-For the client sends', async () => {
      // four failures, each naming another address: 2 reach one process at least, whose second is held back (429)
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await request(`${base}/api/security/authentication/login`, {
          method: 'POST',
          ca,
          headers: { origin: base, 'x-forwarded-for': `203.0.113.${i + 1}` },
          body: { username: `nobody-${i}`, password: 'wrong password' },
        });
        statuses.push(r.status);
      }
      expect(statuses).toContain(429);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    });

    it('stops both processes cleanly with SIGTERM while the proxied live socket is open', async () => {
      for (const s of servers) s.proc.kill('SIGTERM');
      const codes = await Promise.all(servers.map((s) => s.exited));
      expect(codes).toEqual([0, 0]);
      for (const s of servers)
        expect(
          s.lines.filter((l) => Number(l.level) >= 50),
          `${s.name}: error lines`,
        ).toEqual([]);
    });
  },
);
