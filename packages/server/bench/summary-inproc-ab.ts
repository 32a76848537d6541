import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Issue 29: the one-vessel summary (all groups, no details) of one period, computed in this process by two
 * checkouts' own `loadPeriod` + `buildSummary` on the SQLite data set `run.ts` keeps with `BENCH_DIR` — this process's
 * CPU per summary (no HTTP, no worker), A and B interleaved, B first in every other round. A loaded machine inflates
 * wall times far more than CPU; this isolates what the summary itself costs.
 *
 *   npx tsx packages/server/bench/summary-inproc-ab.ts <dir> <rootA> <rootB> <days> [<tz> = 7]
 *
 * The period ends at today 00:00 UTC (where run.ts ends its data). ROUNDS (10) rounds of 3 summaries per side.
 * Also prints the largest relative difference between the two answers' numbers (0 when they are identical).
 */
const [dir, rootA, rootB, daysArg, tzArg] = process.argv.slice(2);
if (!dir || !rootA || !rootB || !daysArg)
  throw new Error('usage: summary-inproc-ab.ts <BENCH_DIR> <rootA> <rootB> <days> [<tz>]');
const days = Number(daysArg);
const tz = Number(tzArg ?? 7);
const world = JSON.parse(readFileSync(resolve(dir, 'world.json'), 'utf8'));
const GROUPS = ['gps', 'rpm', 'flowmeter', 'ae', 'temperature'];
const END = Math.floor(Date.now() / 1000 / 86400) * 86400;

/** A checkout's summary of the period, as its JSON text. */
async function side(root: string): Promise<() => Promise<string>> {
  const src = resolve(root, 'packages/server/src');
  const { openDatabase } = await import(`${src}/db/database.ts`);
  const { loadVesselPlan } = await import(`${src}/modules/summary/summary-vessel.ts`);
  const { loadPeriod } = await import(`${src}/modules/summary/summary-load.ts`);
  const { buildSummary } = await import(`${src}/modules/summary/summary-build.ts`);
  const database = openDatabase(`sqlite:${resolve(dir, 'bench.db')}`);
  const plan = await loadVesselPlan(database.db, world.vessels[0].massId);
  const o = { start: END - days * 86400, end: END, unit: 'HOUR', tz, now: END, groups: GROUPS, buckets: false };
  return async () =>
    JSON.stringify(buildSummary(await loadPeriod(database, plan, o), { groups: GROUPS, showDetails: false }));
}

const sides = { A: await side(rootA), B: await side(rootB) };
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const spent: Record<'A' | 'B', number[]> = { A: [], B: [] };
for (let i = 0; i < 3; i++) for (const f of Object.values(sides)) await f();
for (let r = 0; r < Number(process.env.ROUNDS ?? 10); r++)
  for (const name of (r % 2 ? ['B', 'A'] : ['A', 'B']) as ('A' | 'B')[]) {
    const c0 = cpuMs();
    for (let i = 0; i < 3; i++) await sides[name]();
    spent[name].push((cpuMs() - c0) / 3);
  }
const median = (x: number[]) => [...x].sort((a, b) => a - b)[Math.floor(x.length / 2)];

let worst = 0;
const compare = (a: unknown, b: unknown): void => {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a !== b) worst = Math.max(worst, Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)));
  } else if (a && b && typeof a === 'object')
    for (const k of Object.keys(a)) compare((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]);
  else if (a !== b) worst = Number.POSITIVE_INFINITY;
};
compare(JSON.parse(await sides.A()), JSON.parse(await sides.B()));
console.log(
  `${days} days at ${tz}: A ${median(spent.A).toFixed(1)} ms CPU, B ${median(spent.B).toFixed(1)} ms CPU per summary ` +
    `(median of ${spent.A.length} rounds of 3); largest relative difference of a number ${worst.toExponential(1)}`,
);
