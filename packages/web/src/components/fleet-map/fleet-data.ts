import type { PulseRow } from '@fleet/shared/answers/pulse.ts';
import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import { isOnline } from '@fleet/shared/online.ts';
import type { VesselMarkerData } from '../map/index.ts';

/** Constants of spec 002 §9. */
export const FLEET_REFRESH_MS = 60_000;
export const PULSE_DELAY_MS = 2000;

/** What the fleet map reads of an asset row: the list asks only these (`select`), 1,000 vessels in a lean answer. */
export const FLEET_ASSET_FIELDS = ['massId', 'massName', 'massImage', 'massSystemType', 'massMaty'] as const;
export type FleetAsset = Pick<AssetRow, (typeof FLEET_ASSET_FIELDS)[number]>;

export interface VesselSummary24h {
  /** NM (docs/domain.md §8) */
  totalCruise: number;
  /** knots (docs/domain.md §7) */
  averageSpeedKnot: number | null;
  start: number;
  end: number;
}

/** One vessel on the fleet map: the asset, its latest readings (spec 002 §3.1) and its 24 h numbers. */
export interface FleetVessel {
  massId: number;
  name: string;
  typeName: string;
  systemType: string;
  image: string | null;
  kind: 'ship' | 'tug';
  gps: PulseRow | null;
  lat: number | null;
  lng: number | null;
  heading: number | null;
  /** last GPS time, epoch seconds */
  lastUpdate: number | null;
  online: boolean;
  ae: { label: string; running: boolean }[];
  portRpm: number | null;
  starboardRpm: number | null;
  portInFlowrate: number | null;
  starboardInFlowrate: number | null;
  summary: VesselSummary24h | null;
  location: string | null;
}

/** A placed vessel as the map's hull layer draws it (only for vessels with a position). */
export const vesselMarker = (v: FleetVessel): VesselMarkerData => ({
  id: v.massId,
  lat: v.lat!,
  lng: v.lng!,
  heading: v.heading,
  online: v.online,
  kind: v.kind,
  label: v.name,
});

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const label = (r: PulseRow) => (r.devcLabel ?? '').toUpperCase();

/**
 * Online (docs/domain.md §19): the server's `online` on the newest GPS row, and still so by the shared rule at
 * `nowS` — the row goes stale between refreshes while the store's clock moves on.
 */
export function vesselOnline(gps: PulseRow | null, nowS: number): boolean {
  return gps?.online === true && isOnline(gps.timestamp, nowS);
}

/**
 * The 24 h summary window of spec 002 §9: from the hour of the last GPS minus one day to the last GPS time,
 * that fix included (the period's end is exclusive, so end = last GPS + 1 s).
 */
export function summaryWindow(lastGps: number): { start: number; end: number } {
  return { start: Math.floor(lastGps / 3600) * 3600 - 86400, end: lastGps + 1 };
}

/** Builds one vessel from its asset and the latest readings of its devices (pure; tested). */
export function buildVessel(
  a: FleetAsset,
  rows: Iterable<PulseRow>,
  summary: VesselSummary24h | null,
  location: string | null,
  nowS: number,
): FleetVessel {
  const list = [...rows];
  // the newest GPS fix of the vessel's GPS devices
  let gps: PulseRow | null = null;
  for (const r of list)
    if (r.devcType === 'gps' && num(r.latitude) !== null && (!gps || r.timestamp > gps.timestamp)) gps = r;
  const rpm = (side: string) => num(list.find((r) => r.devcType === 'rpm' && label(r) === side)?.rpm);
  const flow = (side: string) => num(list.find((r) => r.devcType === 'flowmeter' && label(r) === side)?.volumeFlowrate);
  const ae = list
    .filter((r) => r.devcType === 'ae')
    .sort((x, y) => (x.devcLabel ?? x.devcUniqueId).localeCompare(y.devcLabel ?? y.devcUniqueId))
    .map((r, i) => ({
      label: r.devcLabel || `AE ${i + 1}`,
      running: (num(r.running) ?? 0) > 0 || (num(r.rpm) ?? 0) > 0,
    }));
  const typeName = a.massMaty?.matyName ?? '';
  const lastUpdate = gps ? gps.timestamp : null;
  return {
    massId: a.massId,
    name: a.massName,
    typeName,
    systemType: a.massSystemType ?? '',
    image: a.massImage ?? null,
    kind: /tug/i.test(typeName) ? 'tug' : 'ship',
    gps,
    lat: gps ? num(gps.latitude) : null,
    lng: gps ? num(gps.longitude) : null,
    heading: gps ? num(gps.track) : null,
    lastUpdate,
    online: vesselOnline(gps, nowS),
    ae,
    portRpm: rpm('PORT'),
    starboardRpm: rpm('STARBOARD'),
    portInFlowrate: flow('PORT_IN'),
    starboardInFlowrate: flow('STARBOARD_IN'),
    summary,
    location,
  };
}

/** Builds the vessels from assets and the latest readings (pure; tested). */
export function buildVessels(
  assets: FleetAsset[],
  rows: Iterable<PulseRow>,
  summaries: Map<number, VesselSummary24h>,
  locations: Map<number, string>,
  nowS: number,
): FleetVessel[] {
  const byMass = new Map<number, PulseRow[]>();
  for (const r of rows) {
    if (r.devcMassId == null) continue;
    let list = byMass.get(r.devcMassId);
    if (!list) {
      list = [];
      byMass.set(r.devcMassId, list);
    }
    list.push(r);
  }
  return assets.map((a) =>
    buildVessel(a, byMass.get(a.massId) ?? [], summaries.get(a.massId) ?? null, locations.get(a.massId) ?? null, nowS),
  );
}
