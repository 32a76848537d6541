import type { Database } from '../../db/database.ts';
import { loadPeriod } from '../summary/summary-load.ts';
import { loadVesselPlan } from '../summary/summary-vessel.ts';

/**
 * THE ONE ADAPTER between the ROB ledger and the telemetry summary (docs/domain.md §25.2): a vessel's
 * total fuel (main engines + auxiliary engines, docs/domain.md §14) per UTC hour of [start, end), in litres,
 * as [hour start, litres] in time order. Hours without any data are left out (not measured, not 0).
 * It calls the summary code of modules/summary/, the same path the summary API takes.
 */
export async function vesselHourlyFuel(
  database: Database,
  massId: number,
  start: number,
  end: number,
  now: number,
): Promise<[number, number][]> {
  if (end <= start) return [];
  const plan = await loadVesselPlan(database.db, massId);
  if (!plan) return [];
  const period = await loadPeriod(database, plan, {
    start,
    end,
    unit: 'HOUR',
    tz: 0,
    now,
    groups: ['flowmeter', 'ae'],
    buckets: true,
  });
  const out: [number, number][] = [];
  for (const ts of period.bucketTimes) {
    const litres = period.totalFuel(ts);
    if (litres !== null) out.push([ts, litres]);
  }
  return out;
}
