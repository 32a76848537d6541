import { api, type QueryParams, toQueryString } from './client.ts';
import { currentLocale } from './locale.ts';

/** The answer of POST /api/exports/ticket. */
interface DownloadTicket {
  ticket: string;
  expiresIn: number;
}

/** The URL of a streamed export (`path` under /api, its query, the language in force as `lang`). */
export const exportUrl = (path: string, query: QueryParams = {}) =>
  `/api${path.startsWith('/') ? path : `/${path}`}${toQueryString({ ...query, lang: currentLocale() })}`;

/**
 * Downloads a streamed export (issue 31, docs/api.md "Exports") as the browser downloads any file: the server writes it
 * page by page and the browser writes it to disk as it arrives, so neither holds it whole. A link cannot carry the
 * Authentication header, so a single-use ticket for this one URL is asked first (POST with the header), and the link
 * carries the ticket; the file's name comes from the answer's Content-Disposition.
 */
export async function downloadExport(path: string, query: QueryParams = {}): Promise<void> {
  const url = exportUrl(path, query);
  const { ticket } = await api.post<DownloadTicket>('/exports/ticket', { url });
  const a = document.createElement('a');
  a.href = `${url}${url.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
