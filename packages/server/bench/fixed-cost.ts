import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createAsset, createDevice, signIn } from '../test/helpers/fixtures.ts';
import { profile, settled, startServer, stopServer } from './ab-server.ts';
import { benchReader } from './fleet-seed.ts';
import { cpuSecondsOf, percentile } from './measure.ts';

/**
 * The fixed cost of a small read (issue 29): what the server spends on a request that reads almost nothing —
 * session, permissions, the visible scope, validation, serialisation — as server CPU per request next to wall time.
 *
 *   npx tsx packages/server/bench/fixed-cost.ts <rootA> [<rootB>]
 *
 * One data set (SQLite): a company of FC_ASSETS vessels (300) with 7 devices each (2,100 devices, the size of the IN
 * lists issue 29 names) and a user who sees them all, migrated by A's checkout; B reads a copy (its server migrates it
 * at start). Each round starts a side's server (`<root>/packages/server/bench/server.ts`), warms every figure up and
 * then times FC_RUNS (400) sequential requests of each, stops it, then the other side — B first in every other round.
 * Per figure the server CPU per request (/proc of the server process) and the p50 wall time, medians over
 * FC_ROUNDS (4) rounds. With one root it measures that checkout alone. AB_CPU_PROF=<dir> writes CPU profiles.
 */
const [rootA, rootB] = process.argv.slice(2).map((p) => p && resolve(p));
if (!rootA) throw new Error('usage: fixed-cost.ts <rootA> [<rootB>]');
const ROUNDS = Number(process.env.FC_ROUNDS ?? 4);
const RUNS = Number(process.env.FC_RUNS ?? 400);
const WARMUP = Number(process.env.FC_WARMUP ?? 100);
const ASSETS = Number(process.env.FC_ASSETS ?? 300);
const TYPES = ['gps', 'rpm', 'rpm', 'flowmeter', 'flowmeter', 'ae', 'gateway'];

const dir = mkdtempSync(join(tmpdir(), 'fleet-fixed-cost-'));
/** the data set, made with A's schema (its own openDatabase and migrate), so A's server opens it as it is */
async function seed(file: string) {
  const { openDatabase } = await import(join(rootA, 'packages/server/src/db/database.ts'));
  const { migrate } = await import(join(rootA, 'packages/server/src/db/migrate.ts'));
  const database = openDatabase(`sqlite:${file}`);
  await migrate(database);
  const db = database.db;
  const comp = await benchReader(db, { name: 'Fixed Cost', userId: 'fixed@fleet.test' });
  let firstAsset = 0;
  let gps = '';
  for (let a = 0; a < ASSETS; a++) {
    const massId = await createAsset(db, comp, `Vessel ${a + 1}`);
    firstAsset ||= massId;
    for (const [i, type] of TYPES.entries()) {
      const uid = `FC${a}-${i}`;
      await createDevice(db, massId, uid, type);
      if (!gps && type === 'gps') gps = uid;
    }
  }
  const token = await signIn(db, 'fixed@fleet.test', comp);
  await database.close();
  return { token, firstAsset, gps };
}

const fileA = join(dir, 'a.db');
const world = await seed(fileA);
const fileB = join(dir, 'b.db');
copyFileSync(fileA, fileB);

const now = Math.floor(Date.now() / 1000);
/** small reads a screen makes many of: each reads a row or a few, so what is left is the fixed cost */
const FIGURES: [string, string][] = [
  // the floor: HTTP, routing, an answer — no session (no Authentication header), no query
  ['floor: liveness without a session (GET /api/health/live)', '/api/health/live'],
  ['permissions (GET …/authentication/permissions)', '/api/security/authentication/permissions'],
  ['profile (GET /api/account/profile)', '/api/account/profile'],
  ['one asset (GET /api/master/asset/:id)', `/api/master/asset/${world.firstAsset}`],
  ['asset list, first page of 10', '/api/master/asset?page=1&max=10'],
  ['device list, first page of 10', '/api/master/device?page=1&max=10'],
  ["a device's last state (pulse)", `/api/series/device/${world.gps}/pulse`],
  [
    'a short series (one GPS device, 1 hour)',
    `/api/series/aggregated/gps/period/${now - 3600}/${now}?device[]=${world.gps}&aggregatedUnit=MINUTE&aggregatedLength=10`,
  ],
];

/** FC_ONLY=<i,j,…>: only those figures (indexes into FIGURES; one figure per CPU profile) */
const only = process.env.FC_ONLY?.split(',').map(Number);
const figures = FIGURES.filter((_, i) => !only || only.includes(i));

async function get(port: number, path: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: path.startsWith('/api/health') ? {} : { authentication: world.token, 'accept-encoding': 'identity' },
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
}

async function measure(root: string, file: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-fixed-cost-data-'));
  const { child, port } = await startServer(root, `sqlite:${file}`, dataDir);
  try {
    await settled(child.pid!);
    const out: { cpu: number; p50: number }[] = [];
    for (const [, path] of figures) {
      for (let i = 0; i < WARMUP; i++) await get(port, path);
      await profile(child, 'start');
      const cpu0 = cpuSecondsOf(child.pid!);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await get(port, path);
        times.push(performance.now() - t0);
      }
      const cpu = ((cpuSecondsOf(child.pid!) - cpu0) * 1000) / RUNS;
      await profile(child, 'stop');
      out.push({ cpu, p50: percentile(times, 50) });
    }
    return out;
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Side = 'A' | 'B';
const sides: Side[] = rootB ? ['A', 'B'] : ['A'];
const rounds: Record<Side, { cpu: number; p50: number }[][]> = { A: [], B: [] };
const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
try {
  for (let r = 0; r < ROUNDS; r++) {
    for (const side of r % 2 ? [...sides].reverse() : sides) {
      rounds[side].push(await measure(side === 'A' ? rootA : rootB!, side === 'A' ? fileA : fileB));
      console.log(`round ${r + 1} ${side} done (load ${loadavg()[0].toFixed(1)})`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const med = (side: Side, i: number, k: 'cpu' | 'p50') =>
  percentile(
    rounds[side].map((x) => x[i][k]),
    50,
  );
const f = (x: number) => `${x.toFixed(2)} ms`;
console.log(
  `\n${ROUNDS} rounds${rootB ? ' (A/B alternating first)' : ''}, ${RUNS} sequential requests after ${WARMUP} warm-up per figure and round, ${ASSETS} vessels / ${ASSETS * TYPES.length} devices visible, ${startedAt}–${new Date().toISOString().slice(11, 16)} UTC, load ${loadavg()[0].toFixed(1)}`,
);
if (rootB) {
  console.log('| small read | A server CPU / request | B server CPU / request | A p50 wall | B p50 wall |');
  console.log('|---|---|---|---|---|');
  for (const [i, [label]] of figures.entries())
    console.log(
      `| ${label} | ${f(med('A', i, 'cpu'))} | ${f(med('B', i, 'cpu'))} | ${f(med('A', i, 'p50'))} | ${f(med('B', i, 'p50'))} |`,
    );
} else {
  console.log('| small read | server CPU / request | p50 wall |');
  console.log('|---|---|---|');
  for (const [i, [label]] of figures.entries())
    console.log(`| ${label} | ${f(med('A', i, 'cpu'))} | ${f(med('A', i, 'p50'))} |`);
}
