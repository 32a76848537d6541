import type { LandIndex } from './land-index.ts';

/**
 * The land of the report maps projected once per zoom (issue 29): every polygon a map has drawn at a zoom is kept in
 * that zoom's world pixels (Web Mercator, 256 · 2^z px around the world, as d3 geoMercator projects at that scale),
 * thinned to points at least SIMPLIFY_PX apart. A map at another centre is then a shift of these numbers and a clip
 * to its frame — no spherical clipping and no projection of the 1:10 m coastline per report (d3-geo did both for
 * every report: 28 % of a day's PDF).
 */
export const SIMPLIFY_PX = 0.25; // under 0.2 pt on the page: finer than the PDF's 0.1 px coordinates show

/** Web Mercator's latitude limit: beyond it the projection runs to infinity (Antarctica's ring reaches −90°). */
const MAX_LATITUDE = 85.05112878;
const RADIANS = Math.PI / 180;

/** Pixels per radian of longitude at a zoom (d3 geoMercator's scale). */
export const mercatorScale = (zoom: number) => (256 * 2 ** zoom) / (2 * Math.PI);

/** World pixel x of a longitude at scale k (0 at longitude 0, growing east). */
export const worldX = (k: number, longitude: number) => k * longitude * RADIANS;
/** World pixel y of a latitude at scale k (0 at the equator, growing south), d3's mercatorRaw. */
export function worldY(k: number, latitude: number): number {
  const phi = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * RADIANS;
  return -k * Math.log(Math.tan((Math.PI / 2 + phi) / 2));
}

/** One ring in world pixels: x, y pairs (not closed: the last point is not the first again), and its box. */
export interface ProjectedRing {
  xy: Float64Array;
  /** west, north, east, south in world pixels (x0, y0, x1, y1) */
  box: [number, number, number, number];
}

const cache = new WeakMap<LandIndex, Map<string, ProjectedRing[][]>>();

/** Polygon p of the index at a zoom, its rings projected and thinned (`simplify` px; 0: every point), kept. */
export function projectedPolygon(index: LandIndex, zoom: number, p: number, simplify = SIMPLIFY_PX): ProjectedRing[] {
  let byKey = cache.get(index);
  if (!byKey) {
    byKey = new Map();
    cache.set(index, byKey);
  }
  const key = `${zoom}:${simplify}`;
  let polygons = byKey.get(key);
  if (!polygons) {
    polygons = new Array(index.polygons);
    byKey.set(key, polygons);
  }
  const kept = polygons[p];
  if (kept) return kept;
  const k = mercatorScale(zoom);
  const min2 = simplify * simplify;
  const rings: ProjectedRing[] = [];
  for (let r = index.polygonStart[p]; r < index.polygonStart[p + 1]; r++) {
    const from = index.ringStart[r];
    // the ring's last point repeats its first: left out (a path closes itself)
    const to = index.ringStart[r + 1] - 1;
    const lon = unwrapped(index.xy, from, to);
    const out = new Float64Array(2 * (to - from));
    let n = 0;
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (let i = from; i < to; i++) {
      const x = worldX(k, lon ? lon[i - from] : index.xy[2 * i]);
      const y = worldY(k, index.xy[2 * i + 1]);
      // radial thinning: a point closer than `simplify` to the last one kept is left out
      if (n > 0 && i < to - 1) {
        const dx = x - out[2 * n - 2];
        const dy = y - out[2 * n - 1];
        if (dx * dx + dy * dy < min2) continue;
      }
      out[2 * n] = x;
      out[2 * n + 1] = y;
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    rings.push({ xy: out.slice(0, 2 * n), box: [x0, y0, x1, y1] });
  }
  polygons[p] = rings;
  return rings;
}

/**
 * The longitudes of points from … to − 1 made continuous where the ring crosses the antimeridian and comes back
 * (Chukotka, Fiji: a jump from 180° to −180°), the ring then lying east of −180°; null when there is no such
 * crossing. A ring around a pole (Antarctica: one crossing) is left as it is: in the plane it is closed along the
 * map's edge. (d3-geo cut such rings at the antimeridian; in the plane the part past 180° is drawn past it.)
 */
function unwrapped(xy: Float64Array, from: number, to: number): Float64Array | null {
  let jumps = 0;
  // up to `to`, the first point again: the closing edge may cross too
  for (let i = from + 1; i <= to; i++) if (Math.abs(xy[2 * i] - xy[2 * i - 2]) > 180) jumps++;
  if (jumps === 0 || jumps % 2 === 1) return null;
  const lon = new Float64Array(to - from);
  let offset = 0;
  let min = Number.POSITIVE_INFINITY;
  for (let i = from; i < to; i++) {
    if (i > from) {
      const d = xy[2 * i] - xy[2 * i - 2];
      if (d > 180) offset -= 360;
      else if (d < -180) offset += 360;
    }
    lon[i - from] = xy[2 * i] + offset;
    if (lon[i - from] < min) min = lon[i - from];
  }
  if (min < -180) for (let i = 0; i < lon.length; i++) lon[i] += 360;
  return lon;
}

/**
 * A ring shifted by (dx, dy) and clipped to the rectangle [x0, x1] × [y0, y1] (Sutherland–Hodgman: each side in
 * turn); points that the clip lays along one side in a row are merged. Empty when nothing is left.
 */
export function clipRing(
  ring: ProjectedRing,
  dx: number,
  dy: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): number[] {
  const [bx0, by0, bx1, by1] = ring.box;
  if (bx1 + dx < x0 || bx0 + dx > x1 || by1 + dy < y0 || by0 + dy > y1) return [];
  let pts: number[] = new Array(ring.xy.length);
  for (let i = 0; i < ring.xy.length; i += 2) {
    pts[i] = ring.xy[i] + dx;
    pts[i + 1] = ring.xy[i + 1] + dy;
  }
  if (bx0 + dx >= x0 && bx1 + dx <= x1 && by0 + dy >= y0 && by1 + dy <= y1) return pts;
  // axis 0: x, 1: y; keep the side ≥ bound (sign 1) or ≤ bound (sign −1)
  const side = (axis: 0 | 1, bound: number, sign: 1 | -1) => {
    const out: number[] = [];
    const n = pts.length / 2;
    if (!n) return out;
    let px = pts[2 * n - 2];
    let py = pts[2 * n - 1];
    let pIn = sign * ((axis ? py : px) - bound) >= 0;
    for (let i = 0; i < n; i++) {
      const x = pts[2 * i];
      const y = pts[2 * i + 1];
      const inside = sign * ((axis ? y : x) - bound) >= 0;
      if (inside !== pIn) {
        // where the edge crosses the bound
        const t = ((axis ? py : px) - bound) / ((axis ? py : px) - (axis ? y : x));
        out.push(axis ? px + t * (x - px) : bound, axis ? bound : py + t * (y - py));
      }
      if (inside) out.push(x, y);
      px = x;
      py = y;
      pIn = inside;
    }
    return out;
  };
  pts = side(0, x0, 1);
  pts = side(0, x1, -1);
  pts = side(1, y0, 1);
  pts = side(1, y1, -1);
  // merge runs along one side: a point between two on the same side line adds nothing
  const onSide = (ax: number, ay: number, bx: number, by: number) =>
    (ax === bx && (ax === x0 || ax === x1)) || (ay === by && (ay === y0 || ay === y1));
  const out: number[] = [];
  for (let i = 0; i < pts.length; i += 2) {
    const m = out.length;
    if (
      m >= 4 &&
      onSide(out[m - 4], out[m - 3], out[m - 2], out[m - 1]) &&
      onSide(out[m - 2], out[m - 1], pts[i], pts[i + 1]) &&
      (out[m - 4] === pts[i] || out[m - 3] === pts[i + 1])
    )
      out.length = m - 2;
    out.push(pts[i], pts[i + 1]);
  }
  return out.length >= 6 ? out : [];
}
