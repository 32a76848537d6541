import type L from 'leaflet';
import { VESSEL_COLORS, VESSEL_ICON_SIZE, type VesselMarkerData } from '../../components/map/index.ts';

/** The hull outline of components/map/vessel-canvas.ts as fractions of the half width / half height: bow first. */
const OUTLINE: [number, number][] = [
  [0, -1],
  [0.55, -0.35],
  [0.45, 1],
  [-0.45, 1],
  [-0.55, -0.35],
];

interface HullLike {
  _vessel: VesselMarkerData;
  _point: L.Point;
  _pxBounds?: L.Bounds;
  _empty(): boolean;
}

/**
 * Makes a canvas renderer that holds only vessel hulls (createVesselHull) draw them in a few batched calls: one
 * path per fill colour (filled and stroked once), one path for all heading lines, then the labels — instead of a
 * save/rotate/fill/stroke/restore per hull. Same shapes, sizes, colours and hit areas as the hull's own drawing;
 * where two hulls overlap, outlines are drawn over both fills. Counts the hulls drawn for the renderer's
 * instrumentation (`vessel-layer-draw`).
 */
export function batchHullDrawing(renderer: L.Canvas, map: L.Map): void {
  const r = renderer as any;
  r._draw = function (this: any) {
    const ctx: CanvasRenderingContext2D = this._ctx;
    const bounds: L.Bounds | undefined = this._redrawBounds;
    ctx.save();
    if (bounds) {
      const size = bounds.getSize();
      ctx.beginPath();
      ctx.rect(bounds.min!.x, bounds.min!.y, size.x, size.y);
      ctx.clip();
    }
    const zoom = map.getZoom();
    // scaled down when zoomed far out, as the hull's own drawing does
    const scale = zoom >= 10 ? 1 : zoom >= 7 ? 0.7 : 0.5;
    const fills = new Map<string, Path2D>();
    const headings = new Path2D();
    const labels: { text: string; x: number; y: number }[] = [];
    let drawn = 0;
    for (let order = this._drawFirst; order; order = order.next) {
      const layer = order.layer as HullLike;
      if (!layer._vessel || layer._empty()) continue;
      if (bounds && !layer._pxBounds?.intersects(bounds)) continue;
      const v = layer._vessel;
      const p = layer._point;
      const [w0, h0] = v.size ?? VESSEL_ICON_SIZE[v.kind ?? 'ship'];
      const w = (w0 * scale) / 2;
      const h = (h0 * scale) / 2;
      const a = (((v.heading ?? 0) + (v.rotationOffset ?? 0)) * Math.PI) / 180;
      const cos = Math.cos(a);
      const sin = Math.sin(a);
      const color = v.color ?? (v.online ? VESSEL_COLORS.online : VESSEL_COLORS.offline);
      let path = fills.get(color);
      if (!path) {
        path = new Path2D();
        fills.set(color, path);
      }
      for (let i = 0; i < OUTLINE.length; i++) {
        const x = OUTLINE[i][0] * w;
        const y = OUTLINE[i][1] * h;
        const px = p.x + x * cos - y * sin;
        const py = p.y + x * sin + y * cos;
        if (i === 0) path.moveTo(px, py);
        else path.lineTo(px, py);
      }
      path.closePath();
      if (v.heading != null) {
        // heading line ahead of the bow
        headings.moveTo(p.x + h * sin, p.y - h * cos);
        headings.lineTo(p.x + 1.6 * h * sin, p.y - 1.6 * h * cos);
      }
      if (v.label && zoom >= 9) labels.push({ text: v.label, x: p.x, y: p.y + h + 4 });
      drawn++;
    }
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = VESSEL_COLORS.stroke;
    for (const [color, path] of fills) {
      ctx.fillStyle = color;
      ctx.globalAlpha = 0.92;
      ctx.fill(path);
      ctx.globalAlpha = 1;
      ctx.stroke(path);
    }
    ctx.lineWidth = 2;
    ctx.strokeStyle = VESSEL_COLORS.heading;
    ctx.stroke(headings);
    if (labels.length) {
      ctx.font = '12px sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      ctx.lineWidth = 3;
      ctx.strokeStyle = 'rgba(255,255,255,0.9)';
      for (const l of labels) ctx.strokeText(l.text, l.x, l.y);
      ctx.fillStyle = '#0b2540';
      for (const l of labels) ctx.fillText(l.text, l.x, l.y);
    }
    ctx.restore();
    this._vesselsDrawn = (this._vesselsDrawn ?? 0) + drawn;
  };
}
