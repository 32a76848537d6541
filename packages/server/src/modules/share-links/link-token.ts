import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/**
 * The share-link token: `<key id>.<claims>.<signature>`, claims base64url JSON {jti, massId, start, end, exp},
 * signature HMAC-SHA256 over `<key id>.<claims>` with that key (docs/decisions.md "Share report links").
 * No password and no session token is in it; the claims are also stored (share_link), and the stored row wins.
 */
export interface LinkClaims {
  jti: string;
  massId: number;
  start: number;
  end: number;
  exp: number;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** The newest signing key; the first call creates one (32 random bytes) so a fresh install needs no setup. */
export async function currentKey(db: Db, now: number): Promise<{ id: string; secret: Buffer }> {
  const row = await db
    .selectFrom('share_link_key')
    .select(['slkyId', 'slkySecret'])
    .orderBy('slkyCreatedTime', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row) return { id: row.slkyId, secret: Buffer.from(row.slkySecret, 'base64') };
  const key = { id: randomBytes(6).toString('base64url'), secret: randomBytes(32) };
  await db
    .insertInto('share_link_key')
    .values({ slkyId: key.id, slkySecret: key.secret.toString('base64'), slkyCreatedTime: now })
    .execute();
  return key;
}

const mac = (secret: Buffer, text: string) => createHmac('sha256', secret).update(text).digest();

export function signLink(key: { id: string; secret: Buffer }, claims: LinkClaims): string {
  const head = `${key.id}.${b64(JSON.stringify(claims))}`;
  return `${head}.${b64(mac(key.secret, head))}`;
}

/** The claims of a token whose signature holds, or null (malformed, unknown key, altered text). */
export async function verifyLink(db: Db, token: string): Promise<LinkClaims | null> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]{1,2000}$/.test(p))) return null;
  const [kid, body, sig] = parts as [string, string, string];
  const row = await db.selectFrom('share_link_key').select('slkySecret').where('slkyId', '=', kid).executeTakeFirst();
  if (!row) return null;
  const expected = mac(Buffer.from(row.slkySecret, 'base64'), `${kid}.${body}`);
  const got = Buffer.from(sig, 'base64url');
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
  try {
    const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkClaims;
    const whole = (n: unknown) => Number.isSafeInteger(n);
    if (typeof c.jti !== 'string' || ![c.massId, c.start, c.end, c.exp].every(whole)) return null;
    return c;
  } catch {
    return null;
  }
}

export const newLinkId = () => randomBytes(16).toString('base64url');
