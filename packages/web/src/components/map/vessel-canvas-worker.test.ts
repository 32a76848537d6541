import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawHullFrame, type HullFrame, HullSprites } from './hull-drawing.ts';
import { canDrawOffMainThread, createVesselHull, type VesselMarkerData, vesselRenderer } from './vessel-canvas.ts';

/** A 2D context that records what is drawn: sprite copies (by sprite size) and labels. */
function recorder() {
  const calls: string[] = [];
  const ctx = {
    calls,
    drawImage: (img: { width: number }, x: number, y: number) => calls.push(`hull ${img.width} at ${x},${y}`),
    strokeText: (t: string, x: number, y: number) => calls.push(`halo ${t} at ${x},${y}`),
    fillText: (t: string, x: number, y: number) => calls.push(`label ${t} at ${x},${y}`),
  };
  return new Proxy(ctx as Record<string, unknown>, {
    get: (o, k) => (k in o ? o[k as string] : () => {}),
    set: () => true,
  }) as unknown as CanvasRenderingContext2D & { calls: string[] };
}

/** The browser parts jsdom lacks: a worker that keeps what it is sent, OffscreenCanvas, a `bitmaprenderer`. */
class FakeWorker {
  static last: FakeWorker;
  sent: HullFrame[] = [];
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(f: HullFrame) {
    this.sent.push(f);
  }
  terminate() {}
}
class FakeOffscreenCanvas {
  ctx = recorder();
  constructor(
    public width: number,
    public height: number,
  ) {}
  getContext() {
    return this.ctx;
  }
  transferToImageBitmap() {
    return { width: this.width, height: this.height, calls: [...this.ctx.calls.splice(0)], close() {} };
  }
}

const vessels: VesselMarkerData[] = [
  { id: 1, lat: -6.1, lng: 106.8, heading: 90, online: true, label: 'TB Alpha' },
  { id: 2, lat: -6.15, lng: 106.85, heading: 91, online: true, label: 'TB Beta' },
  { id: 3, lat: -6.2, lng: 106.75, heading: null, online: false, kind: 'tug', label: 'TB Gamma' },
];

function mapOf() {
  const div = document.createElement('div');
  Object.defineProperty(div, 'clientWidth', { value: 800 });
  Object.defineProperty(div, 'clientHeight', { value: 600 });
  document.body.appendChild(div);
  return L.map(div, { center: [-6.15, 106.8], zoom: 10, zoomAnimation: false });
}

const flush = () => new Promise((ok) => setTimeout(ok, 0));

describe('vessel canvas drawn by a worker', () => {
  let shown: unknown[];
  beforeEach(() => {
    shown = [];
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(((kind: string) =>
      kind === 'bitmaprenderer' ? { transferFromImageBitmap: (b: unknown) => shown.push(b) } : recorder()) as never);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('posts one frame of positions and looks, and shows the answer at the frame’s place', async () => {
    expect(canDrawOffMainThread()).toBe(true);
    const map = mapOf();
    const renderer = vesselRenderer({ padding: 0.1 });
    const hulls = vessels.map((v) => createVesselHull(v, { renderer }).addTo(map));
    await flush();
    const worker = FakeWorker.last;
    expect(worker.sent).toHaveLength(1);
    const f = worker.sent[0];
    // x, y, look, label per hull, in drawing order; 90° and 91° share the 3° sprite step
    const points = hulls.map((h) => map.latLngToLayerPoint(h.getLatLng()));
    expect([...f.hulls]).toEqual([
      points[0].x,
      points[0].y,
      0,
      0,
      points[1].x,
      points[1].y,
      0,
      1,
      points[2].x,
      points[2].y,
      1,
      2,
    ]);
    expect(f.looks).toHaveLength(2);
    expect(f.labels).toEqual(['TB Alpha', 'TB Beta', 'TB Gamma']);
    expect([f.width, f.height]).toEqual([960, 720]); // the view and padding 0.1 on each side
    const container = (renderer as unknown as { _container: HTMLCanvasElement })._container;
    // a hull moves while the frame is drawn: one more frame, once the answer is in
    hulls[0].setVessel({ ...vessels[0], lat: -6.11 });
    await flush();
    expect(worker.sent).toHaveLength(1);
    worker.onmessage?.({ data: { seq: f.seq, bitmap: { close() {} } } });
    expect(shown).toHaveLength(1);
    expect(L.DomUtil.getPosition(container)).toEqual(L.point(f.minX, f.minY));
    expect(container.style.width).toBe('960px');
    expect(worker.sent).toHaveLength(2);
    expect(worker.sent[1].hulls[1]).toBe(map.latLngToLayerPoint([-6.11, 106.8]).y);
    map.remove();
  });

  it('draws the same hulls and labels as the page’s own canvas', async () => {
    const map = mapOf();
    const renderer = vesselRenderer({ padding: 0.1 });
    for (const v of vessels) createVesselHull(v, { renderer }).addTo(map);
    await flush();
    const frame = FakeWorker.last.sent[0];
    const inWorker = recorder();
    drawHullFrame(inWorker, new HullSprites((n) => new FakeOffscreenCanvas(n, n) as unknown as OffscreenCanvas), frame);
    map.remove();

    // the classic canvas (no Worker): Leaflet's canvas renderer calling the same drawing code
    vi.unstubAllGlobals();
    expect(canDrawOffMainThread()).toBe(false);
    const page = recorder();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(((kind: string) =>
      kind === '2d' ? page : null) as never);
    const map2 = mapOf();
    const classic = vesselRenderer({ padding: 0.1 });
    for (const v of vessels) createVesselHull(v, { renderer: classic }).addTo(map2);
    await new Promise((ok) => requestAnimationFrame(ok));
    await flush();
    const drawn = page.calls.filter((c) => /^(hull|halo|label) /.test(c));
    // the last full redraw of the page canvas: one copy and one label per hull, in the same order and places
    expect(drawn.slice(-9)).toEqual(inWorker.calls);
    expect(inWorker.calls).toHaveLength(9);
    map2.remove();
  });

  it('draws on the page, with the same code, when the worker cannot start', async () => {
    const map = mapOf();
    const renderer = vesselRenderer({ padding: 0.1 });
    for (const v of vessels) createVesselHull(v, { renderer }).addTo(map);
    await flush();
    FakeWorker.last.onerror?.();
    expect(shown).toHaveLength(1);
    const bitmap = shown[0] as { calls: string[] };
    expect(bitmap.calls.filter((c) => c.startsWith('hull'))).toHaveLength(3);
    expect(bitmap.calls.filter((c) => c.startsWith('label'))).toHaveLength(3);
    map.remove();
  });
});
