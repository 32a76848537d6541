import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { tokenHash } from '../auth/tokens.ts';

/** A socket ticket lives this long and is good once (docs/decisions.md "Fleet map and live push (issue 13)"). */
export const TICKET_TTL_S = 30;

/**
 * A new single-use ticket for the signed-in session. Stored hashed in the database (not in memory), so the
 * socket may be opened on another server process behind the same address.
 */
export async function issueTicket(
  db: Db,
  s: { tokenHash: string; userId: string; activeCompId: number | null },
): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = randomBytes(32).toString('base64url');
  const now = nowSeconds();
  await db.deleteFrom('live_ticket').where('ltckExpiresTime', '<', now).execute();
  await db
    .insertInto('live_ticket')
    .values({
      ltckHash: tokenHash(ticket),
      ltckSessHash: s.tokenHash,
      ltckUserId: s.userId,
      ltckCompId: s.activeCompId,
      ltckExpiresTime: now + TICKET_TTL_S,
    })
    .execute();
  return { ticket, expiresIn: TICKET_TTL_S };
}

export interface TicketOwner {
  sessHash: string;
  userId: string;
  compId: number | null;
}

/**
 * Whether the session behind a ticket or socket is still live: not revoked (signed out, password changed), not idle
 * longer than `idleSeconds`, its user active. The same rule as the Authentication header (auth/session.ts).
 */
export async function sessionLive(db: Db, sessHash: string, idleSeconds: number): Promise<boolean> {
  const row = await db
    .selectFrom('session_token')
    .innerJoin('user', 'user.userId', 'session_token.sessUserId')
    .select(['session_token.sessRevokedTime', 'session_token.sessLastSeenTime', 'user.userStatus'])
    .where('session_token.sessTokenHash', '=', sessHash)
    .executeTakeFirst();
  return (
    !!row &&
    !row.sessRevokedTime &&
    Number(row.userStatus) === 1 &&
    nowSeconds() - Number(row.sessLastSeenTime) <= idleSeconds
  );
}

/**
 * Takes a ticket (deleting it: a second use fails); null when unknown, used, expired, or when its session ended
 * after it was issued (a ticket taken just before sign-out must not open a socket).
 */
export async function consumeTicket(db: Db, ticket: string, idleSeconds: number): Promise<TicketOwner | null> {
  if (!ticket || ticket.length > 100) return null;
  const row = await db
    .deleteFrom('live_ticket')
    .where('ltckHash', '=', tokenHash(ticket))
    .returning(['ltckSessHash', 'ltckUserId', 'ltckCompId', 'ltckExpiresTime'])
    .executeTakeFirst();
  if (!row || Number(row.ltckExpiresTime) < nowSeconds()) return null;
  if (!(await sessionLive(db, row.ltckSessHash, idleSeconds))) return null;
  return {
    sessHash: row.ltckSessHash,
    userId: row.ltckUserId,
    compId: row.ltckCompId === null ? null : Number(row.ltckCompId),
  };
}
