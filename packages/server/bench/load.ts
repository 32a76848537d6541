import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchFleet, generateReadings } from '@fleet/simulator';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { issueDeviceKey } from '../src/modules/telemetry/device-keys.ts';
import {
  createAsset,
  createCompany,
  createDevice,
  createGroup,
  createRole,
  createUser,
  signIn,
} from '../test/helpers/fixtures.ts';
import { percentile } from './measure.ts';

/**
 * Load shedding under load (issue 10 "Under load"): READERS concurrent list readers and POSTERS ingest
 * posters against one server process for SECONDS, while a probe opens a new connection every 250 ms and
 * times its /api/health answer. Reported: p50/p99 of the reads that were served, the share of 503s
 * (shed with Retry-After), reads that timed out (30 s), and the time a new connection waits for an answer.
 * `npm run bench` runs it after the main benchmark (BENCH_LOAD=0 skips it); alone: `tsx packages/server/bench/load.ts`.
 */
const READERS = Number(process.env.BENCH_LOAD_READERS ?? 200);
const POSTERS = Number(process.env.BENCH_LOAD_POSTERS ?? 20);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const VESSELS = Number(process.env.BENCH_LOAD_VESSELS ?? 20);
const TIMEOUT_MS = 30_000;
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);

export interface LoadResult {
  seconds: number;
  readers: number;
  posters: number;
  reads: { served: number; p50: number; p99: number; shed: number; timedOut: number; other: number };
  ingest: { posts: number; shed: number; readings: number };
  newConnection: { probes: number; p50: number; p99: number; max: number; failed: number };
}

async function seed(url: string) {
  const database = openDatabase(url);
  await migrate(database);
  const db = database.db;
  const group = await createGroup(db, 'Load Group');
  const comp = await createCompany(db, group, 'Load Shipping');
  const role = await createRole(db, 'Load reader', { master_asset: ['read'], master_device: ['read'] });
  await createUser(db, { userId: 'load@fleet.test', username: 'load', roleIds: [role], companies: [{ compId: comp }] });
  const keys = new Map<string, string>();
  for (const spec of benchFleet(VESSELS)) {
    const massId = await createAsset(db, comp, spec.name);
    let gateway = 0;
    for (const d of spec.devices) {
      const id = await createDevice(db, massId, d.uniqueId, d.type, { devcLabel: d.label });
      if (d.type === 'gateway') gateway = id;
    }
    const key = await issueDeviceKey(db, gateway, 'load');
    for (const d of spec.devices) keys.set(d.uniqueId, key);
  }
  const token = await signIn(db, 'load@fleet.test', comp);
  await database.close();
  return { token, keys };
}

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((done, reject) => {
    const child = fork(resolve(ROOT, 'packages/server/bench/server.ts'), {
      execArgv: ['--import', 'tsx', `--max-old-space-size=${process.env.SERVER_HEAP_MB || 192}`],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: { port: number }) => done({ child, port: m.port }));
    child.once('exit', (code) => reject(new Error(`load server exited (${code})`)));
  });
}

/** GET on a new connection (no keep-alive agent): ms until the whole answer arrived, or null on failure. */
function freshGet(port: number, path: string): Promise<number | null> {
  const t0 = performance.now();
  return new Promise((done) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode === 200 ? performance.now() - t0 : null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(null));
  });
}

export async function runLoad(): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-load-'));
  const url = `sqlite:${join(dir, 'fleet.db')}`;
  console.log(`\nload: ${READERS} readers + ${POSTERS} ingest posters for ${SECONDS} s (SQLite, ${VESSELS} vessels) …`);
  const { token, keys } = await seed(url);
  const { child, port } = await startServer({ DATABASE_URL: url, DATA_DIR: dir });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + SECONDS * 1000;
  const readMs: number[] = [];
  const reads = { shed: 0, timedOut: 0, other: 0 };
  const ingest = { posts: 0, shed: 0, readings: 0 };
  const probeMs: number[] = [];
  let probeFailed = 0;

  // readings for the posters: one day of 1-minute data per vessel, posted per gateway key, round and round
  const END = Math.floor(Date.now() / 1000 / 86400) * 86400;
  const batches: { key: string; readings: unknown[] }[] = [];
  for (const batch of generateReadings({
    seed: 'load',
    vessels: benchFleet(VESSELS),
    start: END - 86400,
    end: END,
    stepSeconds: 60,
    batchSteps: 60,
  })) {
    const byKey = new Map<string, unknown[]>();
    for (const r of batch) {
      const key = keys.get(r.device)!;
      const list = byKey.get(key);
      if (list) list.push(r);
      else byKey.set(key, [r]);
    }
    for (const [key, readings] of byKey) batches.push({ key, readings });
  }
  let next = 0;

  const poster = async () => {
    while (Date.now() < until) {
      const b = batches[next++ % batches.length];
      const res = await fetch(`${base}/api/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-key': b.key },
        body: JSON.stringify({ readings: b.readings }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }).catch(() => null);
      if (!res) continue;
      const body = (await res.json().catch(() => null)) as { data?: { accepted?: number } } | null;
      ingest.posts++;
      if (res.status === 503) {
        ingest.shed++;
        await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
      } else ingest.readings += body?.data?.accepted ?? 0;
    }
  };
  const reader = async (i: number) => {
    const paths = ['/api/master/asset?max=50', '/api/master/device?max=100'];
    while (Date.now() < until) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}${paths[i % 2]}`, {
          headers: { authentication: token },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await res.arrayBuffer();
        if (res.status === 200) readMs.push(performance.now() - t0);
        else if (res.status === 503) reads.shed++;
        else reads.other++;
      } catch {
        reads.timedOut++;
      }
    }
  };
  const prober = async () => {
    while (Date.now() < until) {
      const ms = await freshGet(port, '/api/health');
      if (ms === null) probeFailed++;
      else probeMs.push(ms);
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  try {
    await Promise.all([
      ...Array.from({ length: POSTERS }, poster),
      ...Array.from({ length: READERS }, (_, i) => reader(i)),
      prober(),
    ]);
  } finally {
    await new Promise<void>((done) => {
      child.removeAllListeners('exit');
      child.once('exit', () => done());
      child.send({ stop: true });
    });
    rmSync(dir, { recursive: true, force: true });
  }
  const answered = readMs.length + reads.shed + reads.other + reads.timedOut;
  const result: LoadResult = {
    seconds: SECONDS,
    readers: READERS,
    posters: POSTERS,
    reads: { served: readMs.length, p50: percentile(readMs, 50), p99: percentile(readMs, 99), ...reads },
    ingest,
    newConnection: {
      probes: probeMs.length + probeFailed,
      p50: percentile(probeMs, 50),
      p99: percentile(probeMs, 99),
      max: Math.max(0, ...probeMs),
      failed: probeFailed,
    },
  };
  const ms = (x: number) => `${Number.isNaN(x) ? '–' : x.toFixed(x < 10 ? 1 : 0)} ms`;
  console.log(
    [
      '| measure | result |',
      '|---|---|',
      `| reads served (${READERS} concurrent list readers) | ${result.reads.served}, p50 ${ms(result.reads.p50)}, p99 ${ms(result.reads.p99)} |`,
      `| reads shed (503 + Retry-After) | ${((100 * reads.shed) / Math.max(1, answered)).toFixed(1)} % (${reads.shed}) |`,
      `| reads timed out (${TIMEOUT_MS / 1000} s) | ${reads.timedOut} |`,
      `| ingest posts (${POSTERS} posters) | ${ingest.posts}, ${ingest.shed} shed, ${Math.round(ingest.readings / SECONDS)} readings/s stored |`,
      `| new connection → /api/health answered | p50 ${ms(result.newConnection.p50)}, p99 ${ms(result.newConnection.p99)}, max ${ms(result.newConnection.max)}; ${probeFailed} of ${result.newConnection.probes} failed |`,
    ].join('\n'),
  );
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runLoad();
