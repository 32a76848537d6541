import { OPERATIONS, PERMISSION_KEYS } from '@fleet/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES } from '../../src/modules/access/built-in-roles.ts';
import { createAdministrator, SETUP_DONE_MESSAGE } from '../../src/modules/setup/first-admin.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';

const SETUP = '/api/setup';
const LOGIN = '/api/security/authentication/login';

const FIRST = {
  groupName: 'Nusantara Shipping Group',
  companyName: 'PT Nusantara Bahari',
  username: 'it-admin',
  email: 'IT@Nusantara.example',
  password: 'Pelabuhan#2026',
};

/** First run on an empty database (docs/operations.md "Real install"): the setup page's API. */
describe.each(dialects())('first-run setup on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const count = async (table: string) =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is needed on an empty database, creates the administrator once, then is refused', async () => {
    const before = await t.call({ method: 'GET', url: SETUP });
    expect(before.statusCode).toBe(200);
    // public, and nothing but the boolean
    expect(before.json.data).toEqual({ setupNeeded: true });

    const done = await t.call({ method: 'POST', url: SETUP, payload: FIRST });
    expect(done.statusCode).toBe(200);
    expect(done.json.data).toMatchObject({
      userId: 'it@nusantara.example',
      username: 'it-admin',
      grcpName: FIRST.groupName,
      companies: [{ compName: FIRST.companyName }],
    });
    expect((await t.call({ method: 'GET', url: SETUP })).json.data).toEqual({ setupNeeded: false });

    // signs in by login name and by e-mail; every permission with every operation, the group's company active
    const signIn = await t.call({
      method: 'POST',
      url: LOGIN,
      payload: { username: 'it-admin', password: FIRST.password },
    });
    expect(signIn.statusCode).toBe(200);
    const byEmail = await t.call({
      method: 'POST',
      url: LOGIN,
      payload: { username: 'it@nusantara.example', password: FIRST.password },
    });
    expect(byEmail.statusCode).toBe(200);
    const token = signIn.json.data.token;
    const status = await t.call({ method: 'GET', url: '/api/security/authentication/status', token });
    expect(status.json.data.activeCompany).toMatchObject({ compName: FIRST.companyName });
    expect(status.json.data.activeGroup).toMatchObject({ grcpName: FIRST.groupName });
    for (const key of PERMISSION_KEYS) expect(status.json.data.userAccess[key]).toEqual([...OPERATIONS]);
    // a platform administrator: adds a company group (only they may)
    const group = await t.call({
      method: 'POST',
      url: '/api/master/group_company',
      token,
      payload: { grcpName: 'Second Group' },
    });
    expect(group.statusCode).toBe(200);

    // the built-in roles of the demo seed's catalogue, shared (no group); no demo data
    const roles = await t.database.db
      .selectFrom('role')
      .select(['roleName', 'roleGrcpId'])
      .orderBy('roleName')
      .execute();
    expect(roles).toEqual(Object.keys(BUILT_IN_ROLES).map((roleName) => ({ roleName, roleGrcpId: null })));
    expect(await count('permission')).toBe(PERMISSION_KEYS.length);
    expect(await count('role_permission')).toBe(
      Object.values(BUILT_IN_ROLES).reduce((n, grants) => n + grants.length, 0),
    );
    for (const table of ['asset', 'device', 'fuel_type', 'asset_type', 'bunker_location', 'config_event'])
      expect(await count(table)).toBe(0);

    const again = await t.call({
      method: 'POST',
      url: SETUP,
      payload: { ...FIRST, username: 'second', email: 'second@example.com' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json.status.message).toBe(SETUP_DONE_MESSAGE);
    expect(await count('user')).toBe(1);
    expect(await count('group_company')).toBe(2);
  });

  it('lets exactly one of concurrent setups succeed', async () => {
    const tries = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.call({
          method: 'POST',
          url: SETUP,
          payload: { ...FIRST, groupName: `Group ${i}`, username: `admin${i}`, email: `admin${i}@example.com` },
        }),
      ),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await count('user')).toBe(1);
    expect(await count('group_company')).toBe(1);
    expect(await count('company')).toBe(1);
    expect(await count('role')).toBe(2);
  });

  it('lets exactly one of concurrent calls of the server function succeed (the check is under the lock)', async () => {
    const tries = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        createAdministrator(
          t.database,
          { ...FIRST, groupName: `Group ${i}`, username: `admin${i}`, email: `admin${i}@example.com` },
          { mode: 'first' },
        ),
      ),
    );
    expect(tries.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of tries)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ httpStatus: 409, message: SETUP_DONE_MESSAGE });
    expect(await count('user')).toBe(1);
    expect(await count('group_company')).toBe(1);
  });

  it('answers every field’s problem at once, and creates nothing', async () => {
    const blank = await t.call({
      method: 'POST',
      url: SETUP,
      payload: { groupName: ' ', companyName: '', username: '', email: '', password: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json.status.message).toEqual({
      groupName: ['Company group name is required'],
      companyName: ['Company name is required'],
      username: ['Login Name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
    });

    const bad = await t.call({
      method: 'POST',
      url: SETUP,
      payload: { ...FIRST, username: 'it admin', email: 'not-an-address', password: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.status.message).toEqual({
      username: ['Login Name must not contain spaces'],
      email: ['Email must be a valid e-mail address'],
      password: ['Password must be at least 8 characters'],
    });

    const long = await t.call({
      method: 'POST',
      url: SETUP,
      payload: { ...FIRST, groupName: 'G'.repeat(256), password: 'p'.repeat(129) },
    });
    expect(long.json.status.message).toEqual({
      groupName: ['Company group name must be at most 255 characters'],
      password: ['Password must be at most 128 characters'],
    });
    const spaces = await t.call({ method: 'POST', url: SETUP, payload: { ...FIRST, password: '         ' } });
    expect(spaces.json.status.message).toEqual({ password: ['Password must not be blank'] });

    const none = await t.call({ method: 'POST', url: SETUP });
    expect(none.statusCode).toBe(400);
    const missing = await t.call({ method: 'POST', url: SETUP, payload: { groupName: 'G' } });
    expect(Object.keys(missing.json.status.message).sort()).toEqual(['companyName', 'email', 'password', 'username']);

    expect(await count('user')).toBe(0);
    expect(await count('group_company')).toBe(0);
    expect((await t.call({ method: 'GET', url: SETUP })).json.data).toEqual({ setupNeeded: true });
  });

  it('adds another administrator to an existing group and company (create-admin --add), names checked', async () => {
    const first = await createAdministrator(t.database, FIRST, { mode: 'first' });
    const add = (over: Partial<typeof FIRST>) =>
      createAdministrator(
        t.database,
        { ...FIRST, username: 'ops', email: 'ops@nusantara.example', ...over },
        { mode: 'add' },
      );
    await expect(add({ groupName: 'Other Group' })).rejects.toMatchObject({
      httpStatus: 404,
      message: 'Company group "Other Group" not found',
    });
    await expect(add({ companyName: 'PT Lain' })).rejects.toMatchObject({
      fieldMessages: {
        companyName: [`${FIRST.groupName} has no company "PT Lain"; its companies: ${FIRST.companyName}`],
      },
    });
    await expect(add({ username: 'IT-ADMIN' })).rejects.toMatchObject({
      httpStatus: 409,
      message: 'This login name is already taken',
    });
    await expect(add({ username: 'it@nusantara.example' })).rejects.toMatchObject({ httpStatus: 409 });
    await expect(add({ email: 'IT@nusantara.example' })).rejects.toMatchObject({
      httpStatus: 409,
      message: 'A user with this e-mail already exists',
    });
    const added = await add({ groupName: FIRST.groupName.toUpperCase(), companyName: FIRST.companyName.toLowerCase() });
    expect(added).toEqual({ ...first, userId: 'ops@nusantara.example', username: 'ops' });
    expect(await count('user')).toBe(2);
    expect(await count('role')).toBe(2);
  });

  it('is refused once any user exists, however it was made (demo seed, a user of a test world)', async () => {
    await t.database.db.insertInto('user').values({ userId: 'someone@example.com', userStatus: 0 }).execute();
    expect((await t.call({ method: 'GET', url: SETUP })).json.data).toEqual({ setupNeeded: false });
    const r = await t.call({ method: 'POST', url: SETUP, payload: FIRST });
    expect(r.statusCode).toBe(409);
    // whatever the body: nothing about the fields once set up
    expect((await t.call({ method: 'POST', url: SETUP, payload: {} })).statusCode).toBe(409);
    expect(await count('group_company')).toBe(0);
  });
});
