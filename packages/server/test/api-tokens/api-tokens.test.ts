import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { ApiTokenRateLimit } from '../../src/modules/auth/api-token-use.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createUser, signIn, twoTenants } from '../helpers/fixtures.ts';
import { H, send, series, vessel } from '../summary/summary-world.ts';

/** A world: tenants A (companies A1, A2) and B; a vessel with a GPS in A1 with three hours of fixes, one in A2. */
async function world(t: TestApp) {
  const tenants = await twoTenants(t.database.db, ['master_asset', 'master_user', 'api_token']);
  const T0 = Math.floor(nowSeconds() / 86_400) * 86_400 - 2 * 86_400;
  const a1 = await vessel(t, tenants.compA1, 'KM Token A1');
  await a1.add('gps-tok-a1', 'gps', null);
  // 0.01° of longitude a minute on the equator, 61 fixes: 60 steps
  await send(
    t,
    a1.key,
    series('gps-tok-a1', T0, 61, (i) => ({ latitude: 0, longitude: 100 + 0.01 * i, speed: 20 })),
  );
  const a2 = await vessel(t, tenants.compA2, 'KM Token A2');
  return { ...tenants, T0, vesselA1: a1.massId, vesselA2: a2.massId };
}

type World = Awaited<ReturnType<typeof world>>;

describe.each(dialects())('API tokens on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  const create = (body: Record<string, unknown>, token = w.adminA) =>
    t.call({ method: 'POST', url: '/api/api-tokens', token, payload: body });
  const issue = async (name: string, roleId = w.readerRole, compId = w.compA1) => {
    const r = await create({ name, compId, roleId, expiresInDays: 30 });
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    return r.json.data as { tokenId: number; token: string; accountId: string; prefix: string };
  };
  const summary = (token: string, massId = w.vesselA1) =>
    t.call({
      method: 'GET',
      url: `/api/summary/aggregated/period/${w.T0}/${w.T0 + H}?devcMassId=${massId}`,
      token,
    });
  const list = async () => (await t.call({ method: 'GET', url: '/api/api-tokens', token: w.adminA })).json.data;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await world(t);
  });
  afterAll(() => t?.close());

  it('reads a vessel summary with a token, no password: the same numbers as a person of that role', async () => {
    const { token, prefix } = await issue('ERP export');
    expect(token).toMatch(/^fmt_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(prefix)).toBe(true);
    const r = await summary(token);
    expect(r.statusCode).toBe(200);
    // 60 steps of 0.01° on the equator (domain.md §6): R · Δλ each
    const step = 6371000 * ((0.01 * Math.PI) / 180);
    expect(r.json.data.gps.summary.totalDistance).toBeCloseTo(60 * step, 3);
    // Bearer works too, as for sessions
    const bearer = await t.call({
      method: 'GET',
      url: `/api/summary/aggregated/period/${w.T0}/${w.T0 + H}?devcMassId=${w.vesselA1}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.json.data).toEqual(r.json.data);
    expect((await summary(w.readerA)).json.data).toEqual(r.json.data);
  });

  it('is scoped exactly like a user with its role in its company', async () => {
    const { token } = await issue('Scope check');
    await createUser(t.database.db, {
      userId: 'twin@a.test',
      username: 'twina',
      roleIds: [w.readerRole],
      companies: [{ compId: w.compA1 }],
    });
    const person = await signIn(t.database.db, 'twin@a.test', w.compA1);
    const assets = async (tk: string) =>
      (await t.call({ method: 'GET', url: '/api/master/asset', token: tk })).json.data.map((a: any) => a.massId);
    expect((await assets(token)).sort()).toEqual([w.assetA1, w.vesselA1].sort());
    expect(await assets(token)).toEqual(await assets(person));
    // another company's vessel (the administrator's A2, tenant B's) is out of sight, as for the person
    for (const tk of [token, person]) {
      expect((await summary(tk, w.vesselA2)).statusCode).toBe(404);
      expect((await summary(tk, w.assetB1)).statusCode).toBe(404);
    }
    // a permission the role lacks: 403, as for the person
    for (const tk of [token, person]) {
      const r = await t.call({ method: 'POST', url: '/api/master/asset', token: tk, payload: { massName: 'x' } });
      expect(r.statusCode).toBe(403);
    }
  });

  it('cannot do what needs a person: sign-in flows, own account, tokens, users', async () => {
    const { token } = await issue('Admin integration', w.adminRole);
    for (const [method, url] of [
      ['GET', '/api/account/profile'],
      ['PUT', '/api/account/language'],
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens'],
      ['GET', '/api/security/authentication/status'],
    ] as const) {
      const r = await t.call({ method, url, token, payload: method === 'GET' ? undefined : {} });
      expect(r.statusCode, url).toBe(403);
      expect(r.json.status.message).toBe('An API token cannot be used for this: sign in as a person');
    }
  });

  it('writes under its own service account: the audit trail names it, the user list does not', async () => {
    const { token, accountId } = await issue('Writer', w.adminRole);
    const made = await t.call({ method: 'POST', url: '/api/master/asset', token, payload: { massName: 'KM Tok' } });
    expect(made.statusCode, JSON.stringify(made.json)).toBe(200);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .select(['audtUserId', 'audtAction'])
      .where('audtResource', '=', 'asset')
      .where('audtRowId', '=', String(made.json.data.massId))
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ audtUserId: accountId, audtAction: 'create' });
    // the new vessel is in the token's company and visible to it
    const again = await t.call({ method: 'GET', url: `/api/master/asset/${made.json.data.massId}`, token });
    expect(again.json.data.massCompId).toBe(w.compA1);
    const users = await t.call({ method: 'GET', url: '/api/master/user?max=100', token: w.adminA });
    expect(users.statusCode).toBe(200);
    expect(JSON.stringify(users.json.data)).not.toContain('tokens.invalid');
  });

  it('stores the hash of the secret, never the token', async () => {
    const { token, tokenId } = await issue('Hash check');
    const secret = token.slice('fmt_'.length + 13);
    const row = await t.database.db
      .selectFrom('api_token')
      .selectAll()
      .where('apitId', '=', tokenId)
      .executeTakeFirstOrThrow();
    expect(row.apitSecretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(await list())).not.toContain(secret);
    // a right public id with a wrong secret is unknown
    const forged = `${token.slice(0, 17)}${'A'.repeat(43)}`;
    expect((await summary(forged)).json.status.message).toBe('Authentication Error');
  });

  it('refuses a revoked token at once, though its session was kept', async () => {
    const { token, tokenId } = await issue('Revoke me');
    expect((await summary(token)).statusCode).toBe(200);
    const r = await t.call({ method: 'DELETE', url: `/api/api-tokens/${tokenId}`, token: w.adminA });
    expect(r.statusCode).toBe(200);
    expect(r.json.data).toMatchObject({ status: 'revoked', revokedUserId: 'admin@a.test' });
    const after = await summary(token);
    expect(after.statusCode).toBe(401);
    expect(after.json.status.message).toBe('Authentication Error');
    const twice = await t.call({ method: 'DELETE', url: `/api/api-tokens/${tokenId}`, token: w.adminA });
    expect(twice.statusCode).toBe(409);
    // tenant B cannot see nor revoke tenant A's tokens
    const other = await t.call({ method: 'DELETE', url: `/api/api-tokens/${tokenId}`, token: w.adminB });
    expect(other.statusCode).toBe(404);
  });

  it('refuses an expired token at once with its own message', async () => {
    const { token, tokenId } = await issue('Expire me');
    expect((await summary(token)).statusCode).toBe(200);
    await t.database.db
      .updateTable('api_token')
      .set({ apitExpiresTime: nowSeconds() })
      .where('apitId', '=', tokenId)
      .execute();
    const r = await summary(token);
    expect(r.statusCode).toBe(401);
    expect(r.json.status.message).toBe('API token expired');
    expect((await list()).find((x: any) => x.tokenId === tokenId).status).toBe('expired');
  });

  it('records every use: reads, writes, last use with the address', async () => {
    const { token, tokenId } = await issue('Counted', w.adminRole);
    for (let i = 0; i < 3; i++) expect((await summary(token)).statusCode).toBe(200);
    const put = await t.call({ method: 'POST', url: '/api/master/asset', token, payload: { massName: 'KM Count' } });
    expect(put.statusCode).toBe(200);
    const row = (await list()).find((x: any) => x.tokenId === tokenId);
    expect(row.lastDay).toEqual({ reads: 3, writes: 1, limited: 0 });
    expect(row.lastUsedAddress).toBe('127.0.0.1');
    expect(row.lastUsedTime).toBeGreaterThanOrEqual(nowSeconds() - 60);
    const minutes = await t.database.db
      .selectFrom('api_token_use')
      .selectAll()
      .where('apiuTokenId', '=', tokenId)
      .execute();
    expect(minutes.reduce((n: number, m: any) => n + Number(m.apiuReads) + Number(m.apiuWrites), 0)).toBe(4);
  });

  it('lists tokens with company, role, creator and expiry; validates what it is given', async () => {
    const made = await issue('Listed');
    const row = (await list()).find((x: any) => x.tokenId === made.tokenId);
    expect(row).toMatchObject({
      name: 'Listed',
      compName: 'Company A1',
      roleName: 'Reader',
      createdUserId: 'admin@a.test',
      status: 'active',
      lastUsedTime: null,
    });
    expect(row.expiresTime - row.createdTime).toBe(30 * 86_400);
    expect(row).not.toHaveProperty('token');
    const bad = await create({ name: ' ', compId: w.compA1, roleId: w.readerRole, expiresInDays: 0 });
    expect(bad.statusCode).toBe(400);
    const foreign = await create({ name: 'x', compId: w.compB1, roleId: w.readerRole, expiresInDays: 1 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json.status.message).toEqual({ compId: ['Choose one of your companies'] });
    // the reader may list (api_token read) but not create
    expect(
      (await create({ name: 'x', compId: w.compA1, roleId: w.readerRole, expiresInDays: 1 }, w.readerA)).statusCode,
    ).toBe(403);
  });
});

describe.each(dialects())('API token rate limit on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { API_TOKEN_RATE_LIMIT: '2' } });
    w = await world(t);
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After past the limit, and counts the refusals', async () => {
    const made = await t.call({
      method: 'POST',
      url: '/api/api-tokens',
      token: w.adminA,
      payload: { name: 'Busy', compId: w.compA1, roleId: w.readerRole, expiresInDays: 1 },
    });
    const { token, tokenId } = made.json.data;
    const get = () => t.call({ method: 'GET', url: '/api/master/asset', token });
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    // 2 a minute: one request back after 30 s
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(refused.json.status.message).toMatch(
      /^Too many requests with this API token\. Please try again in \d+ seconds\.$/,
    );
    // a person's session is not limited by it
    for (let i = 0; i < 3; i++)
      expect((await t.call({ method: 'GET', url: '/api/master/asset', token: w.adminA })).statusCode).toBe(200);
    const rows = (await t.call({ method: 'GET', url: '/api/api-tokens', token: w.adminA })).json.data;
    expect(rows.find((x: any) => x.tokenId === tokenId).lastDay).toEqual({ reads: 2, writes: 0, limited: 1 });
  });

  it('the bucket: a minute of requests at once, then the pace (hand-computed)', () => {
    const limit = new ApiTokenRateLimit(60); // one a second
    const t0 = 1_000_000;
    for (let i = 0; i < 60; i++) expect(limit.take(7, t0)).toBe(0);
    expect(limit.take(7, t0)).toBe(1); // empty: one second to the next
    expect(limit.take(7, t0 + 500)).toBe(1); // half a request back: still 0.5 s, told 1
    expect(limit.take(7, t0 + 1000)).toBe(0); // one back
    expect(limit.take(8, t0)).toBe(0); // every token has its own bucket
    const slow = new ApiTokenRateLimit(2);
    slow.take(1, t0);
    slow.take(1, t0);
    expect(slow.take(1, t0)).toBe(30);
  });
});
