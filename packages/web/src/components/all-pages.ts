import type { Page } from '../api/client.ts';

/** A list download reads at most this many rows (issue 31); past it the screen says the file holds only the first. */
export const EXPORT_MAX_ROWS = 50_000;
/** Rows per request while reading a list for a download (the server takes up to MAX_PAGE_SIZE). */
export const EXPORT_PAGE_SIZE = 2_000;

/**
 * Every row of a paged list, read page by page through the list's own request (`fetchPage(page, max)`), so a
 * download holds what the list shows with its filters and order; `capped` when there were more than `max`.
 */
export async function readAllPages<T>(
  fetchPage: (page: number, max: number) => Promise<Page<T>>,
  max = EXPORT_MAX_ROWS,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<{ rows: T[]; total: number; capped: boolean }> {
  const rows: T[] = [];
  let total = 0;
  for (let page = 1; rows.length < max; page++) {
    const p = await fetchPage(page, pageSize);
    total = p.total;
    rows.push(...p.rows);
    if (p.rows.length === 0 || rows.length >= p.total) break;
  }
  return { rows: rows.slice(0, max), total, capped: total > max };
}
