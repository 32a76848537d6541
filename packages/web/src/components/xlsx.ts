import { text } from '../api/i18n.ts';
import { periodText } from '../api/period.ts';
import { componentsTexts } from './texts.ts';

export type Cell = string | number | null;
/** A sheet's text (componentsTexts key), by the sheet's English name. */
const SHEET_TEXT = {
  Data: 'sheetData',
  'Asset Summary': 'sheetAssetSummary',
  'Fleet Efficiency': 'sheetFleetEfficiency',
} as const satisfies Record<string, keyof typeof componentsTexts.en>;

/**
 * Which sheet a download writes, by its English name (the spec's): the file's sheet is named in the language in
 * force at the download ('Asset Summary' → 'Ringkasan Aset'; 'Data' is the same in both). A new sheet: add its
 * texts to components/texts.ts and its key here.
 */
export type SheetName = keyof typeof SHEET_TEXT;

/**
 * Spec 002 §7.3: files named with the asset name and the start and end dates of the period `[start, end)` as users
 * read them (docs/domain.md §1: a day ending at the next 00:00 is named by its own date).
 */
export function xlsxFileName(assetName: string, startMs: number, endMs: number): string {
  const safe = assetName.replace(/[\\/:*?"<>|]+/g, '-').trim() || text(componentsTexts, 'unnamedAsset');
  return `${safe}_${periodText({ start: startMs, end: endMs }, 'DD-MM-YYYY', '_')}.xlsx`;
}

/**
 * A figure for a sheet: a number cell (never the screen's text, which a spreadsheet cannot sum: issue 28) rounded to
 * the decimals the screen shows; missing or not finite → an empty cell.
 */
export function xlsxNumber(v: number | null | undefined, digits = 2): number | null {
  if (v == null || !Number.isFinite(v)) return null;
  const f = 10 ** digits;
  // halves away from zero, as the screen's Intl format rounds them (-6.25 → -6.3; Math.round alone gives -6.2)
  return (Math.sign(v) * Math.round(Math.abs(v) * f)) / f;
}

/**
 * What saveXlsx hands write-excel-file: the first row is the bold header, frozen; every column 18 characters
 * wide; an empty value is an empty cell. Kept apart so that a unit test writes the same workbook in Node.
 */
export function xlsxSheet(rows: Cell[][], sheet: SheetName) {
  const header = rows[0] ?? [];
  const data = rows.map((r, i) =>
    r.map((v) => (i === 0 ? { value: v ?? '', fontWeight: 'bold' as const } : v == null ? null : { value: v })),
  );
  return {
    data,
    options: {
      sheet: text(componentsTexts, SHEET_TEXT[sheet]),
      stickyRowsCount: 1,
      columns: header.map(() => ({ width: 18 })),
    },
  };
}

/**
 * Writes rows to a real .xlsx in the browser; write-excel-file is loaded on the first download (docs/decisions.md
 * "Fleet map and live push (issue 13)", Spreadsheets; exceljs is gone since issue 26).
 */
export async function saveXlsx(rows: Cell[][], sheet: SheetName, fileName: string): Promise<void> {
  const { default: writeExcelFile } = await import('write-excel-file/browser');
  const { data, options } = xlsxSheet(rows, sheet);
  await writeExcelFile(data, options).toFile(fileName);
}
