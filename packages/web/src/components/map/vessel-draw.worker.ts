/**
 * The drawing worker of the vessel canvas (docs/decisions.md "Fleet map drawn off the main thread"): it receives a
 * whole redraw as plain data (a HullFrame), draws it on its own OffscreenCanvas with the page's drawing code, and
 * answers with the pixels as an ImageBitmap, which the page shows and positions in the same task. The hull sprites
 * live here; the page keeps the hulls (hit-testing, popups) and posts only positions and looks.
 */
import { drawHullFrame, type HullFrame, HullSprites } from './hull-drawing.ts';

/** What a dedicated worker's global scope offers here (the project's TypeScript lib is the DOM's). */
interface WorkerScope {
  onmessage: ((e: MessageEvent<HullFrame>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

const sprites = new HullSprites((n) => new OffscreenCanvas(n, n));
let canvas: OffscreenCanvas | null = null;
let ctx: OffscreenCanvasRenderingContext2D | null = null;

scope.onmessage = (e) => {
  const f = e.data;
  const w = Math.max(1, Math.round(f.width * f.ratio));
  const h = Math.max(1, Math.round(f.height * f.ratio));
  if (!canvas || !ctx) {
    canvas = new OffscreenCanvas(w, h);
    ctx = canvas.getContext('2d');
  } else if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  if (!ctx) return;
  const start = performance.now();
  drawHullFrame(ctx, sprites, f);
  // the canvas starts blank again after the transfer: every frame is a whole redraw
  const bitmap = canvas.transferToImageBitmap();
  scope.postMessage({ seq: f.seq, bitmap, workerMs: performance.now() - start }, [bitmap]);
};
