import { createHash } from 'node:crypto';
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

/** The summary's figures of one leg's period (§37.4). */
export interface RangeFigures {
  first: [number, number] | null;
  last: [number, number] | null;
  distanceM: number;
  avgSpeedKn: number | null;
  me: LegFuel;
  ae: LegFuel;
  totalLitres: number | null;
  co2Tonnes: number | null;
}

/** One summary computation over [a, b); null where its raw readings are gone (before the retention boundary, §1). */
async function rangeFigures(
  database: Database,
  plan: VesselPlan,
  a: number,
  b: number,
  now: number,
  horizon: number,
): Promise<RangeFigures | null> {
  if (!(b > a) || a < horizon) return null;
  const input = { start: a, end: b, unit: 'HOUR' as const, tz: 0, now, groups: GROUPS, buckets: false };
  const s = buildSummary(await loadPeriod(database, plan, input), { groups: GROUPS, showDetails: false });
  const gps = s.gps?.summary;
  const fm = s.flowmeter?.summary;
  const pos = (p: { latitude: number | null; longitude: number | null } | null | undefined): [number, number] | null =>
    p?.latitude != null && p.longitude != null ? [p.latitude, p.longitude] : null;
  return {
    first: pos(gps?.firstPosition),
    last: pos(gps?.lastPosition),
    distanceM: gps?.totalDistance ?? 0,
    avgSpeedKn: gps?.averageSpeedKnot ?? null,
    me: fm ? { litres: fm.meEngineCons, litres15: fm.meEngineCons15, kg: fm.meEngineConsKg } : NO_FUEL,
    ae: fm ? { litres: fm.aeEngineCons, litres15: fm.aeEngineCons15, kg: fm.aeEngineConsKg } : NO_FUEL,
    totalLitres: fm?.totalFuelCons ?? null,
    co2Tonnes: fm?.co2Emitted ?? null,
  };
}

/**
 * What the figures depend on besides the readings: the vessel's devices, their roles and configuration, its fuel type
 * (a changed CO₂ factor or AE rate gives new figures at once). Readings are covered by detection: it drops the cached
 * figures of every leg from where it re-detects.
 */
export const planKey = (plan: VesselPlan) => createHash('sha1').update(JSON.stringify(plan)).digest('base64url');

async function cachedFigures(database: Database, assetId: number, key: string, start: number, end: number) {
  const rows = await database.db
    .selectFrom('voyage_leg_figures')
    .select(['startTs', 'endTs', 'figures'])
    .where('assetId', '=', assetId)
    .where('planKey', '=', key)
    .where('startTs', '<', end)
    .where('endTs', '>', start)
    .execute();
  return new Map(rows.map((r) => [`${r.startTs}-${r.endTs}`, JSON.parse(r.figures) as RangeFigures]));
}

async function storeFigures(database: Database, assetId: number, key: string, a: number, b: number, f: RangeFigures) {
  // two requests may compute the same leg at once: the first stored wins, the same numbers either way
  await database.db
    .insertInto('voyage_leg_figures')
    .values({ assetId, startTs: a, endTs: b, planKey: key, figures: JSON.stringify(f) })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

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
  const key = planKey(plan);
  const cached = await cachedFigures(database, assetId, key, start, end);
  const legs: Leg[] = [];
  for (let i = 0; i < clipped.length; i++) {
    const { leg, a, b, cut } = clipped[i];
    // a closed leg seen whole is computed once per detection and vessel set-up (voyage_leg_figures)
    const whole = !cut && !leg.ongoing;
    let f: RangeFigures | null | undefined = whole ? cached.get(`${a}-${b}`) : undefined;
    if (!f) {
      f = await rangeFigures(database, plan, a, b, now, horizon);
      if (whole && f) await storeFigures(database, assetId, key, a, b, f);
    }
    const startPos: [number, number] | null = !cut && leg.startPos ? leg.startPos : (f?.first ?? leg.startPos);
    const endPos: [number, number] | null = !cut && leg.endPos ? leg.endPos : (f?.last ?? leg.endPos);
    const distanceNm = (f?.distanceM ?? 0) / METRES_PER_NM;
    const totalLitres = f?.totalLitres ?? null;
    const hours = (b - a) / 3600;
    legs.push({
      id: `${assetId}-${leg.start}`,
      assetId,
      kind: leg.kind,
      start: a,
      end: b,
      legStart: leg.start,
      legEnd: leg.end,
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
      avgSpeedKn: f?.avgSpeedKn ?? null,
      me: f?.me ?? NO_FUEL,
      ae: f?.ae ?? NO_FUEL,
      totalLitres,
      // a stop's litres are not spent on its swinging or drifting: L/NM is a passage's figure
      litresPerNm:
        totalLitres !== null && isPassage(leg.kind) && distanceNm >= MIN_NM_FOR_RATE ? totalLitres / distanceNm : null,
      litresPerHour: totalLitres !== null && hours > 0 ? totalLitres / hours : null,
      co2Tonnes: f?.co2Tonnes ?? null,
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
