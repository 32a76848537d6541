import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Polygon, Position } from 'geojson';
import type { GeometryCollection, MultiPolygon, Topology, Polygon as TopoPolygon } from 'topojson-specification';

// The land of the report maps (map.ts): Natural Earth 1:10 m land from world-atlas, read once into flat arrays with
// a bounding box per polygon; land-cache.ts projects it.

/**
 * The land polygons, flat (issue 15 memory): 1:10 m land has 4,061 polygons and ~409,000 points; as nested GeoJSON
 * arrays (a JS array per point) that was ~26 MB of heap, plus the parsed topojson kept in the require cache. Here
 * every ring is a run of x,y doubles in one Float64Array (6.5 MB), and GeoJSON is made only for the polygons a map
 * draws. The points are decoded exactly as topojson-client's `feature` decodes them, so the coastlines are the same.
 */
export interface LandIndex {
  /** x, y (longitude, latitude) of every ring point, the rings back to back */
  xy: Float64Array;
  /** ring r is the points ringStart[r] … ringStart[r + 1] − 1 */
  ringStart: Uint32Array;
  /** polygon p is the rings polygonStart[p] … polygonStart[p + 1] − 1, the exterior ring first */
  polygonStart: Uint32Array;
  /** west, south, east, north of polygon p's exterior ring at 4p … 4p + 3 */
  bbox: Float64Array;
  polygons: number;
}

let landIndex: LandIndex | null = null;

/** A topology whose arcs are flat: the numbers of arc a are arcs[2 · arcStart[a]] … arcs[2 · arcStart[a + 1]] − 1. */
export interface FlatTopology {
  topology: Topology<{ land: GeometryCollection }>;
  arcs: Float64Array;
  arcStart: Uint32Array;
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * Parses a topojson text with its top-level `arcs` read straight into a Float64Array (two numbers per position)
 * and the rest (objects, transform) by JSON.parse. JSON.parse of the whole file makes a JS array per position
 * (~409,000 for 1:10 m land): ~30 MB of heap at once, which set the worker's heap limit (issue 15).
 */
export function parseTopology(text: string): FlatTopology {
  // find the value of the top-level "arcs" key
  let depth = 0;
  let i = 0;
  let start = -1;
  while (i < text.length && start < 0) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      let end = i + 1;
      while (text.charCodeAt(end) !== 34) end += text.charCodeAt(end) === 92 ? 2 : 1;
      end++;
      if (depth === 1 && text.startsWith('"arcs"', i) && end === i + 6) {
        let j = end;
        while (isSpace(text.charCodeAt(j))) j++;
        if (text.charCodeAt(j) === 58) {
          j++;
          while (isSpace(text.charCodeAt(j))) j++;
          start = j;
        }
      }
      i = end;
      continue;
    }
    if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
    i++;
  }
  if (start < 0 || text.charCodeAt(start) !== 91) throw new Error('topojson without arcs');
  let arcs = new Float64Array(1 << 20);
  const arcStart: number[] = [];
  let count = 0; // numbers read
  let inPoint = 0; // numbers in the current position
  depth = 0;
  i = start;
  do {
    const c = text.charCodeAt(i);
    if (c === 91) {
      depth++;
      if (depth === 2) arcStart.push(count / 2);
      inPoint = 0;
      i++;
    } else if (c === 93) {
      if (depth === 3 && inPoint !== 2) throw new Error('topojson position without exactly two numbers');
      depth--;
      i++;
    } else if (c === 44 || isSpace(c)) i++;
    else {
      // a number: integers (quantized topojson) read here, anything else by Number()
      let j = i;
      let v = 0;
      const negative = c === 45;
      if (negative) j++;
      let d = text.charCodeAt(j);
      while (d >= 48 && d <= 57) {
        v = v * 10 + (d - 48);
        d = text.charCodeAt(++j);
      }
      if (d === 46 || d === 101 || d === 69) {
        while (j < text.length && !(d === 44 || d === 93 || isSpace(d))) d = text.charCodeAt(++j);
        v = Number(text.slice(i, j));
      } else if (negative) v = -v;
      if (j === i || Number.isNaN(v)) throw new Error(`topojson: not a number at ${i}`);
      if (count === arcs.length) {
        const grown = new Float64Array(arcs.length * 2);
        grown.set(arcs);
        arcs = grown;
      }
      arcs[count++] = v;
      inPoint++;
      i = j;
    }
  } while (depth > 0 && i < text.length);
  arcStart.push(count / 2);
  const topology = JSON.parse(`${text.slice(0, start)}[]${text.slice(i)}`);
  return { topology, arcs: arcs.slice(0, count), arcStart: Uint32Array.from(arcStart) };
}

/** Decodes topojson land (quantized, delta-encoded arcs) into a LandIndex. */
export function indexLand({ topology: topo, arcs, arcStart }: FlatTopology): LandIndex {
  const polygons: number[][][] = [];
  for (const g of topo.objects.land.geometries) {
    if (g.type === 'MultiPolygon') polygons.push(...(g as MultiPolygon).arcs);
    else if (g.type === 'Polygon') polygons.push((g as TopoPolygon).arcs);
  }
  const t = topo.transform;
  const [kx, ky] = t ? t.scale : [1, 1];
  const [dx, dy] = t ? t.translate : [0, 0];
  const arcLength = (a: number) => arcStart[a + 1] - arcStart[a];
  // one arc decoded to absolute coordinates, as topojson-client's transform does: (x0 += Δx) · kx + dx
  let scratch = new Float64Array(2048);
  const decode = (a: number) => {
    const n = arcLength(a);
    const from = 2 * arcStart[a];
    if (scratch.length < 2 * n) scratch = new Float64Array(4 * n);
    if (!t) {
      scratch.set(arcs.subarray(from, from + 2 * n));
      return;
    }
    let x0 = 0;
    let y0 = 0;
    for (let k = 0; k < n; k++) {
      x0 += arcs[from + 2 * k];
      y0 += arcs[from + 2 * k + 1];
      scratch[2 * k] = x0 * kx + dx;
      scratch[2 * k + 1] = y0 * ky + dy;
    }
  };
  // points of a ring as topojson-client's ring(): arcs joined (the shared end point once), a reversed arc for ~i,
  // padded to 4 points with the first
  const ringLength = (ring: number[]) => {
    let n = 0;
    for (const i of ring) n += arcLength(i < 0 ? ~i : i) - (n ? 1 : 0);
    return Math.max(n, 4);
  };
  let points = 0;
  let rings = 0;
  for (const polygon of polygons) {
    rings += polygon.length;
    for (const ring of polygon) points += ringLength(ring);
  }
  const xy = new Float64Array(2 * points);
  const ringStart = new Uint32Array(rings + 1);
  const polygonStart = new Uint32Array(polygons.length + 1);
  const bbox = new Float64Array(4 * polygons.length);
  let at = 0; // points written
  let r = 0;
  polygons.forEach((polygon, p) => {
    polygonStart[p] = r;
    for (const ring of polygon) {
      ringStart[r++] = at;
      const first = at;
      for (const i of ring) {
        const a = i < 0 ? ~i : i;
        const n = arcLength(a);
        decode(a);
        if (at > first) at--; // the previous arc's last point is this arc's first
        for (let k = 0; k < n; k++) {
          const s = i < 0 ? n - 1 - k : k;
          xy[2 * at] = scratch[2 * s];
          xy[2 * at + 1] = scratch[2 * s + 1];
          at++;
        }
      }
      while (at - first < 4) {
        xy[2 * at] = xy[2 * first];
        xy[2 * at + 1] = xy[2 * first + 1];
        at++;
      }
    }
  });
  ringStart[r] = at;
  polygonStart[polygons.length] = r;
  for (let p = 0; p < polygons.length; p++) {
    const exterior = polygonStart[p];
    let west = 180;
    let east = -180;
    let south = 90;
    let north = -90;
    for (let k = ringStart[exterior]; k < ringStart[exterior + 1]; k++) {
      const x = xy[2 * k];
      const y = xy[2 * k + 1];
      if (x < west) west = x;
      if (x > east) east = x;
      if (y < south) south = y;
      if (y > north) north = y;
    }
    bbox.set([west, south, east, north], 4 * p);
  }
  return { xy, ringStart, polygonStart, bbox, polygons: polygons.length };
}

/** The 1:10 m land topojson of world-atlas. */
export const landFile = () => createRequire(import.meta.url).resolve('world-atlas/land-10m.json');

/**
 * The land index, built on first use and kept. The topojson is read with readFileSync (not require, whose cache
 * would keep the parsed file for the life of the process).
 */
export function land(): LandIndex {
  landIndex ??= indexLand(parseTopology(readFileSync(landFile(), 'utf8')));
  return landIndex;
}

/** Polygon p of the index as GeoJSON (made only for the polygons a map draws). */
export function landPolygon(index: LandIndex, p: number): Polygon {
  const coordinates: Position[][] = [];
  for (let r = index.polygonStart[p]; r < index.polygonStart[p + 1]; r++) {
    const ring: Position[] = [];
    for (let k = index.ringStart[r]; k < index.ringStart[r + 1]; k++) ring.push([index.xy[2 * k], index.xy[2 * k + 1]]);
    coordinates.push(ring);
  }
  return { type: 'Polygon', coordinates };
}
