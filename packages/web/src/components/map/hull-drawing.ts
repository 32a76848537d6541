/**
 * How one vessel hull and its label are drawn: the same code on the page (a canvas of Leaflet's renderer) and in the
 * drawing worker (an OffscreenCanvas, vessel-draw.worker.ts). No Leaflet and no DOM here: a worker has neither.
 */

/** Hull fill by state: online green, offline grey-red. */
export const VESSEL_COLORS = { online: '#1aa35a', offline: '#b0413e', stroke: '#0b2540', heading: '#0b2540' };

/** Headings are drawn in steps of this many degrees (one sprite per step). */
export const HULL_ANGLE_STEP = 3;
const MAX_SPRITES = 4000;

/** What a hull looks like on one redraw: the sprite's key and the label under it. */
export interface HullLook {
  color: string;
  /** half the hull's width and height in CSS pixels, after the zoom's scale */
  w: number;
  h: number;
  /** degrees clockwise from north (heading + rotation offset) */
  degrees: number;
  /** draw the heading line (the heading is known) */
  heading: boolean;
}

/** Any 2D context the hulls are drawn on (a page canvas or an OffscreenCanvas). */
export type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
/** A canvas a sprite is drawn into. */
type SpriteCanvas = HTMLCanvasElement | OffscreenCanvas;

/** One hull drawn at one angle, `half` pixels from its centre to each edge. */
export interface HullSprite {
  canvas: SpriteCanvas;
  half: number;
}

/**
 * The sprites of one drawing place (the page or a worker): each hull (fill, outline, heading line) is drawn once
 * into a small canvas and copied with `drawImage` from then on. Chromium rasterises recorded canvas calls in
 * software without a GPU: 1,000 hulls filled and stroked path by path cost ~30–50 ms per redraw there, 1,000 copies
 * ~5 ms (docs/benchmarks.md "Fleet map in the browser"). The heading is rounded to HULL_ANGLE_STEP degrees; sprites
 * are kept per colour, size, angle and pixel ratio.
 */
export class HullSprites {
  private sprites = new Map<string, HullSprite | null>();

  /** `canvas(n)`: a new n×n canvas (document.createElement on the page, OffscreenCanvas in a worker) */
  constructor(private canvas: (n: number) => SpriteCanvas) {}

  get(look: HullLook, ratio: number): HullSprite | null {
    const { color, w, h, heading } = look;
    const step = (((Math.round(look.degrees / HULL_ANGLE_STEP) * HULL_ANGLE_STEP) % 360) + 360) % 360;
    const key = `${color}|${w}|${h}|${step}|${heading ? 1 : 0}|${ratio}`;
    let sprite = this.sprites.get(key);
    if (sprite !== undefined) return sprite;
    // room for the heading line (1.6 h from the centre) and its width; an even size keeps the centre on a pixel
    const half = Math.ceil(Math.max(h * 1.6, w) + 2);
    const canvas = this.canvas(half * 2 * ratio);
    const ctx = canvas.getContext('2d') as Context2D | null;
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
    if (this.sprites.size >= MAX_SPRITES) this.sprites.clear(); // a bound for many custom colours/sizes
    this.sprites.set(key, sprite);
    return sprite;
  }
}

/** Copies a hull's sprite centred on (x, y): layer points are whole pixels and so is the sprite's centre. */
export function drawHull(ctx: Context2D, sprite: HullSprite | null, x: number, y: number): void {
  if (sprite) ctx.drawImage(sprite.canvas, x - sprite.half, y - sprite.half, sprite.half * 2, sprite.half * 2);
}

/** The vessel's name under its hull (`h`: the hull's half height), with a white halo. */
export function drawHullLabel(ctx: Context2D, label: string, x: number, y: number, h: number): void {
  ctx.font = '12px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.lineWidth = 3;
  ctx.lineJoin = 'round'; // a mitred halo spikes at sharp letters (M, V)
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.strokeText(label, x, y + h + 4);
  ctx.fillStyle = '#0b2540';
  ctx.fillText(label, x, y + h + 4);
}

/**
 * One redraw of a whole vessel canvas as plain data, posted to the drawing worker: the canvas's size and origin
 * (layer pixels), and per hull, in drawing order, its centre, its look (an index into `looks`) and its label
 * (an index into `labels`, -1 for none).
 */
export interface HullFrame {
  seq: number;
  /** CSS pixels, and device pixels per CSS pixel */
  width: number;
  height: number;
  ratio: number;
  /** the canvas's top-left corner in layer pixels */
  minX: number;
  minY: number;
  /** x, y, look, label per hull */
  hulls: Float64Array;
  looks: HullLook[];
  labels: string[];
}

/** Draws a frame on a context sized for it (the worker's OffscreenCanvas, or the page's when the worker failed). */
export function drawHullFrame(ctx: Context2D, sprites: HullSprites, f: HullFrame): void {
  ctx.setTransform(f.ratio, 0, 0, f.ratio, -f.minX * f.ratio, -f.minY * f.ratio);
  const got = f.looks.map((look) => sprites.get(look, f.ratio));
  const h = f.hulls;
  // each hull then its label, as on the page: the stacking of overlapping vessels stays the same
  for (let i = 0; i < h.length; i += 4) {
    drawHull(ctx, got[h[i + 2]], h[i], h[i + 1]);
    if (h[i + 3] >= 0) drawHullLabel(ctx, f.labels[h[i + 3]], h[i], h[i + 1], f.looks[h[i + 2]].h);
  }
}
