import type { Database } from '../../db/database.ts';
import { loadPeriod } from '../summary/summary-load.ts';
import { loadVesselPlan, type VesselPlan } from '../summary/summary-vessel.ts';
import { type FuelEntry, intervalStart } from './rob-ledger.ts';

const DAY = 86400;
/** above this many day runs that need hours, one hourly load of the whole window is cheaper than many small ones */
const MAX_HOURLY_RUNS = 8;

/**
 * THE ONE ADAPTER between the ROB ledger and the telemetry summary (docs/domain.md §25.2): a vessel's total fuel
 * (main engines + auxiliary engines, docs/domain.md §14) over [start, end), in litres, as [start, litres, end]
 * entries in time order, through the summary code of modules/summary/ (the path the summary API takes). Each entry
 * is the summary's bucket value, not clamped at 0 (a negative hour — a return meter lagging its supply meter —
 * stays negative), so a day's value is the sum of its hours; the ledger clamps only a segment's consumption (§25.3).
 *
 * The ledger only needs an hour's fuel where a segment boundary can fall inside a day, so a whole local day
 * (timezone `tz`) without a split point inside it comes as one entry at its start: the day's value is the sum of
 * its hours (§1, buckets add up), and the ledger puts it in the same segment as each of its hours. Days holding a
 * split point (bunkering or adjustment time), and the partial days at the window's edges, come per UTC hour.
 * A fractional timezone puts local midnight inside a UTC hour, so there every entry is an hour. Entries without any
 * data are left out (not measured, not 0).
 */
export async function vesselFuel(
  database: Database,
  massId: number,
  o: { start: number; end: number; now: number; tz: number; splits: number[] },
): Promise<FuelEntry[]> {
  if (o.end <= o.start) return [];
  const plan = await loadVesselPlan(database.db, massId);
  if (!plan) return [];
  const firstDay = intervalStart(o.start - 1, 'daily', o.tz) + DAY; // the first local midnight ≥ start
  const lastDay = intervalStart(o.end, 'daily', o.tz); // the last local midnight ≤ end
  if (!Number.isInteger(o.tz) || lastDay - firstDay < DAY)
    return fuelEntries(database, plan, 'HOUR', o.start, o.end, o);

  // whole local days with a split point strictly inside need their hours; so do the partial edges
  const hourly = new Set<number>();
  for (const s of o.splits)
    if (s > firstDay && s < lastDay && s % DAY !== firstDay % DAY) hourly.add(intervalStart(s, 'daily', o.tz));
  const runs: [number, number][] = [];
  const addRun = (a: number, b: number) => {
    const last = runs[runs.length - 1];
    if (last && last[1] === a) last[1] = b;
    else if (a < b) runs.push([a, b]);
  };
  addRun(o.start, firstDay);
  for (const d of [...hourly].sort((a, b) => a - b)) addRun(d, d + DAY);
  addRun(lastDay, o.end);
  if (runs.length > MAX_HOURLY_RUNS) return fuelEntries(database, plan, 'HOUR', o.start, o.end, o);

  const parts = await Promise.all([
    fuelEntries(database, plan, 'DAY', firstDay, lastDay, o),
    ...runs.map(([a, b]) => fuelEntries(database, plan, 'HOUR', a, b, o)),
  ]);
  const days = parts[0].filter(([ts]) => !hourly.has(ts));
  return [...days, ...parts.slice(1).flat()].sort((a, b) => a[0] - b[0]);
}

/** The vessel's total fuel per bucket of [start, end), the bucket values as they are — buckets without data left out. */
async function fuelEntries(
  database: Database,
  plan: VesselPlan,
  unit: 'HOUR' | 'DAY',
  start: number,
  end: number,
  o: { now: number; tz: number },
): Promise<FuelEntry[]> {
  const period = await loadPeriod(database, plan, {
    start,
    end,
    unit,
    tz: unit === 'DAY' ? o.tz : 0,
    now: o.now,
    groups: ['flowmeter', 'ae'],
    buckets: true,
  });
  const length = unit === 'DAY' ? DAY : 3600;
  const out: FuelEntry[] = [];
  for (const ts of period.bucketTimes) {
    // a bucket's value (ts given) is never clamped (docs/domain.md §11, §13); only the period's would be
    const litres = period.totalFuel(ts);
    if (litres !== null) out.push([ts, litres, ts + length]);
  }
  return out;
}
