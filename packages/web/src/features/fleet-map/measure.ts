import { haversineM, initialBearing, METRES_PER_LAND_MILE, METRES_PER_NM } from '@fleet/shared/geo.ts';
import { latLng } from '../../components/format.ts';

/** The coordinates panel's units (spec 002 §2.5): 'KM - KM/H' or 'NM - KNOTS' (default). */
export type MeasureUnit = 'KM' | 'NM';
export const MEASURE_UNITS: { value: MeasureUnit; label: string }[] = [
  { value: 'KM', label: 'KM - KM/H' },
  { value: 'NM', label: 'NM - KNOTS' },
];
/** The line's running length while drawing: kilometres, land miles or nautical miles (`label`: its text's key). */
export type LengthUnit = 'km' | 'mi' | 'nm';
export const LENGTH_UNITS: {
  value: LengthUnit;
  label: 'kilometres' | 'landMiles' | 'nauticalMiles';
  metres: number;
}[] = [
  { value: 'km', label: 'kilometres', metres: 1000 },
  { value: 'mi', label: 'landMiles', metres: METRES_PER_LAND_MILE },
  { value: 'nm', label: 'nauticalMiles', metres: METRES_PER_NM },
];

export interface LatLng {
  lat: number;
  lng: number;
}

/** One leg of a measured line (docs/domain.md "Distance and ETA tool"). */
export interface Leg {
  from: LatLng;
  to: LatLng;
  /** initial great-circle bearing, degrees */
  heading: number;
  /** in the unit's speed unit (km/h or knots) */
  speed: number;
  /** km or NM */
  distance: number;
  /** hours */
  duration: number;
  /** arrival at `to`, epoch ms */
  eta: number;
}

export function lineLengthM(points: LatLng[]): number {
  let m = 0;
  for (let i = 1; i < points.length; i++)
    m += haversineM(points[i - 1].lat, points[i - 1].lng, points[i].lat, points[i].lng);
  return m;
}

/**
 * The table of a line: per leg the heading, distance (haversine, R = 6 371 000 m) in km or NM, duration =
 * distance ÷ speed (hours), ETA = departure + the durations so far. Speed ≤ 0 gives no duration and no ETA (NaN).
 */
export function legs(
  points: LatLng[],
  speed: number,
  unit: MeasureUnit,
  departure: number,
): { legs: Leg[]; total: { distance: number; duration: number; eta: number } } {
  const perUnit = unit === 'NM' ? METRES_PER_NM : 1000;
  const out: Leg[] = [];
  let hours = 0;
  let distance = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const d = haversineM(a.lat, a.lng, b.lat, b.lng) / perUnit;
    const h = speed > 0 ? d / speed : Number.NaN;
    hours += h;
    distance += d;
    out.push({
      from: a,
      to: b,
      heading: initialBearing(a.lat, a.lng, b.lat, b.lng),
      speed,
      distance: d,
      duration: h,
      eta: departure + hours * 3_600_000,
    });
  }
  return { legs: out, total: { distance, duration: hours, eta: departure + hours * 3_600_000 } };
}

/** Hours as H:mm (1.5 → "1:30"); '-' when not a number. */
export function formatDuration(hours: number): string {
  if (!Number.isFinite(hours)) return '-';
  const minutes = Math.round(hours * 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A position as "lat, lng" with 5 decimals. */
export const formatLatLng = (p: LatLng) => latLng(p.lat, p.lng);
