import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/envelope.ts';
import { nowSeconds } from '../../http/time.ts';
import { tokenHash } from './tokens.ts';

/**
 * Download tickets (issue 31, docs/api.md "Exports"): the browser downloads a streamed export by a plain link, which
 * cannot carry the `Authentication` header. The page asks for a ticket for the one URL (POST, with the header), then
 * opens `URL&ticket=…`. A ticket is good once, for DOWNLOAD_TICKET_TTL_S, for that URL only (path and query as asked,
 * the ticket parameter left out) and for the session that asked: it signs the request in as that session, which
 * must still be live; the route then checks its permission and scope as for any request.
 */
export const DOWNLOAD_TICKET_TTL_S = 60;
/** The query parameter carrying a ticket. */
export const DOWNLOAD_TICKET_PARAM = 'ticket';
/** The paths a ticket may be asked for: the streamed exports (…/export.csv, …/export.xlsx). */
export const EXPORT_PATH = /^\/api\/[^?#]*\/export\.(csv|xlsx)$/;

/** A URL (path and query) as a ticket binds it: the query as URLSearchParams writes it, the ticket parameter out. */
export function ticketUrl(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url, 'http://export.invalid');
  } catch {
    return null;
  }
  if (u.origin !== 'http://export.invalid') return null;
  u.searchParams.delete(DOWNLOAD_TICKET_PARAM);
  const query = u.searchParams.toString();
  return `${u.pathname}${query ? `?${query}` : ''}`;
}

/** A new ticket for `url`, bound to the session of hash `sessHash`. */
export async function issueDownloadTicket(
  db: Db,
  sessHash: string,
  url: string,
): Promise<{ ticket: string; expiresIn: number }> {
  const bound = url.length <= 4000 ? ticketUrl(url) : null;
  if (!bound || !EXPORT_PATH.test(bound.split('?')[0]))
    throw badRequest('url must be the path of an export of this API (…/export.csv or …/export.xlsx)');
  const ticket = randomBytes(32).toString('base64url');
  const now = nowSeconds();
  await db.deleteFrom('download_ticket').where('dltkExpiresTime', '<', now).execute();
  await db
    .insertInto('download_ticket')
    .values({
      dltkHash: tokenHash(ticket),
      dltkSessHash: sessHash,
      dltkUrl: bound,
      dltkExpiresTime: now + DOWNLOAD_TICKET_TTL_S,
    })
    .execute();
  return { ticket, expiresIn: DOWNLOAD_TICKET_TTL_S };
}

/**
 * Takes the ticket of a GET (deleting it: a second use fails) and answers the hash of its session, or null when the
 * ticket is unknown, used, expired or was issued for another URL.
 */
export async function consumeDownloadTicket(db: Db, ticket: string, url: string): Promise<string | null> {
  if (!ticket || ticket.length > 100) return null;
  const row = await db
    .deleteFrom('download_ticket')
    .where('dltkHash', '=', tokenHash(ticket))
    .returning(['dltkSessHash', 'dltkUrl', 'dltkExpiresTime'])
    .executeTakeFirst();
  if (!row || Number(row.dltkExpiresTime) < nowSeconds() || row.dltkUrl !== ticketUrl(url)) return null;
  return String(row.dltkSessHash);
}
