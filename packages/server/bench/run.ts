import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { benchFleet, generateReadings } from '@fleet/simulator';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { benchBunker } from './bunker.ts';
import { seedFleet, type World } from './fleet-seed.ts';
import { cpuSecondsOf, memoryOf, timeIt } from './measure.ts';

/**
 * `npm run bench`: the benchmark of the telemetry issue, on generated data of a stated size.
 * The simulator's seeded generator produces 1-minute readings of every device of BENCH_VESSELS
 * vessels (10) over BENCH_DAYS days (90); they go through POST /api/ingest over real HTTP to the
 * server running in its own process (batches of ~1000 per gateway, 3 in flight), then typical
 * reads are timed from the client side. Embedded SQLite in a temp dir always; PostgreSQL as well
 * when DATABASE_URL points at one (a scratch database is created there and dropped after).
 * Figures are printed; a full-size run also writes them to docs/benchmarks.md (BENCH_WRITE=1 forces).
 */
const VESSELS = Number(process.env.BENCH_VESSELS ?? 10);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
/** requests before timing: the server's JIT and caches reach their steady state, as in a running server */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const IN_FLIGHT = 3;
const BATCH = 1000;
const SEED = 'bench';
const DAY = 86400;
const END = Math.floor(Date.now() / 1000 / DAY) * DAY; // today 00:00 UTC: the data ends where a user's "now" is
/** PostgreSQL ingests slower; BENCH_PG_DAYS gives it a shorter history (the doc states it). */
const PG_DAYS = Number(process.env.BENCH_PG_DAYS ?? DAYS);
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);

const TARGETS = {
  ingest: 50000,
  hourly30: 10,
  summary30: 50,
  day90: 50,
  pulse100: 5,
  rssMb: 300,
};

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolvePort, reject) => {
    const child = fork(resolve(ROOT, 'packages/server/bench/server.ts'), {
      // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the server, for finding where the time goes;
      // BENCH_SERVER_ARGS: more Node options for the server (`--trace-gc`)
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        // the heap budget `npm start` gives the server (scripts/start.mjs)
        `--max-old-space-size=${process.env.SERVER_HEAP_MB || 192}`,
        ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: { port: number }) => resolvePort({ child, port: m.port }));
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    child.removeAllListeners('exit');
    child.once('exit', () => done());
    child.send({ stop: true });
  });
}

/**
 * A fixed reference workload (an in-memory SQLite read of 5 760 rows × 11 columns, as a 30-day hourly series
 * reads), timed in this process: how fast this machine is at the moment, so runs on a busy or an idle machine
 * can be compared.
 */
function reference(): number {
  const db = new SQLite(':memory:');
  db.exec(
    'create table t (a integer, m text, b integer, c real, d real, e real, f real, g integer, h real, i integer, j real, primary key (a, m, b)) without rowid',
  );
  const insert = db.prepare('insert into t values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (let k = 0; k < 8; k++)
      for (let i = 0; i < 720; i++) insert.run(1, `m${k}`, i * 3600, 1, 2.5, 3.5, 4.5, 5, 6.5, 7, 8.5);
  })();
  const select = db.prepare('select * from t where a = 1');
  for (let i = 0; i < 5; i++) select.all();
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    select.all();
    times.push(performance.now() - t0);
  }
  db.close();
  return times.sort((a, b) => a - b)[15];
}

/** CPU seconds a process has used so far (user + system, Linux /proc). */

async function ingest(base: string, world: World, serverPid: number, start: number) {
  const cpu0 = cpuSecondsOf(serverPid);
  const load0 = loadavg()[0];
  let sent = 0;
  let accepted = 0;
  let rejected = 0;
  const inFlight = new Set<Promise<void>>();
  let shed = 0;
  const post = async (key: string, readings: unknown[]) => {
    const send = () =>
      fetch(`${base}/api/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-key': key },
        body: JSON.stringify({ readings }),
      });
    let res = await send();
    // the load shedding's 503 (a busy machine): sent again after its Retry-After, as a gateway does; counted
    while (res.status === 503 && shed < 1000) {
      shed++;
      await res.arrayBuffer();
      await new Promise((ok) => setTimeout(ok, 1000 * Number(res.headers.get('retry-after') ?? 1)));
      res = await send();
    }
    const body = (await res.json()) as any;
    if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${JSON.stringify(body.status)}`);
    accepted += body.data.accepted;
    rejected += body.data.rejected;
  };
  const devicesPerStep = world.vessels.reduce((n, v) => n + v.devices.length, 0) / world.vessels.length;
  const batchSteps = Math.max(1, Math.round(BATCH / devicesPerStep));
  const started = performance.now();
  let lastReport = started;
  for (const batch of generateReadings({
    seed: SEED,
    vessels: benchFleet(VESSELS),
    start,
    end: END,
    stepSeconds: 60,
    batchSteps,
  })) {
    // one POST per gateway: its key covers its vessel's devices only
    const byKey = new Map<string, unknown[]>();
    for (const r of batch) {
      const key = world.keys.get(r.device)!;
      const list = byKey.get(key);
      if (list) list.push(r);
      else byKey.set(key, [r]);
    }
    for (const [key, readings] of byKey) {
      while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      const p = post(key, readings).finally(() => inFlight.delete(p));
      inFlight.add(p);
      sent += readings.length;
    }
    const now = performance.now();
    if (now - lastReport > 15000) {
      lastReport = now;
      const s = (now - started) / 1000;
      process.stdout.write(`  … ${(sent / 1e6).toFixed(1)} M readings, ${Math.round(sent / s)} /s\n`);
    }
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSecondsOf(serverPid) - cpu0;
  if (shed) console.log(`  ${shed} ingest request(s) shed with 503 and sent again (the wait is in the figures)`);
  return {
    readings: sent,
    accepted,
    rejected,
    seconds,
    rate: accepted / seconds,
    // what one core of server CPU takes: independent of other load on the machine
    perCpuSecond: accepted / cpu,
    load: (load0 + loadavg()[0]) / 2,
  };
}

let serverPid = 0;
async function timed(label: string, fn: () => Promise<void>) {
  for (let i = 0; i < WARMUP; i++) await fn(); // warm caches and JIT
  const cpu0 = cpuSecondsOf(serverPid);
  const { p50, p95 } = await timeIt(fn, { warmup: 0, runs: RUNS });
  // server CPU per request: what the request costs, whatever else runs on the machine (10 ms resolution overall)
  const cpuMs = ((cpuSecondsOf(serverPid) - cpu0) * 1000) / RUNS;
  return { label, p50, p95, cpuMs };
}

/** Reads shed with 503 by the load shedding (heavy calls sent back to back), waited out as the web client does. */
const shedReads = new Map<string, number>();

async function getJson(base: string, token: string, path: string) {
  let res = await fetch(base + path, { headers: { authentication: token } });
  for (let tries = 0; res.status === 503 && tries < 20; tries++) {
    const route = path.split('?')[0].replace(/\/\d+/g, '/…');
    shedReads.set(route, (shedReads.get(route) ?? 0) + 1);
    await res.arrayBuffer();
    await new Promise((ok) => setTimeout(ok, 1000 * Number(res.headers.get('retry-after') ?? 1)));
    res = await fetch(base + path, { headers: { authentication: token } });
  }
  const body = (await res.json()) as any;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body.status)}`);
  return body;
}

interface Timing {
  p50: number;
  p95: number;
  cpuMs: number;
}

interface EngineResult {
  engine: string;
  days: number;
  ingest: Awaited<ReturnType<typeof ingest>>;
  hourly30: Timing & { rows: number };
  summary30?: Timing;
  day90: Timing & { calls: number };
  combined90?: Timing;
  pulse100: Timing & { devices: number };
  /** after ingest and the telemetry reads above (the target's scope) */
  memory: { peakMb: number; nowMb: number };
  /** at the end of the whole run: the report screens, PDFs (report worker), device detail and bunker figures too */
  memoryAll: { peakMb: number; nowMb: number };
  dbMb?: number;
  /** when this engine's reads were timed, and the reference workload then (how fast the machine was) */
  runAt: string;
  referenceMs: number;
  /** the data set of an earlier run (BENCH_DIR): its ingest figures are that run's */
  reused: boolean;
}

async function runEngine(
  engine: 'sqlite' | 'postgres',
  url: string,
  dataDir: string,
  days: number,
): Promise<EngineResult> {
  const START = END - days * DAY;
  // BENCH_DIR=<dir>: keep the SQLite data set there; a second run finds it and times the reads only
  const worldFile = join(dataDir, 'world.json');
  const reuse = engine === 'sqlite' && existsSync(worldFile);
  let world: World;
  if (reuse) {
    const saved = JSON.parse(readFileSync(worldFile, 'utf8'));
    world = { ...saved, keys: new Map(saved.keys) };
    console.log(`\n${engine}: reusing the data set in ${dataDir}`);
  } else {
    console.log(`\n${engine}: seeding ${VESSELS} vessels …`);
    const database = openDatabase(url);
    await migrate(database);
    world = await seedFleet(database, VESSELS);
    await database.close();
  }

  const { child, port } = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir });
  const base = `http://127.0.0.1:${port}`;
  serverPid = child.pid!;
  try {
    let ing: Awaited<ReturnType<typeof ingest>>;
    if (reuse) ing = JSON.parse(readFileSync(join(dataDir, 'ingest.json'), 'utf8'));
    else {
      console.log(`${engine}: ingesting ${days} days of 1-minute readings through POST /api/ingest …`);
      ing = await ingest(base, world, child.pid!, START);
      console.log(`${engine}: ${ing.accepted} accepted (${ing.rejected} rejected) in ${ing.seconds.toFixed(1)} s`);
      if (engine === 'sqlite' && process.env.BENCH_DIR) {
        writeFileSync(worldFile, JSON.stringify({ ...world, keys: [...world.keys] }));
        writeFileSync(join(dataDir, 'ingest.json'), JSON.stringify(ing));
      }
    }

    const vessel = world.vessels[0];
    const gps = vessel.devices.find((d) => d.type === 'gps')!.uid;
    const from30 = END - 30 * DAY;
    const gpsFns =
      'functionNames[]=AVG&functionNames[]=AVG&functionNames[]=AVG&functionNames[]=SUM&functionNames[]=LAST&functionNames[]=LAST' +
      '&functionParams[]=dlgpSpeed&functionParams[]=dlgpTrack&functionParams[]=dlgpAltitude&functionParams[]=dlgpDistance' +
      '&functionParams[]=dlgpLatitude&functionParams[]=dlgpLongitude';
    let hourlyRows = 0;
    const hourly = await timed('30-day hourly series, one device', async () => {
      const b = await getJson(
        base,
        world.token,
        `/api/series/aggregated/gps/period/${from30}/${END}?device[]=${gps}&aggregatedUnit=MINUTE&aggregatedLength=60&timezone=7&${gpsFns}`,
      );
      hourlyRows = b.data.count;
    });

    // the summary engineer's call, when the route exists
    let summary: Timing | undefined;
    const probe = await fetch(
      `${base}/api/summary/aggregated/period/${from30}/${END}?devcMassId=${vessel.massId}&aggregatedUnit=HOUR`,
      { headers: { authentication: world.token } },
    );
    if (probe.status === 200)
      summary = await timed('30-day summary, one vessel', async () => {
        await getJson(
          base,
          world.token,
          `/api/summary/aggregated/period/${from30}/${END}?devcMassId=${vessel.massId}&aggregatedUnit=HOUR`,
        );
      });
    else await probe.arrayBuffer();

    // every device of one vessel, 90 days at DAY buckets: one aggregated call per device type
    const types = [...new Set(vessel.devices.map((d) => d.type))];
    const day90 = await timed('90 days at DAY, one vessel', async () => {
      for (const type of types) {
        const devices = vessel.devices
          .filter((d) => d.type === type)
          .map((d) => `device[]=${d.uid}`)
          .join('&');
        await getJson(
          base,
          world.token,
          `/api/series/aggregated/${type}/period/${START}/${END}?${devices}&aggregatedUnit=DAY&timezone=7`,
        );
      }
    });
    let combined: Timing | undefined;
    const probeCombined = await fetch(
      `${base}/api/summary/combined/period/${START}/${END}?devcMassId=${vessel.massId}&aggregatedUnit=DAY`,
      { headers: { authentication: world.token } },
    );
    if (probeCombined.status === 200)
      combined = await timed('90 days combined data at DAY', async () => {
        await getJson(
          base,
          world.token,
          `/api/summary/combined/period/${START}/${END}?devcMassId=${vessel.massId}&aggregatedUnit=DAY`,
        );
      });
    else await probeCombined.arrayBuffer();

    const hundred = world.vessels.flatMap((v) => v.devices.map((d) => d.uid)).slice(0, 100);
    let pulseCount = 0;
    const pulse = await timed('pulse of 100 devices', async () => {
      const b = await getJson(
        base,
        world.token,
        `/api/series/device/all/pulse?${hundred.map((u) => `device[]=${u}`).join('&')}`,
      );
      pulseCount = b.data.series.length;
    });
    // the telemetry figures' memory, before the later sections (reports, PDFs) add their own
    const memory = memoryOf(child.pid!);
    await (await import('./device-detail.ts')).benchDeviceDetail({
      engine,
      base,
      token: world.token,
      devices: vessel.devices,
      end: END,
      timed,
    });
    await (await import('./reports.ts')).benchReports({ base, token: world.token, vessel, end: END, timed, getJson });
    {
      // issue 15: the daily report PDF (one day, 31 days, 4 at once)
      const dr = await import('./daily-report.ts');
      await dr.benchDailyReport({
        call: async (path) => {
          const res = await fetch(base + path, { headers: { authentication: world.token } });
          const body = Buffer.from(await res.arrayBuffer());
          return { status: res.status, bytes: body.length, pages: dr.pagesOf(body) };
        },
        massId: vessel.massId,
        end: END,
        serverPid: child.pid!,
      });
    }
    await benchBunker({ base, url, engine, end: END, days }); // issue 16: bunker log detail, ROB summary
    const memoryAll = memoryOf(child.pid!);
    return {
      runAt: new Date().toISOString().slice(0, 16).replace('T', ' '),
      referenceMs: reference(),
      reused: reuse,
      engine,
      days,
      ingest: ing,
      hourly30: { ...hourly, rows: hourlyRows },
      summary30: summary,
      day90: { ...day90, calls: types.length },
      combined90: combined,
      pulse100: { ...pulse, devices: pulseCount },
      memory,
      memoryAll,
    };
  } finally {
    await stopServer(child);
  }
}

const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
const timing = (t: Timing) => `p50 ${ms(t.p50)}, p95 ${ms(t.p95)}; server CPU ${ms(t.cpuMs)}/request`;
const mark = (ok: boolean) => (ok ? '✓' : '✗');

function table(r: EngineResult): string[] {
  const row = (what: string, value: string, target: string, ok?: boolean) =>
    `| ${what} | ${value} | ${target} | ${ok === undefined ? '' : mark(ok)} |`;
  const lines = [
    '| measure | result | target | |',
    '|---|---|---|---|',
    row(
      `ingest through POST /api/ingest (rollups included)`,
      `${Math.round(r.ingest.rate).toLocaleString('en')} readings/s (${(r.ingest.accepted / 1e6).toFixed(2)} M in ${r.ingest.seconds.toFixed(0)} s)`,
      '≥ 50,000/s',
      r.ingest.rate >= TARGETS.ingest,
    ),
    row(
      'ingest: readings per second of server CPU',
      `${Math.round(r.ingest.perCpuSecond).toLocaleString('en')} /s (machine load average ${r.ingest.load.toFixed(1)} on ${cpus().length} cores)`,
      '',
    ),
    row(
      `30-day hourly series, one GPS device (${r.hourly30.rows} rows, 14 functions)`,
      timing(r.hourly30),
      'p50 ≤ 10 ms',
      r.hourly30.p50 <= TARGETS.hourly30,
    ),
    r.summary30
      ? row('30-day summary, one vessel', timing(r.summary30), 'p50 ≤ 50 ms', r.summary30.p50 <= TARGETS.summary30)
      : row('30-day summary, one vessel', 'n/a (route not there yet)', 'p50 ≤ 50 ms'),
    row(
      `90 days at DAY, one vessel (every device; ${r.day90.calls} aggregated calls)`,
      timing(r.day90),
      'p50 ≤ 50 ms',
      r.day90.p50 <= TARGETS.day90,
    ),
    r.combined90
      ? row('90 days combined data at DAY, one vessel', timing(r.combined90), '(for reference)')
      : row('90 days combined data at DAY, one vessel', 'n/a (route not there yet)', '(for reference)'),
    row(
      `pulse of 100 devices (${r.pulse100.devices} with data)`,
      timing(r.pulse100),
      'p50 ≤ 5 ms',
      r.pulse100.p50 <= TARGETS.pulse100,
    ),
    row(
      'server memory (RSS) — peak / after ingest and the reads above',
      `${r.memory.peakMb.toFixed(0)} MB / ${r.memory.nowMb.toFixed(0)} MB`,
      '≤ 300 MB',
      r.memory.peakMb <= TARGETS.rssMb,
    ),
    row(
      'server memory (RSS) — peak / at the end of the whole run (report screens, PDFs, bunker included)',
      r.memoryAll ? `${r.memoryAll.peakMb.toFixed(0)} MB / ${r.memoryAll.nowMb.toFixed(0)} MB` : 'n/a',
      '(report worker: its own heap cap, see "Daily report PDF")',
    ),
  ];
  if (r.dbMb !== undefined) lines.push(row('database size on disk', `${r.dbMb.toFixed(0)} MB`, ''));
  return lines;
}

async function main() {
  const referenceBefore = reference();
  const results: EngineResult[] = [];
  const keep = process.env.BENCH_DIR;
  if (keep) mkdirSync(keep, { recursive: true });
  const dir = keep ? resolve(keep) : mkdtempSync(join(tmpdir(), 'fleet-bench-'));
  try {
    const file = join(dir, 'bench.db');
    const r = await runEngine('sqlite', `sqlite:${file}`, dir, DAYS);
    let size = 0;
    for (const f of [file, `${file}-wal`]) if (existsSync(f)) size += readFileSync(f).byteLength;
    r.dbMb = size / 1024 / 1024;
    results.push(r);
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }

  const pgUrl = process.env.DATABASE_URL;
  if (pgUrl && /^postgres(ql)?:\/\//.test(pgUrl)) {
    const name = `fleet_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const pgDir = mkdtempSync(join(tmpdir(), 'fleet-bench-'));
    try {
      const r = await runEngine('postgres', url.toString(), pgDir, PG_DAYS);
      const size = await admin.query('select pg_database_size($1) as b', [name]);
      r.dbMb = Number(size.rows[0].b) / 1024 / 1024;
      results.push(r);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(pgDir, { recursive: true, force: true });
    }
  }

  // issue 30: voyage detection of a vessel-year and the ingest cost of its stage (own data sets; bench/voyages.ts)
  const { benchVoyages } = await import('./voyages.ts');
  const voyageLines = await benchVoyages(pgUrl);

  const devices = benchFleet(VESSELS).reduce((n, v) => n + v.devices.length, 0);
  const cpu = cpus();
  const header = [
    `Data: ${VESSELS} vessels, ${devices} devices, 1-minute readings of every device from the simulator (seed '${SEED}'),`,
    `the days before ${new Date(END * 1000).toISOString().slice(0, 10)} stated per engine below.`,
    `Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}.`,
    `Timings are client-side HTTP round trips (answer parsed) over ${RUNS} runs after ${WARMUP} warm-up runs; the server runs in its own process.`,
    `Reference workload (in-memory SQLite read of 5 760 rows × 11 columns, median): ${ms(referenceBefore)} before the run,`,
    `${ms(reference())} after — compare it between runs before comparing the figures.`,
    `Load average of the machine at the end: ${loadavg()[0].toFixed(1)} (other work shares these ${cpu.length} cores; the`,
    '"server CPU" figures — what the server process itself spent — depend far less on that load than wall times).',
  ];
  const out: string[] = [];
  for (const r of results)
    out.push(
      '',
      `### ${r.engine === 'sqlite' ? 'SQLite (embedded, WAL)' : 'PostgreSQL'} — ${r.days} days`,
      '',
      `Timed ${r.runAt} UTC; reference workload then ${ms(r.referenceMs)}.${r.reused ? " Reads only, on the data set of an earlier run (`BENCH_DIR`): the ingest figures are that run's." : ''}`,
      '',
      ...table(r),
    );
  const docFile = resolve(ROOT, 'docs/benchmarks.md');
  if (!results.some((r) => r.engine === 'postgres')) {
    // a run without PostgreSQL keeps the last PostgreSQL figures written (they carry their own time)
    const previous = existsSync(docFile)
      ? /\n### PostgreSQL — [^\n]*\n[\s\S]*?(?=\n#{2,3} |$)/.exec(readFileSync(docFile, 'utf8'))?.[0]
      : undefined;
    if (previous) out.push(...previous.trimEnd().split('\n'));
    else
      out.push(
        '',
        '### PostgreSQL',
        '',
        'Not run: set `DATABASE_URL=postgres://…` to run the same benchmark against PostgreSQL.',
      );
  }
  if (shedReads.size)
    out.push(
      '',
      `Reads the load shedding answered with 503 (heavy calls back to back) and the bench asked again after the
Retry-After, the wait included in the figures: ${[...shedReads].map(([r, n]) => `${r} × ${n}`).join(', ')}.`,
    );
  out.push(
    '',
    '### Voyages (issue 30; the section "Voyages and legs" below explains them)',
    '',
    ...voyageLines.map((l) => `- ${l}`),
  );
  console.log(`\n${header.join('\n')}\n${out.join('\n')}\n`);

  const fullSize = VESSELS >= 10 && DAYS >= 90;
  if (fullSize || process.env.BENCH_WRITE === '1') {
    const doc = [
      '# Benchmarks',
      '',
      'Written by `npm run bench` (`packages/server/bench/run.ts`); targets from the telemetry issue. Re-run after',
      'changes to ingest, storage or the series queries. `BENCH_DAYS` / `BENCH_VESSELS` shrink the data set for a quick',
      'run (then nothing is written here unless `BENCH_WRITE=1`). `BENCH_DIR=<dir>` keeps the SQLite data set there; a',
      "second run with the same directory times the reads only (its ingest figures are the first run's). A run without",
      '`DATABASE_URL` keeps the PostgreSQL section of the last run that had one. The targets are for embedded SQLite;',
      'PostgreSQL is measured the same way for comparison.',
      '',
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      '',
      ...header,
      ...out,
      '',
    ].join('\n');
    // the sections after the generated part (other benches' figures, "## …") stay as they are
    const existing = existsSync(docFile) ? readFileSync(docFile, 'utf8') : '';
    const tail = existing.indexOf('\n## ');
    writeFileSync(docFile, tail >= 0 ? `${doc}\n${existing.slice(tail + 1)}` : doc);
    console.log('written to docs/benchmarks.md');
  } else console.log('(a reduced run: docs/benchmarks.md left as it is; BENCH_WRITE=1 writes it anyway)');
}

// BENCH_SCALE=1: the scale run alone (issue 29: 1,000 vessels on PostgreSQL, bench/scale.ts)
if (process.env.BENCH_SCALE === '1') await (await import('./scale.ts')).benchScale();
else {
  await main();
  await (await import('./teltonika.ts')).runTeltonikaBench();
  if (process.env.BENCH_LOAD !== '0') await (await import('./load.ts')).runLoad(); // load shedding scenario (load.ts)
  if (process.env.BENCH_LIVE !== '0') await (await import('./live.ts')).benchLive(); // issue 13: live push figures
  // issue 23: a live socket that never reads, under a fleet's pushes (BENCH_SLOW_SECONDS, 300)
  if (process.env.BENCH_LIVE_SLOW !== '0') await (await import('./live-slow.ts')).benchLiveSlowReader();
  if (process.env.BENCH_EVENTS !== '0') await (await import('./events.ts')).benchEvents(); // issue 17: event engine figures
  // issue 13: 1,000 vessels on the fleet map in headless Chromium (BENCH_MAP=0 skips it)
  if (process.env.BENCH_MAP !== '0') await (await import('./fleet-map-browser.ts')).benchFleetMapBrowser();
  // issue 23: first start of a fresh clone, web requests during the demo backfill (BENCH_FIRST=0 skips it)
  if (process.env.BENCH_FIRST !== '0') {
    const first = await import('./first-start.ts');
    first.printFirstStart(await first.benchFirstStart());
  }
}
