/**
 * Great-circle helpers for the map (docs/domain.md "Distance" and "Heading"):
 * haversine distance with R = 6 371 000 m and the initial great-circle bearing.
 */
export const EARTH_RADIUS_M = 6371000;
export const METRES_PER_NM = 1852;
export const METRES_PER_LAND_MILE = 1609.344;

const RAD = Math.PI / 180;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/**
 * Distance in metres between two points (haversine), written as docs/domain.md §6 has it. The one copy: ingest's
 * GPS distance, the gazetteer, the measure tool and the simulator's lanes. Keep its arithmetic as it is — the
 * simulator's positions depend on the last bit of each lane's length.
 */
export function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}

/** Initial great-circle bearing from point 1 to point 2, degrees clockwise from true north in [0, 360). */
export function initialBearing(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const φ1 = rad(lat1);
  const φ2 = rad(lat2);
  const Δλ = rad(lon2 - lon1);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

/** The 8-point compass name of a bearing in degrees (N, NE, E, …). */
export function compassPoint(bearing: number): string {
  const names = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
  return names[Math.round((((bearing % 360) + 360) % 360) / 45) % 8];
}
