import { AUTH_ERROR_MESSAGE, ErrorCode } from '@fleet/shared/api.ts';
import { type Operation, parseOperations, type UserAccess } from '@fleet/shared/permissions.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError, forbidden } from '../../http/envelope.ts';
import { nowSeconds } from '../../http/time.ts';
import { API_TOKEN_PATTERN, findApiToken } from './api-token.ts';
import type { ApiTokenRateLimit, ApiTokenUsage } from './api-token-use.ts';
import { consumeDownloadTicket, EXPORT_PATH } from './download-ticket.ts';
import { retryText } from './login-throttle.ts';
import { needsPerson } from './person-only.ts';
import { attachMemo, SessionCache } from './session-cache.ts';
import { newToken, tokenHash } from './tokens.ts';

/** The one vessel and period a share-link session may read, and until when (share-links/link-scope.ts). */
export interface LinkScope {
  linkId: string;
  userId: string;
  compId: number;
  massId: number;
  start: number;
  end: number;
  expires: number;
}

/**
 * The check of a session opened with a share link, for every request: the link's scope when the link is still live
 * and the request is one the link allows, else it throws the answer. The app plugs share-links' in (auth does not
 * import share-links: the link routes build on sessions).
 */
export type LinkSessionCheck = (db: Db, linkId: string, req: FastifyRequest, now: number) => Promise<LinkScope>;

export interface Session {
  tokenHash: string;
  userId: string;
  username: string;
  activeCompId: number | null;
  activeApp: string | null;
  access: UserAccess;
  /** set when the session was opened with a share link: it may only read that link's vessel and period */
  linkScope?: LinkScope;
  /** set when the request came with an API token (api-token.ts): `userId` is then the token's service account */
  apiTokenId?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set by the auth hook when the Authentication header carries a live token */
    session: Session | null;
    /** why there is no session: 'missing' | 'unknown' | 'expired' | 'token-expired' (an API token past its expiry) */
    sessionProblem?: 'missing' | 'unknown' | 'expired' | 'token-expired';
  }
}

/** resource name → operations, the union over the user's roles. */
export async function loadAccess(db: Db, userId: string): Promise<UserAccess> {
  const rows: { prmsName: string; rperOperations: string }[] = await db
    .selectFrom('user_role')
    .innerJoin('role_permission', 'role_permission.rperRoleId', 'user_role.usroRoleId')
    .innerJoin('permission', 'permission.prmsId', 'role_permission.rperPrmsId')
    .select(['permission.prmsName', 'role_permission.rperOperations'])
    .where('user_role.usroUserId', '=', userId)
    .execute();
  const access: UserAccess = {};
  for (const r of rows) {
    const ops = new Set([...(access[r.prmsName] ?? []), ...parseOperations(r.rperOperations)]);
    access[r.prmsName] = [...ops];
  }
  return access;
}

/** A stored session row as the resolver and the token sign-in read it. */
export interface SessionRow {
  sessUserId: string;
  sessActiveCompId: number | null;
  sessActiveApp: string | null;
  sessLastSeenTime: number;
  usloUserName: string;
  sessShareLinkId: string | null;
  /** the access version read with the row (migration 032_fixed_access_version, session-cache.ts) */
  accessVersion: number;
}

/**
 * Looks a raw token up: the live session, or why there is none. Revoked tokens, tokens of
 * inactive users and unknown tokens are all 'unknown'; a token idle for more than idleSeconds is 'expired'.
 * A live session's last-seen time is refreshed (at most once a minute, so reads stay cheap).
 * One statement, its text fixed (a prepared statement on SQLite): the session row, its user and the access version —
 * read before anything the cache keeps under that version is loaded.
 */
export async function findSession(
  db: Db,
  token: string,
  idleSeconds: number,
): Promise<{ hash: string; row: SessionRow } | { hash: string; problem: 'unknown' | 'expired' }> {
  return findSessionByHash(db, tokenHash(token), idleSeconds);
}

/** findSession by the token's hash (a download ticket names its session by it: download-ticket.ts). */
export async function findSessionByHash(
  db: Db,
  hash: string,
  idleSeconds: number,
): Promise<{ hash: string; row: SessionRow } | { hash: string; problem: 'unknown' | 'expired' }> {
  const { rows } = await sql<Record<string, unknown>>`select s.sess_user_id, s.sess_active_comp_id, s.sess_active_app,
      s.sess_last_seen_time, s.sess_revoked_time, s.sess_share_link_id, l.uslo_user_name, u.user_status,
      v.acvr_version
    from session_token s
    join user_login l on l.uslo_user_id = s.sess_user_id
    join "user" u on u.user_id = s.sess_user_id
    cross join access_version v
    where s.sess_token_hash = ${hash} and v.acvr_id = 1`.execute(db);
  const row = rows[0];
  if (!row || row.sessRevokedTime || Number(row.userStatus) !== 1) return { hash, problem: 'unknown' };
  const now = nowSeconds();
  if (now - Number(row.sessLastSeenTime) > idleSeconds) return { hash, problem: 'expired' };
  if (now - Number(row.sessLastSeenTime) > 60) {
    await db.updateTable('session_token').set({ sessLastSeenTime: now }).where('sessTokenHash', '=', hash).execute();
  }
  return {
    hash,
    row: {
      sessUserId: String(row.sessUserId),
      sessActiveCompId: row.sessActiveCompId == null ? null : Number(row.sessActiveCompId),
      sessActiveApp: row.sessActiveApp == null ? null : String(row.sessActiveApp),
      sessLastSeenTime: Number(row.sessLastSeenTime),
      usloUserName: String(row.usloUserName),
      sessShareLinkId: row.sessShareLinkId == null ? null : String(row.sessShareLinkId),
      accessVersion: Number(row.acvrVersion),
    },
  };
}

/** The cached session fits the row read now: same user, name, active company and application. */
function fits(s: Session, row: Omit<Session, 'tokenHash' | 'access'>): boolean {
  return (
    s.userId === row.userId &&
    s.username === row.username &&
    s.activeCompId === row.activeCompId &&
    s.activeApp === row.activeApp
  );
}

/** What the resolver needs for API tokens: their rate limit and the counter of their use (api-token-use.ts). */
export interface ApiTokenGate {
  limit: ApiTokenRateLimit;
  usage: ApiTokenUsage;
}

/**
 * Resolves the `Authentication` header to a session. Idle sessions (no request for
 * idleSeconds) expire: they answer errorCode 411 (spec 000 §8), unknown tokens 'Authentication Error'.
 * The session row is read on every request; the user's permissions and scope come from the session cache while the
 * access version read with the row is the one they were loaded under (session-cache.ts).
 * An API token (`fmt_…`, api-token.ts) resolves to the same `Session` — its service account, its company as the
 * active one, the permissions of its role by `loadAccess` — kept in the same cache, so every route and scope query
 * treats it as a user with that role in that company; besides, its rate limit and use are counted here, and the
 * routes that need a person (person-only.ts) refuse it.
 */
export function sessionResolver(db: Db, idleSeconds: number, checkLink: LinkSessionCheck, apiTokens: ApiTokenGate) {
  const cache = new SessionCache<Session>();

  async function cached(hash: string, version: number, row: Omit<Session, 'tokenHash' | 'access'>): Promise<Session> {
    const hit = cache.get(hash, version)?.session;
    if (hit && fits(hit, row)) return hit;
    const session = freezeSession({ tokenHash: hash, ...row, access: await loadAccess(db, row.userId) });
    attachMemo(session);
    cache.set(hash, { version, session });
    return session;
  }

  async function resolveApiToken(req: FastifyRequest, token: string): Promise<void> {
    const found = await findApiToken(db, token);
    if ('problem' in found) {
      req.sessionProblem = found.problem;
      cache.delete(found.hash);
      return;
    }
    const { row } = found;
    const now = Date.now();
    const wait = apiTokens.limit.take(row.tokenId, now);
    if (wait > 0) {
      apiTokens.usage.record(row.tokenId, 'limited', null, Math.floor(now / 1000));
      throw new RateLimited(wait);
    }
    if (needsPerson(req.routeOptions.url)) throw forbidden('An API token cannot be used for this: sign in as a person');
    const kind = req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write';
    apiTokens.usage.record(row.tokenId, kind, sessionClient(req).address, Math.floor(now / 1000));
    req.session = await cached(found.hash, row.accessVersion, {
      userId: row.userId,
      username: row.name,
      activeCompId: row.compId,
      activeApp: 'fms',
      apiTokenId: row.tokenId,
    });
  }

  return async (req: FastifyRequest) => {
    req.session = null;
    const header = req.headers.authentication ?? req.headers.authorization;
    const token = (Array.isArray(header) ? header[0] : header)?.replace(/^Bearer\s+/i, '').trim();
    let found: Awaited<ReturnType<typeof findSession>>;
    if (!token) {
      // a streamed export opened by a link: its single-use download ticket names the session (download-ticket.ts)
      const exportGet = req.method === 'GET' && EXPORT_PATH.test(req.url.split('?')[0]);
      const ticket = exportGet ? (req.query as Record<string, unknown> | undefined)?.ticket : undefined;
      const sessHash = typeof ticket === 'string' ? await consumeDownloadTicket(db, ticket, req.url) : null;
      if (!sessHash) {
        req.sessionProblem = 'missing';
        return;
      }
      found = await findSessionByHash(db, sessHash, idleSeconds);
    } else if (API_TOKEN_PATTERN.test(token)) return resolveApiToken(req, token);
    else found = await findSession(db, token, idleSeconds);
    if ('problem' in found) {
      req.sessionProblem = found.problem;
      cache.delete(found.hash);
      return;
    }
    const { row } = found;
    // a share-link session: the link must still be live, and only its reads are let through
    const linkScope = row.sessShareLinkId ? await checkLink(db, row.sessShareLinkId, req, nowSeconds()) : undefined;
    const base = await cached(found.hash, row.accessVersion, {
      userId: row.sessUserId,
      username: row.usloUserName,
      activeCompId: row.sessActiveCompId,
      activeApp: row.sessActiveApp,
    });
    // a link's scope is checked on every request: that session is a copy (with no memo of its own)
    req.session = linkScope ? { ...base, linkScope } : base;
  };
}

/** 429 of an API token past its rate limit; app.ts answers it with Retry-After. */
export class RateLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      `Too many requests with this API token. Please try again in ${retryText(retryAfterSeconds)}.`,
      ErrorCode.tooManyRequests,
    );
  }
}

/** A cached session is shared by requests: frozen, so no route can change it for the next. */
function freezeSession(s: Session): Session {
  for (const ops of Object.values(s.access)) if (ops) Object.freeze(ops);
  Object.freeze(s.access);
  return Object.freeze(s);
}

/** Where a session is opened: the client's address and its browser's User-Agent, as the server received them. */
export interface SessionClient {
  address: string | null;
  userAgent: string | null;
}

/** The stored lengths of a session's address and User-Agent (migration 031_session_client). */
export const SESSION_ADDRESS_MAX = 64;
export const SESSION_USER_AGENT_MAX = 300;

/**
 * The client of a request: its address as the sign-in throttle counts it (`req.ip`: the connection's peer, or
 * X-Forwarded-For's client when TRUST_PROXY is on) and its User-Agent, each cut to its stored length.
 */
export function sessionClient(req: FastifyRequest): SessionClient {
  const agent = req.headers['user-agent']?.trim();
  return {
    address: req.ip ? req.ip.slice(0, SESSION_ADDRESS_MAX) : null,
    userAgent: agent ? agent.slice(0, SESSION_USER_AGENT_MAX) : null,
  };
}

/** A new session for the user, opened by `client`; only the token's hash is stored. Returns the token. */
export async function createSession(
  db: Db,
  userId: string,
  activeCompId: number | null,
  client: SessionClient,
): Promise<string> {
  const token = newToken();
  const now = nowSeconds();
  await db
    .insertInto('session_token')
    .values({
      sessTokenHash: tokenHash(token),
      sessUserId: userId,
      sessActiveCompId: activeCompId,
      sessActiveApp: null,
      sessCreatedTime: now,
      sessLastSeenTime: now,
      sessAddress: client.address,
      sessUserAgent: client.userAgent,
    })
    .execute();
  return token;
}

/** Revokes every live session of the user, except the one with hash `keepHash` (password change keeps the caller's). */
export async function revokeUserSessions(db: Db, userId: string, keepHash?: string): Promise<void> {
  let q = db
    .updateTable('session_token')
    .set({ sessRevokedTime: nowSeconds() })
    .where('sessUserId', '=', userId)
    .where('sessRevokedTime', 'is', null);
  if (keepHash) q = q.where('sessTokenHash', '!=', keepHash);
  await q.execute();
}

export function authError(req: FastifyRequest): AppError {
  if (req.sessionProblem === 'expired') return new AppError(401, 'Session expired', ErrorCode.sessionExpired);
  if (req.sessionProblem === 'token-expired') return new AppError(401, 'API token expired', ErrorCode.unauthenticated);
  return new AppError(401, AUTH_ERROR_MESSAGE, ErrorCode.unauthenticated);
}

/** preHandler: a signed-in user. */
export async function requireAuth(req: FastifyRequest, _reply: FastifyReply) {
  if (!req.session) throw authError(req);
}

/** preHandler: a signed-in user holding `op` on permission `key`. */
export function requirePermission(key: string, op: Operation) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    if (!req.session) throw authError(req);
    if (!req.session.access[key]?.includes(op)) throw forbidden(`You do not have ${op} access to ${key}`);
  };
}

/** The session of a guarded route (throws if the guard was forgotten). */
export function sessionOf(req: FastifyRequest): Session {
  if (!req.session) throw authError(req);
  return req.session;
}
