import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, type TestApp } from '../helpers/app.ts';
import { createAsset, createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { type World, worldApp } from './world.ts';

type Row = Record<string, any>;

/**
 * Tenant scope of every ScopeDef kind on writes: a reference to another tenant's row is refused with the
 * same per-field message as a reference to a row that does not exist; lists never show the other side.
 */
describe.each(dialects())('tenant scope on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
  });
  afterAll(() => t.close());

  const post = (path: string, token: string, payload: Row) =>
    t.call({ method: 'POST', url: `/api/master/${path}`, token, payload });
  const list = async (path: string, token: string, query = '') =>
    (await t.call({ method: 'GET', url: `/api/master/${path}?max=1000${query}`, token })).json.data as Row[];

  /** Posts with the foreign id and with a missing id: both 400, the same message, under `field`. */
  async function refusedLikeMissing(path: string, field: string, base: Row, foreignId: unknown, missingId: unknown) {
    const foreign = await post(path, w.adminA, { ...base, [field]: foreignId });
    const missing = await post(path, w.adminA, { ...base, [field]: missingId });
    expect(foreign.statusCode, JSON.stringify(foreign.json)).toBe(400);
    expect(Object.keys(foreign.json.status.message)).toEqual([field]);
    expect(foreign.json).toEqual(missing.json);
  }

  it('company: tank headers only of the user’s companies', async () => {
    const base = { tahdName: 'T', tahdUnit: 'cm', tahdMftyId: w.fuelType };
    await refusedLikeMissing('tank_header', 'tahdCompId', base, w.compB1, 999999);
    expect((await post('tank_header', w.adminA, { ...base, tahdCompId: w.compA2 })).statusCode).toBe(200);
    const comps = (await list('tank_header', w.adminA)).map((r) => r.tahdCompId);
    expect(comps).not.toContain(w.compB1);
    expect(comps).toContain(w.compA1);
    expect((await list('company', w.adminA)).map((r) => r.compId).sort()).toEqual([w.compA1, w.compA2].sort());
  });

  it('group: companies only in a group the user sees; the group list holds only those', async () => {
    await refusedLikeMissing('company', 'compGrcpId', { compName: 'PT X' }, w.groupB, 999999);
    expect((await list('group_company', w.adminA)).map((r) => r.grcpId)).toEqual([w.groupA]);
    expect((await list('group_company', w.adminB)).map((r) => r.grcpId)).toEqual([w.groupB]);
  });

  it('asset: devices, bunker logs and ROB only on visible assets', async () => {
    await refusedLikeMissing(
      'device',
      'devcMassId',
      { devcName: 'X', devcType: 'gps', devcUniqueId: 'gps-scope-1' },
      w.assetB1,
      999999,
    );
    await refusedLikeMissing(
      'rob/rob',
      'mrobMassId',
      { mrobStartTime: 1790000000, mrobEndTime: 1790086399, mrobInitialValue: 1 },
      w.assetB1,
      999999,
    );
    const devices = await list('device', w.adminA);
    expect(devices.length).toBeGreaterThan(0);
    expect(new Set(devices.map((d) => d.devcMassId))).toEqual(new Set([w.assetA1]));
    // an explicit filter on the other tenant's asset finds nothing
    expect(await list('device', w.adminA, `&finds[devcMassId]=${w.assetB1}`)).toEqual([]);
  });

  it('assets: only the active company, and only assigned ones without the all-assets flag', async () => {
    const restricted = await createRole(t.database.db, 'Restricted', { master_asset: ['read', 'create'] });
    await createUser(t.database.db, {
      userId: 'deckhand@a.test',
      username: 'deckhand',
      roleIds: [restricted],
      companies: [{ compId: w.compA1, allAssets: 0 }],
      assets: [w.assetA1b],
    });
    const token = await signIn(t.database.db, 'deckhand@a.test', w.compA1);
    expect((await list('asset', token)).map((r) => r.massId)).toEqual([w.assetA1b]);
    // the admin switched to A2 sees A2's asset only
    const a2 = await signIn(t.database.db, 'admin@a.test', w.compA2);
    expect((await list('asset', a2)).map((r) => r.massId)).toEqual([w.assetA2]);
    const none = await signIn(t.database.db, 'admin@a.test', null);
    expect(await list('asset', none)).toEqual([]);
  });

  it('device: engine configuration only on devices of visible assets', async () => {
    await refusedLikeMissing('config_rpm', 'mcrpDevcId', { mcrpType: 'PORT' }, w.b.rpm[0], 999999);
    await refusedLikeMissing('config_ae', 'mcaeDevcId', { mcaeNo: 1 }, w.b.ae[0], 999999);
    await refusedLikeMissing('device_log', 'dvlgDevcId', { dvlgTime: 1790000000, dvlgType: 'X' }, w.b.gps, 999999);
  });

  it('a reference must also meet its where: config RPM on an rpm device only', async () => {
    const r = await post('config_rpm', w.adminA, { mcrpDevcId: w.a.gps, mcrpType: 'PORT' });
    expect(r.statusCode).toBe(400);
    expect(r.json.status.message).toEqual({ mcrpDevcId: ['Device must be an RPM device'] });
  });

  it('parent: adjustments, tank details and asset events only under visible parents', async () => {
    await refusedLikeMissing(
      'bunker/adjustment',
      'bklaBklgId',
      { bklaAmount: 5, bklaReason: 'OTHERS', bklaDesc: 'x' },
      w.b.bunkerLog,
      999999,
    );
    await refusedLikeMissing('rob/adjustment', 'robaMrobId', { robaTime: 1790000000, robaValue: 1 }, w.b.rob, 999999);
    await refusedLikeMissing(
      'tank_detail',
      'tadtTahdId',
      { tadtHeight: 1, tadtVolume: 1, tadtWeight: 1 },
      w.b.tankHeader,
      999999,
    );
    await refusedLikeMissing('asset_event', 'asevMcevId', { asevMevtId: w.events[0] }, w.b.configEvent, 999999);
    await post('bunker/adjustment', w.adminB, {
      bklaBklgId: w.b.bunkerLog,
      bklaAmount: 5,
      bklaReason: 'OTHERS',
      bklaDesc: 'B only',
    });
    expect((await list('bunker/adjustment', w.adminA)).map((r) => r.bklaDesc)).not.toContain('B only');
    expect((await list('bunker/adjustment', w.adminB)).map((r) => r.bklaDesc)).toContain('B only');
  });

  it('user: links only for users sharing a company; memberships of unseen companies stay hidden', async () => {
    await refusedLikeMissing('user_role', 'usroUserId', { usroRoleId: w.roles[0] }, w.memberB, 'nobody@x.test');
    await refusedLikeMissing('user_company', 'uscoCompId', { uscoUserId: w.members[0] }, w.compB1, 999999);
    const users = (await list('user', w.adminA)).map((r) => r.userId);
    expect(users).toContain('reader@a.test');
    expect(users).not.toContain('admin@b.test');
    // a user in both tenants: admin A sees the membership of A1, not that of B1
    await t.database.db
      .insertInto('user_company')
      .values({ uscoUserId: w.members[1], uscoCompId: w.compB1, uscoAllAssets: 1 })
      .execute();
    const memberships = await list('user_company', w.adminA, `&finds[uscoUserId]=${w.members[1]}`);
    expect(memberships.map((m) => m.uscoCompId)).toEqual([w.compA1]);
  });

  it('gateway: event configurations only for gateways of visible assets', async () => {
    const foreign = await post('config_event', w.adminA, { mcevAssetId: w.b.gatewayKey });
    const missing = await post('config_event', w.adminA, { mcevAssetId: 'no-such-gateway' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json).toEqual(missing.json);
    expect(Object.keys(foreign.json.status.message)).toEqual(['mcevAssetId']);
    const mine = (await list('config_event', w.adminA)).map((r) => r.mcevAssetId);
    expect(new Set(mine)).toEqual(new Set([w.a.gatewayKey]));
    // a gateway on an asset outside the active company is not visible either
    const gwA2 = await createAsset(t.database.db, w.compA2, 'Vessel A2b');
    await t.database.db
      .insertInto('device')
      .values({ devcName: 'gw', devcType: 'gateway', devcUniqueId: 'gateway-gwa2', devcStatus: '1', devcMassId: gwA2 })
      .execute();
    expect((await post('config_event', w.adminA, { mcevAssetId: 'gwa2' })).statusCode).toBe(400);
  });
});
