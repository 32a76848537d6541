import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Natural Earth land polygons (world-atlas land-10m, 1:10 million) as a point-in-polygon test.
 * Rings are indexed by bounding box so a query only checks the few islands around the point.
 */
interface Ring {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  xs: Float64Array;
  ys: Float64Array;
  /** edge start indices per latitude band: a horizontal ray only meets edges of its own band */
  bands: number[][];
}
interface Shape {
  outer: Ring;
  holes: Ring[];
}

const BAND = 0.05; // degrees of latitude

function ringOf(coords: Position[]): Ring {
  const n = coords.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  coords.forEach(([x, y], i) => {
    xs[i] = x;
    ys[i] = y;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  });
  const bands: number[][] = Array.from({ length: Math.floor((maxY - minY) / BAND) + 1 }, () => []);
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const lo = Math.floor((Math.min(ys[i], ys[j]) - minY) / BAND);
    const hi = Math.floor((Math.max(ys[i], ys[j]) - minY) / BAND);
    for (let b = lo; b <= hi; b++) bands[b].push(i);
  }
  return { minX, minY, maxX, maxY, xs, ys, bands };
}

function inRing(r: Ring, x: number, y: number): boolean {
  if (x < r.minX || x > r.maxX || y < r.minY || y > r.maxY) return false;
  let inside = false;
  const { xs, ys } = r;
  const n = xs.length;
  for (const i of r.bands[Math.floor((y - r.minY) / BAND)]) {
    const j = i === 0 ? n - 1 : i - 1;
    if (ys[i] > y !== ys[j] > y && x < ((xs[j] - xs[i]) * (y - ys[i])) / (ys[j] - ys[i]) + xs[i]) inside = !inside;
  }
  return inside;
}

/** Loads the land polygons that intersect a bounding box [west, south, east, north]. */
export function landIndex(bbox: [number, number, number, number], resolution: '10m' | '50m' = '10m') {
  const require = createRequire(import.meta.url);
  const file = require.resolve(`world-atlas/land-${resolution}.json`);
  const topo = JSON.parse(readFileSync(file, 'utf8')) as Topology<{ land: GeometryCollection }>;
  const land = feature(topo, topo.objects.land);
  const shapes: Shape[] = [];
  const [w, s, e, n] = bbox;
  for (const f of land.features) {
    const geom = f.geometry as Polygon | MultiPolygon;
    const polys = geom.type === 'Polygon' ? [geom.coordinates] : geom.coordinates;
    for (const poly of polys) {
      const outer = ringOf(poly[0]);
      if (outer.maxX < w || outer.minX > e || outer.maxY < s || outer.minY > n) continue;
      shapes.push({ outer, holes: poly.slice(1).map(ringOf) });
    }
  }
  return {
    shapes: shapes.length,
    isLand(lon: number, lat: number): boolean {
      for (const sh of shapes) {
        if (inRing(sh.outer, lon, lat) && !sh.holes.some((h) => inRing(h, lon, lat))) return true;
      }
      return false;
    },
  };
}
