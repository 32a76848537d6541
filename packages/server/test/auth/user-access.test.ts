import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PERMISSION_KEYS } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailerOf } from '../../src/modules/mail/mailer.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createUser, signIn, twoTenants } from '../helpers/fixtures.ts';

const LOGIN = '/api/security/authentication/login';

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
    ]);
    const b = await t.call({ method: 'GET', url: '/api/audit?resource=user&rowId=dina@a.test', token: adminB });
    expect(b.json.data).toEqual([]);
  });
});
