import { sql } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { loadVesselPlan } from '../summary/summary-vessel.ts';
import { type DetectedLeg, detectLegs, type MotionHour, motionHours, type Track, trackFrom } from './detect.ts';
import { classifyStop } from './places.ts';
import { readRunning, readTrack, type VoyageDevices } from './track-read.ts';

/**
 * Detection run for one vessel (docs/domain.md §37.3, §37.6): from the last stable boundary before its dirty mark,
 * read the fixes and the main engines' running time, detect, and replace the stored legs and motion hours from there
 * on — in one transaction, the mark cleared unless a newer reading moved it meanwhile.
 */

/** The asset type names a tug (§37.3 step 4). */
export const isTugType = (name: string | null | undefined) => /\btug\b/i.test(name ?? '');

export interface VesselForVoyages extends VoyageDevices {
  tug: boolean;
}

export async function voyageVessel(db: Db, assetId: number): Promise<VesselForVoyages | null> {
  const plan = await loadVesselPlan(db, assetId);
  if (!plan) return null;
  const type = await db
    .selectFrom('asset')
    .leftJoin('asset_type', 'asset_type.matyId', 'asset.massMatyId')
    .select('matyName')
    .where('massId', '=', assetId)
    .executeTakeFirst();
  return {
    gps: plan.gps?.devcId ?? null,
    rpm: Object.values(plan.rpm).map((d) => ({ devcId: d.devcId, threshold: d.threshold })),
    tug: isTugType(type?.matyName),
  };
}

interface StoredLegRow {
  startTs: number;
  endTs: number;
  kind: string;
}

/**
 * Where re-detection starts (§37.3): the start of the last stored stop that ends at or before the start of the leg
 * holding `dirtyFrom`; null: the whole track.
 */
export function stableBoundary(legs: readonly StoredLegRow[], dirtyFrom: number): number | null {
  let holding = -1;
  for (let i = 0; i < legs.length; i++) if (legs[i].startTs <= dirtyFrom) holding = i;
  if (holding < 0) return null;
  const before = legs[holding].startTs;
  for (let i = holding; i >= 0; i--) {
    const l = legs[i];
    if ((l.kind === 'berth' || l.kind === 'anchor') && l.endTs <= before) return l.startTs;
  }
  return null;
}

export interface Detection {
  /** where the replaced part starts (null: the whole track) */
  from: number | null;
  hourFrom: number;
  legs: (DetectedLeg & { startLat: number; startLng: number; endLat: number; endLng: number })[];
  hours: MotionHour[];
}

/** Detects a vessel's legs and motion hours from `from` (null: everything) — reads, no writes. */
export async function detectFrom(
  database: Database,
  vessel: VesselForVoyages,
  from: number | null,
): Promise<Detection> {
  const hourFrom = from === null ? 0 : Math.floor(from / 3600) * 3600;
  if (vessel.gps === null) return { from, hourFrom, legs: [], hours: [] };
  const track = await readTrack(database, vessel.gps, hourFrom);
  const running = await readRunning(database, vessel.rpm, hourFrom);
  let first = 0;
  if (from !== null) while (first < track.n && track.ts[first] < from) first++;
  const part: Track = trackFrom(track, first);
  const legs = detectLegs(part, running, { tug: vessel.tug, classify: classifyStop }).map((l) => ({
    ...l,
    startLat: part.lat[l.first],
    startLng: part.lng[l.first],
    endLat: part.lat[l.last],
    endLng: part.lng[l.last],
  }));
  return { from, hourFrom, legs, hours: motionHours(track, running, hourFrom) };
}

const CHUNK = 500;
async function insertChunks(db: Db, table: string, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

/** Replaces the stored legs and motion hours from the detection's start on, in one transaction. */
export async function storeDetection(db: Db, assetId: number, d: Detection, now: number, dirtyFrom: number | null) {
  await db.transaction().execute(async (tx) => {
    let legs = tx.deleteFrom('voyage_leg').where('assetId', '=', assetId);
    if (d.from !== null) legs = legs.where('startTs', '>=', d.from);
    await legs.execute();
    await tx.deleteFrom('voyage_motion_hour').where('assetId', '=', assetId).where('hour', '>=', d.hourFrom).execute();
    await insertChunks(
      tx,
      'voyage_leg',
      d.legs.map((l) => ({
        assetId,
        startTs: l.start,
        endTs: l.end,
        kind: l.kind,
        fromPlace: l.fromPlace,
        toPlace: l.toPlace,
        startLat: l.startLat,
        startLng: l.startLng,
        endLat: l.endLat,
        endLng: l.endLng,
        ongoing: l.ongoing ? 1 : 0,
      })),
    );
    await insertChunks(
      tx,
      'voyage_motion_hour',
      d.hours.map((h) => ({
        assetId,
        hour: h.hour,
        underwaySeconds: h.underwaySeconds,
        idleRunningSeconds: h.idleRunningSeconds,
      })),
    );
    // the mark is cleared only when no batch moved it since it was read
    await sql`insert into voyage_state (asset_id, dirty_from, detected_at) values (${assetId}, null, ${now})
      on conflict (asset_id) do update set detected_at = excluded.detected_at,
      dirty_from = case when voyage_state.dirty_from = ${dirtyFrom ?? -1} then null else voyage_state.dirty_from end`.execute(
      tx,
    );
  });
}

/** Runs a detection elsewhere (the heavy pool: voyage-pass.ts); absent, in this thread. */
export type DetectionRunner = (vessel: VesselForVoyages, assetId: number, from: number | null) => Promise<Detection>;

/**
 * Re-detects one vessel from its dirty mark (§37.6): no mark and legs stored → nothing to do; no legs stored → the
 * whole track. Answers the number of legs written, or null when nothing ran.
 */
export async function redetect(
  database: Database,
  assetId: number,
  now: number,
  runner?: DetectionRunner,
): Promise<number | null> {
  const { db } = database;
  const state = await db
    .selectFrom('voyage_state')
    .select(['dirtyFrom', 'detectedAt'])
    .where('assetId', '=', assetId)
    .executeTakeFirst();
  const dirtyFrom = state?.dirtyFrom == null ? null : Number(state.dirtyFrom);
  if (state?.detectedAt != null && dirtyFrom === null) return null;
  const vessel = await voyageVessel(db, assetId);
  if (!vessel) return null;
  const stored: StoredLegRow[] = (
    await db
      .selectFrom('voyage_leg')
      .select(['startTs', 'endTs', 'kind'])
      .where('assetId', '=', assetId)
      .orderBy('startTs')
      .execute()
  ).map((r) => ({ kind: r.kind, startTs: Number(r.startTs), endTs: Number(r.endTs) }));
  const from = dirtyFrom === null || state?.detectedAt == null ? null : stableBoundary(stored, dirtyFrom);
  const d = runner ? await runner(vessel, assetId, from) : await detectFrom(database, vessel, from);
  await storeDetection(db, assetId, d, now, dirtyFrom);
  return d.legs.length;
}
