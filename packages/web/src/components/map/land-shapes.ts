import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import L from 'leaflet';

/**
 * The land, projected once to Web Mercator pixels at zoom 0 (a 256 px world, Leaflet's EPSG:3857), one ring a
 * Float64Array of x, y pairs with its box. Leaflet's GeoJSON layer turned each of the ~100 k coastline points into
 * a LatLng and projected it point by point on every zoom, twice (band and fill): most of the main thread's time
 * between a navigation to the fleet map and its vessels on screen (docs/decisions.md "Fleet map navigation").
 */
export interface ProjectedLand {
  rings: Float64Array[];
  /** per ring: minX, minY, maxX, maxY */
  boxes: Float64Array;
}

const MAX_LAT = 85.0511287798; // L.Projection.SphericalMercator.MAX_LATITUDE

export function projectLand(fc: FeatureCollection<Polygon | MultiPolygon>): ProjectedLand {
  const rings: Float64Array[] = [];
  const boxes: number[] = [];
  const addRing = (ring: number[][]) => {
    const a = new Float64Array(ring.length * 2);
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < ring.length; i++) {
      const [lng, lat0] = ring[i];
      const lat = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat0));
      const s = Math.sin((lat * Math.PI) / 180);
      // SphericalMercator.project then EPSG:3857's transformation, at scale 256
      const x = 256 * (0.5 + lng / 360);
      const y = 256 * (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI));
      a[2 * i] = x;
      a[2 * i + 1] = y;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    rings.push(a);
    boxes.push(x0, y0, x1, y1);
  };
  for (const f of fc.features) {
    const g = f.geometry;
    const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    for (const polygon of polygons) for (const ring of polygon) addRing(ring);
  }
  return { rings, boxes: Float64Array.from(boxes) };
}

/**
 * A Leaflet path (on a canvas renderer) drawing the whole land as one path, as Leaflet's GeoJSON layer drew the
 * land's one MultiPolygon: every ring in view, one fill and one stroke with the path's style. Points are placed as
 * Leaflet places them (rounded to whole layer pixels) and repeated points dropped; rings wholly outside the
 * renderer's bounds are left out (Leaflet clipped them to those bounds, which the canvas does too).
 */
export const LandShapes = L.Path.extend({
  options: { interactive: false },

  initialize(land: ProjectedLand, options?: L.PathOptions) {
    L.setOptions(this, options);
    this._land = land;
    this._parts = [];
  },

  _project() {
    const map = this._map as L.Map;
    this._scale = 2 ** map.getZoom(); // the rings are at zoom 0's 256 px
    this._origin = map.getPixelOrigin();
  },

  _update() {
    if (!this._map) return;
    const land = this._land as ProjectedLand;
    const k: number = this._scale;
    const origin: L.Point = this._origin;
    const view: L.Bounds = this._renderer._bounds;
    const pad = (this.options.weight || 0) + 1;
    const vx0 = view.min!.x - pad + origin.x;
    const vy0 = view.min!.y - pad + origin.y;
    const vx1 = view.max!.x + pad + origin.x;
    const vy1 = view.max!.y + pad + origin.y;
    const parts: L.Point[][] = [];
    let bx0 = Number.POSITIVE_INFINITY;
    let by0 = Number.POSITIVE_INFINITY;
    let bx1 = Number.NEGATIVE_INFINITY;
    let by1 = Number.NEGATIVE_INFINITY;
    for (let r = 0; r < land.rings.length; r++) {
      const b = 4 * r;
      if (land.boxes[b] * k > vx1 || land.boxes[b + 2] * k < vx0) continue;
      if (land.boxes[b + 1] * k > vy1 || land.boxes[b + 3] * k < vy0) continue;
      const ring = land.rings[r];
      const part: L.Point[] = [];
      let px = Number.NaN;
      let py = Number.NaN;
      for (let i = 0; i < ring.length; i += 2) {
        const x = Math.round(ring[i] * k) - origin.x;
        const y = Math.round(ring[i + 1] * k) - origin.y;
        if (x === px && y === py) continue;
        part.push(new L.Point(x, y));
        px = x;
        py = y;
      }
      // the closing point, as Leaflet's polygon drops it (closePath draws that edge)
      if (part.length > 1 && part[0].equals(part[part.length - 1])) part.pop();
      if (part.length < 3) continue;
      parts.push(part);
      bx0 = Math.min(bx0, land.boxes[b] * k - origin.x);
      by0 = Math.min(by0, land.boxes[b + 1] * k - origin.y);
      bx1 = Math.max(bx1, land.boxes[b + 2] * k - origin.x);
      by1 = Math.max(by1, land.boxes[b + 3] * k - origin.y);
    }
    this._parts = parts;
    this._pxBounds = parts.length ? L.bounds([bx0, by0], [bx1, by1]) : undefined;
  },

  _updatePath() {
    this._renderer._updatePoly(this, true);
  },

  _containsPoint() {
    return false;
  },
}) as unknown as new (
  land: ProjectedLand,
  options?: L.PathOptions,
) => L.Path;
