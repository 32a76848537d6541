import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { benchFleet, generateReadings } from '@fleet/simulator';
import { INGEST_STAGES } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { resolveDeviceKey } from '../src/modules/telemetry/device-keys.ts';
import { ingestReadings } from '../src/modules/telemetry/ingest.ts';
import { redetect } from '../src/modules/voyages/redetect.ts';
import { signIn } from '../test/helpers/fixtures.ts';
import { settled, startServer, stopServer } from './ab-server.ts';
import { benchEfficiency } from './efficiency.ts';
import { benchEmissions } from './emissions.ts';
import { seedFleet } from './fleet-seed.ts';
import { cpuSecondsOf, timeIt } from './measure.ts';

/**
 * Issue 30's "a year ≤ 1 s" on a real year: the fleet table (and the DCS year) of YEAR_VESSELS (10) bench vessels
 * whose every device sent 1-minute readings for YEAR_DAYS (365) days — run.ts's own data set, but ingested in this
 * process (ingestReadings with the server's ingest stages, no HTTP: 100 M readings through POST /api/ingest would take
 * the better part of an hour), each vessel's voyages detected as the server's pass does. The data set is kept in
 * YEAR_DIR (/tmp/fleet-year) and reused by a second run, which times the reads only. Then the real server, in its own
 * process, answers GET /api/efficiency/fleet/period over the last 30 and 365 whole +7 days (bench/efficiency.ts) and
 * the DCS year (bench/emissions.ts): wall time and the server's CPU per request.
 *
 *   npx tsx packages/server/bench/efficiency-year.ts
 */
const DAY = 86400;
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);
const VESSELS = Number(process.env.YEAR_VESSELS ?? 10);
const DAYS = Number(process.env.YEAR_DAYS ?? 365);
const DIR = process.env.YEAR_DIR ?? '/tmp/fleet-year';
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const END = Math.floor(Date.now() / 1000 / DAY) * DAY;

mkdirSync(DIR, { recursive: true });
const url = `sqlite:${join(DIR, 'bench.db')}`;
const worldFile = join(DIR, 'world.json');
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

if (!existsSync(worldFile)) {
  const database = openDatabase(url);
  await migrate(database);
  const world = await seedFleet(database, VESSELS);
  const fleet = benchFleet(VESSELS);
  const scopes = new Map<string, Awaited<ReturnType<typeof resolveDeviceKey>>>();
  const t0 = performance.now();
  const c0 = cpuNow();
  let n = 0;
  let day = 0;
  // one day of every vessel per batch, split per gateway as the devices post them
  for (const batch of generateReadings({
    seed: 'bench',
    vessels: fleet,
    start: END - DAYS * DAY,
    end: END,
    stepSeconds: 60,
    batchSteps: 1440,
  })) {
    const byGateway = new Map<string, unknown[]>();
    for (const r of batch) {
      const key = world.keys.get(r.device)!;
      const list = byGateway.get(key) ?? [];
      list.push(r);
      byGateway.set(key, list);
    }
    for (const [key, readings] of byGateway) {
      let scope = scopes.get(key);
      if (!scope) {
        scope = await resolveDeviceKey(database, key);
        scopes.set(key, scope);
      }
      for (let i = 0; i < readings.length; i += 1000)
        n += (await ingestReadings({ database, stages: INGEST_STAGES }, scope!, readings.slice(i, i + 1000))).accepted;
    }
    if (++day % 10 === 0) {
      const s = (performance.now() - t0) / 1000;
      console.log(`day ${day}/${DAYS}: ${n} readings in ${s.toFixed(0)} s (${(n / s).toFixed(0)}/s)`);
    }
  }
  const ingestS = (performance.now() - t0) / 1000;
  const d0 = performance.now();
  for (const v of world.vessels) await redetect(database, v.massId, END);
  const detectS = (performance.now() - d0) / 1000;
  await database.close();
  const summary = { readings: n, ingestS, ingestCpuS: cpuNow() - c0, detectS };
  writeFileSync(worldFile, JSON.stringify({ ...world, keys: [...world.keys], summary }));
  console.log(
    `data set: ${n} readings of ${VESSELS} vessels × ${DAYS} days ingested in ${ingestS.toFixed(0)} s, voyages detected in ${detectS.toFixed(1)} s`,
  );
}

const saved = JSON.parse(readFileSync(worldFile, 'utf8'));
console.log(`data set ${DIR}: ${saved.summary.readings} readings, ${saved.vessels.length} vessels, ${DAYS} days`);
// the saved session may have expired: a fresh one for the bench's reader
{
  const database = openDatabase(url);
  const comp = await database.db.selectFrom('company').select('compId').orderBy('compId').executeTakeFirstOrThrow();
  saved.token = await signIn(database.db, 'bench@fleet.test', Number(comp.compId));
  await database.close();
}

const { child, port } = await startServer(ROOT, url, DIR);
const base = `http://127.0.0.1:${port}`;
try {
  await settled(child.pid!);
  console.log(
    `load average before the reads: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const getJson = async (b: string, token: string, path: string) => {
    const res = await fetch(b + path, { headers: { authentication: token } });
    const body = (await res.json()) as any;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body.status)}`);
    return body;
  };
  const timed = async (label: string, fn: () => Promise<void>) => {
    for (let i = 0; i < WARMUP; i++) await fn();
    const cpu0 = cpuSecondsOf(child.pid!);
    const { p50, p95 } = await timeIt(fn, { warmup: 0, runs: RUNS });
    return { label, p50, p95, cpuMs: ((cpuSecondsOf(child.pid!) - cpu0) * 1000) / RUNS };
  };
  await benchEfficiency({ base, token: saved.token, vessel: saved.vessels[0], end: END, timed, getJson });
  await benchEmissions({ base, url, engine: 'sqlite', end: END, serverPid: child.pid! });
  console.log(
    `load average after the reads: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await stopServer(child);
}
