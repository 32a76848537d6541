import { writeFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const A = await import('/work/main/packages/server/src/modules/daily-report/map.ts');
const B = await import('./src/modules/daily-report/map.ts');
const { drawMap } = await import('./src/modules/daily-report/map-pdf.ts');
const req = createRequire(import.meta.url);
const places = [[-6.1, 106.88], [1.26, 103.82], [-7.2, 112.73], [-8.75, 115.2], [-17.7, 178.4], [60.1, 24.9], [-0.5, 117.2], [65.5, 179.5], [-69.5, 0.5]];
const track = (lat: number, lon: number) => Array.from({ length: 50 }, (_, i) => ({ latitude: lat + 0.01 * Math.sin(i / 5), longitude: lon - 0.02 + 0.001 * i }));
for (const side of ['a', 'b']) {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 0 });
  doc.registerFont('Regular', readFileSync(req.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));
  doc.registerFont('Bold', readFileSync(req.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')));
  const chunks: Buffer[] = []; doc.on('data', (c: Buffer) => chunks.push(c));
  let first = true;
  for (const [lat, lon] of places) {
    if (!first) doc.addPage(); first = false;
    for (const [i, zoom] of [11, 6].entries()) {
      const o = { zoom, center: { latitude: lat, longitude: lon }, track: track(lat, lon) };
      const t0 = performance.now();
      if (side === 'a') SVGtoPDF(doc, A.mapSvg(o), 20 + i * 400, 40, { width: 386, height: 216, assumePt: true, preserveAspectRatio: 'xMidYMid meet', fontCallback: () => 'Regular' });
      else drawMap(doc, B.mapShapes(o), 20 + i * 400, 40, 386);
      console.log(side, lat, lon, zoom, (performance.now() - t0).toFixed(1), 'ms');
    }
  }
  doc.end();
  await new Promise((r) => doc.on('end', r));
  writeFileSync(`/tmp/pdfab/maps-${side}.pdf`, Buffer.concat(chunks));
}
