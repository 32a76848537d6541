import type { SummaryGroup } from '@fleet/shared/answers/summary.ts';
import {
  type Leg,
  type LegFuel,
  type VoyageCorrectionRequest,
  type VoyagesAnswer,
  voyageCorrectionRequestSchema,
} from '@fleet/shared/answers/voyages.ts';
import { METRES_PER_NM } from '@fleet/shared/geo.ts';
import type { Database } from '../../db/database.ts';
import { buildSummary } from '../summary/summary-build.ts';
import { loadPeriod } from '../summary/summary-load.ts';
import type { VesselPlan } from '../summary/summary-vessel.ts';
import { rawHorizon } from '../telemetry/raw-horizon.ts';
import { queryArrays } from '../telemetry/sql.ts';
import { applyCorrections, type LegShape } from './corrections.ts';

/**
 * The voyages answer (docs/domain.md §37.4): the stored legs with the corrections in force applied, those that
 * overlap the period clipped to it, and each leg's figures — the vessel summary's over the leg's period (one
 * computation of every number, so a leg's litres, distance and CO₂ are the summary's).
 */
const GROUPS: readonly SummaryGroup[] = ['gps', 'flowmeter', 'ae'];
/** Below this distance a passage has no L/NM (a few hundred metres would give a meaningless figure). */
export const MIN_NM_FOR_RATE = 0.1;
const isPassage = (kind: string) => kind === 'underway' || kind === 'towing';

/** The corrections in force of a vessel, oldest first (the order they apply in). */
export async function correctionsInForce(database: Database, assetId: number) {
  const rows = await database.db
    .selectFrom('voyage_correction')
    .selectAll()
    .where('vcorAssetId', '=', assetId)
    .where('vcorDeletedTime', 'is', null)
    .orderBy('vcorId')
    .execute();
  return rows.map((r) => ({
    id: Number(r.vcorId),
    assetId: Number(r.vcorAssetId),
    action: r.vcorAction as VoyageCorrectionRequest['action'],
    detail: voyageCorrectionRequestSchema.parse(JSON.parse(r.vcorDetail)),
    createdBy: String(r.vcorCreatedBy),
    createdTime: Number(r.vcorCreatedTime),
  }));
}

/** The vessel's legs as detected, then corrected. */
export async function correctedLegs(database: Database, assetId: number): Promise<LegShape[]> {
  const rows = await database.db
    .selectFrom('voyage_leg')
    .selectAll()
    .where('assetId', '=', assetId)
    .orderBy('startTs')
    .execute();
  const detected: LegShape[] = rows.map((r) => ({
    kind: r.kind,
    start: Number(r.startTs),
    end: Number(r.endTs),
    fromPlace: r.fromPlace ?? null,
    toPlace: r.toPlace ?? null,
    ongoing: Number(r.ongoing) === 1,
    startPos: [Number(r.startLat), Number(r.startLng)],
    endPos: [Number(r.endLat), Number(r.endLng)],
    corrected: false,
  }));
  return applyCorrections(
    detected,
    (await correctionsInForce(database, assetId)).map((c) => c.detail),
  );
}

/** §37.1: seconds under way of each range, from the fixes' moving spans (one read for all of them). */
async function underwayOf(database: Database, gps: number | null, ranges: { start: number; end: number }[]) {
  const out = ranges.map(() => 0);
  if (gps === null || !ranges.length) return out;
  const from = ranges[0].start;
  const to = ranges[ranges.length - 1].end;
  // a fix's span reaches back at most G_GPS: fixes up to an hour after the last range still credit it
  const rows = await queryArrays(
    database,
    'select ts, moving_span from telemetry_gps where device_id = ? and ts > ? and ts <= ? and moving_span > 0 order by ts',
    [gps, from, to + 3600],
  );
  let k = 0;
  for (const r of rows) {
    const b = Number(r[0]);
    const a = b - Number(r[1]);
    while (k < ranges.length && ranges[k].end <= a) k++;
    for (let i = k; i < ranges.length && ranges[i].start < b; i++)
      out[i] += Math.max(0, Math.min(b, ranges[i].end) - Math.max(a, ranges[i].start));
  }
  return out;
}

const NO_FUEL: LegFuel = { litres: null, litres15: null, kg: null };

export async function voyagesAnswer(
  database: Database,
  plan: VesselPlan,
  start: number,
  end: number,
  now: number,
): Promise<VoyagesAnswer> {
  const assetId = plan.massId;
  const all = await correctedLegs(database, assetId);
  const inPeriod = all.filter((l) => l.start < end && (l.end > start || (l.ongoing && l.end >= start)));
  const clipped = inPeriod.map((l) => {
    const a = Math.max(l.start, start);
    const b = Math.min(l.end, end);
    return { leg: l, a, b, cut: a !== l.start || b !== l.end };
  });
  const horizon = await rawHorizon(database);
  const underway = await underwayOf(
    database,
    plan.gps?.devcId ?? null,
    clipped.map((c) => ({ start: c.a, end: c.b })),
  );
  const legs: Leg[] = [];
  for (let i = 0; i < clipped.length; i++) {
    const { leg, a, b, cut } = clipped[i];
    // the summary needs raw readings at a leg's minute boundaries: none before the retention boundary (§1)
    const s =
      b > a && a >= horizon
        ? buildSummary(
            await loadPeriod(database, plan, {
              start: a,
              end: b,
              unit: 'HOUR',
              tz: 0,
              now,
              groups: GROUPS,
              buckets: false,
            }),
            { groups: GROUPS, showDetails: false },
          )
        : null;
    const gps = s?.gps?.summary;
    const fm = s?.flowmeter?.summary;
    const first = gps?.firstPosition;
    const last = gps?.lastPosition;
    const startPos: [number, number] | null =
      !cut && leg.startPos ? leg.startPos : first?.latitude != null ? [first.latitude, first.longitude] : leg.startPos;
    const endPos: [number, number] | null =
      !cut && leg.endPos ? leg.endPos : last?.latitude != null ? [last.latitude, last.longitude] : leg.endPos;
    const distanceNm = (gps?.totalDistance ?? 0) / METRES_PER_NM;
    const totalLitres = fm?.totalFuelCons ?? null;
    const hours = (b - a) / 3600;
    legs.push({
      id: `${assetId}-${leg.start}`,
      assetId,
      kind: leg.kind,
      start: a,
      end: b,
      ongoing: leg.ongoing && b === leg.end,
      fromPlace: leg.fromPlace,
      toPlace: leg.toPlace,
      startLat: startPos?.[0] ?? endPos?.[0] ?? 0,
      startLng: startPos?.[1] ?? endPos?.[1] ?? 0,
      endLat: endPos?.[0] ?? startPos?.[0] ?? 0,
      endLng: endPos?.[1] ?? startPos?.[1] ?? 0,
      durationSeconds: b - a,
      underwaySeconds: underway[i],
      distanceNm,
      avgSpeedKn: gps?.averageSpeedKnot ?? null,
      me: fm ? { litres: fm.meEngineCons, litres15: fm.meEngineCons15, kg: fm.meEngineConsKg } : NO_FUEL,
      ae: fm ? { litres: fm.aeEngineCons, litres15: fm.aeEngineCons15, kg: fm.aeEngineConsKg } : NO_FUEL,
      totalLitres,
      // a stop's litres are not spent on its swinging or drifting: L/NM is a passage's figure
      litresPerNm:
        totalLitres !== null && isPassage(leg.kind) && distanceNm >= MIN_NM_FOR_RATE ? totalLitres / distanceNm : null,
      litresPerHour: totalLitres !== null && hours > 0 ? totalLitres / hours : null,
      co2Tonnes: fm?.co2Emitted ?? null,
      corrected: leg.corrected,
    });
  }
  const sum = (f: (l: Leg) => number | null) => {
    const v = legs.map(f).filter((x): x is number => x !== null);
    return v.length ? v.reduce((x, y) => x + y, 0) : null;
  };
  const state = await database.db
    .selectFrom('voyage_state')
    .select('detectedAt')
    .where('assetId', '=', assetId)
    .executeTakeFirst();
  return {
    assetId,
    start,
    end,
    legs,
    totals: {
      distanceNm: sum((l) => l.distanceNm) ?? 0,
      underwaySeconds: sum((l) => l.underwaySeconds) ?? 0,
      totalLitres: sum((l) => l.totalLitres),
      co2Tonnes: sum((l) => l.co2Tonnes),
    },
    detectedAt: state?.detectedAt == null ? null : Number(state.detectedAt),
  };
}
