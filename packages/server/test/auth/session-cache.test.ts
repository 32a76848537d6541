import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Db } from '../../src/db/database.ts';
import { ACCESS_TRIGGERS } from '../../src/db/migrations/032_fixed_access_version.ts';
import { tokenHash } from '../../src/modules/auth/tokens.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import {
  createAsset,
  createCompany,
  createDevice,
  createGroup,
  createRole,
  createUser,
  signIn,
} from '../helpers/fixtures.ts';

type Row = Record<string, any>;

/**
 * Issue 29: a session's permissions and visible scope are kept between requests (modules/auth/session-cache.ts) and
 * given up the moment access changes. Each test warms the cache with a request, changes access the way any write
 * path (or another server process) does — straight in the database — and expects the very next request to see it.
 */
describe.each(dialects())('session cache and its invalidation on %s', (dialect) => {
  let t: TestApp;
  let db: Db;
  const w = {} as {
    group: number;
    comp1: number;
    comp2: number;
    other: number;
    a1: number;
    a2: number;
    a3: number;
    b1: number;
    role: number;
    gps1: number;
  };
  let seen = 0;
  /** a fresh session of `userId` (each test starts with its own tokens) */
  const token = (userId: string, compId = w.comp1) => signIn(db, userId, compId);
  const assets = async (tok: string) => {
    const res = await t.call({ method: 'GET', url: '/api/master/asset?max=1000', token: tok });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return (res.json.data as Row[]).map((r) => r.massId).sort((a, b) => a - b);
  };
  const devices = async (tok: string) => {
    const res = await t.call({ method: 'GET', url: '/api/master/device?max=1000', token: tok });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    return (res.json.data as Row[]).map((r) => r.devcId);
  };
  const version = async () =>
    Number(
      (await db.selectFrom('access_version').select('acvrVersion').where('acvrId', '=', 1).executeTakeFirstOrThrow())
        .acvrVersion,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    db = t.database.db;
    w.group = await createGroup(db, 'Group A');
    w.comp1 = await createCompany(db, w.group, 'PT Satu');
    w.comp2 = await createCompany(db, w.group, 'PT Dua');
    w.other = await createCompany(db, await createGroup(db, 'Group B'), 'PT Lain');
    w.a1 = await createAsset(db, w.comp1, 'TB One');
    w.a2 = await createAsset(db, w.comp1, 'TB Two');
    w.a3 = await createAsset(db, w.comp2, 'TB Three');
    w.b1 = await createAsset(db, w.other, 'TB Other');
    w.gps1 = await createDevice(db, w.a1, 'gps-cache-1', 'gps');
    w.role = await createRole(db, 'Reader', { master_asset: ['read'], master_device: ['read'] });
  });
  afterAll(() => t.close());

  // every test has its own users: nothing one test changes reaches another
  beforeEach(() => {
    seen++;
  });
  const users = async () => {
    const assigned = await createUser(db, {
      userId: `assigned${seen}@a.test`,
      username: `assigned${seen}`,
      roleIds: [w.role],
      companies: [
        { compId: w.comp1, allAssets: 0 },
        { compId: w.comp2, allAssets: 1 },
      ],
      assets: [w.a1],
    });
    const all = await createUser(db, {
      userId: `all${seen}@a.test`,
      username: `all${seen}`,
      roleIds: [w.role],
      companies: [{ compId: w.comp1, allAssets: 1 }],
    });
    return { assigned, all };
  };

  it('a revoked asset assignment is gone on the next request, and an added one is there', async () => {
    const { assigned } = await users();
    const tok = await token(assigned);
    expect(await assets(tok)).toEqual([w.a1]);
    expect(await assets(tok)).toEqual([w.a1]); // served from the cache
    await db.deleteFrom('user_asset').where('uassUserId', '=', assigned).execute();
    expect(await assets(tok)).toEqual([]);
    expect((await t.call({ method: 'GET', url: `/api/master/asset/${w.a1}`, token: tok })).statusCode).toBe(404);
    await db.insertInto('user_asset').values({ uassUserId: assigned, uassMassId: w.a2 }).execute();
    expect(await assets(tok)).toEqual([w.a2]);
  });

  it('the all-assets flag and a company membership change the scope at once', async () => {
    const { assigned } = await users();
    const tok = await token(assigned);
    expect(await assets(tok)).toEqual([w.a1]);
    await db
      .updateTable('user_company')
      .set({ uscoAllAssets: 1 })
      .where('uscoUserId', '=', assigned)
      .where('uscoCompId', '=', w.comp1)
      .execute();
    expect(await assets(tok)).toEqual([w.a1, w.a2].sort((a, b) => a - b));
    await db.deleteFrom('user_company').where('uscoUserId', '=', assigned).where('uscoCompId', '=', w.comp1).execute();
    expect(await assets(tok)).toEqual([]);
  });

  it("a role's permission taken away, or the role, answers 403 on the next request", async () => {
    const { all } = await users();
    const role = await createRole(db, `Own reader ${seen}`, { master_asset: ['read'] });
    await db.insertInto('user_role').values({ usroUserId: all, usroRoleId: role }).execute();
    await db.deleteFrom('user_role').where('usroUserId', '=', all).where('usroRoleId', '=', w.role).execute();
    const tok = await token(all);
    expect((await t.call({ method: 'GET', url: '/api/master/asset', token: tok })).statusCode).toBe(200);
    await db
      .updateTable('role_permission')
      .set({ rperOperations: JSON.stringify([]) })
      .where('rperRoleId', '=', role)
      .execute();
    expect((await t.call({ method: 'GET', url: '/api/master/asset', token: tok })).statusCode).toBe(403);
    await db
      .updateTable('role_permission')
      .set({ rperOperations: '["read"]' })
      .where('rperRoleId', '=', role)
      .execute();
    expect((await t.call({ method: 'GET', url: '/api/master/asset', token: tok })).statusCode).toBe(200);
    await db.deleteFrom('user_role').where('usroUserId', '=', all).execute();
    expect((await t.call({ method: 'GET', url: '/api/master/asset', token: tok })).statusCode).toBe(403);
  });

  it('a session ended by an administrator, a signed-out one and a locked user answer 401 at once', async () => {
    const { all } = await users();
    const [ended, out, kept] = [await token(all), await token(all), await token(all)];
    const status = async (tok: string) =>
      (await t.call({ method: 'GET', url: '/api/master/asset', token: tok })).statusCode;
    for (const tok of [ended, out, kept]) expect(await status(tok)).toBe(200);
    await db
      .updateTable('session_token')
      .set({ sessRevokedTime: Math.floor(Date.now() / 1000) })
      .where('sessTokenHash', '=', tokenHash(ended))
      .execute();
    expect(await status(ended)).toBe(401);
    expect(await status(out)).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/security/authentication/logout', token: out })).statusCode).toBe(
      200,
    );
    expect(await status(out)).toBe(401);
    expect(await status(kept)).toBe(200);
    await db.updateTable('user').set({ userStatus: 0 }).where('userId', '=', all).execute();
    expect(await status(kept)).toBe(401);
  });

  it('an asset added to, moved out of or deleted from the company, and a device moved, are seen at once', async () => {
    const { all } = await users();
    const tok = await token(all);
    const before = await assets(tok);
    expect(await devices(tok)).toContain(w.gps1);
    const added = await createAsset(db, w.comp1, `TB New ${seen}`);
    expect(await assets(tok)).toEqual([...before, added].sort((a, b) => a - b));
    await db.updateTable('asset').set({ massCompId: w.other }).where('massId', '=', added).execute();
    expect(await assets(tok)).toEqual(before);
    await db.updateTable('asset').set({ massCompId: w.comp1 }).where('massId', '=', added).execute();
    expect(await assets(tok)).toContain(added);
    await db.deleteFrom('asset').where('massId', '=', added).execute();
    expect(await assets(tok)).toEqual(before);
    // the device goes to another tenant's vessel, and comes back
    await db.updateTable('device').set({ devcMassId: w.b1 }).where('devcId', '=', w.gps1).execute();
    expect(await devices(tok)).not.toContain(w.gps1);
    await db.updateTable('device').set({ devcMassId: w.a1 }).where('devcId', '=', w.gps1).execute();
    expect(await devices(tok)).toContain(w.gps1);
  });

  it("never serves one user's or one session's scope to another", async () => {
    const { assigned, all } = await users();
    const tokAssigned = await token(assigned);
    const tokAll = await token(all);
    const tokAssigned2 = await token(assigned, w.comp2);
    for (let i = 0; i < 3; i++) {
      expect(await assets(tokAssigned)).toEqual([w.a1]);
      expect(await assets(tokAll)).toEqual([w.a1, w.a2].sort((a, b) => a - b));
      expect(await assets(tokAssigned2)).toEqual([w.a3]);
    }
    // the active company changed on the session row: its scope follows on the next request
    const set = await t.call({
      method: 'GET',
      url: `/api/security/authentication/setcompany/${w.comp2}`,
      token: tokAssigned,
    });
    expect(set.statusCode, JSON.stringify(set.json)).toBe(200);
    expect(await assets(tokAssigned)).toEqual([w.a3]);
    expect(await assets(tokAll)).toEqual([w.a1, w.a2].sort((a, b) => a - b));
  });

  it('another server process on the same database sees a change made through this one', async () => {
    const { assigned } = await users();
    const tok = await token(assigned);
    const second = await buildApp({ database: t.database, config: t.config, logger: false });
    await second.ready();
    try {
      const secondAssets = async () =>
        (
          (
            await second.inject({ method: 'GET', url: '/api/master/asset?max=1000', headers: { authentication: tok } })
          ).json().data as Row[]
        ).map((r) => r.massId);
      expect(await secondAssets()).toEqual([w.a1]);
      expect(await assets(tok)).toEqual([w.a1]);
      await db.deleteFrom('user_asset').where('uassUserId', '=', assigned).execute();
      expect(await secondAssets()).toEqual([]);
      expect(await assets(tok)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('every access table moves the version on insert, update and delete; other columns leave it', async () => {
    const { all } = await users();
    const moved = async (change: () => Promise<unknown>) => {
      const v0 = await version();
      await change();
      return (await version()) > v0;
    };
    // one check per trigger table (ACCESS_TRIGGERS): the test fails when a table is added there untested
    const tested = new Set<string>();
    const expectMoves = async (table: string, change: () => Promise<unknown>) => {
      tested.add(table);
      expect(await moved(change), table).toBe(true);
    };
    await expectMoves('user', () =>
      db.updateTable('user').set({ userPlatformAdmin: 0 }).where('userId', '=', all).execute(),
    );
    await expectMoves('user_login', () =>
      db
        .updateTable('user_login')
        .set({ usloUserName: `renamed${seen}` })
        .where('usloUserId', '=', all)
        .execute(),
    );
    const spare = await createRole(db, `Spare ${seen}`, { master_device: ['read'] });
    await expectMoves('user_role', () =>
      db.insertInto('user_role').values({ usroUserId: all, usroRoleId: spare }).execute(),
    );
    await expectMoves('role_permission', () =>
      db.updateTable('role_permission').set({ rperOperations: '[]' }).where('rperRoleId', '=', spare).execute(),
    );
    await expectMoves('role', () => db.deleteFrom('role').where('roleId', '=', spare).execute());
    const perm = await db
      .insertInto('permission')
      .values({ prmsName: `spare_${dialect}_${seen}`, prmsOperations: '[]' })
      .returning('prmsId')
      .executeTakeFirstOrThrow();
    await expectMoves('permission', () => db.deleteFrom('permission').where('prmsId', '=', perm.prmsId).execute());
    await expectMoves('user_company', () =>
      db.updateTable('user_company').set({ uscoAllAssets: 0 }).where('uscoUserId', '=', all).execute(),
    );
    await expectMoves('user_asset', () =>
      db.insertInto('user_asset').values({ uassUserId: all, uassMassId: w.a2 }).execute(),
    );
    await expectMoves('company', () =>
      db.updateTable('company').set({ compGrcpId: w.group }).where('compId', '=', w.comp2).execute(),
    );
    await expectMoves('asset', () => createAsset(db, w.comp2, `TB Versioned ${seen}`));
    await expectMoves('device', () => createDevice(db, w.a3, `gps-versioned-${seen}`, 'gps'));
    expect([...tested].sort()).toEqual(ACCESS_TRIGGERS.map((x) => x.table).sort());
    // what changes often and grants nothing: last-seen, a vessel's name, a device's label, a user's time zone
    expect(
      await moved(() =>
        db.updateTable('session_token').set({ sessLastSeenTime: 1 }).where('sessUserId', '=', all).execute(),
      ),
    ).toBe(false);
    expect(
      await moved(() => db.updateTable('asset').set({ massName: 'TB Renamed' }).where('massId', '=', w.a3).execute()),
    ).toBe(false);
    expect(
      await moved(() => db.updateTable('device').set({ devcLabel: 'Main GPS' }).where('devcId', '=', w.gps1).execute()),
    ).toBe(false);
    expect(
      await moved(() =>
        db.updateTable('user').set({ userTimezone: 'Asia/Jakarta' }).where('userId', '=', all).execute(),
      ),
    ).toBe(false);
    // a cascade (the user's rows go with the user) moves it too
    await expect(moved(() => db.deleteFrom('user').where('userId', '=', all).execute())).resolves.toBe(true);
  });
});
