import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { profile, settled, startServer, stopServer } from './ab-server.ts';
import { ingestRequests, scratchDatabase, seed } from './ingest-input.ts';
import { cpuTimesOf, percentile } from './measure.ts';

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
const IN_FLIGHT = 3;

const { fleet, requests, total } = ingestRequests(VESSELS, DAYS);
const PG = process.env.AB_PG;

/** One side: a fresh database, every request posted; CPU ms per 1 000 readings and readings per wall second. */
async function measure(root: string) {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-ingest-ab-'));
  const { url, drop, size } = await scratchDatabase(dir, PG);
  const keys = await seed(root, url, fleet);
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
    const cpu0 = cpuTimesOf(child.pid!);
    const t0 = performance.now();
    for (const r of requests) {
      while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      const p = post(r).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = cpuTimesOf(child.pid!);
    const system = cpu1.system - cpu0.system;
    const cpu = cpu1.user - cpu0.user + system;
    await profile(child, 'stop');
    if (accepted !== total) throw new Error(`${root}: ${accepted} of ${total} accepted`);
    await stopServer(child);
    stopped = true;
    return {
      cpuPerK: (cpu * 1e6) / accepted,
      sysPerK: (system * 1e6) / accepted,
      rate: accepted / seconds,
      mb: (await size()) / 1e6,
    };
  } finally {
    if (!stopped) await stopServer(child);
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

type Side = { cpuPerK: number; sysPerK: number; rate: number; mb: number };
const rounds: Record<'A' | 'B', Side[]> = { A: [], B: [] };
const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
for (let r = 0; r < ROUNDS; r++) {
  const order: ('A' | 'B')[] = r % 2 ? ['B', 'A'] : ['A', 'B'];
  for (const side of order) {
    const m = await measure(side === 'A' ? rootA : rootB);
    rounds[side].push(m);
    console.log(
      `round ${r + 1} ${side}: ${m.cpuPerK.toFixed(2)} ms CPU (${m.sysPerK.toFixed(2)} system) / 1 000 readings, ${Math.round(m.rate)} readings/s (load ${loadavg()[0].toFixed(1)})`,
    );
  }
}
const med = (side: 'A' | 'B', k: keyof Side) =>
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
  `| of which system CPU (the kernel: socket and file writes) | ${med('A', 'sysPerK').toFixed(2)} ms | ${med('B', 'sysPerK').toFixed(2)} ms |`,
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
