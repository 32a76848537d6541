import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuSecondsOf, memoryOf, percentile } from './measure.ts';

/**
 * First start of a fresh clone (issue 23): the server started as `npm start` starts it (tsx, the same heap budget,
 * a fresh DATA_DIR, DEMO and SIMULATOR at their defaults: on), and while the built-in simulator backfills history,
 * USERS web-app users sign in and play the calls the fleet map and the FMS dashboard make (session status, company
 * and application, asset list, GPS and all pulses, the 24 h GPS summary per vessel, a dashboard summary), round after
 * round with THINK_MS between rounds. Reported: requests, 503s, other failures, p50/p99, how long the backfill took,
 * the server's CPU seconds next to the wall time, and the server's error-level log lines.
 * Alone: `npx tsx packages/server/bench/first-start.ts` (BENCH_FIRST_DAYS shrinks the history; default 30, the
 * product's BACKFILL_DAYS; BENCH_FIRST_USERS 6, BENCH_FIRST_THINK_MS 100). `npm run bench` runs it last (BENCH_FIRST=0
 * skips it).
 */
const DAYS = Number(process.env.BENCH_FIRST_DAYS ?? 30);
/** a handful of open fleet maps and dashboards, each refreshing soon after its answers (the figure that showed 503s) */
const USERS = Number(process.env.BENCH_FIRST_USERS ?? 6);
const THINK_MS = Number(process.env.BENCH_FIRST_THINK_MS ?? 100);
/** gives up waiting for the backfill after this long (the figures then say so) */
const LIMIT_S = Number(process.env.BENCH_FIRST_LIMIT_S ?? 900);
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);

export interface FirstStartResult {
  days: number;
  users: number;
  requests: number;
  shed503: number;
  otherFailures: number;
  /** the other failures by HTTP status (0: no answer) */
  otherStatuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  /** seconds from spawn until `simulator: backfill done` (NaN when it did not finish within the limit) */
  backfillSeconds: number;
  readings: number;
  /** the backfill's pacing as the server logged it (absent before issue 23) */
  pacing?: LogLine['pacing'];
  /** server CPU seconds (user + system) over the same span */
  serverCpuSeconds: number;
  peakRssMb: number;
  errorLines: number;
  warnLines: number;
  /** a few of the error lines' messages, for the report */
  errorSamples: string[];
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

interface LogLine {
  level: number;
  msg?: string;
  accepted?: number;
  pacing?: { slices: number; waits: number; waitedMs: number; forced: number };
}

/** Starts the server like scripts/start.mjs (tsx, SERVER_HEAP_MB) but as `node --import tsx` so its pid is the server. */
function startServer(env: Record<string, string>, onLine: (l: LogLine) => void): ChildProcess {
  const heap = `--max-old-space-size=${process.env.SERVER_HEAP_MB || 192}`;
  const child = spawn(process.execPath, ['--import', 'tsx', heap, 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let rest = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const text of lines) {
      if (!text.trim()) continue;
      try {
        onLine(JSON.parse(text) as LogLine);
      } catch {
        onLine({ level: 30, msg: text });
      }
    }
  });
  return child;
}

/** One web-app user: signs in, picks company and application, then plays the fleet map's and dashboard's calls. */
async function webUser(
  base: string,
  login: { username: string; password: string },
  running: () => boolean,
  record: (ms: number, status: number) => void,
) {
  const call = async (path: string, init: RequestInit = {}) => {
    const t0 = performance.now();
    let status = 0;
    let body: any;
    try {
      const res = await fetch(base + path, init);
      status = res.status;
      body = await res.json().catch(() => undefined);
    } catch {
      status = 0;
    }
    if (process.env.BENCH_FIRST_DEBUG && (status < 200 || status >= 300))
      console.log(status, path, JSON.stringify(body?.status));
    record(performance.now() - t0, status);
    return body;
  };
  const form = new URLSearchParams(login);
  let token: string | undefined;
  while (!token && running()) {
    const out = await call('/api/security/authentication/login', { method: 'POST', body: form });
    token = out?.data?.token;
    if (!token) await new Promise((r) => setTimeout(r, 1000));
  }
  if (!token) return;
  const headers = { authentication: token };
  const get = (path: string) => call(path, { headers });
  const status = await get('/api/security/authentication/status');
  const compId = status?.data?.companies?.[0]?.compId;
  if (compId) await get(`/api/security/authentication/setcompany/${compId}`);
  await get('/api/security/authentication/setapp/fms');
  while (running()) {
    const now = Math.floor(Date.now() / 1000);
    // the fleet map (fleet-data.ts): assets and the GPS pulse together, then the other pulses and the 24 h summaries
    const [assets] = await Promise.all([get('/api/master/asset?max=10000'), get('/api/series/device/gps/pulse')]);
    const vessels: { massId: number; massDevice?: { devcUniqueId: string }[] }[] = assets?.data ?? [];
    await get('/api/series/device/all/pulse');
    const hour = Math.floor(now / 3600) * 3600;
    for (let i = 0; i < vessels.length; i += 4)
      await Promise.all(
        vessels
          .slice(i, i + 4)
          .map((v) =>
            get(
              `/api/summary/aggregated/period/${hour - 86400}/${hour + 3600}?devcMassId=${v.massId}&devcType=gps&aggregatedUnit=HOUR`,
            ),
          ),
      );
    // the FMS dashboard of the first vessel: its summary for today and its pulse
    const first = vessels[0];
    if (first) {
      const day = Math.floor((now + 7 * 3600) / 86400) * 86400 - 7 * 3600;
      const devices = (first.massDevice ?? []).map((d) => `device[]=${encodeURIComponent(d.devcUniqueId)}`).join('&');
      await Promise.all([
        get(
          `/api/summary/aggregated/period/${day}/${day + 86400}?devcMassId=${first.massId}&aggregatedUnit=HOUR&timezone=7&showDetails=true`,
        ),
        get(`/api/series/device/all/pulse?${devices}`),
      ]);
    }
    await new Promise((r) => setTimeout(r, THINK_MS));
  }
}

export async function benchFirstStart(): Promise<FirstStartResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-first-start-'));
  const port = await freePort();
  const teltonikaPort = await freePort();
  let backfillDone = Number.NaN;
  let readings = 0;
  let pacing: LogLine['pacing'];
  let errorLines = 0;
  let warnLines = 0;
  const errorSamples: string[] = [];
  let listening = false;
  const t0 = performance.now();
  const child = startServer(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      TELTONIKA_PORT: String(teltonikaPort),
      BACKFILL_DAYS: String(DAYS),
      DATABASE_URL: '',
      DEMO: '',
      SIMULATOR: '',
      MQTT_URL: '',
      LOG_LEVEL: 'info',
    },
    (l) => {
      if (l.level >= 50) {
        errorLines++;
        if (errorSamples.length < 3 && l.msg && !errorSamples.includes(l.msg)) errorSamples.push(l.msg);
      } else if (l.level >= 40) warnLines++;
      if (l.msg?.startsWith('Server listening')) listening = true;
      if (l.msg === 'simulator: backfill done' || l.msg === 'simulator: backfill stopped') {
        backfillDone = (performance.now() - t0) / 1000;
        readings = Number(l.accepted ?? 0);
        pacing = l.pacing;
      }
    },
  );
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const times: number[] = [];
  let shed503 = 0;
  let otherFailures = 0;
  const otherStatuses: Record<string, number> = {};
  let cpu = 0;
  let peakRssMb = 0;
  try {
    while (!listening) {
      if (child.exitCode !== null) throw new Error('the server exited before it listened');
      if (performance.now() - t0 > 120_000) throw new Error('the server did not listen within 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const base = `http://127.0.0.1:${port}`;
    const running = () => Number.isNaN(backfillDone) && performance.now() - t0 < LIMIT_S * 1000;
    const record = (ms: number, status: number) => {
      // only what was answered while the backfill ran counts
      if (!Number.isNaN(backfillDone)) return;
      times.push(ms);
      if (status === 503) shed503++;
      else if (status < 200 || status >= 300) {
        otherFailures++;
        otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
      }
    };
    const logins = [
      { username: 'admin', password: 'Admin#2026' },
      { username: 'operator', password: 'Operator#2026' },
    ];
    await Promise.all(
      Array.from({ length: USERS }, (_, i) => webUser(base, logins[i % logins.length], running, record)),
    );
    cpu = cpuSecondsOf(child.pid!);
    peakRssMb = memoryOf(child.pid!).peakMb;
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    days: DAYS,
    users: USERS,
    requests: times.length,
    shed503,
    otherFailures,
    otherStatuses,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.length ? Math.max(...times) : Number.NaN,
    backfillSeconds: backfillDone,
    readings,
    pacing,
    serverCpuSeconds: cpu,
    peakRssMb,
    errorLines,
    warnLines,
    errorSamples,
  };
}

export function printFirstStart(r: FirstStartResult) {
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : 'n/a');
  console.log(`\n== First start of a fresh clone (issue 23): ${r.days} days of demo history, ${r.users} web users ==`);
  console.log(
    `backfill: ${Number.isNaN(r.backfillSeconds) ? `not done within ${LIMIT_S} s` : `${f(r.backfillSeconds)} s`} wall from spawn, ${r.readings} readings; server CPU ${f(r.serverCpuSeconds)} s; peak RSS ${f(r.peakRssMb)} MB`,
  );
  if (r.pacing)
    console.log(
      `backfill pacing: ${r.pacing.slices} batches, held back ${r.pacing.waits} times for ${f(r.pacing.waitedMs / 1000)} s in all, ${r.pacing.forced} let through after the longest wait`,
    );
  console.log(
    `web requests during the backfill: ${r.requests}, answered 503: ${r.shed503}, other failures: ${r.otherFailures}${r.otherFailures ? ` ${JSON.stringify(r.otherStatuses)}` : ''}; p50 ${f(r.p50)} ms, p99 ${f(r.p99)} ms, max ${f(r.max)} ms`,
  );
  console.log(
    `server log: ${r.errorLines} error-level lines, ${r.warnLines} warn-level lines${r.errorSamples.length ? ` (e.g. ${r.errorSamples.map((s) => `"${s}"`).join(', ')})` : ''}`,
  );
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  printFirstStart(await benchFirstStart());
}
