import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
import { cpuSecondsOf, percentile } from './measure.ts';

/**
 * Reads under load (issue 10 "Under load", issue 23 "Reads under load"): READERS concurrent light readers (asset and
 * device lists, the fleet pulse, a one-day summary of a vessel), POSTERS ingest posters and HEAVY clients asking for
 * heavy reports (a PDF_DAYS-day (1) MINUTE daily-report PDF and a 6-day MINUTE summary with showDetails, alternately) against
 * one server process for SECONDS, while a probe opens a new connection every 250 ms and times its /api/health answer.
 * Reported: p50/p99 of the light reads per kind, their 503s (shed with Retry-After), reads that timed out (30 s), the
 * heavy reports' answers, the time a new connection waits for an answer, and the server's CPU time next to the wall
 * time. The vessels the heavy reports and the summaries read get HISTORY_DAYS of 1-minute history before the run.
 * `npm run bench` runs it after the main benchmark (BENCH_LOAD=0 skips it); alone: `tsx packages/server/bench/load.ts`.
 */
const READERS = Number(process.env.BENCH_LOAD_READERS ?? 200);
const POSTERS = Number(process.env.BENCH_LOAD_POSTERS ?? 20);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const VESSELS = Number(process.env.BENCH_LOAD_VESSELS ?? 20);
const HEAVY = Number(process.env.BENCH_LOAD_HEAVY ?? 4);
const HISTORY_DAYS = Number(process.env.BENCH_LOAD_HISTORY_DAYS ?? 7);
/** light reads of each kind, one after another, before the load (BENCH_WARMUP, as run.ts): a running server's JIT state */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
/** days of the heavy clients' MINUTE daily-report PDF */
const PDF_DAYS = Number(process.env.BENCH_LOAD_PDF_DAYS ?? 1);
/** vessels with history (heavy reports and the summaries read them) */
const HISTORY_VESSELS = Math.min(2, VESSELS);
const TIMEOUT_MS = 30_000;
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);

type Stats = { served: number; p50: number; p99: number; shed: number; timedOut: number; other: number };
export interface LoadResult {
  seconds: number;
  readers: number;
  posters: number;
  heavy: number;
  reads: Stats;
  byKind: Record<string, Stats>;
  heavyReports: { answered: number; ok: number; statuses: Record<string, number>; p50: number; max: number };
  ingest: { posts: number; shed: number; readings: number };
  newConnection: { probes: number; first: number; p50: number; p99: number; max: number; failed: number };
  serverCpuSeconds: number;
  /** why the server process ended during the run, if it did */
  serverDied: string | null;
}

async function seed(url: string) {
  const database = openDatabase(url);
  await migrate(database);
  const db = database.db;
  const group = await createGroup(db, 'Load Group');
  const comp = await createCompany(db, group, 'Load Shipping');
  const role = await createRole(db, 'Load reader', { master_asset: ['read'], master_device: ['read'] });
  const massIds: number[] = [];
  await createUser(db, { userId: 'load@fleet.test', username: 'load', roleIds: [role], companies: [{ compId: comp }] });
  const keys = new Map<string, string>();
  for (const spec of benchFleet(VESSELS)) {
    const massId = await createAsset(db, comp, spec.name);
    massIds.push(massId);
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
  return { token, keys, massIds };
}

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((done, reject) => {
    const child = fork(resolve(ROOT, 'packages/server/bench/server.ts'), {
      execArgv: [
        '--import',
        'tsx',
        `--max-old-space-size=${process.env.SERVER_HEAP_MB || 192}`,
        ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
      ],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: { port: number }) => done({ child, port: m.port }));
    child.once('exit', (code) => reject(new Error(`load server exited (${code})`)));
  });
}

export async function runLoad(): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-load-'));
  const url = `sqlite:${join(dir, 'fleet.db')}`;
  console.log(
    `\nload: ${READERS} readers + ${POSTERS} ingest posters + ${HEAVY} heavy report clients for ${SECONDS} s (SQLite, ${VESSELS} vessels) …`,
  );
  const { token, keys, massIds } = await seed(url);
  const { child, port } = await startServer({ DATABASE_URL: url, DATA_DIR: dir });
  const base = `http://127.0.0.1:${port}`;
  const ingest = { posts: 0, shed: 0, readings: 0 };
  const probeMs: number[] = [];
  let probeFailed = 0;

  /** readings grouped per gateway key, in batches of `batchSteps` steps */
  const batchesOf = (vessels: number, start: number, end: number, batchSteps: number) => {
    const out: { key: string; readings: unknown[] }[] = [];
    for (const batch of generateReadings({
      seed: 'load',
      vessels: benchFleet(VESSELS).slice(0, vessels),
      start,
      end,
      stepSeconds: 60,
      batchSteps,
    })) {
      const byKey = new Map<string, unknown[]>();
      for (const r of batch) {
        const key = keys.get(r.device)!;
        const list = byKey.get(key);
        if (list) list.push(r);
        else byKey.set(key, [r]);
      }
      for (const [key, readings] of byKey) out.push({ key, readings });
    }
    return out;
  };
  const post = (b: { key: string; readings: unknown[] }) =>
    fetch(`${base}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-key': b.key },
      body: JSON.stringify({ readings: b.readings }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });

  // readings for the posters: one day of 1-minute data per vessel, posted per gateway key, round and round
  const END = Math.floor(Date.now() / 1000 / 86400) * 86400;
  const batches = batchesOf(VESSELS, END - 86400, END, 60);
  let next = 0;

  // history of the report vessels before the run (not timed)
  const h0 = performance.now();
  for (const b of batchesOf(HISTORY_VESSELS, END - HISTORY_DAYS * 86400, END, 360)) {
    for (let tries = 0; ; tries++) {
      const res = await post(b);
      await res.arrayBuffer();
      if (res.status === 200) break;
      if (res.status !== 503 || tries > 20) throw new Error(`history ingest answered ${res.status}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  console.log(
    `load: ${HISTORY_DAYS} days of 1-minute history for ${HISTORY_VESSELS} vessel(s) in ${((performance.now() - h0) / 1000).toFixed(0)} s`,
  );

  let until = Date.now() + SECONDS * 1000;
  // the server ending under load (out of memory) is a result: the run stops and says so
  let serverDied: string | null = null;
  child.once('exit', (code, signal) => {
    serverDied = `server process ended (${signal ?? `code ${code}`}) after ${((performance.now() - wall0) / 1000).toFixed(1)} s`;
    until = 0;
  });
  const cpu0 = cpuSecondsOf(child.pid!);
  const wall0 = performance.now();
  const day = END - 86400;
  const heavyStart = END - 6 * 86400; // 6 days of MINUTE buckets: 8,640 (the limit is 10,000)
  const pdfStart = END - PDF_DAYS * 86400; // MINUTE buckets within what a report may draw (domain.md §36)
  const ALL_PAGES = ['summary', 'vessel_tracking', 'rpm_speed', 'fuel_characteristics', 'ae_usage']
    .map((k) => `reports[]=${k}`)
    .join('&');
  const LIGHT: Record<string, string> = {
    assets: '/api/master/asset?max=50',
    devices: '/api/master/device?max=100',
    pulse: '/api/series/device/all/pulse',
    summary: `/api/summary/aggregated/period/${day}/${END}?devcMassId=${massIds[1 % massIds.length]}&aggregatedUnit=HOUR`,
  };
  const kinds = Object.keys(LIGHT);
  for (let w = 0; w < WARMUP; w++)
    for (const k of kinds)
      await (await fetch(`${base}${LIGHT[k]}`, { headers: { authentication: token } })).arrayBuffer();
  const light = Object.fromEntries(kinds.map((k) => [k, { ms: [] as number[], shed: 0, timedOut: 0, other: 0 }]));
  const heavyMs: number[] = [];
  const heavyStatuses: Record<string, number> = {};
  const heavyMessages: Record<string, string> = {};
  let heavyMb = 0;

  const poster = async () => {
    while (Date.now() < until) {
      const b = batches[next++ % batches.length];
      const res = await post(b).catch(() => null);
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
    const kind = kinds[i % kinds.length];
    const r = light[kind];
    while (Date.now() < until) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}${LIGHT[kind]}`, {
          headers: { authentication: token },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await res.arrayBuffer();
        if (res.status === 200) r.ms.push(performance.now() - t0);
        else if (res.status === 503) {
          r.shed++;
          await new Promise((w) => setTimeout(w, 1000 * Number(res.headers.get('retry-after') ?? 1)));
        } else r.other++;
      } catch {
        r.timedOut++;
      }
    }
  };
  /** heavy reports: a PDF_DAYS-day (1) MINUTE daily-report PDF and a 6-day MINUTE summary with details, on the history vessels */
  const heavyClient = async (i: number) => {
    const massId = massIds[i % HISTORY_VESSELS];
    const path =
      i % 2 === 0
        ? `/api/reports/report/print/period/${pdfStart}/${END}?devcMassId=${massId}&aggregatedUnit=MINUTE&${ALL_PAGES}`
        : `/api/summary/aggregated/period/${heavyStart}/${END}?devcMassId=${massId}&aggregatedUnit=MINUTE&showDetails=true`;
    while (Date.now() < until) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}${path}`, {
          headers: { authentication: token },
          signal: AbortSignal.timeout(120_000),
        });
        // read and dropped as it arrives: the answer of a 6-day MINUTE summary with details is tens of MB, and
        // gathering it would stall this client (and every figure it measures), not the server
        let bytes = 0;
        let head = '';
        for await (const chunk of res.body ?? []) {
          if (head.length < 300) head += Buffer.from(chunk).toString('utf8');
          bytes += chunk.byteLength;
        }
        heavyStatuses[res.status] = (heavyStatuses[res.status] ?? 0) + 1;
        heavyMb = Math.max(heavyMb, bytes / 1e6);
        if (res.status !== 200 && !heavyMessages[res.status]) heavyMessages[res.status] = head.slice(0, 300);
        heavyMs.push(performance.now() - t0);
        if (res.status !== 200) await new Promise((w) => setTimeout(w, 1000));
      } catch {
        heavyStatuses.timeout = (heavyStatuses.timeout ?? 0) + 1;
      }
    }
  };
  // the probe runs in a process of its own: in this one, 200 busy readers delay its new connection by whole
  // seconds that the server does not (a new client elsewhere is answered in milliseconds)
  const prober = () =>
    new Promise<void>((done) => {
      const child = fork(resolve(ROOT, 'packages/server/bench/probe.ts'), [String(port), String(until)], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.once('message', (m: { ms: number[]; failed: number }) => {
        probeMs.push(...m.ms);
        probeFailed += m.failed;
      });
      child.once('exit', () => done());
    });

  let serverCpuSeconds = 0;
  let wallSeconds = 0;
  try {
    await Promise.all([
      ...Array.from({ length: POSTERS }, poster),
      ...Array.from({ length: READERS }, (_, i) => reader(i)),
      ...Array.from({ length: HEAVY }, (_, i) => heavyClient(i)),
      prober(),
    ]);
    wallSeconds = (performance.now() - wall0) / 1000;
    if (!serverDied) serverCpuSeconds = cpuSecondsOf(child.pid!) - cpu0;
  } finally {
    if (!serverDied)
      await new Promise<void>((done) => {
        child.removeAllListeners('exit');
        child.once('exit', () => done());
        child.send({ stop: true });
      });
    rmSync(dir, { recursive: true, force: true });
  }
  const stats = (ms: number[], r: { shed: number; timedOut: number; other: number }): Stats => ({
    served: ms.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    shed: r.shed,
    timedOut: r.timedOut,
    other: r.other,
  });
  const all = Object.values(light);
  const sumOf = (f: (x: (typeof all)[number]) => number) => all.reduce((a, x) => a + f(x), 0);
  const reads = stats(
    all.flatMap((x) => x.ms),
    { shed: sumOf((x) => x.shed), timedOut: sumOf((x) => x.timedOut), other: sumOf((x) => x.other) },
  );
  const answered = reads.served + reads.shed + reads.other + reads.timedOut;
  const byKind = Object.fromEntries(kinds.map((k) => [k, stats(light[k].ms, light[k])]));
  const result: LoadResult = {
    seconds: SECONDS,
    readers: READERS,
    posters: POSTERS,
    heavy: HEAVY,
    reads,
    byKind,
    heavyReports: {
      answered: heavyMs.length,
      ok: heavyStatuses[200] ?? 0,
      statuses: heavyStatuses,
      p50: percentile(heavyMs, 50),
      max: Math.max(0, ...heavyMs),
    },
    ingest,
    serverCpuSeconds,
    serverDied,
    newConnection: {
      probes: probeMs.length + probeFailed,
      first: probeMs[0] ?? 0,
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
      `| light reads served (${READERS} concurrent readers) | ${reads.served}, p50 ${ms(reads.p50)}, p99 ${ms(reads.p99)} |`,
      ...kinds.map(
        (k) =>
          `| — ${k} | ${byKind[k].served}, p50 ${ms(byKind[k].p50)}, p99 ${ms(byKind[k].p99)}; ${byKind[k].shed} shed, ${byKind[k].other} other |`,
      ),
      `| light reads shed (503 + Retry-After) | ${((100 * reads.shed) / Math.max(1, answered)).toFixed(1)} % (${reads.shed}) |`,
      `| light reads timed out (${TIMEOUT_MS / 1000} s) | ${reads.timedOut} |`,
      `| heavy reports (${HEAVY} clients: ${PDF_DAYS}-day MINUTE PDF / 6-day MINUTE summary with details) | ${result.heavyReports.answered} answered (${Object.entries(
        heavyStatuses,
      )
        .map(([k, v]) => `${v}× ${k}`)
        .join(
          ', ',
        )}), p50 ${ms(result.heavyReports.p50)}, max ${ms(result.heavyReports.max)}; largest answer ${heavyMb.toFixed(1)} MB |`,
      `| ingest posts (${POSTERS} posters) | ${ingest.posts}, ${ingest.shed} shed, ${Math.round(ingest.readings / SECONDS)} readings/s stored |`,
      `| new connection → /api/health answered | p50 ${ms(result.newConnection.p50)}, p99 ${ms(result.newConnection.p99)}, max ${ms(result.newConnection.max)} (the first, in the start burst of every client at once: ${ms(result.newConnection.first)}); ${probeFailed} of ${result.newConnection.probes} failed |`,
      ...Object.entries(heavyMessages).map(([k, v]) => `| — heavy ${k} | ${v} |`),
      ...(serverDied ? [`| **server died** | ${serverDied} |`] : []),
      `| server CPU / wall time | ${serverCpuSeconds.toFixed(1)} s / ${wallSeconds.toFixed(1)} s (${((100 * serverCpuSeconds) / Math.max(0.001, wallSeconds)).toFixed(0)} % of one core) |`,
    ].join('\n'),
  );
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runLoad();
