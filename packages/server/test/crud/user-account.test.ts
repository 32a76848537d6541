import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccount } from '../../src/modules/auth/credentials.ts';
import { verifyPassword } from '../../src/modules/auth/tokens.ts';
import { dialects, type TestApp } from '../helpers/app.ts';
import { signIn } from '../helpers/fixtures.ts';
import { type World, worldApp } from './world.ts';

/** A user and its login in one transaction (issue 11 items 1, 3, 5) and one login namespace (issue 10 item 2). */
describe.each(dialects())('user account (user + login together) on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const userRow = (userId: string) =>
    db().selectFrom('user').selectAll().where('userId', '=', userId).executeTakeFirst();
  const loginRow = (userId: string) =>
    db().selectFrom('user_login').selectAll().where('usloUserId', '=', userId).executeTakeFirst();
  const post = (payload: unknown, token = w.adminA) =>
    t.call({ method: 'POST', url: '/api/master/user_account', token, payload: payload as Record<string, unknown> });
  const put = (id: string, payload: unknown, token = w.adminA) =>
    t.call({
      method: 'PUT',
      url: `/api/master/user_account/${encodeURIComponent(id)}`,
      token,
      payload: payload as Record<string, unknown>,
    });

  it('creates the user and its login together, password hashed, e-mail lower-case', async () => {
    const r = await post({
      userId: ' Deck@A.test ',
      userStatus: 1,
      usloUserName: 'deck',
      usloPassword: 'Harbour#2026',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json.data).toMatchObject({ userId: 'deck@a.test', userStatus: 1, userUslo: { usloUserName: 'deck' } });
    const login = await loginRow('deck@a.test');
    expect(await verifyPassword('Harbour#2026', String(login?.usloPassword))).toBe(true);
    expect(JSON.stringify(r.json)).not.toContain('Harbour#2026');
  });

  it('answers every field message at once and stores nothing when the login part is missing', async () => {
    const r = await post({ userId: 'half@a.test', userStatus: 1, usloUserName: '', usloPassword: '' });
    expect(r.statusCode).toBe(400);
    expect(r.json.status.message).toEqual({
      usloUserName: ['Login Name is required'],
      usloPassword: ['Password is required'],
    });
    expect(await userRow('half@a.test')).toBeUndefined();
    const empty = await post({});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json.status.message).sort()).toEqual(['userId', 'usloPassword', 'usloUserName']);
    expect(empty.json.status.message.userId).toEqual(['Email is required']);
  });

  it('refuses an existing e-mail (409) and creates neither row', async () => {
    const r = await post({ userId: 'MEMBER1@a.test', usloUserName: 'fresh1', usloPassword: 'Harbour#2026' });
    expect(r.statusCode).toBe(409);
    expect(r.json.status.message).toBe('A user with this e-mail already exists');
    expect(
      await db().selectFrom('user_login').select('usloId').where('usloUserName', '=', 'fresh1').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('keeps login names and e-mails one namespace across tenants, case-insensitively', async () => {
    // tenant B may not take tenant A's administrator's e-mail as a login name (sign-in by e-mail stays A's)
    const steal = await post(
      { userId: 'twin@b.test', usloUserName: 'Admin@A.test', usloPassword: 'Harbour#2026' },
      w.adminB,
    );
    expect(steal.statusCode).toBe(409);
    expect(steal.json.status.message).toBe('This login name is the e-mail of another user');
    expect(await userRow('twin@b.test')).toBeUndefined();
    // nor another tenant's login name in another case
    const taken = await post({ userId: 'twin@b.test', usloUserName: 'ADMINA', usloPassword: 'Harbour#2026' }, w.adminB);
    expect(taken.statusCode).toBe(409);
    expect(taken.json.status.message).toBe('This login name is already taken');
    // nor an e-mail that is someone's login name
    await post({ userId: 'mate@a.test', usloUserName: 'mate@b.test', usloPassword: 'Harbour#2026' });
    const email = await post({ userId: 'Mate@B.test', usloUserName: 'mateb', usloPassword: 'Harbour#2026' }, w.adminB);
    expect(email.statusCode).toBe(409);
    expect(email.json.status.message).toBe('This e-mail is the login name of another user');
    // the same rules on the generic calls
    const generic = await t.call({
      method: 'POST',
      url: '/api/master/user_login',
      token: w.adminB,
      payload: { usloUserId: w.loginlessB, usloUserName: 'ADMIN@a.test', usloPassword: 'Harbour#2026' },
    });
    expect(generic.statusCode).toBe(409);
    expect(generic.json.status.message).toBe('This login name is the e-mail of another user');
    const genericUser = await t.call({
      method: 'POST',
      url: '/api/master/user',
      token: w.adminB,
      payload: { userId: 'mate@b.test' },
    });
    expect(genericUser.statusCode).toBe(409);
    const renamed = await t.call({
      method: 'PUT',
      url: `/api/master/user_login/${(await loginRow('member@b.test'))?.usloId}`,
      token: w.adminB,
      payload: { usloUserName: 'Member1' },
    });
    expect(renamed.statusCode).toBe(409);
    // sign-in by admin A's e-mail still finds admin A
    expect((await findAccount(db(), 'admin@a.test'))?.userId).toBe('admin@a.test');
    // one's own e-mail as login name is fine
    const own = await post({ userId: 'own@a.test', usloUserName: 'own@a.test', usloPassword: 'Harbour#2026' });
    expect(own.statusCode).toBe(200);
  });

  it('saves status and login all-or-nothing on update, one message per rule', async () => {
    const before = await userRow('member3@a.test');
    const r = await put('member3@a.test', { userStatus: 0, usloUserName: '', usloPassword: '' });
    expect(r.statusCode).toBe(400);
    expect(r.json.status.message).toEqual({ usloUserName: ['Login Name is required'] });
    expect((await userRow('member3@a.test'))?.userStatus).toBe(before?.userStatus);
    const clash = await put('member3@a.test', { userStatus: 0, usloUserName: 'member4' });
    expect(clash.statusCode).toBe(409);
    expect((await userRow('member3@a.test'))?.userStatus).toBe(before?.userStatus);
    const good = await put('member3@a.test', { userStatus: 0, usloUserName: 'member3b', usloPassword: '' });
    expect(good.statusCode).toBe(200);
    expect(good.json.data).toMatchObject({ userStatus: 0, userUslo: { usloUserName: 'member3b' } });
  });

  it('creates the missing login on update (password then required) and signs out on a new password', async () => {
    const missing = await put(w.loginless[2], { userStatus: 1, usloUserName: 'nl3' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.status.message).toEqual({ usloPassword: ['Password is required'] });
    const made = await put(w.loginless[2], { userStatus: 1, usloUserName: 'nl3', usloPassword: 'Harbour#2026' });
    expect(made.statusCode).toBe(200);
    expect((await loginRow(w.loginless[2]))?.usloUserName).toBe('nl3');
    const token = await signIn(db(), 'member2@a.test', w.compA1);
    const reset = await put('member2@a.test', { userStatus: 1, usloUserName: 'member2', usloPassword: 'New#Pass2026' });
    expect(reset.statusCode).toBe(200);
    const after = await t.call({ method: 'GET', url: '/api/master/asset', token });
    expect(after.json.status.message).toBe('Authentication Error');
  });

  it('refuses an update sent with the version of a user changed since (If-Unmodified-Since, 409)', async () => {
    const id = 'member4@a.test';
    const opened = (await t.call({ method: 'GET', url: `/api/master/user/${id}`, token: w.adminA })).json.data;
    const version = new Date(Date.parse(opened.userUpdatedTime ?? opened.userCreatedTime)).toUTCString();
    const save = (payload: Record<string, unknown>, seen: string) =>
      t.call({
        method: 'PUT',
        url: `/api/master/user_account/${encodeURIComponent(id)}`,
        token: w.adminA,
        headers: { 'if-unmodified-since': seen },
        payload,
      });
    // someone else saves the user a second later than the version the form opened
    await db()
      .updateTable('user')
      .set({ userUpdatedTime: Math.floor(Date.parse(version) / 1000) + 1 })
      .where('userId', '=', id)
      .execute();
    const stale = await save({ userStatus: 0, usloUserName: 'member4-stale' }, version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json.status.message).toMatch(/changed by someone else/);
    expect((await loginRow(id))?.usloUserName).toBe('member4');
    const fresh = await save({ userStatus: 1, usloUserName: 'member4' }, new Date(Date.now() + 5000).toUTCString());
    expect(fresh.statusCode).toBe(200);
  });

  it("answers another tenant's user as not found, and refuses without the permission", async () => {
    const r = await put('member@b.test', { userStatus: 0, usloUserName: 'memberb' });
    expect(r.statusCode).toBe(404);
    expect((await userRow('member@b.test'))?.userStatus).toBe(1);
    const reader = await post({ userId: 'r@a.test', usloUserName: 'r1', usloPassword: 'Harbour#2026' }, w.readerA);
    expect(reader.statusCode).toBe(403);
  });
});
