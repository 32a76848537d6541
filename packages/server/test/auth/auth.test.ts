import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../../src/modules/auth/tokens.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createCompany, createGroup, createRole, createUser } from '../helpers/fixtures.ts';

const LOGIN = '/api/security/authentication/login';
const STATUS = '/api/security/authentication/status';
const INVALID = 'Invalid Username or Password';

/**
 * Sign-in and session (spec 000 §4, §7, §8; spec 002 §7.2). Each test uses its own client address
 * (remoteAddress) so the per-address throttle of one test never refuses another test's sign-in.
 */
describe.each(dialects())('auth on %s', (dialect) => {
  let t: TestApp;
  let w: { groupA: number; groupB: number; compA1: number; compA2: number; compB1: number };
  let ip = 0;
  const nextIp = () => `10.1.0.${++ip}`;

  const login = (payload: Record<string, string>, remoteAddress = nextIp()) =>
    t.call({ method: 'POST', url: LOGIN, payload, remoteAddress });

  /** Signs in and returns the token (fails the test when sign-in fails). */
  const tokenFor = async (username: string, password: string) => {
    const r = await login({ username, password });
    expect(r.statusCode).toBe(200);
    return r.json.data.token as string;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { LOGIN_ADDRESS_FREE_FAILURES: '10' },
      seed: async ({ db }) => {
        const groupA = await createGroup(db, 'Java Lines');
        const groupB = await createGroup(db, 'Celebes Lines');
        const compA1 = await createCompany(db, groupA, 'PT Java One');
        const compA2 = await createCompany(db, groupA, 'PT Java Two');
        const compB1 = await createCompany(db, groupB, 'PT Celebes');
        w = { groupA, groupB, compA1, compA2, compB1 };
        const viewer = await createRole(db, 'Viewer', { master_asset: ['read'], weather: ['read'] });
        const editor = await createRole(db, 'Editor', { master_asset: ['update', 'read'], master_device: ['create'] });
        // companies given in reverse order: the first company is the lowest id, not the first assigned
        for (const name of ['alice', 'carol', 'dave', 'erin', 'frank']) {
          await createUser(db, {
            userId: `${name}@java.test`,
            username: name,
            password: `${name}-Secret#1`,
            roleIds: [viewer, editor],
            companies: [{ compId: compA2 }, { compId: compA1 }],
          });
        }
        await createUser(db, {
          userId: 'Bob.Inactive@Java.test',
          username: 'bob',
          password: 'bob-Secret#1',
          status: 0,
          companies: [{ compId: compA1 }],
        });
        await createUser(db, { userId: 'nocomp@java.test', username: 'nocomp', password: 'nocomp-Secret#1' });
      },
    });
  });
  afterAll(() => t.close());

  it('signs in by login name with the first company active and no app', async () => {
    const r = await login({ username: 'alice', password: 'alice-Secret#1' });
    expect(r.statusCode).toBe(200);
    expect(r.json.status.error).toBe(0);
    expect(r.json.data).toMatchObject({ userId: 'alice@java.test', username: 'alice' });
    expect(r.json.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const s = await t.call({ method: 'GET', url: STATUS, token: r.json.data.token });
    expect(s.json.data.activeCompany).toEqual({
      compId: w.compA1,
      compName: 'PT Java One',
      grcpId: w.groupA,
      timezone: 'Asia/Jakarta',
    });
    expect(s.json.data.activeApp).toBeNull();
  });

  it('signs in by e-mail in any letter case, as JSON, urlencoded and multipart', async () => {
    const json = await login({ username: 'ALICE@Java.Test', password: 'alice-Secret#1' });
    expect(json.statusCode).toBe(200);
    expect(json.json.data.username).toBe('alice');

    const form = await t.call({
      method: 'POST',
      url: LOGIN,
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=alice&password=alice-Secret%231',
    });
    expect(form.statusCode).toBe(200);

    const boundary = '----fleetform';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const multipart = await t.call({
      method: 'POST',
      url: LOGIN,
      remoteAddress: nextIp(),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('username', 'alice@java.test')}${part('password', 'alice-Secret#1')}--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json.data.userId).toBe('alice@java.test');
  });

  it('answers a wrong password, an unknown user and an inactive user with the same message', async () => {
    for (const payload of [
      { username: 'alice', password: 'wrong-password' },
      { username: 'nobody', password: 'alice-Secret#1' },
      { username: 'bob', password: 'bob-Secret#1' },
      { username: 'bob.inactive@java.test', password: 'bob-Secret#1' },
    ]) {
      const r = await login(payload);
      expect(r.statusCode).toBe(401);
      expect(r.json).toMatchObject({ status: { error: 1, errorCode: 401, message: INVALID }, data: null });
    }
  });

  it('refuses blank fields per field', async () => {
    const r = await login({ username: ' ', password: '' });
    expect(r.statusCode).toBe(400);
    expect(r.json.status.message).toEqual({ username: ['Can not be empty'], password: ['Can not be empty'] });
  });

  it('slows down repeated failures for one account, whichever name and address is used', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await login({ username: i % 2 ? 'carol' : 'carol@java.test', password: `guess-${i}` });
      expect(r.statusCode).toBe(401);
    }
    for (const username of ['carol', 'CAROL@java.test']) {
      const r = await login({ username, password: 'carol-Secret#1' });
      expect(r.statusCode).toBe(429);
      expect(r.json.status.errorCode).toBe(429);
      expect(r.json.status.message).toMatch(/^Too many failed sign-in attempts\. Please try again in 1[45] minutes\.$/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(800);
    }
    // another account is not affected
    expect((await login({ username: 'dave', password: 'dave-Secret#1' })).statusCode).toBe(200);
  });

  it('one noisy address does not lock out the right password of others behind it (NAT office)', async () => {
    const address = '10.9.9.9';
    // before: 5 failures of anyone behind the address locked everyone out for 15 minutes
    for (let i = 0; i < 8; i++) {
      expect((await login({ username: `unknown${i}`, password: 'x' }, address)).statusCode).toBe(401);
    }
    expect((await login({ username: 'erin', password: 'erin-Secret#1' }, address)).statusCode).toBe(200);
  });

  it('past the free failures an address is slowed by growing delays; a user known from it is not', async () => {
    // this suite's app allows 10 free failures per address (LOGIN_ADDRESS_FREE_FAILURES; default 100)
    const address = '10.9.9.10';
    expect((await login({ username: 'frank', password: 'frank-Secret#1' }, address)).statusCode).toBe(200);
    for (let i = 0; i < 15; i++) {
      const r = await login({ username: `spray${i}`, password: 'x' }, address);
      expect(r.statusCode).toBe(i < 10 ? 401 : 429); // past 10: refused while the delay runs
    }
    // 10 failures: 5 s from the last one (refused attempts are not failures and do not grow the delay)
    const slowed = await login({ username: 'alice', password: 'alice-Secret#1' }, address);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json.status.message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in \d+ seconds?\.$/,
    );
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(5);
    // frank signed in from this address before: the address does not slow him
    expect((await login({ username: 'frank', password: 'frank-Secret#1' }, address)).statusCode).toBe(200);
    // and another address is not affected
    expect((await login({ username: 'alice', password: 'alice-Secret#1' }, '10.9.9.11')).statusCode).toBe(200);
  });

  it('signs in with an existing token, and refuses unknown ones', async () => {
    const token = await tokenFor('alice', 'alice-Secret#1');
    const r = await t.call({ method: 'POST', url: `${LOGIN}?token=${token}` });
    expect(r.statusCode).toBe(200);
    expect(r.json.data).toEqual({ token, userId: 'alice@java.test', username: 'alice' });
    const bad = await t.call({ method: 'POST', url: `${LOGIN}?token=not-a-token` });
    expect(bad.statusCode).toBe(401);
    expect(bad.json.status.message).toBe('Authentication Error');
  });

  it('reports status with groups, companies and userAccess (union over roles)', async () => {
    const token = await tokenFor('alice', 'alice-Secret#1');
    const r = await t.call({ method: 'GET', url: STATUS, token });
    expect(r.statusCode).toBe(200);
    const d = r.json.data;
    expect(d).toMatchObject({ username: 'alice', userId: 'alice@java.test', activeApp: null });
    expect(d.activeGroup).toEqual({ grcpId: w.groupA, grcpName: 'Java Lines' });
    expect(d.groups).toEqual([
      {
        grcpId: w.groupA,
        grcpName: 'Java Lines',
        companies: [
          { compId: w.compA1, compName: 'PT Java One', compStatus: '1' },
          { compId: w.compA2, compName: 'PT Java Two', compStatus: '1' },
        ],
      },
    ]);
    expect(d.companies.map((c: { compId: number }) => c.compId)).toEqual([w.compA1, w.compA2]);
    expect(Object.keys(d.userAccess).sort()).toEqual(['master_asset', 'master_device', 'weather']);
    expect([...d.userAccess.master_asset].sort()).toEqual(['read', 'update']);
    expect(d.userAccess.master_device).toEqual(['create']);
  });

  it('reports no active company for a user without companies', async () => {
    const token = await tokenFor('nocomp', 'nocomp-Secret#1');
    const r = await t.call({ method: 'GET', url: STATUS, token });
    expect(r.json.data).toMatchObject({ activeCompany: null, activeGroup: null, groups: [], companies: [] });
  });

  it('answers status without a token with Authentication Error', async () => {
    const r = await t.call({ method: 'GET', url: STATUS });
    expect(r.statusCode).toBe(401);
    expect(r.json.status).toMatchObject({ error: 1, errorCode: 401, message: 'Authentication Error' });
  });

  it('sets one of the user’s companies active, and refuses another tenant’s company', async () => {
    const token = await tokenFor('alice', 'alice-Secret#1');
    const own = await t.call({ method: 'GET', url: `/api/security/authentication/setcompany/${w.compA2}`, token });
    expect(own.statusCode).toBe(200);
    expect(own.json.data.activeCompany).toMatchObject({ compId: w.compA2, compName: 'PT Java Two' });
    const after = await t.call({ method: 'GET', url: STATUS, token });
    expect(after.json.data.activeCompany.compId).toBe(w.compA2);

    const foreign = await t.call({ method: 'GET', url: `/api/security/authentication/setcompany/${w.compB1}`, token });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json.status.message).toBe('You can only select a company you belong to');
    expect((await t.call({ method: 'GET', url: STATUS, token })).json.data.activeCompany.compId).toBe(w.compA2);

    const bad = await t.call({ method: 'GET', url: '/api/security/authentication/setcompany/abc', token });
    expect(bad.statusCode).toBe(400);
  });

  it('sets fms or bunkering active and refuses the disabled applications', async () => {
    const token = await tokenFor('alice', 'alice-Secret#1');
    for (const app of ['bunkering', 'fms']) {
      const r = await t.call({ method: 'GET', url: `/api/security/authentication/setapp/${app}`, token });
      expect(r.statusCode).toBe(200);
      expect(r.json.data.activeApp).toBe(app);
    }
    const disabled = await t.call({ method: 'GET', url: '/api/security/authentication/setapp/ehm', token });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json.status.message).toBe('Engine Health Monitoring is disabled and cannot be chosen');
    const unknown = await t.call({ method: 'GET', url: '/api/security/authentication/setapp/chess', token });
    expect(unknown.statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: STATUS, token })).json.data.activeApp).toBe('fms');
  });

  it('revokes the token on logout', async () => {
    const token = await tokenFor('alice', 'alice-Secret#1');
    const out = await t.call({ method: 'GET', url: '/api/security/authentication/logout', token });
    expect(out.statusCode).toBe(200);
    const r = await t.call({ method: 'GET', url: STATUS, token });
    expect(r.statusCode).toBe(401);
    expect(r.json.status.message).toBe('Authentication Error');
    expect((await t.call({ method: 'POST', url: `${LOGIN}?token=${token}` })).statusCode).toBe(401);
  });

  it('expires a session idle longer than SESSION_IDLE_HOURS with errorCode 411', async () => {
    const token = await tokenFor('alice', 'alice-Secret#1');
    const idle = t.config.sessionIdleHours * 3600;
    await t.database.db
      .updateTable('session_token')
      .set({ sessLastSeenTime: Math.floor(Date.now() / 1000) - idle - 5 })
      .where('sessTokenHash', '=', tokenHash(token))
      .execute();
    const r = await t.call({ method: 'GET', url: STATUS, token });
    expect(r.statusCode).toBe(401);
    expect(r.json.status.errorCode).toBe(411);
    const viaLogin = await t.call({ method: 'POST', url: `${LOGIN}?token=${token}` });
    expect(viaLogin.json.status.errorCode).toBe(411);
  });

  it('keeps a session that was used within the idle time', async () => {
    const token = await tokenFor('alice', 'alice-Secret#1');
    const idle = t.config.sessionIdleHours * 3600;
    await t.database.db
      .updateTable('session_token')
      .set({ sessLastSeenTime: Math.floor(Date.now() / 1000) - idle + 120 })
      .where('sessTokenHash', '=', tokenHash(token))
      .execute();
    expect((await t.call({ method: 'GET', url: STATUS, token })).statusCode).toBe(200);
  });

  it('lists the signed-in user’s permissions with operations', async () => {
    const token = await tokenFor('alice', 'alice-Secret#1');
    const r = await t.call({ method: 'GET', url: '/api/security/authentication/permissions', token });
    expect(r.statusCode).toBe(200);
    expect(r.json.data).toEqual([
      { prmsName: 'master_asset', operations: ['read', 'update'] },
      { prmsName: 'master_device', operations: ['create'] },
      { prmsName: 'weather', operations: ['read'] },
    ]);
    expect(r.json.pagination.totalData).toBe(3);
    expect((await t.call({ method: 'GET', url: '/api/security/authentication/permissions' })).statusCode).toBe(401);
  });
});
