import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { profile, settled, startServer, stopServer } from './ab-server.ts';
import { cpuSecondsOf, percentile } from './measure.ts';

/**
 * Interleaved A/B of the summary figures on one data set (issue 25): the data set `run.ts` keeps with
 * `BENCH_DIR=<dir>` (SQLite `bench.db` and `world.json`), read by the server of two checkouts in turn.
 *
 *   npx tsx packages/server/bench/summary-ab.ts <dir> <rootA> <rootB> [<dirB>]
 *
 * `<dirB>`: B reads its own copy of the data set (the same readings), for a B whose schema is newer than A's — its
 * server migrates the copy at its first start (bench/server.ts), A's server opens `<dir>` as it is.
 * Each round starts A's server (`<root>/packages/server/bench/server.ts`, its own process), warms it up and times every
 * figure, stops it, then the same for B — B first in every other round, so a drift of the machine falls on both.
 * Per figure: the server's CPU per request (what the server process itself spent: /proc) and the p50 wall time,
 * each the median over the rounds. AB_ROUNDS (4), AB_RUNS (20), AB_WARMUP (5), AB_DAYS (the data set's days, 30),
 * AB_END (epoch s; default today 00:00 UTC, where run.ts ends its data). Issue 29 adds the series figures of its brief
 * (a year at DAY, one call per device type of the vessel; the pulse of every visible device, as many as the data set
 * has — `BENCH_VESSELS=50` makes ~1 000) and each figure's answer bytes (uncompressed: the server does not compress for
 * a peer on the same machine).
 */
const [dir, rootA, rootB, dirB = dir] = process.argv.slice(2).map((p) => p && resolve(p));
if (!dir || !rootA || !rootB || !existsSync(join(dir, 'world.json')))
  throw new Error('usage: summary-ab.ts <BENCH_DIR with bench.db and world.json> <rootA> <rootB> [<dirB>]');
const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
const RUNS = Number(process.env.AB_RUNS ?? 20);
const WARMUP = Number(process.env.AB_WARMUP ?? 5);
const DAY = 86400;
const DAYS = Number(process.env.AB_DAYS ?? 30);
const END = Number(process.env.AB_END ?? Math.floor(Date.now() / 1000 / DAY) * DAY);

const world = JSON.parse(readFileSync(join(dir, 'world.json'), 'utf8')) as {
  token: string;
  vessels: { massId: number; devices: { uid: string; type: string }[] }[];
};
const massId = world.vessels[0].massId;
const period = (days: number, query: string, path = 'aggregated') =>
  `/api/summary/${path}/period/${END - days * DAY}/${END}?devcMassId=${massId}&${query}`;

const devices = world.vessels[0].devices;
const uids = (type: string) =>
  devices
    .filter((d) => d.type === type)
    .map((d) => `device[]=${d.uid}`)
    .join('&');
const gpsFns = ['AVG', 'AVG', 'AVG', 'SUM', 'LAST', 'LAST']
  .map(
    (f, i) =>
      `functionNames[]=${f}&functionParams[]=dlgp${['Speed', 'Track', 'Altitude', 'Distance', 'Latitude', 'Longitude'][i]}`,
  )
  .join('&');
const series = (type: string, query: string, days = DAYS) =>
  `/api/series/aggregated/${type}/period/${END - days * DAY}/${END}?${uids(type)}&${query}`;
const types = [...new Set(devices.map((d) => d.type))];
const deviceCount = world.vessels.flatMap((v) => v.devices).length;

/**
 * The figures: the bench's read calls (run.ts: the hourly series, a DAY series, the pulse; reports.ts) and the
 * summary's units and zones issue 25 changed.
 */
const FIGURES: [string, string | string[]][] = [
  [
    `${DAYS}-day hourly series, one GPS device (6 functions)`,
    series('gps', `aggregatedUnit=MINUTE&aggregatedLength=60&timezone=7&${gpsFns}`),
  ],
  [`${DAYS} days at DAY, the flow meters of one vessel`, series('flowmeter', 'aggregatedUnit=DAY&timezone=7')],
  [
    `pulse of ${Math.min(100, deviceCount)} devices`,
    `/api/series/device/all/pulse?${world.vessels
      .flatMap((v) => v.devices.map((d) => `device[]=${d.uid}`))
      .slice(0, 100)
      .join('&')}`,
  ],
  // issue 29: one year at DAY, every device type of the vessel (a call each); the pulse of every visible device
  [
    `one year at DAY, ${types.length} calls (one per device type)`,
    types.map((t) => series(t, 'aggregatedUnit=DAY&timezone=7', 365)),
  ],
  [`pulse of every visible device (${deviceCount})`, '/api/series/device/all/pulse'],
  ['30-day summary, one vessel (HOUR)', period(30, 'aggregatedUnit=HOUR')],
  ['Report Summary, 30 days (HOUR, details)', period(30, 'aggregatedUnit=HOUR&timezone=7&showDetails=true')],
  [`combined data, ${DAYS} days at DAY`, period(DAYS, 'aggregatedUnit=DAY', 'combined')],
  ['dashboard summary, today (HOUR, details)', period(1, 'aggregatedUnit=HOUR&timezone=7&showDetails=true')],
  ['one day at MINUTE with details', period(1, 'aggregatedUnit=MINUTE&timezone=7&showDetails=true')],
  ['30 days at DAY +5.5 with details', period(30, 'aggregatedUnit=DAY&timezone=5.5&showDetails=true')],
  ['7 days at HOUR +5.5 with details', period(7, 'aggregatedUnit=HOUR&timezone=5.5&showDetails=true')],
  // issue 29: whole days from the daily rollup (a data set of a year: BENCH_DAYS=366 in run.ts)
  ['30-day summary, one vessel, +5.5', period(30, 'aggregatedUnit=HOUR&timezone=5.5')],
  ['365-day summary, one vessel (HOUR)', period(365, 'aggregatedUnit=HOUR')],
  ['30 days at DAY +7 with details', period(30, 'aggregatedUnit=DAY&timezone=7&showDetails=true')],
  // issue 29: what the web app's Report Summary asks (a side that does not know showRecords answers every record)
  [
    'Report Summary, 30 days, as the page asks (showRecords=false)',
    period(30, 'aggregatedUnit=HOUR&timezone=7&showDetails=true&showRecords=false'),
  ],
];

const ENCODING = process.env.AB_ACCEPT_ENCODING;
async function get(port: number, path: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    // AB_ACCEPT_ENCODING=identity: answers uncompressed (fetch asks for gzip/brotli by default)
    headers: { authentication: world.token, ...(ENCODING ? { 'accept-encoding': ENCODING } : {}) },
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
  return body;
}

/** One server: each figure's CPU ms per request and p50 wall ms. */

/** AB_ONLY=<i,j,…>: only those figures (indexes into FIGURES). */
const only = process.env.AB_ONLY?.split(',').map(Number);
const figures = FIGURES.filter((_, i) => !only || only.includes(i));

async function measure(root: string, db: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-ab-'));
  const { child, port } = await startServer(root, `sqlite:${db}`, dataDir);
  try {
    await settled(child.pid!);
    const out: { cpu: number; p50: number; bytes: number }[] = [];
    for (const [, paths] of figures) {
      // a figure of several calls is timed as their sum, one after the other
      const all = async () => {
        let bytes = 0;
        for (const path of Array.isArray(paths) ? paths : [paths]) bytes += Buffer.byteLength(await get(port, path));
        return bytes;
      };
      for (let i = 0; i < WARMUP; i++) await all();
      await profile(child, 'start'); // AB_CPU_PROF: of the timed requests (one figure: AB_ONLY)
      const cpu0 = cpuSecondsOf(child.pid!);
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        bytes = await all();
        times.push(performance.now() - t0);
      }
      const cpu = ((cpuSecondsOf(child.pid!) - cpu0) * 1000) / RUNS;
      await profile(child, 'stop');
      out.push({ cpu, p50: percentile(times, 50), bytes });
    }
    return out;
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rounds: Record<'A' | 'B', { cpu: number; p50: number; bytes: number }[][]> = { A: [], B: [] };
const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
for (let r = 0; r < ROUNDS; r++) {
  const order: ('A' | 'B')[] = r % 2 ? ['B', 'A'] : ['A', 'B'];
  for (const side of order) {
    rounds[side].push(await measure(side === 'A' ? rootA : rootB, join(side === 'A' ? dir : dirB, 'bench.db')));
    console.log(`round ${r + 1} ${side} done (load ${loadavg()[0].toFixed(1)})`);
  }
}
const med = (side: 'A' | 'B', i: number, k: 'cpu' | 'p50' | 'bytes') =>
  percentile(
    rounds[side].map((x) => x[i][k]),
    50,
  );
const f = (x: number) => `${x.toFixed(1)} ms`;
console.log(
  `\n${ROUNDS} rounds (A/B alternating first), ${RUNS} runs after ${WARMUP} warm-up per figure and round, ${startedAt}–${new Date().toISOString().slice(11, 16)} UTC, load ${loadavg()[0].toFixed(1)}`,
);
const kb = (x: number) => `${(x / 1024).toFixed(0)} KB`;
console.log('| figure | A server CPU / request | B server CPU / request | A p50 | B p50 | A bytes | B bytes |');
console.log('|---|---|---|---|---|---|---|');
for (const [i, [label]] of figures.entries())
  console.log(
    `| ${label} | ${f(med('A', i, 'cpu'))} | ${f(med('B', i, 'cpu'))} | ${f(med('A', i, 'p50'))} | ${f(med('B', i, 'p50'))} | ${kb(med('A', i, 'bytes'))} | ${kb(med('B', i, 'bytes'))} |`,
  );
