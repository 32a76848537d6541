import { createRequire } from 'node:module';
import { geoMercator, geoPath } from 'd3-geo';
import type { Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * The tracking map of the daily report (spec 002 §2.3: zoom 11 and 6, 535×300) drawn as SVG from open vector data
 * installed with npm — Natural Earth 1:10 m land (world-atlas), the same data the web fleet map draws offline —
 * instead of an online static-map service (docs/spec-deviations.md). Drawing the whole coastline costs seconds
 * (research §4), so the land is split once into polygons with bounding boxes and a map draws only the polygons
 * that meet its frame, clipped to the frame.
 */
export const MAP_WIDTH = 535;
export const MAP_HEIGHT = 300;

interface IndexedPolygon {
  polygon: Polygon;
  west: number;
  east: number;
  south: number;
  north: number;
}

let landIndex: IndexedPolygon[] | null = null;

/** Land polygons with their bounding boxes; built on first use (~0.3 s) and kept. */
export function land(): IndexedPolygon[] {
  if (landIndex) return landIndex;
  const require = createRequire(import.meta.url);
  const topo = require('world-atlas/land-10m.json') as Topology<{ land: GeometryCollection }>;
  const collection = feature(topo, topo.objects.land);
  const out: IndexedPolygon[] = [];
  for (const f of collection.features) {
    const g = f.geometry;
    const polygons: Polygon[] =
      g.type === 'MultiPolygon'
        ? g.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))
        : g.type === 'Polygon'
          ? [g]
          : [];
    for (const polygon of polygons) {
      let west = 180;
      let east = -180;
      let south = 90;
      let north = -90;
      for (const [x, y] of polygon.coordinates[0]) {
        if (x < west) west = x;
        if (x > east) east = x;
        if (y < south) south = y;
        if (y > north) north = y;
      }
      out.push({ polygon, west, east, south, north });
    }
  }
  landIndex = out;
  return out;
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
}

const SEA = '#cfe3f2';
const LAND = '#f1eee4';
const COAST = '#9d9a8f';
const TRACK = '#1f6fd1';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One map as an SVG string: sea, the land polygons in view, the track, a start mark (green) and an end mark (red).
 * Web-Mercator scale as a tile map at that zoom: 256 · 2^z px around the world.
 */
export function mapSvg(o: MapOptions): string {
  const width = o.width ?? MAP_WIDTH;
  const height = o.height ?? MAP_HEIGHT;
  const projection = geoMercator()
    .scale((256 * 2 ** o.zoom) / (2 * Math.PI))
    .center([o.center.longitude, o.center.latitude])
    .translate([width / 2, height / 2])
    .clipExtent([
      [-2, -2],
      [width + 2, height + 2],
    ])
    .precision(0); // no adaptive resampling: the 1:10 m vertices are dense enough at these scales (research §4)
  // the frame in degrees (a Mercator frame is a lon/lat rectangle)
  const [west, north] = projection.invert?.([0, 0]) ?? [-180, 90];
  const [east, south] = projection.invert?.([width, height]) ?? [180, -90];
  const path = geoPath(projection).digits(1); // 0.1 px is finer than the page shows; shorter paths parse faster
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="${SEA}"/>`,
  ];
  const wrap = east - west >= 360;
  for (const p of land()) {
    if (!wrap && (p.east < west || p.west > east || p.north < south || p.south > north)) continue;
    const d = path(p.polygon);
    if (d) parts.push(`<path d="${d}" fill="${LAND}" stroke="${COAST}" stroke-width="0.6"/>`);
  }
  const pts = o.track.map((t) => projection([t.longitude, t.latitude])).filter((p): p is [number, number] => !!p);
  if (pts.length > 1) {
    const d = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`).join('');
    parts.push(`<path d="${d}" fill="none" stroke="${TRACK}" stroke-width="2.5" stroke-linejoin="round"/>`);
  }
  const mark = (p: [number, number] | undefined, fill: string, label: string) => {
    if (!p) return;
    parts.push(
      `<circle cx="${p[0].toFixed(1)}" cy="${p[1].toFixed(1)}" r="5" fill="${fill}" stroke="#ffffff" stroke-width="1.5"><title>${esc(label)}</title></circle>`,
    );
  };
  mark(pts[0], '#28a745', 'Start');
  mark(pts[pts.length - 1], '#d9363e', 'End');
  parts.push(
    `<text x="${width - 4}" y="${height - 4}" text-anchor="end" font-family="DejaVu Sans" font-size="8" fill="#555555">Natural Earth · zoom ${o.zoom}</text>`,
    '</svg>',
  );
  return parts.join('');
}
