import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '../src/db/database.ts';
import { buildSummary } from '../src/modules/summary/summary-build.ts';
import { loadPeriod } from '../src/modules/summary/summary-load.ts';
import { loadVesselPlan } from '../src/modules/summary/summary-vessel.ts';

/**
 * Issue 29, stored day components: what the first read of a period costs (it computes its days from the hours and
 * stores them) against the next ones (they read the stored days), this process's CPU per one-vessel summary (all
 * groups, no details; loadPeriod + buildSummary, no HTTP), on a migrated copy of the SQLite data set `run.ts` keeps
 * with `BENCH_DIR` (it empties telemetry_day_components before each period: use a copy).
 *
 *   npx tsx packages/server/bench/summary-days-cold.ts <dir> [<days>,… = 30,365] [<tz> = 7]
 *
 * Per period: the hourly path once (page cache warm), then ROUNDS (5) times: empty the table, one cold read, WARM (5)
 * warm reads; prints the medians and the largest relative difference between a cold and a warm answer's numbers.
 */
const [dir, daysArg = '30,365', tzArg = '7'] = process.argv.slice(2);
if (!dir) throw new Error('usage: summary-days-cold.ts <BENCH_DIR> [<days>,…] [<tz>]');
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const WARM = Number(process.env.WARM ?? 5);
const world = JSON.parse(readFileSync(resolve(dir, 'world.json'), 'utf8'));
const database = openDatabase(`sqlite:${resolve(dir, 'bench.db')}`);
if (database.dialect !== 'sqlite') throw new Error('a SQLite data set');
const sqlite = database.sqlite;
const plan = (await loadVesselPlan(database.db, world.vessels[0].massId))!;
const GROUPS = ['gps', 'rpm', 'flowmeter', 'ae', 'temperature'] as const;
const END = Math.floor(Date.now() / 1000 / 86400) * 86400;
const tz = Number(tzArg);

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** The largest relative difference between a cold and a warm answer's numbers (sums add in another order). */
let worst = 0;
let where = '';
const compare = (a: unknown, b: unknown, path: string): void => {
  if (typeof a === 'number' && typeof b === 'number') {
    const d = a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
    if (d > worst) [worst, where] = [d, path];
  } else if (a && b && typeof a === 'object')
    for (const k of Object.keys(a))
      compare((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
  else if (a !== b) [worst, where] = [Number.POSITIVE_INFINITY, path];
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const days of daysArg.split(',').map(Number)) {
  const o = {
    start: END - days * 86400,
    end: END,
    unit: 'HOUR' as const,
    tz,
    now: END,
    groups: GROUPS,
    buckets: false,
  };
  const summary = async (hourly = false) =>
    JSON.stringify(
      buildSummary(await loadPeriod(database, plan, { ...o, rollups: hourly ? 'hourly' : undefined }), {
        groups: GROUPS,
        showDetails: false,
      }),
    );
  const timed = async () => {
    const c0 = cpuMs();
    const text = await summary();
    return { cpu: cpuMs() - c0, text };
  };
  await summary(true);
  const cold: number[] = [];
  const warm: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    sqlite.prepare('delete from telemetry_day_components').run();
    const first = await timed();
    cold.push(first.cpu);
    for (let i = 0; i < WARM; i++) {
      const next = await timed();
      warm.push(next.cpu);
      compare(JSON.parse(first.text), JSON.parse(next.text), '');
    }
  }
  const diff = `largest relative difference cold/warm ${worst.toExponential(1)}${worst ? ` (${where})` : ''}`;
  worst = 0;
  const stored = sqlite.prepare('select count(*) as n from telemetry_day_components').get() as { n: number };
  console.log(
    `${days} days at +${tz}: cold ${median(cold).toFixed(1)} ms CPU, warm ${median(warm).toFixed(1)} ms CPU (medians of ${ROUNDS} / ${ROUNDS * WARM}); ${stored.n} rows stored; ${diff}`,
  );
}
sqlite.close();
