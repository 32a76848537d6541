import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { drawChart, parseColor } from '../../src/modules/daily-report/chart-pdf.ts';
import type { ChartSpec } from '../../src/modules/daily-report/charts.ts';
import { chartSvg } from '../../src/modules/daily-report/charts.ts';
import { pdfText } from './pdf-tools.ts';

/**
 * A report chart drawn straight into the PDF (issue 29) holds what its SVG holds: the legend's series names, the axis
 * labels, a bar per value, the line of each line series — in the series' colours.
 */
const require = createRequire(import.meta.url);
const spec: ChartSpec = {
  labels: ['00:00', '01:00', '02:00', '03:00'],
  axes: [{ name: 'RPM', kind: 'rpm' }, { name: 'L' }],
  series: [
    { name: 'Port RPM', type: 'line', axis: 0, values: [0, 1200, 1210, null], color: '#1f6fd1' },
    { name: 'ME Fuel Cons (L)', type: 'bar', axis: 1, values: [10, 20, 30, 40], color: '#7b2cbf' },
  ],
  height: 200,
};

/** The chart alone on a page, uncompressed: its text (pdftotext) and its content stream. */
async function draw(s: ChartSpec): Promise<{ text: string; content: string }> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', compress: false, margin: 0 });
  doc.registerFont('Regular', require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  doc.registerFont('Bold', require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((ok) => doc.on('end', () => ok(Buffer.concat(chunks))));
  drawChart(doc, s, 20, 20, 780, 200);
  doc.end();
  const pdf = await done;
  return { text: pdfText(pdf), content: pdf.toString('latin1') };
}

/** PDF colour operands of a '#rrggbb' colour, as pdfkit writes them (r g b, each / 255). */
const operands = (hex: string) =>
  [1, 3, 5].map((i) => String(Number.parseInt(hex.slice(i, i + 2), 16) / 255)).join(' ');
/** A filled rectangle in a colour: the colour set (and its opacity), the rectangle, filled. */
const filledRects = (content: string, hex: string) =>
  content.match(new RegExp(`${operands(hex)} scn\\n/Gs\\d+ gs\\n[^\\n]* re\\nf\\n`, 'g')) ?? [];

describe('report chart drawn to PDF', () => {
  it('the legend, the axis names and labels as text, as in its SVG', async () => {
    const { text } = await draw(spec);
    const svg = chartSvg(spec);
    for (const s of ['Port RPM', 'ME Fuel Cons (L)', 'RPM', '00:00', '03:00', '1,400', '45']) {
      expect(svg).toContain(`>${s}<`);
      expect(text).toContain(s);
    }
  });

  it('a bar per value in the bar colour and the line in the line colour', async () => {
    const { content } = await draw(spec);
    // a rectangle per value (the legend's swatch is a rounded path)
    expect(filledRects(content, '#7b2cbf')).toHaveLength(4);
    // the line series: 3 points (the 4th is null) joined by line segments, stroked in its colour
    expect(content).toMatch(
      new RegExp(
        `${operands('#1f6fd1')} SCN\\n[^]*?\\n[\\d.]+ [\\d.]+ m\\n[\\d.]+ [\\d.]+ l\\n[\\d.]+ [\\d.]+ l\\nS\\n`,
      ),
    );
  });

  it('with no series values: axes and legend, no bar', async () => {
    const empty = { ...spec, series: spec.series.map((s) => ({ ...s, values: [null, null, null, null] })) };
    const { text, content } = await draw(empty);
    expect(text).toContain('Port RPM');
    expect(filledRects(content, '#7b2cbf')).toHaveLength(0);
    expect(content).toContain(`${operands('#7b2cbf')} scn`); // the legend's swatch
  });

  it('colours as ECharts writes them', () => {
    expect(parseColor('#abc')).toEqual({ color: '#abc', alpha: 1 });
    expect(parseColor('rgba(10, 20, 30, 0.5)')).toEqual({ color: [10, 20, 30], alpha: 0.5 });
    expect(parseColor('none')).toBeNull();
    expect(parseColor(null)).toBeNull();
  });
});
