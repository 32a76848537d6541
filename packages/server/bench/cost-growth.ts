import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { settled, startServer, stopServer } from './ab-server.ts';
import { cpuSecondsOf, percentile } from './measure.ts';

/**
 * The cost-growth table (issue 29): what a read costs as its period grows (1, 7, 30, 90, 365 days) and as the fleet
 * grows (1, 10, 1 000 vessels), server CPU per request next to the p50 wall time, printed in Markdown.
 *
 *   npx tsx packages/server/bench/cost-growth.ts <root> <year dir> [<fleet dir> …]
 *
 * `<root>`: the checkout whose server is measured (`<root>/packages/server/bench/server.ts`, its own process) — re-run
 * it on main after a merge. Each dir is a data set `run.ts` keeps with `BENCH_DIR` (SQLite `bench.db`, `world.json`);
 * the server migrates it at start, so give it copies. The days axis is read on `<year dir>` (BENCH_VESSELS=1
 * BENCH_DAYS=366): a one-vessel summary, Report Summary and the 6-function hourly GPS series over each period ending at
 * COST_END (today 00:00 UTC, where run.ts ends its data), and the flow meters' DAY series. The fleet axis is read on every dir: the fleet map's list
 * (its `select` of five fields), the GPS pulse and the pulse of every visible device, and a one-day summary of the first vessel.
 * COST_RUNS (10) timed requests after COST_WARMUP (1); COST_DAYS (1,7,30,90,365).
 */
const [root, ...dirs] = process.argv.slice(2).map((p) => resolve(p));
if (!root || !dirs.length || !dirs.every((d) => existsSync(join(d, 'world.json'))))
  throw new Error('usage: cost-growth.ts <root> <year dir> [<fleet dir> …] (run.ts BENCH_DIR data sets)');
const RUNS = Number(process.env.COST_RUNS ?? 10);
const WARMUP = Number(process.env.COST_WARMUP ?? 1);
const DAYS = (process.env.COST_DAYS ?? '1,7,30,90,365').split(',').map(Number);
const DAY = 86400;
const END = Number(process.env.COST_END ?? Math.floor(Date.now() / 1000 / DAY) * DAY);

interface World {
  token: string;
  vessels: { massId: number; devices: { uid: string; type: string }[] }[];
}
const gpsFns = ['AVG', 'AVG', 'AVG', 'SUM', 'LAST', 'LAST']
  .map(
    (f, i) =>
      `functionNames[]=${f}&functionParams[]=dlgp${['Speed', 'Track', 'Altitude', 'Distance', 'Latitude', 'Longitude'][i]}`,
  )
  .join('&');
const summary = (w: World, days: number, q: string) =>
  `/api/summary/aggregated/period/${END - days * DAY}/${END}?devcMassId=${w.vessels[0].massId}&${q}`;
const PERIOD_FIGURES: [string, (w: World, days: number) => string][] = [
  ['summary, one vessel (HOUR)', (w, d) => summary(w, d, 'aggregatedUnit=HOUR')],
  ['Report Summary (HOUR, +7, details)', (w, d) => summary(w, d, 'aggregatedUnit=HOUR&timezone=7&showDetails=true')],
  [
    'hourly GPS series (6 functions)',
    (w, d) =>
      `/api/series/aggregated/gps/period/${END - d * DAY}/${END}?device[]=${w.vessels[0].devices.find((x) => x.type === 'gps')!.uid}&aggregatedUnit=MINUTE&aggregatedLength=60&timezone=7&${gpsFns}`,
  ],
  [
    'DAY series, the flow meters of the vessel (+7)',
    (w, d) =>
      `/api/series/aggregated/flowmeter/period/${END - d * DAY}/${END}?${w.vessels[0].devices
        .filter((x) => x.type === 'flowmeter')
        .map((x) => `device[]=${x.uid}`)
        .join('&')}&aggregatedUnit=DAY&timezone=7`,
  ],
];
const MAP = ['massId', 'massName', 'massImage', 'massSystemType', 'massMaty'].map((f) => `select=${f}`).join('&');
const FLEET_FIGURES: [string, (w: World) => string][] = [
  ['fleet map list (select of 5 fields)', () => `/api/master/asset?max=10000&${MAP}`],
  // the map asks the GPS pulse first (positions), then every device's (web useFleet.ts)
  ['fleet map pulse, GPS', () => '/api/series/device/gps/pulse'],
  ['fleet map pulse, every visible device', () => '/api/series/device/all/pulse'],
  ['summary, one vessel, 1 day (HOUR)', (w) => summary(w, 1, 'aggregatedUnit=HOUR')],
];

type Timing = { cpu: number; p50: number };

/** One data set on a fresh server: each path's server CPU per request and p50 wall. */
async function measure(dir: string, paths: string[], token: string): Promise<Timing[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-cost-'));
  const { child, port } = await startServer(root, `sqlite:${join(dir, 'bench.db')}`, dataDir);
  try {
    await settled(child.pid!);
    const out: Timing[] = [];
    for (const path of paths) {
      const get = async () => {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authentication: token } });
        const body = await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
      };
      for (let i = 0; i < WARMUP; i++) await get();
      const c0 = cpuSecondsOf(child.pid!);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await get();
        times.push(performance.now() - t0);
      }
      out.push({ cpu: ((cpuSecondsOf(child.pid!) - c0) * 1000) / RUNS, p50: percentile(times, 50) });
    }
    return out;
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const cell = (t: Timing) => `${t.cpu.toFixed(0)} ms (${t.p50.toFixed(0)} ms)`;
const startedAt = new Date().toISOString().slice(0, 16).replace('T', ' ');
const worldOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'world.json'), 'utf8')) as World;

const year = worldOf(dirs[0]);
const periodPaths = PERIOD_FIGURES.flatMap(([, f]) => DAYS.map((d) => f(year, d)));
const periods = await measure(dirs[0], periodPaths, year.token);
const lines = [
  `Days axis: one vessel of ${dirs[0]} (${year.vessels[0].devices.length} devices), periods ending ${new Date(END * 1000).toISOString().slice(0, 10)}; server CPU per request (p50 wall), ${RUNS} requests after ${WARMUP} warm-up.`,
  '',
  `| figure | ${DAYS.map((d) => `${d} d`).join(' | ')} | 365 d ÷ 30 d |`,
  `|---|${DAYS.map(() => '---|').join('')}---|`,
];
PERIOD_FIGURES.forEach(([label], i) => {
  const row = periods.slice(i * DAYS.length, (i + 1) * DAYS.length);
  const at = (d: number) => row[DAYS.indexOf(d)]?.cpu;
  const ratio = at(365) && at(30) ? (at(365) / at(30)).toFixed(1) : '';
  lines.push(`| ${label} | ${row.map(cell).join(' | ')} | ${ratio} |`);
});

const fleets: { vessels: number; devices: number; t: Timing[] }[] = [];
for (const dir of dirs) {
  const w = worldOf(dir);
  fleets.push({
    vessels: w.vessels.length,
    devices: w.vessels.reduce((n, v) => n + v.devices.length, 0),
    t: await measure(
      dir,
      FLEET_FIGURES.map(([, f]) => f(w)),
      w.token,
    ),
  });
}
lines.push(
  '',
  'Fleet axis: server CPU per request (p50 wall).',
  '',
  `| figure | ${fleets.map((f) => `${f.vessels} vessel${f.vessels === 1 ? '' : 's'} (${f.devices} devices)`).join(' | ')} |`,
  `|---|${fleets.map(() => '---|').join('')}`,
  ...FLEET_FIGURES.map(([label], i) => `| ${label} | ${fleets.map((f) => cell(f.t[i])).join(' | ')} |`),
);
console.log(
  `\nCost growth, ${root}, ${startedAt}–${new Date().toISOString().slice(11, 16)} UTC, load ${loadavg()[0].toFixed(1)}\n\n${lines.join('\n')}\n`,
);
