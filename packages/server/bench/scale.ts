import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchFleet, generateReadings } from '@fleet/simulator';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { runRetention } from '../src/modules/lifecycle/retention.ts';
import { ingestReadings, type KeyScope } from '../src/modules/telemetry/ingest.ts';
import { settled } from './ab-server.ts';
import { seedFleet, type World } from './fleet-seed.ts';
import { cpuSecondsOf, memoryOf, percentile } from './measure.ts';

/**
 * `BENCH_SCALE=1 npm run bench` (issue 29; or `npx tsx packages/server/bench/scale.ts`): a fleet at scale on PostgreSQL. A scratch database on DATABASE_URL (created, and
 * dropped after unless SCALE_KEEP=1; SCALE_DB=<name> measures a kept one again without building it) gets:
 *
 * - SCALE_VESSELS (1 000) vessels of the simulator's bench fleet (~20 devices each), their company, user and gateway
 *   keys, made with the product's fixtures (fleet-seed.ts);
 * - history for the first vessel, written by the product's own ingest (`ingestReadings`, in process, the pipeline
 *   without stages): SCALE_ROLLUP_DAYS (365) days, the last SCALE_RAW_DAYS (30) at one reading a minute and the days
 *   before at one every SCALE_OLD_STEP seconds (300: a device that reported every 5 minutes then; the rollups have
 *   one row per device and hour all the same), then the product's retention pass (`runRetention`, RAW_RETENTION_DAYS =
 *   SCALE_RAW_DAYS) drops the raw months before the boundary, as a server with that setting does;
 * - the same history for the next SCALE_HISTORY_VESSELS − 1 (19) vessels: the first vessel's raw and rollup rows
 *   copied to the device of the same kind (one INSERT … SELECT per table) — the rows the product writes when those
 *   devices send the same readings. 30 days of raw readings for 20 000 devices at one a minute (864 M rows) and a
 *   year of hourly rollups for all of them (175 M rows) are beyond this 2-core machine; the size run is printed.
 *
 * Then the server runs in its own process (bench/server.ts) and is measured, server CPU next to wall:
 * - live ingest: every device of every vessel posts one reading a minute through POST /api/ingest (one POST per
 *   gateway a minute, the gateways spread evenly over the minute) for SCALE_LIVE_MINUTES (3): the time from post to
 *   answer — the answer comes after the transaction that wrote telemetry_last committed — and a check that
 *   telemetry_last holds every device's last minute;
 * - the fleet map's list (`select` of its five fields, as the web asks) and pulse of every visible device;
 * - Report Summary over 30 days and a one-vessel summary over the year (the first vessel);
 * - the server's RSS (peak and now) and its process.memoryUsage().
 * SCALE_RUNS (10) timed requests after SCALE_WARMUP (3) per figure.
 */
const VESSELS = Number(process.env.SCALE_VESSELS ?? 1000);
const RAW_DAYS = Number(process.env.SCALE_RAW_DAYS ?? 30);
const ROLLUP_DAYS = Number(process.env.SCALE_ROLLUP_DAYS ?? 365);
const OLD_STEP = Number(process.env.SCALE_OLD_STEP ?? 300);
const HISTORY_VESSELS = Math.min(VESSELS, Number(process.env.SCALE_HISTORY_VESSELS ?? 20));
const LIVE_MINUTES = Number(process.env.SCALE_LIVE_MINUTES ?? 3);
const RUNS = Number(process.env.SCALE_RUNS ?? 10);
const WARMUP = Number(process.env.SCALE_WARMUP ?? 3);
const SEED = 'bench';
const DAY = 86400;
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);

const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
const log = (s: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${s}`);

/** The template vessel's history through the product's ingest, then its retention pass. */
async function history(database: Database, world: World, end: number) {
  const fleet = benchFleet(1);
  const gw = world.vessels[0].devices.find((d) => d.type === 'gateway')!;
  const scope: KeyScope = {
    keyId: 0,
    devcId: gw.id,
    devcUniqueId: gw.uid,
    massId: world.vessels[0].massId,
    gateway: true,
  };
  const rawFrom = end - RAW_DAYS * DAY;
  let readings = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const [start, stop, step] of [
    [end - ROLLUP_DAYS * DAY, rawFrom, OLD_STEP],
    [rawFrom, end, 60],
  ] as const) {
    if (stop <= start) continue;
    for (const batch of generateReadings({
      seed: SEED,
      vessels: fleet,
      start,
      end: stop,
      stepSeconds: step,
      batchSteps: 50,
    })) {
      const r = await ingestReadings({ database, stages: [] }, scope, batch);
      readings += r.accepted;
    }
    log(`  template vessel: ${readings} readings stored`);
  }
  const c = process.cpuUsage(cpu0);
  const ingest = { readings, seconds: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
  const retention = await runRetention(database, { days: RAW_DAYS, now: Math.floor(Date.now() / 1000), settleMs: 0 });
  log(
    `  retention: raw from ${new Date(retention.rawFrom * 1000).toISOString().slice(0, 10)}, dropped ${retention.dropped.length} partitions`,
  );
  return { ingest, rawFrom: retention.rawFrom };
}

/** The per-device tables (raw, hourly, daily, …; not telemetry_last) and their columns, partitions left out. */
async function deviceTables(pool: pg.Pool) {
  const r = await pool.query(
    `select c.relname as t, array_agg(a.attname::text order by a.attnum) as cols
       from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
        and c.relname like 'telemetry%' and c.relname <> 'telemetry_last'
      group by c.relname having bool_or(a.attname = 'device_id')`,
  );
  return r.rows as { t: string; cols: string[] }[];
}

/** The template vessel's rows copied to the same kind of device of the next vessels (uid with the code replaced). */
async function copyHistory(pool: pg.Pool, world: World) {
  const kind = (uid: string) => uid.replace(/-v\d{3,}/, '');
  const template = new Map(world.vessels[0].devices.map((d) => [kind(d.uid), d.id]));
  const pairs: [number, number][] = [];
  for (const v of world.vessels.slice(1, HISTORY_VESSELS))
    for (const d of v.devices) {
      const src = template.get(kind(d.uid));
      if (src !== undefined) pairs.push([src, d.id]);
    }
  if (!pairs.length) return 0;
  const values = pairs.map(([s, d]) => `(${s}, ${d})`).join(', ');
  let rows = 0;
  for (const { t, cols } of await deviceTables(pool)) {
    const select = cols.map((c) => (c === 'device_id' ? 'm.dst' : `x.${c}`)).join(', ');
    const r = await pool.query(
      `insert into ${t} (${cols.join(', ')}) select ${select} from ${t} x join (values ${values}) m(src, dst) on x.device_id = m.src`,
    );
    rows += r.rowCount ?? 0;
  }
  await pool.query('analyze');
  return rows;
}

function startServer(url: string, dataDir: string): Promise<ChildProcess> {
  return new Promise((done, fail) => {
    const child = fork(resolve(ROOT, 'packages/server/bench/server.ts'), {
      execArgv: ['--import', 'tsx', `--max-old-space-size=${process.env.SERVER_HEAP_MB || 192}`],
      // no load shedding: the figures are timed, not refused
      env: { MAX_EVENT_LOOP_DELAY_MS: '0', ...process.env, DATABASE_URL: url, DATA_DIR: dataDir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: { port: number }) => {
      (child as ChildProcess & { port?: number }).port = m.port;
      done(child);
    });
    child.once('exit', (code) => fail(new Error(`bench server exited (${code})`)));
  });
}

function ask<T>(child: ChildProcess, message: object, key: string): Promise<T> {
  return new Promise((done) => {
    const on = (m: Record<string, unknown>) => {
      if (!(key in m)) return;
      child.off('message', on);
      done(m[key] as T);
    };
    child.on('message', on);
    child.send(message);
  });
}

/** CPU seconds so far of each PostgreSQL backend connected to this database (the server's and this bench's). */
async function backendCpu(pool: pg.Pool): Promise<Map<number, number>> {
  const r = await pool.query('select pid from pg_stat_activity where datname = current_database()');
  const out = new Map<number, number>();
  for (const { pid } of r.rows)
    try {
      out.set(Number(pid), cpuSecondsOf(Number(pid)));
    } catch {
      // ended meanwhile
    }
  return out;
}

/** Every device posts one reading a minute, one POST per gateway, the gateways spread evenly over each minute. */
async function liveIngest(base: string, world: World, pid: number, pool: pg.Pool) {
  const fleet = benchFleet(VESSELS);
  const first = Math.ceil(Date.now() / 60000) * 60; // the next whole minute
  await new Promise((ok) => setTimeout(ok, first * 1000 - Date.now()));
  const lags: number[] = [];
  let accepted = 0;
  let failed = 0;
  let shed = 0;
  const statuses = new Map<string, number>();
  const cpu0 = cpuSecondsOf(pid);
  const pg0 = await backendCpu(pool);
  const t0 = performance.now();
  const posts: Promise<void>[] = [];
  let minute = 0;
  for (const batch of generateReadings({
    seed: SEED,
    vessels: fleet,
    start: first,
    end: first + LIVE_MINUTES * 60,
    stepSeconds: 60,
  })) {
    const byKey = new Map<string, unknown[]>();
    for (const r of batch) {
      const key = world.keys.get(r.device)!;
      const list = byKey.get(key);
      if (list) list.push(r);
      else byKey.set(key, [r]);
    }
    const gateways = [...byKey];
    for (const [i, [key, readings]] of gateways.entries()) {
      const at = (first + minute * 60) * 1000 + (i * 60000) / gateways.length;
      const wait = at - Date.now();
      if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
      const sent = performance.now();
      const body = JSON.stringify({ readings });
      const post = () =>
        fetch(`${base}/api/ingest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-device-key': key },
          body,
        });
      posts.push(
        (async () => {
          try {
            let res = await post();
            // the load shedding's 503: sent again after its Retry-After, as a gateway does; the wait is in the lag
            for (let tries = 0; res.status === 503 && tries < 10; tries++) {
              shed++;
              await res.arrayBuffer();
              await new Promise((ok) => setTimeout(ok, 1000 * Number(res.headers.get('retry-after') ?? 1)));
              res = await post();
            }
            const answer = (await res.json()) as { data?: { accepted: number } };
            lags.push(performance.now() - sent);
            if (res.status === 200) accepted += answer.data?.accepted ?? 0;
            else {
              failed++;
              statuses.set(String(res.status), (statuses.get(String(res.status)) ?? 0) + 1);
            }
          } catch (err) {
            failed++;
            statuses.set(String(err), (statuses.get(String(err)) ?? 0) + 1);
          }
        })(),
      );
    }
    minute++;
  }
  await Promise.all(posts);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuSecondsOf(pid) - cpu0;
  const pg1 = await backendCpu(pool);
  // PostgreSQL's own CPU for this database: its backends' (a backend that ended meanwhile is not counted)
  const pgCpu = [...pg1].reduce((n, [p, c]) => n + c - (pg0.get(p) ?? 0), 0);
  const last = first + (LIVE_MINUTES - 1) * 60;
  const r = await pool.query('select count(*)::int as n from telemetry_last where ts >= $1', [last]);
  const devices = world.vessels.reduce((n, v) => n + v.devices.length, 0);
  return {
    posts: lags.length,
    accepted,
    failed,
    seconds,
    cpu,
    p50: percentile(lags, 50),
    p95: percentile(lags, 95),
    p99: percentile(lags, 99),
    max: Math.max(...lags),
    lastFresh: Number(r.rows[0].n),
    shed,
    pgCpu,
    statuses: [...statuses].map(([k, n]) => `${k} × ${n}`).join(', '),
    devices,
  };
}

async function timed(pid: number, fn: () => Promise<number>) {
  let bytes = 0;
  for (let i = 0; i < WARMUP; i++) await fn();
  const cpu0 = cpuSecondsOf(pid);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    bytes = await fn();
    times.push(performance.now() - t0);
  }
  const cpuMs = ((cpuSecondsOf(pid) - cpu0) * 1000) / RUNS;
  return { p50: percentile(times, 50), p95: percentile(times, 95), cpuMs, bytes };
}

export async function benchScale() {
  const admin = process.env.DATABASE_URL;
  if (!admin || !/^postgres(ql)?:\/\//.test(admin)) throw new Error('the scale run needs DATABASE_URL=postgres://…');
  const reuse = process.env.SCALE_DB;
  const name = reuse ?? `fleet_scale_${Date.now().toString(36)}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-scale-'));
  const end = Math.floor(Date.now() / 1000 / 3600) * 3600; // history up to this hour; live readings after it
  let built: { ingest: { readings: number; seconds: number; cpu: number }; copied: number; seedSeconds: number };
  let world: World;
  try {
    if (!reuse) {
      await adminClient.query(`create database ${name}`);
      const database = openDatabase(url.toString());
      await migrate(database);
      log(`seeding ${VESSELS} vessels in ${name} …`);
      const s0 = performance.now();
      world = await seedFleet(database, VESSELS);
      const seedSeconds = (performance.now() - s0) / 1000;
      log(`history of the first vessel: ${ROLLUP_DAYS} days of rollups, ${RAW_DAYS} of raw readings …`);
      const h = await history(database, world, end);
      log(`copying it to ${HISTORY_VESSELS - 1} more vessels …`);
      const copied = await copyHistory((database as { pool: pg.Pool }).pool, world);
      await database.close();
      built = { ingest: h.ingest, copied, seedSeconds };
    }
    const database = openDatabase(url.toString());
    const pool = (database as { pool: pg.Pool }).pool;
    if (!reuse) {
      await pool.query('create table bench_scale_world (world jsonb not null, built jsonb not null)');
      await pool.query('insert into bench_scale_world values ($1, $2)', [
        JSON.stringify({ ...world!, keys: [...world!.keys] }),
        JSON.stringify(built!),
      ]);
    }
    const saved = (await pool.query('select world, built from bench_scale_world')).rows[0];
    world = { ...saved.world, keys: new Map(saved.world.keys) };
    built = saved.built;

    const sizes = await pool.query(
      `select c.relname as t, c.reltuples::bigint as n from pg_class c
        where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
          and (c.relname like 'telemetry%' or c.relname in ('device', 'master_asset'))`,
    );
    const rowsOf = (re: RegExp) =>
      sizes.rows.filter((r) => re.test(r.t)).reduce((n, r) => n + Math.max(0, Number(r.n)), 0);
    const dbMb = Number((await pool.query('select pg_database_size(current_database()) as b')).rows[0].b) / 2 ** 20;

    const child = await startServer(url.toString(), dataDir);
    const pid = child.pid!;
    const base = `http://127.0.0.1:${(child as ChildProcess & { port?: number }).port}`;
    try {
      await settled(pid);
      log(`live ingest: ${VESSELS} gateways, every device one reading a minute, ${LIVE_MINUTES} minutes …`);
      const live = await liveIngest(base, world, pid, pool);
      const get = async (path: string) => {
        const res = await fetch(base + path, { headers: { authentication: world.token } });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
        return Buffer.byteLength(text);
      };
      const massId = world.vessels[0].massId;
      const mapFields = ['massId', 'massName', 'massImage', 'massSystemType', 'massMaty'].map((f) => `select=${f}`);
      const reads: [string, string][] = [
        [
          `fleet map list (${VESSELS} vessels, select of 5 fields)`,
          `/api/master/asset?max=10000&${mapFields.join('&')}`,
        ],
        // the map asks the GPS pulse first (positions), then every device's (useFleet.ts)
        [`fleet map pulse, GPS (${VESSELS} devices)`, '/api/series/device/gps/pulse'],
        [`fleet map pulse, every visible device`, '/api/series/device/all/pulse'],
        [
          'Report Summary, 30 days, one vessel (HOUR, +7, details)',
          `/api/summary/aggregated/period/${end - 30 * DAY}/${end}?devcMassId=${massId}&aggregatedUnit=HOUR&timezone=7&showDetails=true`,
        ],
        [
          'yearly summary, one vessel (365 days, HOUR)',
          `/api/summary/aggregated/period/${end - 365 * DAY}/${end}?devcMassId=${massId}&aggregatedUnit=HOUR`,
        ],
      ];
      const timings: { label: string; t: Awaited<ReturnType<typeof timed>> }[] = [];
      for (const [label, path] of reads) {
        log(`timing ${label} …`);
        timings.push({ label, t: await timed(pid, () => get(path)) });
      }
      const rss = memoryOf(pid);
      const usage = await ask<NodeJS.MemoryUsage>(child, { memory: true }, 'memory');

      const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
      const devices = world.vessels.reduce((n, v) => n + v.devices.length, 0);
      const out = [
        `Scale run (bench/scale.ts), PostgreSQL, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores.`,
        '',
        `Size run: ${VESSELS} vessels, ${devices} devices; history (${ROLLUP_DAYS} days of rollups, raw from ${RAW_DAYS} days) for ${HISTORY_VESSELS} of them;`,
        `rows: raw ${rowsOf(/^telemetry_[a-z_]+_p\d{6}$/).toLocaleString('en')}, hourly ${rowsOf(/_hourly$/).toLocaleString('en')}, daily ${rowsOf(/_daily$/).toLocaleString('en')}; database ${dbMb.toFixed(0)} MB.`,
        `Built: seed ${built.seedSeconds.toFixed(0)} s; the template vessel's ${built.ingest.readings.toLocaleString('en')} readings through ingestReadings in ${built.ingest.seconds.toFixed(0)} s (${Math.round(built.ingest.readings / built.ingest.cpu).toLocaleString('en')} per CPU-second of the bench process); ${built.copied.toLocaleString('en')} rows copied.`,
        '',
        '| figure | result | server CPU |',
        '|---|---|---|',
        `| live ingest: ${live.devices.toLocaleString('en')} devices × 1 reading/min for ${LIVE_MINUTES} min (${live.posts} POSTs, ${live.accepted.toLocaleString('en')} readings accepted, ${live.shed} answered 503 by the load shedding and sent again after Retry-After, ${live.failed} failed${live.statuses ? `: ${live.statuses}` : ''}) — post to telemetry_last | p50 ${ms(live.p50)}, p95 ${ms(live.p95)}, p99 ${ms(live.p99)}, max ${ms(live.max)} | ${((live.cpu / live.seconds) * 100).toFixed(1)} % of a core; PostgreSQL ${((live.pgCpu / live.seconds) * 100).toFixed(1)} %; ${(((live.cpu * 1000) / Math.max(1, live.accepted)) * 1000).toFixed(0)} µs/reading |`,
        `| telemetry_last holding the last minute | ${live.lastFresh.toLocaleString('en')} of ${live.devices.toLocaleString('en')} devices | |`,
        ...timings.map(
          ({ label, t }) =>
            `| ${label} | p50 ${ms(t.p50)}, p95 ${ms(t.p95)}; ${(t.bytes / 1024).toFixed(0)} KB | ${ms(t.cpuMs)}/request |`,
        ),
        `| server RSS, peak / now | ${rss.peakMb.toFixed(0)} MB / ${rss.nowMb.toFixed(0)} MB | heap used ${mb(usage.heapUsed)} of ${mb(usage.heapTotal)}, external ${mb(usage.external)}, array buffers ${mb(usage.arrayBuffers)} |`,
      ];
      console.log(`\n${out.join('\n')}\n`);
    } finally {
      await new Promise<void>((done) => {
        child.removeAllListeners('exit');
        child.once('exit', () => done());
        child.send({ stop: true });
      });
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (!reuse && process.env.SCALE_KEEP !== '1')
      await adminClient.query(`drop database if exists ${name} with (force)`);
    else console.log(`kept: SCALE_DB=${name}`);
    await adminClient.end();
  }
}

// run alone (`npx tsx packages/server/bench/scale.ts`) or from run.ts (`BENCH_SCALE=1 npm run bench`)
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchScale();
