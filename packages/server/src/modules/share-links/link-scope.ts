import { ErrorCode } from '@fleet/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/envelope.ts';
import { parsePeriod } from '../../http/params.ts';
import type { LinkScope, LinkSessionCheck } from '../auth/session.ts';

/** What the report link page shows for each failure (docs/api.md "Share report links"). */
export const LINK_MESSAGES = {
  invalid: 'This report link is not valid. Ask the sender for a new link.',
  expired: 'This report link has expired. Ask the sender for a new link.',
  revoked: 'This report link has been revoked. Ask the sender for a new link.',
  outOfScope: 'This report link opens only the report of its own vessel and period.',
} as const;

export type LinkProblem = 'invalid' | 'expired' | 'revoked';

export async function loadLinkScope(
  db: Db,
  linkId: string,
  now: number,
): Promise<LinkScope | { problem: LinkProblem }> {
  const r = await db.selectFrom('share_link').selectAll().where('slnkId', '=', linkId).executeTakeFirst();
  if (!r) return { problem: 'invalid' };
  if (r.slnkRevokedTime != null) return { problem: 'revoked' };
  if (Number(r.slnkExpiresTime) <= now) return { problem: 'expired' };
  return {
    linkId,
    userId: r.slnkUserId,
    compId: Number(r.slnkCompId),
    massId: Number(r.slnkMassId),
    start: Number(r.slnkStart),
    end: Number(r.slnkEnd),
    expires: Number(r.slnkExpiresTime),
  };
}

export const linkError = (problem: LinkProblem) =>
  new AppError(
    401,
    LINK_MESSAGES[problem],
    problem === 'expired' ? ErrorCode.sessionExpired : ErrorCode.unauthenticated,
  );

/** The reads a link-opened session may make (route → check of its vessel and period); nothing else, no writes. */
const ALLOWED: Record<string, ((req: FastifyRequest, s: LinkScope) => boolean) | undefined> = {
  '/api/summary/aggregated/period/:start/:end': (req, s) => {
    const { start, end } = req.params as { start: string; end: string };
    const mass = (req.query as Record<string, unknown>).devcMassId;
    if (String(mass) !== String(s.massId)) return false;
    try {
      const p = parsePeriod(start, end);
      return p.start >= s.start && p.end <= s.end;
    } catch {
      return false; // an unreadable period is not the link's period
    }
  },
  '/api/share-links/current': () => true,
  // the track's base map and port labels: installation-wide geography, no tenant's data (issue 28)
  '/api/geo/base-layers': () => true,
  '/api/geo/ports': () => true,
  // signing out revokes only this session (issue 23): the link page's Sign out must work
  '/api/security/authentication/logout': () => true,
};

/** Anything but the allowed reads of the link's vessel and period is refused with 403 before the route runs. */
function enforceLinkScope(req: FastifyRequest, scope: LinkScope): void {
  const check = req.method === 'GET' ? ALLOWED[req.routeOptions.url ?? ''] : undefined;
  if (!check?.(req, scope)) throw new AppError(403, LINK_MESSAGES.outOfScope, ErrorCode.forbidden);
}

/**
 * The session resolver's check of a session opened with a share link (app.ts plugs it in): the link must still be
 * live, and only its reads are let through (so no route has to know about links).
 */
export const checkLinkSession: LinkSessionCheck = async (db, linkId, req, now) => {
  const scope = await loadLinkScope(db, linkId, now);
  if ('problem' in scope) throw linkError(scope.problem);
  enforceLinkScope(req, scope);
  return scope;
};
