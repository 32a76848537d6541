import { haversineM, METRES_PER_NM } from '@fleet/shared/geo.ts';
import { PORTS } from '@fleet/simulator/geography.ts';
import { nearestPort } from '../geo/gazetteer.ts';

/**
 * Where a stop is (docs/domain.md §37.2): the port catalogue's berths and outer anchorages, then the gazetteer's world
 * ports; a stop elsewhere is at anchor at sea, without a place.
 */
export const BERTH_RADIUS_NM = 1.5;
export const ANCHORAGE_RADIUS_NM = 3;
export const WORLD_PORT_RADIUS_NM = 2;

export interface StopPlace {
  kind: 'berth' | 'anchor';
  place: string | null;
}

interface Point {
  name: string;
  lat: number;
  lng: number;
}
const BERTHS: Point[] = PORTS.map((p) => ({ name: p.name, lat: p.harbour[0][0], lng: p.harbour[0][1] }));
const ANCHORAGES: Point[] = PORTS.map((p) => {
  const [lat, lng] = p.harbour[p.harbour.length - 1];
  return { name: `${p.name} anchorage`, lat, lng };
});

function nearest(points: Point[], lat: number, lng: number, radiusNm: number): Point | null {
  let best: Point | null = null;
  let bestNm = radiusNm;
  for (const p of points) {
    const nm = haversineM(lat, lng, p.lat, p.lng) / METRES_PER_NM;
    if (nm <= bestNm) {
      best = p;
      bestNm = nm;
    }
  }
  return best;
}

/** A stop's kind and place from its representative position, the first rule of §37.2 that holds. */
export function classifyStop(lat: number, lng: number): StopPlace {
  const berth = nearest(BERTHS, lat, lng, BERTH_RADIUS_NM);
  if (berth) return { kind: 'berth', place: berth.name };
  const anchorage = nearest(ANCHORAGES, lat, lng, ANCHORAGE_RADIUS_NM);
  if (anchorage) return { kind: 'anchor', place: anchorage.name };
  const port = nearestPort(lat, lng, WORLD_PORT_RADIUS_NM);
  if (port) return { kind: 'berth', place: port.place.name };
  return { kind: 'anchor', place: null };
}
