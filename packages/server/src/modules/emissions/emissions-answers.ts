import type { DcsYear, EmissionsPeriod } from '@fleet/shared/answers/emissions.ts';
import type { Database } from '../../db/database.ts';
import { motionTotals } from '../voyages/motion-hours.ts';
import { ciiOf, intensity } from './cii.ts';
import { periodFigures, vesselFacts } from './emissions-read.ts';

/** The two answers of docs/domain.md §39 for the vessels given (the visible ones, checked by the route). */

const sum = (xs: (number | null)[]) => xs.reduce<number>((t, x) => t + (x ?? 0), 0);

/** §39.1: each vessel's fuel, CO₂ and distance of `[start, end)` and the fleet's sums. */
export async function fleetPeriod(
  database: Database,
  assetIds: readonly number[],
  p: { start: number; end: number; now: number },
): Promise<EmissionsPeriod> {
  const vessels = [];
  for (const f of await vesselFacts(database.db, assetIds)) {
    const figures = await periodFigures(database, f.massId, p);
    vessels.push({ massId: f.massId, massName: f.massName, fuelType: f.fuelType, ...figures });
  }
  return {
    start: p.start,
    end: p.end,
    vessels,
    fleet: {
      fuelLitres: sum(vessels.map((v) => v.fuelLitres)),
      fuelTonnes: sum(vessels.map((v) => v.fuelTonnes)),
      co2Tonnes: sum(vessels.map((v) => v.co2Tonnes)),
      distanceNm: sum(vessels.map((v) => v.distanceNm)),
      vesselsWithoutCo2: vessels.filter((v) => v.co2Tonnes === null).length,
    },
  };
}

/** §39.2–§39.4: each vessel's DCS-style calendar year (UTC) with AER, cgDIST and the CII. */
export async function dcsYear(
  database: Database,
  assetIds: readonly number[],
  year: number,
  now: number,
): Promise<DcsYear> {
  const start = Date.UTC(year, 0, 1) / 1000;
  const end = Date.UTC(year + 1, 0, 1) / 1000;
  const facts = await vesselFacts(database.db, assetIds);
  const motion = await motionTotals(
    database,
    facts.map((f) => f.massId),
    start,
    end,
  );
  const vessels = [];
  for (const f of facts) {
    const figures = await periodFigures(database, f.massId, { start, end, now });
    const { cii, reason } = ciiOf({ ...figures, gt: f.gt, dwt: f.dwt, ciiType: f.ciiType, year });
    vessels.push({
      ...f,
      ...figures,
      hoursUnderway: (motion.get(f.massId)?.underwaySeconds ?? 0) / 3600,
      aer: intensity(figures.co2Tonnes, f.dwt, figures.distanceNm),
      cgDist: intensity(figures.co2Tonnes, f.gt, figures.distanceNm),
      cii,
      ciiReason: reason,
    });
  }
  return { year, start, end, partial: now < end, vessels };
}
