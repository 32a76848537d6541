import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ASSET_COMPANY_MESSAGE } from '../../src/modules/users/user-asset.hooks.ts';
import { dialects, type TestApp } from '../helpers/app.ts';
import { createAsset, createUser, signIn } from '../helpers/fixtures.ts';
import { type World, worldApp } from './world.ts';

/** Assets of every company of the user (issue 11 items 2 and 8): Company Detail and the User Asset tab. */
describe.each(dialects())('assets of the companies of the user on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
  });
  afterAll(() => t.close());

  const names = (r: { json: { data: { massName: string }[] } }) => r.json.data.map((a) => a.massName).sort();
  const list = (query: string, token = w.adminA) =>
    t.call({ method: 'GET', url: `/api/master/company_asset?max=100&${query}`, token });

  it("lists a company's assets whatever the active company, within what the user sees", async () => {
    // admin A is active in A1 and sees A2's vessel on A2's Company Detail
    const a2 = await list(`finds[massCompId]=${w.compA2}`);
    expect(a2.statusCode).toBe(200);
    expect(names(a2)).toEqual(['Vessel A2']);
    expect(a2.json.pagination.totalData).toBe(1);
    expect(a2.json.data[0]).toHaveProperty('massDevice');
    const a1 = await list(`finds[massCompId]=${w.compA1}`);
    expect(names(a1)).toEqual(['Vessel A1', 'Vessel A1b']);
    // the generic list stays scoped to the active company
    const active = await t.call({
      method: 'GET',
      url: `/api/master/asset?finds[massCompId]=${w.compA2}`,
      token: w.adminA,
    });
    expect(active.json.data).toEqual([]);
    // another tenant's company answers nothing
    expect((await list(`finds[massCompId]=${w.compB1}`)).json.data).toEqual([]);
    expect(names(await list(`finds[massCompId]=${w.compA1}`, w.adminB))).toEqual([]);
  });

  it('shows a member without the all-assets flag only the assets assigned to them', async () => {
    const extra = await createAsset(t.database.db, w.compA2, 'Vessel A2b');
    await createUser(t.database.db, {
      userId: 'deck@a.test',
      username: 'deckcrew',
      roleIds: [w.readerRole],
      companies: [{ compId: w.compA1 }, { compId: w.compA2, allAssets: 0 }],
      assets: [extra],
    });
    const token = await signIn(t.database.db, 'deck@a.test', w.compA1);
    expect(names(await list(`finds[massCompId]=${w.compA2}`, token))).toEqual(['Vessel A2b']);
    expect(names(await list('', token))).toEqual(['Vessel A1', 'Vessel A1b', 'Vessel A2b']);
  });

  it("assigns an asset of the user's other company (not the administrator's active one) and lists it", async () => {
    const userId = w.members[0];
    await t.call({
      method: 'POST',
      url: '/api/master/user_company',
      token: w.adminA,
      payload: { uscoUserId: userId, uscoCompId: w.compA2, uscoAllAssets: 0 },
    });
    const added = await t.call({
      method: 'POST',
      url: '/api/master/user_asset',
      token: w.adminA,
      payload: { uassUserId: userId, uassMassId: w.assetA2 },
    });
    expect(added.statusCode).toBe(200);
    const listed = await t.call({
      method: 'GET',
      url: `/api/master/user_asset?finds[uassUserId]=${userId}`,
      token: w.adminA,
    });
    expect(listed.json.data.map((r: { uassMass: { massName: string } }) => r.uassMass.massName)).toEqual(['Vessel A2']);
    // an asset of a company the user does not belong to is refused under the field
    const outside = await t.call({
      method: 'POST',
      url: '/api/master/user_asset',
      token: w.adminA,
      payload: { uassUserId: w.members[1], uassMassId: w.assetA2 },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json.status.message).toEqual({ uassMassId: [USER_ASSET_COMPANY_MESSAGE] });
    // another tenant's asset stays "not found"
    const foreign = await t.call({
      method: 'POST',
      url: '/api/master/user_asset',
      token: w.adminA,
      payload: { uassUserId: userId, uassMassId: w.assetB1 },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json.status.message).toEqual({ uassMassId: ['Asset not found'] });
  });
});
