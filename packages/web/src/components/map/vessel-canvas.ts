import L from 'leaflet';
import { LIVE_ARRIVAL_MARK } from '../../api/live-socket.ts';
import { VESSEL_ICON_SIZE } from './constants.ts';

/** The plain data one vessel marker is drawn from. */
export interface VesselMarkerData {
  /** stable id (massId for vessels, device id for trackers) */
  id: number | string;
  lat: number;
  lng: number;
  /** degrees clockwise from north; null = unknown (drawn pointing north, without the heading line) */
  heading: number | null;
  online: boolean;
  /** hull size: ship [40,56] or tug [60,86] (spec 002 §2.5); default ship */
  kind?: 'ship' | 'tug';
  /** [width, height] in pixels, overriding `kind` (e.g. the tracker icon) */
  size?: [number, number];
  /** added to the heading when drawing (the tracker map's "angle + 10") */
  rotationOffset?: number;
  /** name written under the hull from zoom 9 */
  label?: string;
  /** fill colour overriding the online/offline colours */
  color?: string;
}

/** Hull fill by state: online green, offline grey-red. */
export const VESSEL_COLORS = { online: '#1aa35a', offline: '#b0413e', stroke: '#0b2540', heading: '#0b2540' };

/** Headings are drawn in steps of this many degrees (one sprite per step). */
export const HULL_ANGLE_STEP = 3;
const MAX_SPRITES = 4000;
/** One hull drawn at one angle, `half` pixels from its centre to each edge. */
interface HullSprite {
  canvas: HTMLCanvasElement;
  half: number;
}
const sprites = new Map<string, HullSprite | null>();

/**
 * One hull (fill, outline, heading line) drawn once into a small canvas and copied onto the map with `drawImage`
 * from then on. Chromium records canvas calls and rasterises them when the frame is committed, in software without
 * a GPU (headless Chromium): 1,000 hulls filled and stroked path by path cost ~30–50 ms of main thread per redraw
 * there, 1,000 copies ~5 ms (docs/benchmarks.md "Fleet map in the browser"). The heading is rounded to
 * HULL_ANGLE_STEP degrees; sprites are kept per colour, size, angle and pixel ratio.
 */
function hullSprite(color: string, w: number, h: number, degrees: number, heading: boolean) {
  const ratio = L.Browser.retina ? 2 : 1; // as Leaflet's canvas renderer sizes its canvas
  const step = (((Math.round(degrees / HULL_ANGLE_STEP) * HULL_ANGLE_STEP) % 360) + 360) % 360;
  const key = `${color}|${w}|${h}|${step}|${heading ? 1 : 0}|${ratio}`;
  let sprite = sprites.get(key);
  if (sprite !== undefined) return sprite;
  // room for the heading line (1.6 h from the centre) and its width; an even size keeps the centre on a pixel
  const half = Math.ceil(Math.max(h * 1.6, w) + 2);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = half * 2 * ratio;
  const ctx = canvas.getContext('2d');
  sprite = ctx ? { canvas, half } : null; // no 2D context (a test DOM): nothing to draw
  if (ctx) {
    ctx.scale(ratio, ratio);
    ctx.translate(half, half);
    ctx.rotate((step * Math.PI) / 180);
    ctx.beginPath();
    ctx.moveTo(0, -h); // bow
    ctx.lineTo(w * 0.55, -h * 0.35);
    ctx.lineTo(w * 0.45, h);
    ctx.lineTo(-w * 0.45, h);
    ctx.lineTo(-w * 0.55, -h * 0.35);
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.globalAlpha = 0.92;
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = VESSEL_COLORS.stroke;
    ctx.stroke();
    if (heading) {
      // heading line ahead of the bow
      ctx.beginPath();
      ctx.moveTo(0, -h);
      ctx.lineTo(0, -h * 1.6);
      ctx.lineWidth = 2;
      ctx.strokeStyle = VESSEL_COLORS.heading;
      ctx.stroke();
    }
  }
  if (sprites.size >= MAX_SPRITES) sprites.clear(); // a bound for many custom colours/sizes
  sprites.set(key, sprite);
  return sprite;
}

/** Leaflet's Bounds once a point is in them: both corners set (its types leave them optional for empty bounds). */
type CornerBounds = L.Bounds & { min: L.Point; max: L.Point };

/** Leaflet (1.9) canvas renderer internals the hulls read or replace, and the draw count this file adds to it. */
interface CanvasInternals {
  _ctx: CanvasRenderingContext2D;
  /** true while the renderer redraws its dirty area: paths draw only then */
  _drawing: boolean;
  /** the dirty area of the next redraw (null after a redraw, unset before the first) */
  _redrawBounds?: CornerBounds | null;
  _redraw(): void;
  /** hulls drawn by the current redraw (counted for instrumentVesselRenderer) */
  _vesselsDrawn?: number;
  /** instrumentVesselRenderer has wrapped `_redraw` */
  _instrumented?: boolean;
}

/** What the canvas renderer reads of a path layer when it grows its redraw area. */
interface PathInternals {
  /** unset until the layer is projected */
  _pxBounds?: CornerBounds;
  options: L.PathOptions;
}

/** A hull as its methods see it: the CircleMarker internals (Leaflet 1.9) they use, and the hull's own state. */
interface VesselHullInternals {
  /** null once removed from the map */
  _map: L.Map | null;
  _renderer: CanvasInternals;
  /** the centre in layer pixels */
  _point: L.Point;
  _radius: number;
  _pxBounds: L.Bounds;
  _empty(): boolean;
  setLatLng(latLng: L.LatLngExpression): this;
  _vessel: VesselMarkerData;
  /** the sprite of the last redraw and what it was drawn for */
  _sprite?: HullSprite | null;
  _spriteOf?: { color: string; w: number; h: number; degrees: number; heading: boolean };
}

/** CircleMarker's constructor body, which a subclass made by `extend` calls on its parent's prototype. */
const circleMarkerInit = (
  L.CircleMarker.prototype as L.CircleMarker & {
    initialize(latlng: L.LatLngExpression, options: L.CircleMarkerOptions): void;
  }
).initialize;

type HullClass = new (v: VesselMarkerData, options: L.CircleMarkerOptions) => VesselHullLayer;

/**
 * A vessel hull drawn on Leaflet's canvas renderer: a CircleMarker whose path is a rotated 5-point hull
 * (research wave2 §1: 1,000 vessels update in ~7 ms vs ~71 ms as DOM markers). Update in place with `setVessel`.
 */
export const VesselHull: HullClass = L.CircleMarker.extend({
  initialize(this: VesselHullInternals, v: VesselMarkerData, options: L.CircleMarkerOptions) {
    this._vessel = v;
    const [w, h] = v.size ?? VESSEL_ICON_SIZE[v.kind ?? 'ship'];
    circleMarkerInit.call(this, [v.lat, v.lng], { ...options, radius: Math.max(w, h) / 2 });
  },
  /** Move/re-style the hull; one redraw (coalesced per frame by the canvas renderer). */
  setVessel(this: VesselHullInternals, v: VesselMarkerData) {
    this._vessel = v;
    const [w, h] = v.size ?? VESSEL_ICON_SIZE[v.kind ?? 'ship'];
    this._radius = Math.max(w, h) / 2;
    return this.setLatLng([v.lat, v.lng]);
  },
  getVessel(this: VesselHullInternals): VesselMarkerData {
    return this._vessel;
  },
  _updatePath(this: VesselHullInternals) {
    const r = this._renderer;
    if (!r._drawing || this._empty()) return;
    r._vesselsDrawn = (r._vesselsDrawn ?? 0) + 1;
    const ctx = r._ctx;
    const v = this._vessel;
    const p = this._point;
    // scale the hull down when zoomed far out so a fleet stays readable
    const zoom = this._map?.getZoom?.() ?? 10;
    const scale = zoom >= 10 ? 1 : zoom >= 7 ? 0.7 : 0.5;
    const [w0, h0] = v.size ?? VESSEL_ICON_SIZE[v.kind ?? 'ship'];
    const w = (w0 * scale) / 2;
    const h = (h0 * scale) / 2;
    const color = v.color ?? (v.online ? VESSEL_COLORS.online : VESSEL_COLORS.offline);
    const degrees = (v.heading ?? 0) + (v.rotationOffset ?? 0);
    // the hull's sprite of its last redraw, while it still fits (most redraws move hulls, few turn them)
    let sprite = this._sprite;
    const at = this._spriteOf;
    if (
      !at ||
      at.color !== color ||
      at.w !== w ||
      at.h !== h ||
      at.degrees !== degrees ||
      at.heading !== (v.heading != null)
    ) {
      sprite = hullSprite(color, w, h, degrees, v.heading != null);
      this._sprite = sprite;
      this._spriteOf = { color, w, h, degrees, heading: v.heading != null };
    }
    // layer points are whole pixels and the sprite's centre is too: a plain copy, no resampling
    if (sprite) ctx.drawImage(sprite.canvas, p.x - sprite.half, p.y - sprite.half, sprite.half * 2, sprite.half * 2);
    if (v.label && zoom >= 9) {
      ctx.font = '12px sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      ctx.lineWidth = 3;
      ctx.lineJoin = 'round'; // a mitred halo spikes at sharp letters (M, V)
      ctx.strokeStyle = 'rgba(255,255,255,0.9)';
      ctx.strokeText(v.label, p.x, p.y + h + 4);
      ctx.fillStyle = '#0b2540';
      ctx.fillText(v.label, p.x, p.y + h + 4);
    }
  },
  _updateBounds(this: VesselHullInternals) {
    // room for the heading line and the label under the hull
    const r = this._radius * 1.7 + 4;
    const p = this._point;
    this._pxBounds = L.bounds(p.subtract([r + 60, r]), p.add([r + 60, r + 18]));
  },
  _containsPoint(this: VesselHullInternals, p: L.Point) {
    return p.distanceTo(this._point) <= this._radius * 0.8;
  },
});

/**
 * Leaflet's canvas renderer for vessel hulls, whose redraw area grows in place: Leaflet's own
 * `_extendRedrawBounds` allocates points twice per moved layer, ~9 ms of an update that moves all 1,000 hulls.
 */
export const VesselCanvas: new (options?: L.RendererOptions) => L.Canvas = L.Canvas.extend({
  _extendRedrawBounds(this: CanvasInternals, layer: PathInternals) {
    const b = layer._pxBounds;
    if (!b) return;
    const pad = (layer.options.weight || 0) + 1;
    const r = this._redrawBounds;
    if (!r) {
      this._redrawBounds = L.bounds([b.min.x - pad, b.min.y - pad], [b.max.x + pad, b.max.y + pad]) as CornerBounds;
      return;
    }
    if (b.min.x - pad < r.min.x) r.min.x = b.min.x - pad;
    if (b.min.y - pad < r.min.y) r.min.y = b.min.y - pad;
    if (b.max.x + pad > r.max.x) r.max.x = b.max.x + pad;
    if (b.max.y + pad > r.max.y) r.max.y = b.max.y + pad;
  },
});

/** A canvas renderer for vessel hulls; options as `L.canvas`. */
export function vesselRenderer(options: L.RendererOptions & { tolerance?: number }): L.Canvas {
  return new VesselCanvas(options);
}

export type VesselHullLayer = L.CircleMarker & {
  setVessel(v: VesselMarkerData): VesselHullLayer;
  getVessel(): VesselMarkerData;
};

export function createVesselHull(v: VesselMarkerData, options: L.CircleMarkerOptions): VesselHullLayer {
  return new VesselHull(v, options);
}

/**
 * Timing of the vessel canvas for the browser benchmark (docs/benchmarks.md "Live push (issue 13)"), cheap enough
 * to stay on: every redraw becomes a `vessel-layer-draw` measure whose detail counts the hulls drawn, the count is
 * written to `data-vessels-drawn` on the map container, and a redraw that follows live pushes also measures
 * `live-update` from the first push's arrival to the end of this redraw. Each name is cleared before it is measured
 * again, so the browser's timing buffer never grows (a PerformanceObserver still sees every entry).
 */
export function instrumentVesselRenderer(renderer: L.Canvas, container: HTMLElement): void {
  const r = renderer as L.Canvas & CanvasInternals;
  if (r._instrumented) return; // the effect may run twice (React strict mode)
  r._instrumented = true;
  const redraw = r._redraw;
  r._redraw = function (this: CanvasInternals) {
    const start = performance.now();
    this._vesselsDrawn = 0;
    redraw.call(this);
    const end = performance.now();
    const drawn = this._vesselsDrawn;
    container.dataset.vesselsDrawn = String(drawn);
    performance.clearMeasures('vessel-layer-draw');
    performance.measure('vessel-layer-draw', { start, end, detail: { drawn } });
    const arrivals = performance.getEntriesByName(LIVE_ARRIVAL_MARK, 'mark');
    if (arrivals.length && drawn > 0) {
      performance.clearMeasures('live-update');
      performance.measure('live-update', { start: arrivals[0].startTime, end, detail: { pushes: arrivals.length } });
      performance.clearMarks(LIVE_ARRIVAL_MARK);
    }
  };
}
