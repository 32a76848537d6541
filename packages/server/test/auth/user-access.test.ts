import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PERMISSION_KEYS } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailerOf } from '../../src/modules/mail/mailer.ts';
import { browserName } from '../../src/modules/users/browser-name.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createUser, signIn, twoTenants } from '../helpers/fixtures.ts';

const LOGIN = '/api/security/authentication/login';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** An administrator's actions on a user's access: sessions, reset link, unlock (issue 28). */
describe.each(dialects())("a user's access, administered, on %s", (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let adminB: string;
  let ip = 0;
  const login = (password: string) =>
    t.call({ method: 'POST', url: LOGIN, payload: { username: 'dina', password }, remoteAddress: `10.9.0.${++ip}` });
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token = admin) =>
    t.call({ method, url: `/api/users/dina%40a.test${url}`, token });
  const outbox = () => {
    try {
      return readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-user-access-'));
    t = await createTestApp(dialect, {
      env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://fleet.example.com' },
      seed: async ({ db }) => {
        const w = await twoTenants(db, [...PERMISSION_KEYS]);
        await createUser(db, {
          userId: 'dina@a.test',
          username: 'dina',
          password: 'dina-Secret#1',
          companies: [{ compId: w.compA1 }],
        });
        admin = await signIn(db, 'admin@a.test', w.compA1);
        adminB = await signIn(db, 'admin@b.test', w.compB1);
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists the user's sessions and ends one, then all", async () => {
    const first = (await login('dina-Secret#1')).json.data.token;
    const second = (await login('dina-Secret#1')).json.data.token;
    const access = await call('GET', '/access');
    expect(access.statusCode).toBe(200);
    expect(access.json.data.sessions).toHaveLength(2);
    expect(access.json.data.lockedSeconds).toBe(0);
    // never the token or its whole hash
    expect(JSON.stringify(access.json)).not.toContain(first);
    // the other tenant's administrator does not see the user
    expect((await call('GET', '/access', adminB)).statusCode).toBe(404);

    const one = access.json.data.sessions[0].id;
    expect((await call('DELETE', `/sessions?id=${one}`)).json.data).toEqual({ ended: 1 });
    expect((await call('GET', '/access')).json.data.sessions).toHaveLength(1);
    expect((await call('DELETE', '/sessions')).json.data).toEqual({ ended: 1 });
    for (const token of [first, second])
      expect((await t.call({ method: 'GET', url: '/api/security/authentication/status', token })).statusCode).toBe(401);
  });

  it('tells where each session is: the client address and the browser that signed in', async () => {
    const signIn = (userAgent: string, remoteAddress: string) =>
      t.call({
        method: 'POST',
        url: LOGIN,
        payload: { username: 'dina', password: 'dina-Secret#1' },
        headers: { 'user-agent': userAgent },
        remoteAddress,
      });
    expect((await signIn(CHROME_LINUX, '203.0.113.7')).statusCode).toBe(200);
    expect((await signIn(`curl/8.5.0 ${'x'.repeat(400)}`, '2001:db8::5')).statusCode).toBe(200);
    const where = async (language: string) => {
      const r = await t.call({
        method: 'GET',
        url: '/api/users/dina%40a.test/access',
        token: admin,
        headers: { 'accept-language': language },
      });
      return r.json.data.sessions.map((s: { address: string; browser: string }) => [s.address, s.browser]).sort();
    };
    const curl = `curl/8.5.0 ${'x'.repeat(28)}…`;
    expect(await where('en')).toEqual([
      ['2001:db8::5', curl],
      ['203.0.113.7', 'Chrome 156 on Linux'],
    ]);
    expect(await where('id')).toEqual([
      ['2001:db8::5', curl],
      ['203.0.113.7', 'Chrome 156 di Linux'],
    ]);
    // the User-Agent is kept to 300 characters
    const kept = await t.database.db
      .selectFrom('session_token')
      .select('sessUserAgent')
      .where('sessAddress', '=', '2001:db8::5')
      .executeTakeFirstOrThrow();
    expect(kept.sessUserAgent).toHaveLength(300);
    expect((await call('DELETE', '/sessions')).json.data).toEqual({ ended: 2 });
  });

  it('unlocks an account locked by failed sign-ins', async () => {
    for (let i = 0; i < 5; i++) expect((await login('wrong')).statusCode).toBe(401);
    expect((await login('dina-Secret#1')).statusCode).toBe(429);
    expect((await call('GET', '/access')).json.data.lockedSeconds).toBeGreaterThan(0);
    expect((await call('POST', '/unlock')).json.data).toEqual({ lockedSeconds: 0 });
    expect((await login('dina-Secret#1')).statusCode).toBe(200);
  });

  it("says in the session whether the user writes the shared lists (a tenant's administrator does not)", async () => {
    const status = await t.call({ method: 'GET', url: '/api/security/authentication/status', token: admin });
    expect(status.json.data.platformAdmin).toBe(false);
  });

  it('mails a reset link', async () => {
    const before = outbox().length;
    expect((await call('POST', '/reset-link')).statusCode).toBe(200);
    await mailerOf(t.app).flush();
    expect(outbox().length).toBe(before + 1);
    expect((await call('POST', '/reset-link', adminB)).statusCode).toBe(404);
  });

  it('leaves each action in the audit trail', async () => {
    const r = await t.call({ method: 'GET', url: '/api/audit?resource=user&rowId=dina@a.test', token: admin });
    expect(r.json.data.map((e: { action: string }) => e.action)).toEqual([
      'send-reset-link',
      'unlock',
      'end-sessions',
      'end-sessions',
      'end-sessions',
    ]);
    const b = await t.call({ method: 'GET', url: '/api/audit?resource=user&rowId=dina@a.test', token: adminB });
    expect(b.json.data).toEqual([]);
  });
});

describe('browserName', () => {
  it.each([
    [CHROME_LINUX, 'Chrome 156 on Linux'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 on iPhone',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari 18 on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      'Chrome 126 on iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
      'Edge 126 on Windows',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox 128 on Windows'],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet 25 on Android',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 OPR/82.0.0.0',
      'Opera 82 on Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      'Headless Chrome 140 on Linux',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome 126 on ChromeOS',
    ],
    ['Firefox/128.0', 'Firefox 128'],
    ['curl/8.5.0', 'curl/8.5.0'],
    ['python-requests/2.31.0 (a very long description of the client)', 'python-requests/2.31.0 (a very long des…'],
    ['   ', null],
    [null, null],
  ])('%s → %s', (agent, name) => {
    expect(browserName(agent)).toBe(name);
  });

  it('speaks Indonesian', () => {
    expect(browserName(CHROME_LINUX, 'id')).toBe('Chrome 156 di Linux');
  });
});
