import type { EfficiencyFigures } from '@fleet/shared/answers/efficiency.ts';
import type { Summary, SummaryGroup } from '@fleet/shared/answers/summary.ts';
import type { Database } from '../../db/database.ts';
import { buildSummary } from '../summary/summary-build.ts';
import { loadPeriod } from '../summary/summary-load.ts';
import type { VesselPlan } from '../summary/summary-vessel.ts';

/**
 * docs/domain.md §38: a vessel's efficiency figures for a period, taken from its summary for that period — the same
 * calls GET /api/summary/aggregated/period makes (loadPeriod → buildSummary), so fuel, distance, running hours and
 * CO₂ are the summary's numbers (test/efficiency checks they agree). Temperatures take no part: not read.
 */
export const EFFICIENCY_GROUPS: readonly SummaryGroup[] = ['gps', 'rpm', 'flowmeter', 'ae'];

/** Below this distance (NM) a period has no L/NM: a berth shift would rank on noise. */
export const MIN_DISTANCE_NM = 1;

/** The motion hours of the voyages module, for the same vessel and period (null: not known). */
export interface MotionHours {
  underwayHours: number | null;
  idleRunningHours: number | null;
}

export type SummaryFigures = Omit<EfficiencyFigures, keyof MotionHours>;

/** The vessel's summary of the period, without per-bucket data (the period's totals only). */
export async function periodSummary(
  database: Database,
  plan: VesselPlan,
  start: number,
  end: number,
  now: number,
): Promise<Summary> {
  // no buckets: the period is read as one, so the unit and timezone do not change any figure used here (§1)
  const period = await loadPeriod(database, plan, {
    start,
    end,
    unit: 'HOUR',
    tz: 0,
    now,
    groups: EFFICIENCY_GROUPS,
    buckets: false,
  });
  return buildSummary(period, { groups: EFFICIENCY_GROUPS, showDetails: false });
}

/** §38's columns from a summary answer. Pure. */
export function figuresOf(s: Summary): SummaryFigures {
  const f = s.flowmeter?.summary;
  const rpm = s.rpm?.summary;
  const ae = s.ae;
  const portHours = rpm?.PORT ? rpm.PORT.runningHours : null;
  const starboardHours = rpm?.STARBOARD ? rpm.STARBOARD.runningHours : null;
  const sides = [portHours, starboardHours].filter((h): h is number => h !== null);
  const meHours = sides.length ? Math.max(...sides) : null;
  const fuel = f?.totalFuelCons ?? null;
  const distanceNm = s.gps?.summary.totalCruise ?? 0;
  return {
    fuel,
    meFuel: f?.meEngineCons ?? null,
    aeFuel: f?.aeEngineCons ?? null,
    meFuel15: f?.meEngineCons15 ?? null,
    aeFuel15: f?.aeEngineCons15 ?? null,
    meFuelKg: f?.meEngineConsKg ?? null,
    aeFuelKg: f?.aeEngineConsKg ?? null,
    distanceNm,
    portHours,
    starboardHours,
    ae1Hours: ae?.AE1 ? ae.AE1.runningTime : null,
    ae2Hours: ae?.AE2 ? ae.AE2.runningTime : null,
    ae3Hours: ae?.AE3 ? ae.AE3.runningTime : null,
    meHours,
    litresPerNm: fuel !== null && distanceNm >= MIN_DISTANCE_NM ? fuel / distanceNm : null,
    litresPerHour: fuel !== null && meHours ? fuel / meHours : null,
    co2: f?.co2Emitted ?? null,
  };
}

/** §38 change: (now − before) ÷ before × 100; null when either is missing or before is 0. */
export function changePercent(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return ((now - before) / before) * 100;
}
