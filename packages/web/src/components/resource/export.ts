import { auditFields, type ResourceDef } from '@fleet/shared/resources/define.ts';
import { text } from '../../api/i18n.ts';
import { fetchResourcePage, type ListParams, type Row, valueAt } from '../../api/resources.ts';
import { toast } from '../../api/toast.ts';
import { now } from '../../api/zone.ts';
import { EXPORT_MAX_ROWS, EXPORT_PAGE_SIZE, readAllPages } from '../all-pages.ts';
import { downloadName } from '../csv.ts';
import type { Cell } from '../xlsx.ts';
import { formatValue } from './format.ts';
import { resourceTexts } from './texts.ts';

/**
 * Every row the list shows with its filters, search and order (all pages, not only the one on screen), read through
 * the list's own API; `capped` when there were more than `max`.
 */
export const fetchAllRows = (
  def: ResourceDef,
  params: Omit<ListParams, 'page' | 'pageSize'>,
  max = EXPORT_MAX_ROWS,
  pageSize = EXPORT_PAGE_SIZE,
) => readAllPages((page, size) => fetchResourcePage(def, { ...params, page, pageSize: size }), max, pageSize);

/**
 * A column's own cell in the download, for a column whose `render` writes it otherwise than the definition would
 * (operations as tags, a device's id instead of its label): the list's text, a number as a number.
 */
export type SheetCells = Record<string, (value: Row[string], row: Row) => Cell>;

/**
 * The list as a sheet: the header the list shows, then a row per record with the cell the list shows (option labels,
 * joined names, times as written on screen); a number field stays a number so a spreadsheet can sum it.
 */
export function resourceSheet(
  def: ResourceDef,
  columns: string[],
  titles: string[],
  rows: Row[],
  sheet: SheetCells = {},
): Cell[][] {
  const audit = auditFields(def);
  const cell = (c: string, row: Row): Cell => {
    const own = sheet[c];
    if (own) return own(valueAt(row, c), row);
    const v = formatValue(def, c, row, audit);
    const kind = def.fields[c]?.kind;
    if (
      (kind === 'number' || kind === 'integer') &&
      typeof v === 'string' &&
      v.trim() !== '' &&
      Number.isFinite(Number(v))
    )
      return Number(v);
    return v;
  };
  return [titles, ...rows.map((r) => columns.map((c) => cell(c, r)))];
}

/**
 * A resource list's download (issue 31): every row the list shows with `params` (filters, search, order; all pages),
 * as `resourceSheet` writes it; a toast says so when the file holds only the first EXPORT_MAX_ROWS. `view` is the
 * definition in the language in force (option labels), `titles` the columns' titles as the list shows them.
 */
export async function resourceExport(
  def: ResourceDef,
  view: ResourceDef,
  params: Omit<ListParams, 'page' | 'pageSize'>,
  columns: string[],
  titles: string[],
  sheet?: SheetCells,
): Promise<Cell[][]> {
  const all = await fetchAllRows(def, params);
  if (all.capped) toast.warning(text(resourceTexts, 'exportCapped', { max: EXPORT_MAX_ROWS, total: all.total }));
  return resourceSheet(view, columns, titles, all.rows, sheet);
}

/** A download's name: the list's title, its filters and search as applied, and the day (no characters a file name refuses). */
export const resourceFileName = (title: string, filters: (string | number)[], ext: 'xlsx' | 'csv') =>
  downloadName([title, ...filters, now().format('YYYYMMDD')], ext);
