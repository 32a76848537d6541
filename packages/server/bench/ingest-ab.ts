import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchFleet, generateReadings } from '@fleet/simulator';
import pg from 'pg';
import { profile, settled, startServer, stopServer } from './ab-server.ts';
import { cpuSecondsOf, percentile } from './measure.ts';

/**
 * Interleaved A/B of the bench's ingest figure (run.ts "ingest through POST /api/ingest"): the same generated
 * readings (the simulator's seed 'bench', this checkout's generator) posted to the server of two checkouts in turn,
 * each on a fresh SQLite database seeded and migrated by its own code.
 *
 *   npx tsx packages/server/bench/ingest-ab.ts <rootA> <rootB>
 *
 * Per round A then B (B first in every other round); per side the server's CPU per 1 000 readings (/proc) and
 * readings per second of wall time, medians over the rounds. AB_ROUNDS (6), AB_VESSELS (3), AB_DAYS (2).
 * Gateway batches of ~1 000 readings, 3 in flight, as run.ts sends them. AB_PG=<postgres://… of a server>: on
 * PostgreSQL instead, a scratch database per side and round (created and dropped here). AB_ACCEPT_ENCODING: the
 * requests' Accept-Encoding (`identity`: uncompressed answers).
 */
const [rootA, rootB] = process.argv.slice(2).map((p) => p && resolve(p));
if (!rootA || !rootB) throw new Error('usage: ingest-ab.ts <rootA> <rootB>');
const ROUNDS = Number(process.env.AB_ROUNDS ?? 6);
const VESSELS = Number(process.env.AB_VESSELS ?? 3);
const DAYS = Number(process.env.AB_DAYS ?? 2);
const DAY = 86400;
const END = Math.floor(Date.now() / 1000 / DAY) * DAY;
const BATCH = 1000;
const IN_FLIGHT = 3;

/** The bodies to post, built once: every side receives the same requests in the same order. */
const fleet = benchFleet(VESSELS);
const gatewayOf = new Map<string, string>();
for (const v of fleet) {
  const gateway = v.devices.find((d) => d.type === 'gateway')!.uniqueId;
  for (const d of v.devices) gatewayOf.set(d.uniqueId, gateway);
}
const devicesPerStep = fleet.reduce((n, v) => n + v.devices.length, 0) / fleet.length;
const requests: { gateway: string; body: string; n: number }[] = [];
for (const batch of generateReadings({
  seed: 'bench',
  vessels: fleet,
  start: END - DAYS * DAY,
  end: END,
  stepSeconds: 60,
  batchSteps: Math.max(1, Math.round(BATCH / devicesPerStep)),
})) {
  const byGateway = new Map<string, unknown[]>();
  for (const r of batch) {
    const g = gatewayOf.get(r.device)!;
    const list = byGateway.get(g) ?? [];
    list.push(r);
    byGateway.set(g, list);
  }
  for (const [gateway, readings] of byGateway)
    requests.push({ gateway, body: JSON.stringify({ readings }), n: readings.length });
}
const total = requests.reduce((n, r) => n + r.n, 0);

/** A fresh database of `root`, migrated and seeded by its own modules: the fleet's devices and a key per gateway. */
async function seed(root: string, url: string): Promise<Map<string, string>> {
  const src = join(root, 'packages/server');
  const { openDatabase } = await import(join(src, 'src/db/database.ts'));
  const { migrate } = await import(join(src, 'src/db/migrate.ts'));
  const { issueDeviceKey } = await import(join(src, 'src/modules/telemetry/device-keys.ts'));
  const f = await import(join(src, 'test/helpers/fixtures.ts'));
  const database = openDatabase(url);
  await migrate(database);
  const db = database.db;
  const company = await f.createCompany(db, await f.createGroup(db, 'Bench Group'), 'Bench Shipping');
  const keys = new Map<string, string>();
  for (const spec of fleet) {
    const massId = await f.createAsset(db, company, spec.name);
    for (const d of spec.devices) {
      const id = await f.createDevice(db, massId, d.uniqueId, d.type, { devcLabel: d.label });
      if (d.type === 'gateway') keys.set(d.uniqueId, await issueDeviceKey(db, id, 'bench'));
    }
  }
  await database.close();
  return keys;
}

const PG = process.env.AB_PG;
let scratch = 0;
/** A database for one side and round: a SQLite file in `dir`, or a scratch PostgreSQL database (and its drop). */
async function scratchDatabase(
  dir: string,
): Promise<{ url: string; drop: () => Promise<void>; size: () => Promise<number> }> {
  if (!PG) {
    const file = join(dir, 'bench.db');
    const bytes = (f: string) => (existsSync(f) ? statSync(f).size : 0);
    return { url: `sqlite:${file}`, drop: async () => {}, size: async () => bytes(file) + bytes(`${file}-wal`) };
  }
  const name = `ingest_ab_${process.pid}_${++scratch}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const query = async (text: string) => {
    const c = new pg.Client({ connectionString: PG });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  };
  return {
    url: `${PG.replace(/\/[^/]*$/, '')}/${name}`,
    size: async () => Number((await query(`select pg_database_size('${name}') as b`))[0].b),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** One side: a fresh database, every request posted; CPU ms per 1 000 readings and readings per wall second. */
async function measure(root: string) {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-ingest-ab-'));
  const { url, drop, size } = await scratchDatabase(dir);
  const keys = await seed(root, url);
  const { child, port } = await startServer(root, url, join(dir, 'data'));
  let stopped = false;
  try {
    await settled(child.pid!);
    let accepted = 0;
    const inFlight = new Set<Promise<void>>();
    const post = async (r: (typeof requests)[number]) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/ingest`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-device-key': keys.get(r.gateway)!,
          // AB_ACCEPT_ENCODING=identity: answers uncompressed (fetch asks for gzip/brotli by default)
          ...(process.env.AB_ACCEPT_ENCODING ? { 'accept-encoding': process.env.AB_ACCEPT_ENCODING } : {}),
        },
        body: r.body,
      });
      const body = (await res.json()) as { data: { accepted: number } };
      if (res.status !== 200) throw new Error(`ingest answered ${res.status}`);
      accepted += body.data.accepted;
    };
    await profile(child, 'start');
    const cpu0 = cpuSecondsOf(child.pid!);
    const t0 = performance.now();
    for (const r of requests) {
      while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      const p = post(r).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuSecondsOf(child.pid!) - cpu0;
    await profile(child, 'stop');
    if (accepted !== total) throw new Error(`${root}: ${accepted} of ${total} accepted`);
    await stopServer(child);
    stopped = true;
    return { cpuPerK: (cpu * 1e6) / accepted, rate: accepted / seconds, mb: (await size()) / 1e6 };
  } finally {
    if (!stopped) await stopServer(child);
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rounds: Record<'A' | 'B', { cpuPerK: number; rate: number; mb: number }[]> = { A: [], B: [] };
const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
for (let r = 0; r < ROUNDS; r++) {
  const order: ('A' | 'B')[] = r % 2 ? ['B', 'A'] : ['A', 'B'];
  for (const side of order) {
    const m = await measure(side === 'A' ? rootA : rootB);
    rounds[side].push(m);
    console.log(
      `round ${r + 1} ${side}: ${m.cpuPerK.toFixed(2)} ms CPU / 1 000 readings, ${Math.round(m.rate)} readings/s (load ${loadavg()[0].toFixed(1)})`,
    );
  }
}
const med = (side: 'A' | 'B', k: 'cpuPerK' | 'rate' | 'mb') =>
  percentile(
    rounds[side].map((x) => x[k]),
    50,
  );
console.log(
  `\n${PG ? 'PostgreSQL' : 'SQLite'}: ${total} readings (${VESSELS} vessels, ${DAYS} days) per side, ${ROUNDS} rounds, ${startedAt}–${new Date().toISOString().slice(11, 16)} UTC`,
);
console.log('| ingest through POST /api/ingest | A | B |');
console.log('|---|---|---|');
console.log(
  `| server CPU per 1 000 readings (median) | ${med('A', 'cpuPerK').toFixed(2)} ms | ${med('B', 'cpuPerK').toFixed(2)} ms |`,
);
console.log(
  `| readings per second of server CPU | ${Math.round(1e6 / med('A', 'cpuPerK'))} | ${Math.round(1e6 / med('B', 'cpuPerK'))} |`,
);
console.log(
  `| readings per second, wall (median) | ${Math.round(med('A', 'rate'))} | ${Math.round(med('B', 'rate'))} |`,
);
console.log(
  `| database size after the ingest (median) | ${med('A', 'mb').toFixed(1)} MB | ${med('B', 'mb').toFixed(1)} MB |`,
);
