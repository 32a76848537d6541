import L from 'leaflet';
import { LIVE_ARRIVAL_MARK } from '../../api/live-socket.ts';
import { VESSEL_ICON_SIZE } from './constants.ts';
import {
  drawHull,
  drawHullFrame,
  drawHullLabel,
  HULL_ANGLE_STEP,
  type HullFrame,
  type HullLook,
  HullSprites,
  VESSEL_COLORS,
} from './hull-drawing.ts';

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

export { HULL_ANGLE_STEP, VESSEL_COLORS };

/** The page's own hull sprites (the classic canvas; the worker keeps its own). */
const pageSprites = new HullSprites((n) => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = n;
  return canvas;
});

/** Leaflet's Bounds once a point is in them: both corners set (its types leave them optional for empty bounds). */
type CornerBounds = L.Bounds & { min: L.Point; max: L.Point };

/** A redraw collected for the drawing worker, before it is posted. */
interface FrameBuilder {
  /** x, y, look, label per hull (the renderer's buffer, reused from redraw to redraw), and how many numbers */
  hulls: Float64Array;
  n: number;
  looks: HullLook[];
  lookIndex: Map<string, number>;
  labels: string[];
}

/** A redraw posted to the worker: what the page needs to show it where it belongs. */
interface PostedFrame {
  seq: number;
  /** when the redraw began (performance.now), and the main thread it took to collect and post */
  start: number;
  mainMs: number;
  drawn: number;
  min: L.Point;
  width: number;
  height: number;
  center: L.LatLng;
  zoom: number;
}

/** The worker's answer: the frame's pixels. */
interface DrawnFrame {
  seq: number;
  bitmap: ImageBitmap;
}

/** Leaflet (1.9) canvas renderer internals the hulls read or replace, and what this file adds to it. */
interface CanvasInternals {
  _map: L.Map & { _animatingZoom?: boolean; _animateToCenter?: L.LatLng; _animateToZoom?: number };
  _container: HTMLCanvasElement;
  _ctx: CanvasRenderingContext2D | undefined;
  _bounds: CornerBounds;
  _center: L.LatLng;
  _zoom: number;
  _drawFirst: { layer: L.Layer & { _pxBounds?: L.Bounds; _updatePath(): void }; next: unknown } | null;
  _redrawRequest: number | null;
  /** true while the renderer redraws its dirty area: paths draw only then */
  _drawing: boolean;
  /** the dirty area of the next redraw (null after a redraw, unset before the first) */
  _redrawBounds?: CornerBounds | null;
  _redraw(): void;
  _onMouseMove(e: MouseEvent): void;
  _onClick(e: MouseEvent): void;
  _handleMouseOut(e: MouseEvent): void;
  fire(type: string): void;
  /** hulls drawn by the current redraw */
  _vesselsDrawn: number;
  /** called when a redraw is on screen: its start, the hulls drawn, the main-thread time it took */
  _onDrawn?: (start: number, drawn: number, mainMs: number) => void;
  /** instrumentVesselRenderer has set `_onDrawn` */
  _instrumented?: boolean;
  // ---- drawing off the main thread (absent on the classic canvas)
  /** the canvas shows ImageBitmaps drawn elsewhere */
  _bitmaps?: ImageBitmapRenderingContext | null;
  _worker?: Worker | null;
  /** the page's own OffscreenCanvas when the worker could not start (the same drawing code, on the main thread) */
  _pageCanvas?: OffscreenCanvas;
  _pageCanvasSprites?: HullSprites;
  _frame?: FrameBuilder | null;
  _hullBuffer?: Float64Array;
  /** a redraw is queued (a microtask: collecting needs no animation frame; showing the answer makes one) */
  _redrawQueued?: boolean;
  _seq: number;
  _inFlight?: PostedFrame | null;
  /** a redraw was asked for while one was in flight */
  _again?: boolean;
  /** the view of the frame on screen (the zoom animation's transform is computed from it) */
  _shown?: { center: L.LatLng; zoom: number } | null;
  _drawHull(hull: VesselHullInternals, look: HullLook, key: string, x: number, y: number, label: string | null): void;
  _post(f: PostedFrame, frame: HullFrame): void;
  _show(answer: DrawnFrame): void;
  _updateTransform(center: L.LatLng, zoom: number): void;
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
  /** the look of the last redraw, its key, and its sprite on the page (undefined until drawn there) */
  _look?: HullLook;
  _lookKey?: string;
  _sprite?: ReturnType<HullSprites['get']>;
}

/** CircleMarker's constructor body, which a subclass made by `extend` calls on its parent's prototype. */
const circleMarkerInit = (
  L.CircleMarker.prototype as L.CircleMarker & {
    initialize(latlng: L.LatLngExpression, options: L.CircleMarkerOptions): void;
  }
).initialize;

type HullClass = new (v: VesselMarkerData, options: L.CircleMarkerOptions) => VesselHullLayer;

/**
 * A vessel hull drawn by the vessel renderer: a CircleMarker (Leaflet keeps its position, bounds and hit-testing)
 * whose picture is a rotated 5-point hull (research wave2 §1: 1,000 vessels update in ~7 ms vs ~71 ms as DOM
 * markers). Update in place with `setVessel`.
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
    r._vesselsDrawn++;
    const v = this._vessel;
    // scale the hull down when zoomed far out so a fleet stays readable
    const zoom = this._map?.getZoom?.() ?? 10;
    const scale = zoom >= 10 ? 1 : zoom >= 7 ? 0.7 : 0.5;
    const [w0, h0] = v.size ?? VESSEL_ICON_SIZE[v.kind ?? 'ship'];
    const w = (w0 * scale) / 2;
    const h = (h0 * scale) / 2;
    const color = v.color ?? (v.online ? VESSEL_COLORS.online : VESSEL_COLORS.offline);
    const degrees = (v.heading ?? 0) + (v.rotationOffset ?? 0);
    const heading = v.heading != null;
    // the look of the last redraw while it still fits (most redraws move hulls, few turn them)
    const at = this._look;
    if (!at || at.color !== color || at.w !== w || at.h !== h || at.degrees !== degrees || at.heading !== heading) {
      this._look = { color, w, h, degrees, heading };
      this._lookKey = `${color}|${w}|${h}|${Math.round(degrees / HULL_ANGLE_STEP)}|${heading ? 1 : 0}`;
      this._sprite = undefined;
    }
    r._drawHull(
      this,
      this._look as HullLook,
      this._lookKey as string,
      this._point.x,
      this._point.y,
      v.label && zoom >= 9 ? v.label : null,
    );
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

/** Device pixels per canvas pixel, as Leaflet's canvas renderer sizes its canvas. */
const pixelRatio = () => (L.Browser.retina ? 2 : 1);

/**
 * Whether this browser can draw the hulls off the main thread: a Worker, an OffscreenCanvas whose pixels can be
 * handed over as an ImageBitmap (Chromium 69+, Firefox 105+, Safari 16.4+). Not in jsdom (the tests) or older
 * browsers, which draw on the page's canvas as before, with the same drawing code.
 */
export function canDrawOffMainThread(): boolean {
  return (
    typeof Worker === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    typeof OffscreenCanvas.prototype.transferToImageBitmap === 'function'
  );
}

const canvasProto = L.Canvas.prototype as unknown as CanvasInternals & {
  _requestRedraw(layer: PathInternals): void;
  _initContainer(): void;
  _update(): void;
  _redraw(): void;
  _draw(): void;
  _destroyContainer(): void;
};
const rendererProto = L.Renderer.prototype as unknown as {
  _update(): void;
  _updateTransform(center: L.LatLng, zoom: number): void;
};

/**
 * Leaflet's canvas renderer for vessel hulls (docs/decisions.md "Fleet map drawn off the main thread"). Where the
 * browser can, a worker draws each redraw on its own OffscreenCanvas and the page only collects the hulls in view
 * (position, look, label) and shows the worker's ImageBitmap on a `bitmaprenderer` canvas, moved to the frame's
 * place in the same task: no canvas drawing and no rasterising on the main thread, and the picture never shows at
 * another view's place. Every worker redraw is a whole one (the bitmap leaves the worker's canvas blank), one at a
 * time: a redraw asked for meanwhile follows the answer. Elsewhere (no Worker or OffscreenCanvas) it is Leaflet's
 * canvas drawing the same sprites. Either way the redraw area grows in place: Leaflet's own `_extendRedrawBounds`
 * allocates points twice per moved layer, ~9 ms of an update that moves all 1,000 hulls.
 */
export const VesselCanvas: new (options?: L.RendererOptions) => L.Canvas = L.Canvas.extend({
  _initContainer(this: CanvasInternals) {
    this._seq = 0;
    this._vesselsDrawn = 0;
    if (!canDrawOffMainThread()) return canvasProto._initContainer.call(this);
    const container = document.createElement('canvas');
    this._container = container;
    // the mouse as Leaflet's canvas handles it: hit-testing stays on the page, on the hulls' own points
    L.DomEvent.on(container, 'mousemove', this._onMouseMove as L.DomEvent.EventHandlerFn, this);
    L.DomEvent.on(
      container,
      'click dblclick mousedown mouseup contextmenu',
      this._onClick as L.DomEvent.EventHandlerFn,
      this,
    );
    L.DomEvent.on(container, 'mouseout', this._handleMouseOut as L.DomEvent.EventHandlerFn, this);
    (container as HTMLCanvasElement & { _leaflet_disable_events?: boolean })._leaflet_disable_events = true;
    this._bitmaps = container.getContext('bitmaprenderer');
    if (!this._bitmaps) {
      this._ctx = container.getContext('2d') ?? undefined;
      return;
    }
    try {
      const worker = new Worker(new URL('./vessel-draw.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (e: MessageEvent<DrawnFrame>) => this._show(e.data);
      // a worker that cannot start (blocked, failed to load): the page draws the frames itself, same code
      worker.onerror = () => drawOnPage(this);
      this._worker = worker;
    } catch {
      drawOnPage(this);
    }
  },

  _destroyContainer(this: CanvasInternals) {
    this._worker?.terminate();
    this._worker = null;
    this._inFlight = null;
    this._shown = null;
    canvasProto._destroyContainer.call(this);
    this._bitmaps = null;
  },

  _update(this: CanvasInternals) {
    if (!this._bitmaps) return canvasProto._update.call(this);
    if (this._map._animatingZoom && this._bounds) return;
    // the view's bounds; the canvas moves there with the frame drawn for them (_show)
    rendererProto._update.call(this);
    this.fire('update');
  },

  _updateTransform(this: CanvasInternals, center: L.LatLng, zoom: number) {
    const shown = this._bitmaps && this._shown;
    if (!shown) return rendererProto._updateTransform.call(this, center, zoom);
    // the zoom animation scales the picture on screen, which may be of the view before the last `_update`
    const [c, z] = [this._center, this._zoom];
    this._center = shown.center;
    this._zoom = shown.zoom;
    rendererProto._updateTransform.call(this, center, zoom);
    this._center = c;
    this._zoom = z;
  },

  _draw(this: CanvasInternals) {
    if (!this._bitmaps) return canvasProto._draw.call(this);
    queueRedraw(this);
  },

  _requestRedraw(this: CanvasInternals, layer: PathInternals) {
    if (!this._bitmaps) return canvasProto._requestRedraw.call(this, layer);
    if (this._map) queueRedraw(this);
  },

  _redraw(this: CanvasInternals) {
    const start = performance.now();
    this._vesselsDrawn = 0;
    if (!this._bitmaps) {
      canvasProto._redraw.call(this);
      this._onDrawn?.(start, this._vesselsDrawn, performance.now() - start);
      return;
    }
    this._redrawRequest = null;
    this._redrawBounds = null; // a worker redraw is always whole
    if (!this._map || !this._bounds) return;
    if (this._inFlight) {
      this._again = true;
      return;
    }
    const b = this._bounds;
    const frame: FrameBuilder = {
      hulls: this._hullBuffer ?? new Float64Array(4096),
      n: 0,
      looks: [],
      lookIndex: new Map(),
      labels: [],
    };
    this._frame = frame;
    this._drawing = true;
    // Leaflet's `intersects` made a Bounds per hull in the page's profile (~1 ms of a 1,000-hull redraw): compared here
    const { min, max } = b;
    for (let order = this._drawFirst; order; order = order.next as typeof order) {
      const layer = order.layer;
      const p = layer._pxBounds as CornerBounds | undefined;
      if (p && p.max.x >= min.x && p.min.x <= max.x && p.max.y >= min.y && p.min.y <= max.y) layer._updatePath();
    }
    this._drawing = false;
    this._frame = null;
    this._hullBuffer = frame.hulls;
    const size = b.getSize();
    const seq = ++this._seq;
    const hullFrame: HullFrame = {
      seq,
      width: size.x,
      height: size.y,
      ratio: pixelRatio(),
      minX: b.min.x,
      minY: b.min.y,
      hulls: frame.hulls.slice(0, frame.n),
      looks: frame.looks,
      labels: frame.labels,
    };
    const posted: PostedFrame = {
      seq,
      start,
      mainMs: 0,
      drawn: this._vesselsDrawn,
      min: b.min,
      width: size.x,
      height: size.y,
      center: this._center,
      zoom: this._zoom,
    };
    this._inFlight = posted;
    this._post(posted, hullFrame);
    posted.mainMs = performance.now() - start;
  },

  _post(this: CanvasInternals, _f: PostedFrame, frame: HullFrame) {
    if (this._worker) {
      this._worker.postMessage(frame, [frame.hulls.buffer]);
      return;
    }
    // no worker: the same drawing on the page's OffscreenCanvas, shown at once
    const canvas = this._pageCanvas as OffscreenCanvas;
    const w = Math.max(1, Math.round(frame.width * frame.ratio));
    const h = Math.max(1, Math.round(frame.height * frame.ratio));
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    const ctx = canvas.getContext('2d');
    if (ctx) drawHullFrame(ctx, this._pageCanvasSprites as HullSprites, frame);
    this._show({ seq: frame.seq, bitmap: canvas.transferToImageBitmap() });
  },

  _drawHull(
    this: CanvasInternals,
    hull: VesselHullInternals,
    look: HullLook,
    key: string,
    x: number,
    y: number,
    label: string | null,
  ) {
    const frame = this._frame;
    if (frame) {
      let i = frame.lookIndex.get(key);
      if (i === undefined) {
        i = frame.looks.length;
        frame.looks.push(look);
        frame.lookIndex.set(key, i);
      }
      if (frame.n + 4 > frame.hulls.length) {
        const grown = new Float64Array(frame.hulls.length * 2);
        grown.set(frame.hulls);
        frame.hulls = grown;
      }
      const h = frame.hulls;
      h[frame.n] = x;
      h[frame.n + 1] = y;
      h[frame.n + 2] = i;
      h[frame.n + 3] = label === null ? -1 : frame.labels.push(label) - 1;
      frame.n += 4;
      return;
    }
    const ctx = this._ctx;
    if (!ctx) return;
    if (hull._sprite === undefined) hull._sprite = pageSprites.get(look, pixelRatio());
    drawHull(ctx, hull._sprite, x, y);
    if (label !== null) drawHullLabel(ctx, label, x, y, look.h);
  },

  _show(this: CanvasInternals, answer: DrawnFrame) {
    const showStart = performance.now();
    const f = this._inFlight;
    const container = this._container;
    if (!f || f.seq !== answer.seq || !container || !this._bitmaps) {
      answer.bitmap.close(); // removed from the map meanwhile
      return;
    }
    this._inFlight = null;
    container.style.width = `${f.width}px`;
    container.style.height = `${f.height}px`;
    this._bitmaps.transferFromImageBitmap(answer.bitmap);
    L.DomUtil.setPosition(container, f.min);
    this._shown = { center: f.center, zoom: f.zoom };
    const map = this._map;
    // a zoom animation began while the frame was drawn: keep the picture where the animation puts it
    if (map?._animatingZoom && map._animateToCenter && map._animateToZoom !== undefined)
      this._updateTransform(map._animateToCenter, map._animateToZoom);
    this._onDrawn?.(f.start, f.drawn, f.mainMs + (performance.now() - showStart));
    if (this._again) {
      this._again = false;
      this._redraw();
    }
  },

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

/**
 * Queues a worker redraw for the end of the current task: the moves of one application of readings are collected
 * once, and no animation frame is asked for (the page has nothing to paint until the worker answers).
 */
function queueRedraw(r: CanvasInternals) {
  if (r._redrawQueued) return;
  r._redrawQueued = true;
  queueMicrotask(() => {
    r._redrawQueued = false;
    if (r._map && r._bitmaps) r._redraw();
  });
}

/** The worker could not start: draw the frames on the page's own OffscreenCanvas, and redraw what was lost. */
function drawOnPage(r: CanvasInternals) {
  r._worker?.terminate();
  r._worker = null;
  r._pageCanvas = new OffscreenCanvas(1, 1);
  r._pageCanvasSprites = new HullSprites((n) => new OffscreenCanvas(n, n));
  r._inFlight = null;
  r._again = false;
  if (r._map) r._redraw();
}

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
 * Timing of the vessel canvas for the browser benchmark (docs/benchmarks.md "Fleet map in the browser"), cheap
 * enough to stay on: every redraw, once on screen, becomes a `vessel-layer-draw` measure from its start to then
 * (with a worker, the worker's drawing is inside) whose detail counts the hulls drawn (`drawn`) and the main-thread
 * time it took (`main`); the count is written to `data-vessels-drawn` on the map container, and a redraw that
 * follows live pushes also measures `live-update` from the first push's arrival to the redraw on screen. Each name
 * is cleared before it is measured again, so the browser's timing buffer never grows (a PerformanceObserver still
 * sees every entry).
 */
export function instrumentVesselRenderer(renderer: L.Canvas, container: HTMLElement): void {
  const r = renderer as L.Canvas & CanvasInternals;
  if (r._instrumented) return; // the effect may run twice (React strict mode)
  r._instrumented = true;
  r._onDrawn = (start, drawn, mainMs) => {
    const end = performance.now();
    container.dataset.vesselsDrawn = String(drawn);
    performance.clearMeasures('vessel-layer-draw');
    performance.measure('vessel-layer-draw', { start, end, detail: { drawn, main: mainMs } });
    const arrivals = performance.getEntriesByName(LIVE_ARRIVAL_MARK, 'mark');
    if (arrivals.length && drawn > 0) {
      performance.clearMeasures('live-update');
      performance.measure('live-update', { start: arrivals[0].startTime, end, detail: { pushes: arrivals.length } });
      performance.clearMarks(LIVE_ARRIVAL_MARK);
    }
  };
}
