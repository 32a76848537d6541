import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Pages of a PDF read from the file itself: its page objects (not the /Pages tree node). */
export const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page[^s]/g) ?? []).length;

function withFile<T>(pdf: Buffer, f: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'daily-report-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    return f(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of pages first..last (poppler's pdftotext): what a reader selects and copies. */
export const pdfText = (pdf: Buffer, first = 1, last = first) =>
  withFile(pdf, (file) =>
    execFileSync('pdftotext', ['-layout', '-f', String(first), '-l', String(last), file, '-'], { encoding: 'utf8' }),
  );

/** The page count poppler reads, and the fonts it finds embedded. */
export const pdfInfo = (pdf: Buffer) =>
  withFile(pdf, (file) => ({
    pages: Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]),
    fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }),
  }));

/** Renders every page to PNG (pdftoppm); returns the sizes of the PNGs, optionally keeps them in `keep`. */
export const renderPages = (pdf: Buffer, keep?: string) =>
  withFile(pdf, (file, dir) => {
    const out = keep ?? dir;
    execFileSync('pdftoppm', ['-png', '-r', '60', file, join(out, 'page')]);
    return readdirSync(out)
      .filter((f) => f.startsWith('page') && f.endsWith('.png'))
      .sort()
      .map((f) => statSync(join(out, f)).size);
  });
