import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/db/seed/demo.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { signIn } from '../helpers/fixtures.ts';

type Row = Record<string, any>;

/**
 * Issue 10 "Cross-tenant leaks", replayed on the demo data: admin (Demo Maritime Group, also the platform
 * administrator), operator (Demo Maritime Group) and other (administrator of Celebes Shipping Group).
 */
describe.each(dialects())('tenants on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let other: string;
  const db = () => t.database.db;
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: unknown) =>
    t.call({ method, url: `/api/master/${path}`, token, payload: payload as never });
  const list = async (path: string, token: string) => (await api('GET', `${path}?max=1000`, token)).json.data as Row[];
  const one = async (table: string, where: [string, unknown], id: string) =>
    Number((await db().selectFrom(table).select(id).where(where[0], '=', where[1]).executeTakeFirstOrThrow())[id]);
  const companyOf = (name: string) => one('company', ['compName', name], 'compId');

  let samudraVessel: number;
  let celebesVessel: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { WEB_DIST: '/nonexistent' } });
    await seedDemo(t.database);
    const samudra = (await db().selectFrom('company').select('compId').orderBy('compId').executeTakeFirstOrThrow())
      .compId as number;
    const celebes = (
      await db()
        .selectFrom('user_company')
        .select('uscoCompId')
        .where('uscoUserId', '=', 'other@fleet.demo')
        .executeTakeFirstOrThrow()
    ).uscoCompId as number;
    admin = await signIn(db(), 'admin@fleet.demo', samudra);
    operator = await signIn(db(), 'operator@fleet.demo', samudra);
    other = await signIn(db(), 'other@fleet.demo', celebes);
    samudraVessel = await one('asset', ['massCompId', samudra], 'massId');
    celebesVessel = await one('asset', ['massCompId', celebes], 'massId');
  }, 120_000);
  afterAll(() => t.close());

  describe('1. config events belong to their gateway device', () => {
    it('a gateway unique id that names an existing gateway (with or without gateway-) is refused with a clear error', async () => {
      const demoGateway = (
        await db()
          .selectFrom('device')
          .select('devcUniqueId')
          .where('devcType', '=', 'gateway')
          .where('devcMassId', '=', samudraVessel)
          .executeTakeFirstOrThrow()
      ).devcUniqueId as string;
      const bare = demoGateway.replace(/^gateway-/, '');
      const r = await api('POST', 'device', other, {
        devcName: 'GW',
        devcType: 'gateway',
        devcUniqueId: bare,
        devcMassId: celebesVessel,
      });
      expect(r.statusCode).toBe(409);
      expect(r.json.status.message).toMatch(/^Unique ID is already used by another gateway/);
      const same = await api('POST', 'device', other, {
        devcName: 'GW',
        devcType: 'gateway',
        devcUniqueId: demoGateway,
        devcMassId: celebesVessel,
      });
      expect(same.statusCode).toBe(409);
    });

    it('another tenant cannot list, edit, delete or disturb a configuration, even of a same-named gateway', async () => {
      // admin: gateway-X with a configuration; then a legacy clash: a gateway `X` of Celebes (written directly,
      // as an older version allowed) with a configuration of its own
      const gwA = await api('POST', 'device', admin, {
        devcName: 'GW X',
        devcType: 'gateway',
        devcUniqueId: 'gateway-sec-x',
        devcMassId: samudraVessel,
      });
      expect(gwA.statusCode, JSON.stringify(gwA.json)).toBe(200);
      const cfgA = await api('POST', 'config_event', admin, { mcevAssetId: 'sec-x', mcevDescription: 'admin' });
      expect(cfgA.statusCode, JSON.stringify(cfgA.json)).toBe(200);
      expect(cfgA.json.data.mcevDevcId).toBe(gwA.json.data.devcId);
      const gwB = Number(
        (
          await db()
            .insertInto('device')
            .values({
              devcName: 'X',
              devcType: 'gateway',
              devcUniqueId: 'sec-x',
              devcStatus: '1',
              devcMassId: celebesVessel,
            })
            .returning('devcId')
            .executeTakeFirstOrThrow()
        ).devcId,
      );
      const cfgB = await api('POST', 'config_event', other, { mcevAssetId: 'sec-x', mcevDescription: 'other' });
      expect(cfgB.statusCode, JSON.stringify(cfgB.json)).toBe(200);
      expect(cfgB.json.data.mcevDevcId).toBe(gwB);

      const idA = cfgA.json.data.mcevId;
      expect((await list('config_event', other)).map((r) => r.mcevId)).not.toContain(idA);
      expect((await api('GET', `config_event/${idA}`, other)).statusCode).toBe(404);
      expect((await api('PUT', `config_event/${idA}`, other, { mcevDescription: 'hijacked' })).statusCode).toBe(404);
      expect((await api('DELETE', `config_event/${idA}`, other)).statusCode).toBe(404);
      expect((await list('config_event', admin)).map((r) => r.mcevId)).not.toContain(cfgB.json.data.mcevId);

      // both active: activating other's version leaves admin's alone
      const mevtId = await one('master_event', ['mevtId', 1], 'mevtId').catch(async () =>
        Number(
          (
            await db()
              .insertInto('master_event')
              .values({ mevtType: 'Overspeed', mevtThresholds: '{}' })
              .returning('mevtId')
              .executeTakeFirstOrThrow()
          ).mevtId,
        ),
      );
      for (const [cfg, token] of [
        [cfgA, admin],
        [cfgB, other],
      ] as const) {
        await db().insertInto('asset_event').values({ asevMcevId: cfg.json.data.mcevId, asevMevtId: mevtId }).execute();
        const act = await t.call({
          method: 'POST',
          url: `/api/master/config_event/${cfg.json.data.mcevId}/activate`,
          token,
        });
        expect(act.statusCode, JSON.stringify(act.json)).toBe(200);
      }
      expect((await api('GET', `config_event/${idA}`, admin)).json.data.mcevIsActive).toBe(1);
      expect((await api('GET', `config_event/${idA}`, admin)).json.data.mcevDescription).toBe('admin');
    });
  });

  describe('3. roles belong to a tenant; built-in roles are read-only', () => {
    it('other cannot add permissions to the built-in Operator role, nor rename or delete it', async () => {
      const operatorRole = await one('role', ['roleName', 'Operator'], 'roleId');
      const companyPerm = await one('permission', ['prmsName', 'master_company'], 'prmsId');
      const add = await api('POST', 'role_permission', other, {
        rperRoleId: operatorRole,
        rperPrmsId: companyPerm,
        rperOperations: '["create","read","update","delete"]',
      });
      expect(add.statusCode).toBe(403);
      expect(add.json.status.message).toMatch(/^Built-in roles are shared by all tenants/);
      const grant = (await list('role_permission', other)).find((r) => r.rperRoleId === operatorRole);
      expect(grant).toBeDefined();
      expect(
        (await api('PUT', `role_permission/${grant!.rperId}`, other, { rperOperations: '["read","delete"]' }))
          .statusCode,
      ).toBe(403);
      expect((await api('PUT', `roles/${operatorRole}`, other, { roleName: 'Mine' })).statusCode).toBe(403);
      expect((await api('DELETE', `roles/${operatorRole}`, other)).statusCode).toBe(403);
      // admin's operator gained nothing
      const status = await t.call({ method: 'GET', url: '/api/security/authentication/status', token: operator });
      expect(JSON.stringify(status.json.data)).not.toMatch(/master_company/);
    });

    it("a tenant's own role is its own: the other tenant neither sees nor changes it", async () => {
      const mine = await api('POST', 'roles', other, { roleName: 'Celebes Dispatcher' });
      expect(mine.statusCode, JSON.stringify(mine.json)).toBe(200);
      expect(mine.json.data.roleGrcpId).toBeGreaterThan(0);
      const id = mine.json.data.roleId;
      expect((await list('roles', admin)).map((r) => r.roleId)).not.toContain(id);
      expect((await api('PUT', `roles/${id}`, admin, { roleName: 'Taken' })).statusCode).toBe(404);
      expect((await list('roles', other)).map((r) => r.roleName)).toEqual(
        expect.arrayContaining(['Administrator', 'Operator', 'Celebes Dispatcher']),
      );
      const perm = await one('permission', ['prmsName', 'master_asset'], 'prmsId');
      const add = await api('POST', 'role_permission', other, {
        rperRoleId: id,
        rperPrmsId: perm,
        rperOperations: '["read"]',
      });
      expect(add.statusCode, JSON.stringify(add.json)).toBe(200);
      expect((await list('role_permission', admin)).map((r) => r.rperId)).not.toContain(add.json.data.rperId);
    });
  });

  describe('4 and 5. scope comes from the tenant, never from the creator', () => {
    it("admin neither sees nor resets the other tenant's administrator", async () => {
      expect((await list('user', admin)).map((u) => u.userId)).not.toContain('other@fleet.demo');
      expect((await api('GET', 'user/other%40fleet.demo', admin)).statusCode).toBe(404);
      const login = await one('user_login', ['usloUserId', 'other@fleet.demo'], 'usloId');
      expect((await list('user_login', admin)).map((u) => u.usloId)).not.toContain(login);
      const reset = await api('PUT', `user_login/${login}`, admin, { usloPassword: 'Taken#2026x' });
      expect(reset.statusCode).toBe(404);
      // other still signs in with its own password
      const r = await t.call({
        method: 'POST',
        url: '/api/security/authentication/login',
        payload: { username: 'other', password: 'Other#2026' },
      });
      expect(r.statusCode).toBe(200);
    });

    it('the seed records each tenant’s rows as created by that tenant’s administrator', async () => {
      const celebesRows = await db()
        .selectFrom('user')
        .select('userCreatedUserId')
        .where('userId', '=', 'other@fleet.demo')
        .executeTakeFirstOrThrow();
      expect(celebesRows.userCreatedUserId).toBe('other@fleet.demo');
      const group = await db()
        .selectFrom('group_company')
        .select('grcpCreatedUserId')
        .where('grcpName', 'like', 'Celebes%')
        .executeTakeFirstOrThrow();
      expect(group.grcpCreatedUserId).toBe('other@fleet.demo');
    });

    it('groups: each tenant sees, picks and edits only its own', async () => {
      const celebes = await one(
        'group_company',
        ['grcpName', (await list('group_company', other))[0].grcpName],
        'grcpId',
      );
      const adminGroups = (await list('group_company', admin)).map((g) => g.grcpId);
      expect(adminGroups).not.toContain(celebes);
      expect(adminGroups.length).toBeGreaterThan(0);
      expect((await list('group_company', other)).map((g) => g.grcpId)).toEqual([celebes]);
      expect((await api('PUT', `group_company/${celebes}`, admin, { grcpCity: 'Taken' })).statusCode).toBe(404);
      expect((await api('DELETE', `group_company/${celebes}`, admin)).statusCode).toBe(404);
      const company = await api('POST', 'company', admin, { compName: 'PT Intruder', compGrcpId: celebes });
      expect(company.statusCode).toBe(400);
      expect(company.json.status.message.compGrcpId).toEqual(['Group not found']);
    });

    it('a tenant administrator cannot add groups; the platform administrator can, and uses them', async () => {
      const refused = await api('POST', 'group_company', other, { grcpName: 'Shadow Group' });
      expect(refused.statusCode).toBe(403);
      const g = await api('POST', 'group_company', admin, { grcpName: 'New Tenant Group' });
      expect(g.statusCode).toBe(200);
      const id = g.json.data.grcpId;
      expect((await list('group_company', admin)).map((r) => r.grcpId)).toContain(id);
      expect((await list('group_company', other)).map((r) => r.grcpId)).not.toContain(id);
      const c = await api('POST', 'company', admin, { compName: 'PT New Tenant', compGrcpId: id });
      expect(c.statusCode, JSON.stringify(c.json)).toBe(200);
    });

    it('a user added by a tenant belongs to that tenant and stays invisible to the other', async () => {
      const u = await api('POST', 'user', other, { userId: 'deck@celebes.test', userStatus: 1 });
      expect(u.statusCode, JSON.stringify(u.json)).toBe(200);
      expect((await list('user', other)).map((r) => r.userId)).toContain('deck@celebes.test');
      expect((await list('user', admin)).map((r) => r.userId)).not.toContain('deck@celebes.test');
    });
  });

  describe('6. shared catalogues', () => {
    it('an asset type or fuel type in use is not deleted; the message names what uses it', async () => {
      const tug = await one('asset_type', ['matyName', 'Tug Boat'], 'matyId');
      const del = await api('DELETE', `asset_type/${tug}`, admin);
      expect(del.statusCode).toBe(409);
      expect(del.json.status.message).toMatch(/^Cannot delete this Asset Type: it is still used by Asset \(\d+\)$/);
      const fuels = await list('fuel_type', admin);
      const used = (await db().selectFrom('tank_header').select('tahdMftyId').execute()).map((r: Row) => r.tahdMftyId);
      const fuel = fuels.find((f) => used.includes(f.mftyId))!;
      const delFuel = await api('DELETE', `fuel_type/${fuel.mftyId}`, admin);
      expect(delFuel.statusCode).toBe(409);
      expect(delFuel.json.status.message).toMatch(
        // the demo's bunkering logs name their fuel too (every vessel's bunkerings are logged, issue 25); tank
        // headers hold their fuel type's id since issue 28
        /^Cannot delete this Fuel Type: it is still used by Asset \(\d+\), Tank Header \(\d+\)(, Bunkering Log \(\d+\))?$/,
      );
      expect((await api('GET', `asset_type/${tug}`, admin)).statusCode).toBe(200);
    });

    it('a tenant administrator reads the shared lists but cannot change them', async () => {
      const tug = await one('asset_type', ['matyName', 'Tug Boat'], 'matyId');
      expect((await api('GET', `asset_type/${tug}`, other)).statusCode).toBe(200);
      for (const [method, path, body] of [
        ['PUT', `asset_type/${tug}`, { matyName: 'Mine' }],
        ['DELETE', `asset_type/${tug}`, undefined],
        ['POST', 'asset_type', { matyName: 'Hovercraft' }],
        ['POST', 'fuel_type', { mftyName: 'Avtur' }],
        ['POST', 'permission', { prmsName: 'custom_x', prmsOperations: '["read"]' }],
      ] as const) {
        const r = await api(method, path, other, body);
        expect(r.statusCode, path).toBe(403);
        expect(r.json.status.message).toMatch(/shared by all tenants/);
      }
      // the platform administrator may add one (unused entries may go)
      const added = await api('POST', 'asset_type', admin, { matyName: 'Hovercraft' });
      expect(added.statusCode).toBe(200);
      expect((await api('DELETE', `asset_type/${added.json.data.matyId}`, admin)).statusCode).toBe(200);
    });
  });

  it('companies of the other tenant stay invisible (unchanged rule)', async () => {
    const celebes = (await list('company', other))[0].compId;
    expect((await list('company', admin)).map((c) => c.compId)).not.toContain(celebes);
    expect(await companyOf((await list('company', other))[0].compName)).toBe(celebes);
  });
});
