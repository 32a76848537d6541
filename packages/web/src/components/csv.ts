import { saveBlob } from '../api/reports.ts';
import type { Cell } from './xlsx.ts';

/**
 * A table as CSV (RFC 4180): comma-separated, each line ended by CRLF, a field with a comma, quote or line break quoted, numbers written as
 * JavaScript writes them (a point for decimals, whatever the language: a spreadsheet reads it as a number).
 */
export function csvText(rows: Cell[][]): string {
  const field = (v: Cell) => {
    if (v == null) return '';
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return rows.map((r) => `${r.map(field).join(',')}\r\n`).join('');
}

/** Downloads the rows as a UTF-8 CSV file; the byte-order mark makes Excel read CO₂'s subscript right. */
export function saveCsv(rows: Cell[][], fileName: string) {
  saveBlob(new Blob([`\uFEFF${csvText(rows)}`], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** The CSV beside an XLSX download is named as the XLSX (period and filters in the name) with `.csv`. */
export const csvFileName = (xlsxName: string) => `${xlsxName.replace(/\.xlsx$/i, '')}.csv`;

/**
 * A download's name from its parts (the list, its period, its filters as applied): empty parts left out, characters a
 * file name refuses replaced, joined by '_' (issue 31).
 */
export function downloadName(parts: (string | number | null | undefined)[], ext: 'xlsx' | 'csv'): string {
  const kept = parts.map((p) => String(p ?? '').trim()).filter((p) => p !== '');
  return `${kept.map((p) => p.replace(/[\\/:*?"<>|]+/g, '-')).join('_')}.${ext}`;
}
