import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Polygon, Position } from 'geojson';
import type { GeometryCollection, MultiPolygon, Topology, Polygon as TopoPolygon } from 'topojson-specification';
import { clipRing, mercatorScale, projectedPolygon, worldX, worldY } from './land-cache.ts';

/**
 * The tracking map of the daily report (spec 002 §2.3: zoom 11 and 6, 535×300) drawn as SVG from open vector data
 * installed with npm — Natural Earth 1:10 m land (world-atlas), the same data the web fleet map draws offline —
 * instead of an online static-map service (docs/spec-deviations.md). Drawing the whole coastline costs seconds
 * (research §4), so the land is split once into polygons with bounding boxes and a map draws only the polygons
 * that meet its frame, projected once per zoom (land-cache.ts) and clipped to the frame.
 */
export const MAP_WIDTH = 535;
export const MAP_HEIGHT = 300;

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

export interface TrackPoint {
  latitude: number;
  longitude: number;
}

export interface MapOptions {
  zoom: number;
  center: TrackPoint;
  track: TrackPoint[];
  width?: number;
  height?: number;
  /** the marks' titles and the source line, in the report's language (English without) */
  texts?: { start: string; end: string; source: string };
}

export const MAP_COLORS = { sea: '#cfe3f2', land: '#f1eee4', coast: '#9d9a8f', track: '#1f6fd1' };
export const MARK_COLORS = { start: '#28a745', end: '#d9363e' };

/**
 * What a map shows, in its frame's pixels (0,0 top left): the land rings clipped to the frame (x, y pairs), the
 * track, its start and end marks, and the source line. mapSvg (the screen) and map-pdf.ts (the PDF) draw this.
 */
export interface MapShapes {
  width: number;
  height: number;
  zoom: number;
  land: number[][];
  track: [number, number][];
  texts: { start: string; end: string; source: string };
}

/**
 * The shapes of one map: Web-Mercator scale as a tile map at that zoom (256 · 2^z px around the world), centred on
 * `center`. The land comes projected from land-cache.ts; only the polygons whose box meets the frame are clipped.
 */
export function mapShapes(o: MapOptions, simplify?: number): MapShapes {
  const width = o.width ?? MAP_WIDTH;
  const height = o.height ?? MAP_HEIGHT;
  const k = mercatorScale(o.zoom);
  // frame pixel = world pixel + (dx, dy)
  const dx = width / 2 - worldX(k, o.center.longitude);
  const dy = height / 2 - worldY(k, o.center.latitude);
  // the frame in degrees (a Mercator frame is a lon/lat rectangle), to pick the polygons by their boxes
  const west = o.center.longitude - ((width / 2) * 180) / (Math.PI * k);
  const east = o.center.longitude + ((width / 2) * 180) / (Math.PI * k);
  const latitude = (y: number) => (2 * Math.atan(Math.exp(-(y - dy) / k)) - Math.PI / 2) * (180 / Math.PI);
  const north = latitude(0);
  const south = latitude(height);
  const index = land();
  const box = index.bbox;
  const shapes: number[][] = [];
  for (let p = 0; p < index.polygons; p++) {
    // west, south, east, north of the polygon against the frame
    if (box[4 * p + 2] < west || box[4 * p] > east || box[4 * p + 3] < south || box[4 * p + 1] > north) continue;
    for (const ring of projectedPolygon(index, o.zoom, p, simplify)) {
      // 2 px past the frame, so that the clip's own edges are never seen
      const clipped = clipRing(ring, dx, dy, -2, -2, width + 2, height + 2);
      if (clipped.length) shapes.push(clipped);
    }
  }
  const track = o.track.map((t): [number, number] => [worldX(k, t.longitude) + dx, worldY(k, t.latitude) + dy]);
  return {
    width,
    height,
    zoom: o.zoom,
    land: shapes,
    track,
    texts: o.texts ?? { start: 'Start', end: 'End', source: `Natural Earth · zoom ${o.zoom}` },
  };
}

/** A coordinate as the map's paths write it: 0.1 px. */
export const px = (v: number) => String(Math.round(v * 10) / 10);

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One map as an SVG string (the Daily Report screen): sea, the land in view, the track, a start mark (green) and an
 * end mark (red), the source line.
 */
export function mapSvg(o: MapOptions): string {
  const m = mapShapes(o);
  const { width, height } = m;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="${MAP_COLORS.sea}"/>`,
  ];
  if (m.land.length) {
    const d = m.land.map((ring) => {
      let s = `M${px(ring[0])},${px(ring[1])}`;
      for (let i = 2; i < ring.length; i += 2) s += `L${px(ring[i])},${px(ring[i + 1])}`;
      return `${s}Z`;
    });
    parts.push(`<path d="${d.join('')}" fill="${MAP_COLORS.land}" stroke="${MAP_COLORS.coast}" stroke-width="0.6"/>`);
  }
  const pts = m.track;
  if (pts.length > 1) {
    const d = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`).join('');
    parts.push(`<path d="${d}" fill="none" stroke="${MAP_COLORS.track}" stroke-width="2.5" stroke-linejoin="round"/>`);
  }
  const mark = (p: [number, number] | undefined, fill: string, label: string) => {
    if (!p) return;
    parts.push(
      `<circle cx="${p[0].toFixed(1)}" cy="${p[1].toFixed(1)}" r="5" fill="${fill}" stroke="#ffffff" stroke-width="1.5"><title>${esc(label)}</title></circle>`,
    );
  };
  mark(pts[0], MARK_COLORS.start, m.texts.start);
  mark(pts[pts.length - 1], MARK_COLORS.end, m.texts.end);
  parts.push(
    `<text x="${width - 4}" y="${height - 4}" text-anchor="end" font-family="DejaVu Sans" font-size="8" fill="#555555">${esc(m.texts.source)}</text>`,
    '</svg>',
  );
  return parts.join('');
}
