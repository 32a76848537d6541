import type { EfficiencyMonth, EfficiencyRow, FleetEfficiency } from '@fleet/shared/answers/efficiency.ts';
import type { Database } from '../../db/database.ts';
import type { VesselPlan } from '../summary/summary-vessel.ts';
import { motionTotals } from '../voyages/motion-hours.ts';
import { changePercent, figuresOf, type MotionHours, periodSummary } from './efficiency-figures.ts';
import type { MonthPeriod } from './efficiency-months.ts';
import { rankByType } from './efficiency-rank.ts';

/** A vessel of the table: its summary plan and the asset type it is ranked in. */
export interface FleetVessel {
  plan: VesselPlan;
  matyId: number | null;
  matyName: string | null;
}

const hours = (s: number | undefined) => (s === undefined ? null : s / 3600);

/**
 * The voyages module's motion hours of the vessels over a period (docs/domain.md §38 "Under way, Idle running"). A
 * vessel without a GPS device has none (null): detection never runs for it, and its 0 would read as "never idle".
 */
async function motionHours(database: Database, plans: VesselPlan[], start: number, end: number) {
  const totals = await motionTotals(
    database,
    plans.filter((p) => p.gps).map((p) => p.massId),
    start,
    end,
  );
  return (id: number): MotionHours => {
    const t = totals.get(id);
    return { underwayHours: hours(t?.underwaySeconds), idleRunningHours: hours(t?.idleRunningSeconds) };
  };
}

/**
 * §38: the table of a period — each vessel's figures for the period and the previous one of the same length (its
 * summaries), the changes, and the rank within its asset type. Rows in the vessels' order.
 */
export async function fleetEfficiency(
  database: Database,
  vessels: FleetVessel[],
  start: number,
  end: number,
  now: number,
): Promise<FleetEfficiency> {
  const previousStart = start - (end - start);
  const motion = await motionHours(
    database,
    vessels.map((v) => v.plan),
    start,
    end,
  );
  const rows: EfficiencyRow[] = [];
  for (const v of vessels) {
    const cur = figuresOf(await periodSummary(database, v.plan, start, end, now));
    const before = figuresOf(await periodSummary(database, v.plan, previousStart, start, now));
    rows.push({
      massId: v.plan.massId,
      massName: v.plan.massName,
      matyId: v.matyId,
      matyName: v.matyName,
      ...cur,
      ...motion(v.plan.massId),
      change: {
        fuel: changePercent(cur.fuel, before.fuel),
        litresPerNm: changePercent(cur.litresPerNm, before.litresPerNm),
        litresPerHour: changePercent(cur.litresPerHour, before.litresPerHour),
        co2: changePercent(cur.co2, before.co2),
      },
      rank: null,
      rankOf: null,
    });
  }
  for (const [row, r] of rankByType(rows)) Object.assign(row, r);
  return { start, end, previousStart, previousEnd: start, rows };
}

/** §38 monthly trend: the row's figures of each month as a period. */
export async function monthlyTrend(
  database: Database,
  plan: VesselPlan,
  months: MonthPeriod[],
  now: number,
): Promise<EfficiencyMonth[]> {
  const out: EfficiencyMonth[] = [];
  for (const m of months) {
    const figures = figuresOf(await periodSummary(database, plan, m.start, m.end, now));
    const motion = await motionHours(database, [plan], m.start, m.end);
    out.push({ ...m, partial: m.end > now, ...figures, ...motion(plan.massId) });
  }
  return out;
}
