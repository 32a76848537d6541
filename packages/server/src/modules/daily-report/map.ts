import { clipRing, mercatorScale, projectedPolygon, worldX, worldY } from './land-cache.ts';
import { land } from './land-index.ts';

/**
 * The tracking map of the daily report (spec 002 §2.3: zoom 11 and 6, 535×300) drawn as SVG from open vector data
 * installed with npm — Natural Earth 1:10 m land (world-atlas), the same data the web fleet map draws offline —
 * instead of an online static-map service (docs/spec-deviations.md). Drawing the whole coastline costs seconds
 * (research §4), so the land is split once into polygons with bounding boxes and a map draws only the polygons
 * that meet its frame, projected once per zoom (land-cache.ts) and clipped to the frame.
 */
export const MAP_WIDTH = 535;
export const MAP_HEIGHT = 300;

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
