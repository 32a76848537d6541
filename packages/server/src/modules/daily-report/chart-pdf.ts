import { type ChartSpec, withChart } from './charts.ts';

/**
 * A report chart drawn straight into the PDF (issue 29): ECharts lays it out as for the screen's SVG (charts.ts), and
 * its display list — the very elements the SVG is written from — is drawn with pdfkit's path and text calls, in the
 * SVG's order and with its styles (zrender's svg/graphic.ts and mapStyleToAttrs.ts are the model). Writing the SVG and
 * parsing it back with svg-to-pdfkit cost a day's report ~0.2 s.
 */
type Doc = PDFKit.PDFDocument;
type Matrix = [number, number, number, number, number, number];

/** The parts of zrender's elements read here (zrender is ECharts' renderer; its types are not exported). */
interface PathProxy {
  beginPath(): void;
  rebuildPath(ctx: PathSink, percent: number): void;
}
interface Style {
  [key: string]: unknown;
  fill?: string | null;
  stroke?: string | null;
  opacity?: number;
  fillOpacity?: number;
  strokeOpacity?: number;
  lineWidth?: number;
  strokeNoScale?: boolean;
  strokePercent?: number;
  lineDash?: number[] | string | null;
  lineDashOffset?: number;
  lineCap?: 'butt' | 'round' | 'square';
  lineJoin?: 'miter' | 'round' | 'bevel';
  miterLimit?: number;
  strokeFirst?: boolean;
  text?: string | number;
  x?: number;
  y?: number;
  textAlign?: string;
  textBaseline?: string;
  fontSize?: number | string;
  fontWeight?: string | number;
  font?: string;
}
interface Element {
  type: string;
  invisible?: boolean;
  style: Style;
  transform?: Matrix | null;
  __clipPaths?: Element[];
  path?: PathProxy | null;
  shape?: unknown;
  buildPath?: (path: PathProxy, shape: unknown) => void;
  createPathProxy?: () => void;
  shapeChanged?: () => boolean;
  pathUpdated?: () => void;
  getLineScale?: () => number;
}
interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  bezierCurveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void;
  quadraticCurveTo(x1: number, y1: number, x: number, y: number): void;
  arc(cx: number, cy: number, r: number, start: number, end: number, anticlockwise: boolean): void;
  ellipse(
    cx: number,
    cy: number,
    rx: number,
    ry: number,
    rotation: number,
    start: number,
    end: number,
    anticlockwise: boolean,
  ): void;
  rect(x: number, y: number, w: number, h: number): void;
  closePath(): void;
}

/** A colour as pdfkit takes it and its alpha: '#rgb', '#rrggbb', 'rgb()', 'rgba()', a name; null for none. */
export function parseColor(c: unknown): { color: string | [number, number, number]; alpha: number } | null {
  if (typeof c !== 'string' || c === 'none' || c === 'transparent' || c === '') return null;
  const m = /^rgba?\(([^)]+)\)$/i.exec(c.trim());
  if (m) {
    const [r, g, b, a = '1'] = m[1].split(',').map((s) => s.trim());
    return { color: [Number(r), Number(g), Number(b)], alpha: Number(a) };
  }
  return { color: c, alpha: 1 };
}

/** The element's path handed to pdfkit, point by point; arcs as Bézier curves (pdfkit has no arc). */
function pathSink(doc: Doc): PathSink {
  let cx = 0;
  let cy = 0;
  let open = false; // a current point exists
  let sx = 0;
  let sy = 0;
  const move = (x: number, y: number) => {
    doc.moveTo(x, y);
    cx = sx = x;
    cy = sy = y;
    open = true;
  };
  const line = (x: number, y: number) => {
    if (!open) return move(x, y);
    doc.lineTo(x, y);
    cx = x;
    cy = y;
  };
  const ellipse: PathSink['ellipse'] = (ox, oy, rx, ry, rotation, start, end, anticlockwise) => {
    // the sweep as a canvas reads start, end and the direction
    const TAU = 2 * Math.PI;
    let sweep = end - start;
    if (!anticlockwise) sweep = sweep >= TAU ? TAU : ((sweep % TAU) + TAU) % TAU;
    else sweep = -sweep >= TAU ? -TAU : ((sweep % TAU) - TAU) % TAU;
    const cos = Math.cos(rotation);
    const sin = Math.sin(rotation);
    const at = (a: number, dx = 0, dy = 0): [number, number] => {
      const ex = rx * (Math.cos(a) + dx);
      const ey = ry * (Math.sin(a) + dy);
      return [ox + ex * cos - ey * sin, oy + ex * sin + ey * cos];
    };
    const [x0, y0] = at(start);
    line(x0, y0);
    const n = Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9));
    const step = sweep / n;
    const k = (4 / 3) * Math.tan(step / 4);
    for (let i = 0; i < n; i++) {
      const a = start + i * step;
      const b = a + step;
      const [x1, y1] = at(a, -k * Math.sin(a), k * Math.cos(a));
      const [x2, y2] = at(b, k * Math.sin(b), -k * Math.cos(b));
      const [x, y] = at(b);
      doc.bezierCurveTo(x1, y1, x2, y2, x, y);
      cx = x;
      cy = y;
    }
  };
  return {
    moveTo: move,
    lineTo: line,
    bezierCurveTo(x1, y1, x2, y2, x, y) {
      if (!open) move(x1, y1);
      doc.bezierCurveTo(x1, y1, x2, y2, x, y);
      cx = x;
      cy = y;
    },
    quadraticCurveTo(qx, qy, x, y) {
      if (!open) move(qx, qy);
      // as a cubic: pdfkit's quadraticCurveTo writes the 'v' operator, which is not a quadratic curve
      doc.bezierCurveTo(
        cx + (2 / 3) * (qx - cx),
        cy + (2 / 3) * (qy - cy),
        x + (2 / 3) * (qx - x),
        y + (2 / 3) * (qy - y),
        x,
        y,
      );
      cx = x;
      cy = y;
    },
    arc: (x, y, r, start, end, anticlockwise) => ellipse(x, y, r, r, 0, start, end, anticlockwise),
    ellipse,
    rect(x, y, w, h) {
      doc.rect(x, y, w, h);
      cx = sx = x;
      cy = sy = y;
      open = true;
    },
    closePath() {
      doc.closePath();
      cx = sx;
      cy = sy;
    },
  };
}

/** Builds the element's path in pdfkit (its own coordinates), as the SVG painter would write its `d`. */
function buildPath(doc: Doc, el: Element) {
  const fresh = !el.path;
  if (!el.path) el.createPathProxy?.();
  const path = el.path;
  if (!path || !el.buildPath) return;
  if (fresh || el.shapeChanged?.()) {
    path.beginPath();
    el.buildPath(path, el.shape);
    el.pathUpdated?.();
  }
  path.rebuildPath(pathSink(doc), el.style.strokePercent ?? 1);
}

/** The inverse of an affine matrix [a, b, c, d, e, f]. */
function invert([a, b, c, d, e, f]: Matrix): Matrix {
  const det = a * d - b * c;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

const isIdentity = (m: Matrix | null | undefined) =>
  !m || (m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1 && m[4] === 0 && m[5] === 0);

/** zrender's dash patterns by name (canvas/dashStyle.ts), in line widths. */
function dashOf(style: Style, lineWidth: number): number[] | null {
  const d = style.lineDash;
  if (Array.isArray(d)) return d.length && d.every((v) => v > 0) ? d : null;
  if (d === 'dashed') return [4 * lineWidth, 2 * lineWidth];
  if (d === 'dotted') return [lineWidth];
  return null;
}

function drawPath(doc: Doc, el: Element) {
  const s = el.style;
  const opacity = s.opacity ?? 1;
  const fill = parseColor(s.fill);
  const stroke = parseColor(s.stroke);
  const scale = s.strokeNoScale ? (el.getLineScale?.() ?? 1) : 1;
  const lineWidth = stroke && scale ? (s.lineWidth ?? 1) / scale : 0;
  const fillAlpha = fill ? (s.fillOpacity ?? 1) * fill.alpha * opacity : 0;
  const strokeAlpha = stroke ? (s.strokeOpacity ?? 1) * stroke.alpha * opacity : 0;
  const fills = fill && fillAlpha > 0;
  const strokes = stroke && strokeAlpha > 0 && lineWidth > 0;
  if (!fills && !strokes) return;
  doc.save();
  if (!isIdentity(el.transform)) doc.transform(...(el.transform as Matrix));
  if (fills && fill) doc.fillColor(fill.color, fillAlpha);
  if (strokes && stroke) {
    doc.strokeColor(stroke.color, strokeAlpha).lineWidth(lineWidth);
    doc.lineCap(s.lineCap ?? 'butt').lineJoin(s.lineJoin ?? 'miter');
    if (s.miterLimit != null) doc.miterLimit(s.miterLimit);
    const dash = dashOf(s, lineWidth);
    // pdfkit takes a dash array too (its typings say one length)
    if (dash) doc.dash(dash as unknown as number, { phase: Math.round(s.lineDashOffset ?? 0) });
  }
  if (fills && strokes && s.strokeFirst) {
    // the SVG's paint-order: stroke under the fill
    buildPath(doc, el);
    doc.stroke();
    buildPath(doc, el);
    doc.fill();
  } else {
    buildPath(doc, el);
    if (fills && strokes) doc.fillAndStroke();
    else if (fills) doc.fill();
    else doc.stroke();
  }
  doc.restore();
}

/** svg-to-pdfkit's ascent and descent of the font, for `dominant-baseline: central` (its getBaseline). */
function centralShift(doc: Doc, size: number): number {
  const font = (
    doc as unknown as {
      _font: { ascender: number; descender: number; bbox: number[] | { minY: number; maxY: number }; scale?: number };
    }
  )._font;
  const box = font.bbox as unknown as { [i: number]: number; minY: number; maxY: number };
  const scale = font.scale || 1;
  const ascent = (Math.max(font.ascender, (box[3] || box.maxY) * scale) * size) / 1000;
  const descent = (Math.min(font.descender, (box[1] || box.minY) * scale) * size) / 1000;
  return 0.5 * (descent + ascent);
}

function drawText(doc: Doc, el: Element) {
  const s = el.style;
  const text = s.text == null ? '' : String(s.text);
  if (!text || Number.isNaN(s.x) || Number.isNaN(s.y)) return;
  const fill = parseColor(s.fill ?? '#000');
  const alpha = fill ? fill.alpha * (s.opacity ?? 1) : 0;
  const size = typeof s.fontSize === 'number' ? s.fontSize : Number.parseFloat(String(s.fontSize ?? s.font ?? '12'));
  if (!fill || alpha <= 0 || !size) return;
  const bold = s.fontWeight === 'bold' || s.fontWeight === 'bolder' || Number(s.fontWeight) >= 600;
  doc.save();
  if (!isIdentity(el.transform)) doc.transform(...(el.transform as Matrix));
  doc
    .font(bold ? 'Bold' : 'Regular')
    .fontSize(size)
    .fillColor(fill.color, alpha);
  // zrender places the middle of a line of `size` (its line height without a canvas) at y (svg/helper adjustTextY)
  let y = s.y ?? 0;
  if (s.textBaseline === 'top') y += size / 2;
  else if (s.textBaseline === 'bottom') y -= size / 2;
  const width = doc.widthOfString(text);
  const align = s.textAlign;
  const x =
    (s.x ?? 0) -
    (align === 'center' || align === 'middle' ? width / 2 : align === 'right' || align === 'end' ? width : 0);
  doc.text(text, x, y + centralShift(doc, size), { lineBreak: false, baseline: 'alphabetic' });
  doc.restore();
}

/** Draws the chart of `spec` at (x, y), scaled to `width` (its aspect kept). */
export function drawChart(doc: Doc, spec: ChartSpec, x: number, y: number, width: number, height: number): void {
  withChart(spec, (chart) => {
    const zr = chart.getZr() as unknown as { storage: { getDisplayList(update: boolean): Element[] } };
    const list = zr.storage.getDisplayList(true);
    const w = chart.getWidth();
    const h = chart.getHeight();
    doc.save();
    doc.translate(x, y).scale(Math.min(width / w, height / h));
    doc.rect(0, 0, w, h).clip();
    for (const el of list) {
      if (el.invisible) continue;
      const clips = el.__clipPaths ?? [];
      if (clips.length) {
        doc.save();
        for (const c of clips) {
          // a clip path in its own coordinates, then back to the chart's (a path cannot span a save/restore)
          const m = isIdentity(c.transform) ? null : (c.transform as Matrix);
          if (m) doc.transform(...m);
          buildPath(doc, c);
          doc.clip();
          if (m) doc.transform(...invert(m));
        }
      }
      // text and paths: all the report's charts hold (no images; no text outlines: they set no textBorder)
      if (el.type === 'tspan') drawText(doc, el);
      else if (el.buildPath) drawPath(doc, el);
      if (clips.length) doc.restore();
    }
    doc.restore();
  });
}
