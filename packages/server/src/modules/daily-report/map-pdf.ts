import { MAP_COLORS, MARK_COLORS, type MapShapes, px } from './map.ts';

/**
 * A report map drawn straight into the PDF with pdfkit's path operators (issue 29): the same shapes, colours and
 * widths as its SVG (map.ts mapSvg), without writing the SVG and parsing it back (svg-to-pdfkit). The land is one
 * path of many rings written as PDF operators in one piece; everything is clipped to the frame.
 */
type Doc = PDFKit.PDFDocument;

/** Draws `m` at (x, y), scaled to `width` (its aspect kept). */
export function drawMap(doc: Doc, m: MapShapes, x: number, y: number, width: number): void {
  const scale = width / m.width;
  doc.save();
  doc.translate(x, y).scale(scale);
  doc.rect(0, 0, m.width, m.height).clip();
  doc.rect(0, 0, m.width, m.height).fill(MAP_COLORS.sea);
  if (m.land.length) {
    // the rings as PDF operators (m, l, h), y as pdfkit's page transform expects: the frame's own pixels
    const ops: string[] = [];
    for (const ring of m.land) {
      ops.push(`${px(ring[0])} ${px(ring[1])} m`);
      for (let i = 2; i < ring.length; i += 2) ops.push(`${px(ring[i])} ${px(ring[i + 1])} l`);
      ops.push('h');
    }
    doc.fillColor(MAP_COLORS.land).strokeColor(MAP_COLORS.coast).lineWidth(0.6);
    doc.addContent(ops.join('\n'));
    doc.fillAndStroke();
  }
  const pts = m.track;
  if (pts.length > 1) {
    doc.moveTo(Number(pts[0][0].toFixed(1)), Number(pts[0][1].toFixed(1)));
    for (let i = 1; i < pts.length; i++) doc.lineTo(Number(pts[i][0].toFixed(1)), Number(pts[i][1].toFixed(1)));
    doc.lineWidth(2.5).lineJoin('round').strokeColor(MAP_COLORS.track).stroke();
  }
  const mark = (p: [number, number] | undefined, fill: string) => {
    if (!p) return;
    doc
      .circle(Number(p[0].toFixed(1)), Number(p[1].toFixed(1)), 5)
      .lineWidth(1.5)
      .fillColor(fill)
      .strokeColor('#ffffff')
      .fillAndStroke();
  };
  mark(pts[0], MARK_COLORS.start);
  mark(pts[pts.length - 1], MARK_COLORS.end);
  doc.font('Regular').fontSize(8).fillColor('#555555');
  const text = m.texts.source;
  doc.text(text, m.width - 4 - doc.widthOfString(text), m.height - 4, { lineBreak: false, baseline: 'alphabetic' });
  doc.restore();
}
