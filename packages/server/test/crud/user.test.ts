import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/modules/auth/tokens.ts';
import { dialects, type TestApp } from '../helpers/app.ts';
import { signIn } from '../helpers/fixtures.ts';
import { type World, worldApp } from './world.ts';

describe.each(dialects())('user behaviours on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const storedHash = async (userId: string) =>
    (await db().selectFrom('user_login').select('usloPassword').where('usloUserId', '=', userId).executeTakeFirst())
      ?.usloPassword as string | undefined;

  it('lists users with their login name in one answer (userUslo)', async () => {
    const r = await t.call({ method: 'GET', url: '/api/master/user?max=100', token: w.adminA });
    const admin = r.json.data.find((u: { userId: string }) => u.userId === 'admin@a.test');
    expect(admin.userUslo).toEqual({ usloId: expect.any(Number), usloUserName: 'admina' });
    const search = await t.call({
      method: 'GET',
      url: '/api/master/user?findField=userUslo.usloUserName&findValue=READ',
      token: w.adminA,
    });
    expect(search.json.data.map((u: { userId: string }) => u.userId)).toEqual(['reader@a.test']);
  });

  it('stores e-mails lower-case and refuses a second user with the same e-mail (409)', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/master/user',
      token: w.adminA,
      payload: { userId: ' Bosun@A.test ' },
    });
    expect(r.json.data.userId).toBe('bosun@a.test');
    const again = await t.call({
      method: 'POST',
      url: '/api/master/user',
      token: w.adminA,
      payload: { userId: 'bosun@a.test' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json.status.message).toBe('A user with this e-mail already exists');
  });

  it('hashes the password, never answers it, and keeps it when an update sends it empty', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/master/user_login',
      token: w.adminA,
      payload: { usloUserId: w.loginless[0], usloUserName: 'oiler', usloPassword: 'Engine#Room1' },
    });
    expect(created.statusCode).toBe(200);
    expect(JSON.stringify(created.json)).not.toContain('Engine#Room1');
    expect(created.json.data).not.toHaveProperty('usloPassword');
    const hash = await storedHash(w.loginless[0]);
    expect(hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('Engine#Room1', hash!)).toBe(true);
    const id = created.json.data.usloId;
    const keep = await t.call({
      method: 'PUT',
      url: `/api/master/user_login/${id}`,
      token: w.adminA,
      payload: { usloUserName: 'oiler2', usloPassword: '' },
    });
    expect(keep.statusCode).toBe(200);
    expect(await storedHash(w.loginless[0])).toBe(hash);
    const list = await t.call({ method: 'GET', url: '/api/master/user_login?max=100', token: w.adminA });
    expect(JSON.stringify(list.json)).not.toContain('scrypt');
  });

  it('signs the user out everywhere when an administrator sets a new password', async () => {
    const token = await signIn(db(), 'member1@a.test', w.compA1);
    const before = await t.call({ method: 'GET', url: '/api/master/asset', token });
    expect(before.json.status.message).not.toBe('Authentication Error');
    const login = await db()
      .selectFrom('user_login')
      .select('usloId')
      .where('usloUserId', '=', 'member1@a.test')
      .executeTakeFirst();
    const r = await t.call({
      method: 'PUT',
      url: `/api/master/user_login/${login!.usloId}`,
      token: w.adminA,
      payload: { usloPassword: 'New#Password1' },
    });
    expect(r.statusCode).toBe(200);
    expect(await verifyPassword('New#Password1', (await storedHash('member1@a.test'))!)).toBe(true);
    const after = await t.call({ method: 'GET', url: '/api/master/asset', token });
    expect(after.json.status.message).toBe('Authentication Error');
    // the administrator's own session lives on
    expect((await t.call({ method: 'GET', url: '/api/master/asset', token: w.adminA })).statusCode).toBe(200);
  });

  it('deletes the login with the user, so the login name is free again', async () => {
    expect(await storedHash('member2@a.test')).toBeDefined();
    const r = await t.call({ method: 'DELETE', url: '/api/master/user/member2@a.test', token: w.adminA });
    expect(r.statusCode).toBe(200);
    expect(r.json.data.userUslo.usloUserName).toBe('member2');
    expect(await storedHash('member2@a.test')).toBeUndefined();
    const memberships = await db()
      .selectFrom('user_company')
      .selectAll()
      .where('uscoUserId', '=', 'member2@a.test')
      .execute();
    expect(memberships).toEqual([]);
    await t.call({ method: 'POST', url: '/api/master/user', token: w.adminA, payload: { userId: 'member2b@a.test' } });
    const reuse = await t.call({
      method: 'POST',
      url: '/api/master/user_login',
      token: w.adminA,
      payload: { usloUserId: 'member2b@a.test', usloUserName: 'member2', usloPassword: 'Harbour#2026' },
    });
    expect(reuse.statusCode).toBe(200);
  });

  it('refuses a second login name, a second login, and deleting oneself', async () => {
    const taken = await t.call({
      method: 'POST',
      url: '/api/master/user_login',
      token: w.adminA,
      payload: { usloUserId: w.loginless[1], usloUserName: 'readera', usloPassword: 'Harbour#2026' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json.status.message).toBe('This login name is already taken');
    const second = await t.call({
      method: 'POST',
      url: '/api/master/user_login',
      token: w.adminA,
      payload: { usloUserId: 'reader@a.test', usloUserName: 'reader2', usloPassword: 'Harbour#2026' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json.status.message).toBe('This user already has a login');
    const self = await t.call({ method: 'DELETE', url: '/api/master/user/admin@a.test', token: w.adminA });
    expect(self.statusCode).toBe(409);
    expect(self.json.status.message).toBe('You cannot delete your own user');
  });

  it('refuses assigning the same role, company or asset twice (409)', async () => {
    const cases = [
      ['user_role', { usroUserId: 'member3@a.test', usroRoleId: w.roles[2] }, 'The user already has this role'],
      [
        'user_company',
        { uscoUserId: 'member3@a.test', uscoCompId: w.compA1 },
        'The user already belongs to this company',
      ],
      [
        'user_asset',
        { uassUserId: 'member3@a.test', uassMassId: w.assetA1b },
        'The asset is already assigned to the user',
      ],
      [
        'role_permission',
        { rperRoleId: w.roles[2], rperPrmsId: w.fuelPermission },
        'The role already has this permission',
      ],
    ] as const;
    for (const [path, payload, message] of cases) {
      if (path !== 'user_company') {
        const first = await t.call({ method: 'POST', url: `/api/master/${path}`, token: w.adminA, payload });
        expect(first.statusCode, path).toBe(200);
      }
      const again = await t.call({ method: 'POST', url: `/api/master/${path}`, token: w.adminA, payload });
      expect(again.statusCode, path).toBe(409);
      expect(again.json.status.message).toBe(message);
    }
  });
});
