import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Language } from '../../i18n/language.ts';
import { textsIn } from '../../i18n/texts.ts';
import { drawChart } from './chart-pdf.ts';
import type { DraftBlock, ReportDraft } from './draft.ts';
import { mapShapes } from './map.ts';
import { drawMap } from './map-pdf.ts';
import { reportTexts } from './report-texts.ts';

/**
 * The daily report PDF (spec 002 §2.3): A4 landscape, one model page per PDF page, a header on each page (vessel,
 * analysed data range, timezone label) and a footer (generation time, page x/y). Text is real text in an embedded
 * DejaVu Sans subset (selectable, every glyph the names may need); charts and maps are vector graphics, drawn with
 * pdfkit's own path calls (chart-pdf.ts, map-pdf.ts; issue 29).
 */
const PAGE_W = 841.89;
const PAGE_H = 595.28;
const M = 28;
const CONTENT_W = PAGE_W - 2 * M;
const TOP = 98;
const BOTTOM = PAGE_H - 34;

/**
 * The fonts: the TTF files read once, and the fonts parsed from them (fontkit, inside pdfkit) kept after the first
 * report and handed to the next ones — pdfkit takes a parsed font as well as a file, and parsing DejaVu Sans's tables
 * again for every PDF cost ~10 % of a report (issue 29). Each PDF still embeds its own subset.
 */
type FontSource = Buffer | object;
let fonts: { regular: FontSource; bold: FontSource } | null = null;
let parsed = false;
function loadFonts() {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  fonts = {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/** Keeps the fonts pdfkit parsed for this document, for the next ones. */
function keepParsedFonts(doc: Doc) {
  if (parsed || !fonts) return;
  const parsedFont = (name: string) => {
    doc.font(name);
    return (doc as unknown as { _font: { font: object } })._font.font;
  };
  fonts = { regular: parsedFont('Regular'), bold: parsedFont('Bold') };
  parsed = true;
}

type Doc = PDFKit.PDFDocument;
type T = ReturnType<typeof textsIn<keyof (typeof reportTexts)['en']>>;

/**
 * One line of text in a box `width` wide, as doc.text(…, { width, lineBreak: false, … }) draws it; a line that fits
 * is placed here (a right-aligned one at the box's right, as pdfkit does) instead of by pdfkit's line wrapper, which
 * measures it word by word — most of a report's text time (issue 29). A line that does not fit (with a margin for
 * the wrapper's word-by-word sum) goes to the wrapper: its ellipsis.
 */
function textLine(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  o: { align?: 'left' | 'right'; ellipsis?: boolean } = {},
) {
  const w = text.includes('\n') ? Number.POSITIVE_INFINITY : doc.widthOfString(text.replace(/\s+$/, ''));
  if (w <= width - 0.5) doc.text(text, o.align === 'right' ? x + width - w : x, y, { lineBreak: false });
  else doc.text(text, x, y, { width, lineBreak: false, ...o });
}

function header(doc: Doc, model: ReportDraft, title: string, t: T) {
  doc.font('Bold').fontSize(15).fillColor('#1b2a41');
  textLine(doc, model.massName, M, M, CONTENT_W * 0.6);
  doc.font('Regular').fontSize(8.5).fillColor('#333333');
  textLine(doc, t('period', { range: model.rangeText }), M, M + 19, CONTENT_W * 0.7);
  textLine(doc, t('analysedRange', { range: model.dataText }), M, M + 30, CONTENT_W * 0.7);
  doc.font('Bold').fontSize(10);
  textLine(doc, model.timezoneLabel, M, M, CONTENT_W, { align: 'right' });
  doc.font('Regular').fontSize(8.5);
  textLine(doc, t('dailyReport'), M, M + 14, CONTENT_W, { align: 'right' });
  doc
    .moveTo(M, M + 42)
    .lineTo(PAGE_W - M, M + 42)
    .lineWidth(0.8)
    .strokeColor('#1b2a41')
    .stroke();
  doc.font('Bold').fontSize(11.5).fillColor('#1b2a41');
  textLine(doc, title, M, M + 48, CONTENT_W);
}

function footer(doc: Doc, model: ReportDraft, page: number, pages: number, t: T) {
  const y = PAGE_H - 24;
  doc.page.margins.bottom = 0; // writing below the bottom margin would add a page (research §4)
  doc
    .moveTo(M, y - 5)
    .lineTo(PAGE_W - M, y - 5)
    .lineWidth(0.4)
    .strokeColor('#999999')
    .stroke();
  doc.font('Regular').fontSize(7.5).fillColor('#555555');
  textLine(doc, t('generated', { time: model.generatedText, zone: model.timezoneLabel }), M, y, CONTENT_W / 2);
  textLine(doc, t('page', { page, pages }), M + CONTENT_W / 2, y, CONTENT_W / 2, { align: 'right' });
}

/** Draws a table at (x, y) in `width`; returns its height. */
function table(doc: Doc, b: Extract<DraftBlock, { kind: 'table' }>, x: number, y: number, width: number): number {
  let cy = y;
  if (b.title) {
    doc.font('Bold').fontSize(9).fillColor('#1b2a41');
    textLine(doc, b.title, x, cy, width);
    cy += 13;
  }
  const n = b.columns.length;
  const dense = b.rows.length > 12 || n > 6;
  const size = dense ? 6.6 : 8.5;
  const rowH = size + (dense ? 3.2 : 6);
  const first = n > 2 ? Math.min(width * 0.26, Math.max(46, width / n)) : width * 0.55;
  const rest = n > 1 ? (width - first) / (n - 1) : 0;
  const colX = (i: number) => (i === 0 ? x : x + first + (i - 1) * rest);
  const colW = (i: number) => (i === 0 ? first : rest);
  const line = (cells: string[], bold: boolean, shade: string | null) => {
    if (shade) doc.rect(x, cy, width, rowH).fill(shade);
    doc
      .font(bold ? 'Bold' : 'Regular')
      .fontSize(size)
      .fillColor('#222222');
    cells.forEach((c, i) => {
      textLine(doc, c, colX(i) + 3, cy + (rowH - size) / 2 - 0.5, colW(i) - 6, {
        align: i === 0 ? 'left' : 'right',
        ellipsis: true,
      });
    });
    cy += rowH;
  };
  line(b.columns, true, '#dde4ee');
  b.rows.forEach((r, i) => {
    line(r, false, i % 2 ? '#f4f6f9' : null);
  });
  doc
    .rect(x, y + (b.title ? 13 : 0), width, cy - y - (b.title ? 13 : 0))
    .lineWidth(0.4)
    .strokeColor('#b8c2d0')
    .stroke();
  return cy - y;
}

/** Draws a block at y in the content width; returns its height. */
function block(doc: Doc, b: DraftBlock, x: number, y: number, width: number): number {
  switch (b.kind) {
    case 'table':
      return table(doc, b, x, y, width);
    case 'chart': {
      const w = Math.min(width, b.width);
      const h = (b.height * w) / b.width;
      drawChart(doc, b.chart, x + (width - w) / 2, y, w, h);
      return h;
    }
    case 'maps': {
      const gap = 14;
      const w = (width - gap * (b.maps.length - 1)) / b.maps.length;
      let h = 0;
      b.maps.forEach((m, i) => {
        const mx = x + i * (w + gap);
        const mh = (m.height * w) / m.width;
        doc.font('Bold').fontSize(9).fillColor('#1b2a41');
        textLine(doc, m.title, mx, y, w);
        drawMap(doc, mapShapes(m.map), mx, y + 13, w);
        doc
          .rect(mx, y + 13, w, mh)
          .lineWidth(0.5)
          .strokeColor('#8a94a6')
          .stroke();
        h = Math.max(h, mh + 13);
      });
      return h;
    }
    case 'row': {
      const gap = 18;
      const w = (width - gap * (b.blocks.length - 1)) / b.blocks.length;
      return Math.max(...b.blocks.map((c, i) => block(doc, c, x + i * (w + gap), y, w)));
    }
    case 'notice': {
      doc.font('Bold').fontSize(13).fillColor('#b02a30');
      const h = doc.heightOfString(b.text, { width: width - 40 });
      doc
        .roundedRect(x, y, width, h + 40, 6)
        .lineWidth(1)
        .strokeColor('#b02a30')
        .stroke();
      doc.text(b.text, x + 20, y + 20, { width: width - 40 });
      return h + 40;
    }
  }
}

/** The PDF of a report (its draft: charts and maps drawn here), in memory; its header, footer and properties in `language` (the model's own). */
export function renderPdf(model: ReportDraft, language: Language = 'en'): Promise<Buffer> {
  const f = loadFonts();
  const t = textsIn(reportTexts, language);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: M,
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: t('pdfTitle', { vessel: model.massName, range: model.rangeText }),
      Author: 'Fleet Monitoring',
      Subject: t('pdfSubject', { zone: model.timezoneLabel }),
      CreationDate: new Date(model.generatedAt * 1000),
    },
  });
  doc.registerFont('Regular', f.regular as Buffer);
  doc.registerFont('Bold', f.bold as Buffer);
  keepParsedFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const page of model.pages) {
    doc.addPage();
    header(doc, model, page.title, t);
    let y = TOP;
    for (const b of page.blocks) {
      if (y > BOTTOM - 20) break;
      y += block(doc, b, M, y, CONTENT_W) + 12;
    }
  }
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    footer(doc, model, i + 1, range.count, t);
  }
  doc.end();
  return done;
}
