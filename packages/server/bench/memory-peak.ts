import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { settled } from './ab-server.ts';
import { ALL_REPORTS } from './daily-report.ts';
import { cpuSecondsOf, percentile } from './measure.ts';

/**
 * Where the server's resident memory peaks (issue 29), and what a setting changes: the data set `run.ts` keeps with
 * `BENCH_DIR=<dir>` (a year of one vessel: BENCH_VESSELS=1 BENCH_DAYS=366), read by this checkout's server
 * (bench/server.ts, its own process) under each variant of its environment in turn:
 *
 *   npx tsx packages/server/bench/memory-peak.ts <dir> [VAR=value,VAR=value …] …   (no variant: the defaults)
 *
 * e.g. `memory-peak.ts /tmp/year '' SQLITE_CACHE_MB=16`; with MP_BUILT=1 a variant's ROOT=<checkout> runs that checkout's
 * build (`ROOT=/tmp/A ROOT=.`: A/B of two builds). Per round and variant: a fresh server, then phases — idle
 * (settled after start), the telemetry reads (hourly series, a year at DAY, the pulse, the summaries: MP_RUNS each),
 * the daily report PDFs (one day with tables, 31 days, 4 at once). VmRSS is sampled every 50 ms: each phase's peak,
 * VmHWM at the end, the most threads seen (workers), process.memoryUsage() at the end, and the server CPU per request
 * of each read and PDF (so a setting that saves memory is seen to cost no time). Variants alternate first; medians over
 * MP_ROUNDS (2). The data set is opened read-write (the server migrates it): give it a copy.
 */
const [dirArg, ...variantArgs] = process.argv.slice(2);
if (!dirArg) throw new Error('usage: memory-peak.ts <BENCH_DIR> [VAR=v,VAR=v …] …');
const dir = resolve(dirArg);
const variants = (variantArgs.length ? variantArgs : ['']).map((v) => ({
  name: v || 'defaults',
  env: Object.fromEntries(
    v
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  ),
}));
const ROUNDS = Number(process.env.MP_ROUNDS ?? 2);
const RUNS = Number(process.env.MP_RUNS ?? 5);
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);
const DAY = 86400;
const END = Number(process.env.MP_END ?? Math.floor(Date.now() / 1000 / DAY) * DAY);
const world = JSON.parse(readFileSync(join(dir, 'world.json'), 'utf8')) as {
  token: string;
  vessels: { massId: number; devices: { uid: string; type: string }[] }[];
};
const vessel = world.vessels[0];
const massId = vessel.massId;
const uids = (type: string) =>
  vessel.devices
    .filter((d) => d.type === type)
    .map((d) => `device[]=${d.uid}`)
    .join('&');
const gpsFns = ['AVG', 'AVG', 'AVG', 'SUM', 'LAST', 'LAST']
  .map(
    (f, i) =>
      `functionNames[]=${f}&functionParams[]=dlgp${['Speed', 'Track', 'Altitude', 'Distance', 'Latitude', 'Longitude'][i]}`,
  )
  .join('&');
const types = [...new Set(vessel.devices.map((d) => d.type))];
const summary = (days: number, q: string) =>
  `/api/summary/aggregated/period/${END - days * DAY}/${END}?devcMassId=${massId}&${q}`;
const READS: [string, string[]][] = [
  [
    '30-day hourly series, GPS',
    [
      `/api/series/aggregated/gps/period/${END - 30 * DAY}/${END}?${uids('gps')}&aggregatedUnit=MINUTE&aggregatedLength=60&timezone=7&${gpsFns}`,
    ],
  ],
  [
    `a year at DAY (${types.length} calls)`,
    types.map(
      (t) => `/api/series/aggregated/${t}/period/${END - 365 * DAY}/${END}?${uids(t)}&aggregatedUnit=DAY&timezone=7`,
    ),
  ],
  ['pulse of every device', ['/api/series/device/all/pulse']],
  ['30-day summary (HOUR)', [summary(30, 'aggregatedUnit=HOUR')]],
  ['Report Summary, 30 days', [summary(30, 'aggregatedUnit=HOUR&timezone=7&showDetails=true')]],
  ['365-day summary (HOUR)', [summary(365, 'aggregatedUnit=HOUR')]],
];
const PDFS = ['PDF one day (first)', 'PDF 31 days', 'PDF one day, 4 at once'];
const pdf = (start: number, end: number, tables: boolean) =>
  `/api/reports/report/print/period/${start}/${end}?devcMassId=${massId}&aggregatedUnit=HOUR&aggregatedLength=1${tables ? '&dataTables=true' : ''}`;

function status(pid: number) {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const n = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
  return { rssMb: n('VmRSS') / 1024, hwmMb: n('VmHWM') / 1024, threads: n('Threads') };
}

/** MP_BUILT=1: the built server as `npm start` runs it (packages/server/dist/main.js, plain node, no tsx). */
const BUILT = process.env.MP_BUILT === '1';

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

async function start(env: Record<string, string>, dataDir: string): Promise<ChildProcess & { port?: number }> {
  // NODE_ARGS=<options> in a variant: more Node options for the server (`--max-semi-space-size=4`)
  const heap = [
    `--max-old-space-size=${env.SERVER_HEAP_MB || process.env.SERVER_HEAP_MB || 192}`,
    ...(env.NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const common = {
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...process.env,
    ...env,
    DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
    DATA_DIR: dataDir,
  };
  if (BUILT) {
    const port = await freePort();
    // ROOT=<checkout> in a variant: that checkout's built server (an A/B of two builds on one data set)
    const root = env.ROOT ? resolve(env.ROOT) : ROOT;
    const child: ChildProcess & { port?: number } = fork(join(root, 'packages/server/dist/main.js'), {
      execArgv: heap,
      env: {
        ...common,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO: '0',
        SIMULATOR: '0',
        MQTT_URL: '',
        TELTONIKA_PORT: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.port = port;
    for (let i = 0; i < 600; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/api/health/live`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return child;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    throw new Error('the built server did not start');
  }
  return new Promise((done, fail) => {
    const child: ChildProcess & { port?: number } = fork(join(ROOT, 'packages/server/bench/server.ts'), {
      execArgv: ['--import', 'tsx', ...heap],
      env: common,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: { port: number }) => {
      child.port = m.port;
      done(child);
    });
    child.once('exit', (code) => fail(new Error(`server exited (${code})`)));
  });
}

async function measure(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-mem-'));
  const child = await start(env, dataDir);
  const pid = child.pid!;
  const base = `http://127.0.0.1:${child.port}`;
  let phase = 'start';
  const peaks = new Map<string, number>();
  let threads = 0;
  const sampler = setInterval(() => {
    const s = status(pid);
    peaks.set(phase, Math.max(peaks.get(phase) ?? 0, s.rssMb));
    threads = Math.max(threads, s.threads);
  }, 50);
  const get = async (path: string) => {
    const res = await fetch(base + path, { headers: { authentication: world.token } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
  };
  try {
    await settled(pid);
    phase = 'idle';
    await new Promise((ok) => setTimeout(ok, 500));
    const cpu: Record<string, number> = {};
    phase = 'telemetry reads';
    for (const [label, paths] of READS) {
      for (const p of paths) await get(p); // warm-up
      const c0 = cpuSecondsOf(pid);
      for (let i = 0; i < RUNS; i++) for (const p of paths) await get(p);
      cpu[label] = ((cpuSecondsOf(pid) - c0) * 1000) / RUNS;
    }
    phase = 'PDFs';
    // the server CPU of each PDF (the first one day starts the drawing code: the bench's first PDF, as a user's)
    const pdfCpu = async (label: string, n: number, call: () => Promise<unknown>) => {
      const c0 = cpuSecondsOf(pid);
      await call();
      cpu[label] = ((cpuSecondsOf(pid) - c0) * 1000) / n;
    };
    await pdfCpu(PDFS[0], 1, () => get(`${pdf(END - DAY, END, true)}&${ALL_REPORTS}`));
    await pdfCpu(PDFS[1], 1, () => get(`${pdf(END - 31 * DAY, END, false)}&${ALL_REPORTS}`));
    await pdfCpu(PDFS[2], 4, () =>
      Promise.all([1, 2, 3, 4].map((k) => get(`${pdf(END - (k + 1) * DAY, END - k * DAY, true)}&${ALL_REPORTS}`))),
    );
    phase = 'end';
    await new Promise((ok) => setTimeout(ok, 200));
    const usage = BUILT
      ? undefined
      : await new Promise<NodeJS.MemoryUsage>((done) => {
          const on = (m: { memory?: NodeJS.MemoryUsage }) => {
            if (!m.memory) return;
            child.off('message', on);
            done(m.memory);
          };
          child.on('message', on);
          child.send({ memory: true });
        });
    return { peaks, hwm: status(pid).hwmMb, threads, usage, cpu };
  } finally {
    clearInterval(sampler);
    await new Promise<void>((done) => {
      child.removeAllListeners('exit');
      child.once('exit', () => done());
      if (BUILT) child.kill('SIGTERM');
      else child.send({ stop: true });
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = new Map<string, Awaited<ReturnType<typeof measure>>[]>();
const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 ? [...variants].reverse() : variants;
  for (const v of order) {
    const m = await measure(v.env);
    results.set(v.name, [...(results.get(v.name) ?? []), m]);
    console.log(
      `round ${r + 1} ${v.name}: VmHWM ${m.hwm.toFixed(0)} MB, ${[...m.peaks].map(([p, mb]) => `${p} ${mb.toFixed(0)}`).join(', ')} (load ${loadavg()[0].toFixed(1)})`,
    );
  }
}
const med = (xs: number[]) => percentile(xs, 50);
console.log(
  `\n${ROUNDS} rounds, ${RUNS} requests per read, ${startedAt}–${new Date().toISOString().slice(11, 16)} UTC, load ${loadavg()[0].toFixed(1)}; RSS in MB (medians)`,
);
console.log(
  `| variant | idle | telemetry reads | PDFs | peak (VmHWM) | threads | heap used / total at end | ${[...READS.map(([l]) => l), ...PDFS].map((l) => `${l}: CPU/req`).join(' | ')} |`,
);
console.log(`|${'---|'.repeat(7 + READS.length + PDFS.length)}`);
for (const v of variants) {
  const rs = results.get(v.name)!;
  const p = (phase: string) => med(rs.map((x) => x.peaks.get(phase) ?? 0)).toFixed(0);
  const mb = (b: number) => (b / 2 ** 20).toFixed(0);
  console.log(
    `| ${v.name} | ${p('idle')} | ${p('telemetry reads')} | ${p('PDFs')} | ${med(rs.map((x) => x.hwm)).toFixed(0)} | ${med(rs.map((x) => x.threads))} | ${BUILT ? 'n/a' : `${mb(med(rs.map((x) => x.usage!.heapUsed)))} / ${mb(med(rs.map((x) => x.usage!.heapTotal)))}`} | ${[...READS.map(([l]) => l), ...PDFS].map((l) => `${med(rs.map((x) => x.cpu[l])).toFixed(0)} ms`).join(' | ')} |`,
  );
}
