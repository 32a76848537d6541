import type { EmissionsVessel } from '@fleet/shared/answers/emissions.ts';
import { fuelTonnes } from '@fleet/shared/co2.ts';
import type { Database, Db } from '../../db/database.ts';
import { buildSummary, fuelFlows } from '../summary/summary-build.ts';
import { loadPeriod } from '../summary/summary-load.ts';
import { loadVesselPlan } from '../summary/summary-vessel.ts';

/**
 * A vessel's fuel, CO₂ and distance of a period (docs/domain.md §39.1), read through the summary's own code: the calls
 * of GET /api/summary/aggregated/period (loadPeriod → buildSummary) for the groups these figures come from, so every
 * number is the summary's number for the same period; the fuel's mass from the same flows CO₂ is computed of.
 */

/** The summary groups the figures need: distance (gps), engine fuel and CO₂ (flowmeter), AE fuel (ae). */
const GROUPS = ['gps', 'flowmeter', 'ae'] as const;

export interface VesselFacts extends Pick<EmissionsVessel, 'massId' | 'massName' | 'fuelType'> {
  gt: number | null;
  dwt: number | null;
  ciiType: string | null;
}

/** The assets (by id, in name order) with their fuel type, capacities and CII ship type. */
export async function vesselFacts(db: Db, assetIds: readonly number[]): Promise<VesselFacts[]> {
  if (!assetIds.length) return [];
  const rows = await db
    .selectFrom('asset')
    .leftJoin('fuel_type', 'fuel_type.mftyId', 'asset.massMftyId')
    .select([
      'massId',
      'massName',
      'massGt',
      'massDwt',
      'massCiiType',
      'mftyId',
      'mftyName',
      'mftyCo2Factor',
      'mftyDensity',
    ])
    .where('massId', 'in', [...assetIds])
    .orderBy('massName')
    .orderBy('massId')
    .execute();
  return rows.map((r) => ({
    massId: Number(r.massId),
    massName: r.massName,
    fuelType:
      r.mftyId == null
        ? null
        : {
            mftyId: Number(r.mftyId),
            name: r.mftyName,
            co2Factor: finite(r.mftyCo2Factor),
            density: finite(r.mftyDensity),
          },
    gt: finite(r.massGt),
    dwt: finite(r.massDwt),
    ciiType: r.massCiiType ?? null,
  }));
}

/** A stored number, or null where none or not finite (docs/domain.md §32.2). */
const finite = (v: unknown): number | null => {
  if (v == null) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

export type PeriodFigures = Pick<EmissionsVessel, 'fuelLitres' | 'fuelTonnes' | 'co2Tonnes' | 'distanceNm'>;

/** One vessel's figures for `[start, end)`; `now` as the summary takes it (days that have ended). */
export async function periodFigures(
  database: Database,
  massId: number,
  period: { start: number; end: number; now: number },
): Promise<PeriodFigures> {
  const plan = await loadVesselPlan(database.db, massId);
  if (!plan) return { fuelLitres: null, fuelTonnes: null, co2Tonnes: null, distanceNm: 0 };
  // no buckets: the period is read as one (the zone only cuts buckets, so any offset gives the same totals)
  const vessel = await loadPeriod(database, plan, { ...period, unit: 'HOUR', tz: 0, groups: GROUPS, buckets: false });
  const summary = buildSummary(vessel, { groups: GROUPS, showDetails: false });
  const fuel = summary.flowmeter!.summary;
  return {
    fuelLitres: fuel.totalFuelCons,
    fuelTonnes: fuel.totalFuelCons === null ? null : fuelTonnes(fuelFlows(vessel)),
    co2Tonnes: fuel.co2Emitted,
    distanceNm: summary.gps!.summary.totalCruise,
  };
}
