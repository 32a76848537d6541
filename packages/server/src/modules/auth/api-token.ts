import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import { newToken, tokenHash } from './tokens.ts';

/**
 * API tokens (issue 31, docs/decisions.md "API tokens"): `fmt_<public id>_<secret>`. The prefix lets secret scanners
 * and a reader of a log tell a leaked token at sight; the public id (12 hex digits) finds the row; the secret is 256
 * random bits of which only the SHA-256 is stored, compared in constant time. A session token (43 characters of
 * base64url) never matches the pattern, so the two kinds never mix in the one `Authentication` header.
 */
export const API_TOKEN_PATTERN = /^fmt_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/** A new token: its text (shown once) and what is stored of it. */
export function newApiToken(): { token: string; publicId: string; secretHash: string } {
  const publicId = randomBytes(6).toString('hex');
  const secret = newToken();
  return { token: `fmt_${publicId}_${secret}`, publicId, secretHash: tokenHash(secret) };
}

/** The service account of a token: a `user` row with no login (docs/decisions.md "API tokens"). */
export function serviceUserId(publicId: string): string {
  return `api-token-${publicId}@tokens.invalid`;
}

/** A token's row as the session resolver reads it, with the access version read in the same statement. */
export interface ApiTokenRow {
  tokenId: number;
  userId: string;
  name: string;
  compId: number;
  accessVersion: number;
}

export type ApiTokenProblem = 'unknown' | 'token-expired';

/**
 * Looks a raw token up: its row, or why it is refused. Unknown, wrong secret, revoked and a service account made
 * inactive are all 'unknown'; past its expiry 'token-expired'. One statement of fixed text by the public id.
 */
export async function findApiToken(
  db: Db,
  token: string,
): Promise<{ hash: string; row: ApiTokenRow } | { hash: string; problem: ApiTokenProblem }> {
  const m = API_TOKEN_PATTERN.exec(token);
  const hash = tokenHash(m?.[2] ?? token);
  if (!m) return { hash, problem: 'unknown' };
  const { rows } = await sql<Record<string, unknown>>`select t.apit_id, t.apit_user_id, t.apit_name, t.apit_comp_id,
      t.apit_secret_hash, t.apit_expires_time, t.apit_revoked_time, u.user_status, v.acvr_version
    from api_token t
    join "user" u on u.user_id = t.apit_user_id
    cross join access_version v
    where t.apit_public_id = ${m[1]} and v.acvr_id = 1`.execute(db);
  const row = rows[0];
  if (!row || !sameHash(String(row.apitSecretHash), hash) || row.apitRevokedTime != null) {
    return { hash, problem: 'unknown' };
  }
  if (Number(row.userStatus) !== 1) return { hash, problem: 'unknown' };
  if (nowSeconds() >= Number(row.apitExpiresTime)) return { hash, problem: 'token-expired' };
  return {
    hash,
    row: {
      tokenId: Number(row.apitId),
      userId: String(row.apitUserId),
      name: String(row.apitName),
      compId: Number(row.apitCompId),
      accessVersion: Number(row.acvrVersion),
    },
  };
}

function sameHash(stored: string, hash: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
