import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, type TestApp } from '../helpers/app.ts';
import { type World, worldApp } from './world.ts';

/** Names are unique per master list (within the list's tenant), compared case-insensitively (issue 11 item 6). */
describe.each(dialects())('unique names of the master lists on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
  });
  afterAll(() => t.close());

  // shared catalogues are written by the platform administrator only (docs/decisions.md "Tenants")
  const CATALOGUES = ['fuel_type', 'asset_type', 'bunker_location', 'sensor_type', 'sensor_category', 'events'];
  const post = (path: string, payload: Record<string, unknown>, token?: string) =>
    t.call({
      method: 'POST',
      url: `/api/master/${path}`,
      token: token ?? (CATALOGUES.includes(path) ? w.platform : w.adminA),
      payload,
    });

  it.each([
    ['fuel_type', 'mftyName', 'A fuel type with this name already exists', {}],
    ['asset_type', 'matyName', 'An asset type with this name already exists', {}],
    ['bunker_location', 'mbloName', 'A bunker location with this name already exists', {}],
    ['sensor_type', 'mstyName', 'A sensor type with this name already exists', {}],
    ['roles', 'roleName', 'A role with this name already exists', {}],
  ] as const)('%s refuses a second %s in any case (409)', async (path, field, message, extra) => {
    const first = await post(path, { ...extra, [field]: 'Saved Name' });
    expect(first.statusCode).toBe(200);
    for (const name of ['Saved Name', 'saved name', ' SAVED NAME ']) {
      const again = await post(path, { ...extra, [field]: name });
      expect(again.statusCode, name).toBe(409);
      expect(again.json.status.message).toBe(message);
    }
  });

  it('a group (a tenant): one name and one nick name each (issue 28)', async () => {
    const first = await post('group_company', { grcpName: 'Nusantara Group', grcpNickName: 'NSG' }, w.platform);
    expect(first.statusCode).toBe(200);
    const sameName = await post('group_company', { grcpName: 'nusantara group', grcpNickName: 'NSG2' }, w.platform);
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json.status.message).toBe('A group with this name already exists');
    const sameNick = await post('group_company', { grcpName: 'Nusantara Dua', grcpNickName: 'nsg' }, w.platform);
    expect(sameNick.statusCode).toBe(409);
    expect(sameNick.json.status.message).toBe('A group with this nick name already exists');
    // without a nick name: no clash on the empty one
    for (const name of ['No Nick A', 'No Nick B'])
      expect((await post('group_company', { grcpName: name }, w.platform)).statusCode).toBe(200);
    for (const name of ['Empty Nick A', 'Empty Nick B'])
      expect((await post('group_company', { grcpName: name, grcpNickName: '' }, w.platform)).statusCode).toBe(200);
  });

  it('a master event type, a sensor category: the same rule', async () => {
    const event = { mevtTriggerDuration: 0, mevtIsPriority: 0, mevtThresholds: '{}' };
    expect((await post('events', { ...event, mevtType: 'Overspeed' })).statusCode).toBe(409);
    expect((await post('events', { ...event, mevtType: 'OVERSPEED' })).json.status.message).toBe(
      'A master event with this type already exists',
    );
    const category = await post('sensor_category', { mscaName: 'fuel level', mscaMstyId: w.sensorType });
    expect(category.statusCode).toBe(409);
  });

  it('tank header, company and asset names are unique within their company or group only', async () => {
    const header = { tahdUnit: 'mm', tahdMftyId: w.fuelType };
    expect((await post('tank_header', { ...header, tahdCompId: w.compA1, tahdName: 'Day Tank' })).statusCode).toBe(200);
    const dup = await post('tank_header', { ...header, tahdCompId: w.compA1, tahdName: 'DAY TANK' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json.status.message).toBe('The company already has a tank header with this name');
    expect((await post('tank_header', { ...header, tahdCompId: w.compA2, tahdName: 'Day Tank' })).statusCode).toBe(200);

    const company = await post('company', { compGrcpId: w.groupA, compName: 'company a2' });
    expect(company.statusCode).toBe(409);
    expect(company.json.status.message).toBe('The group already has a company with this name');

    // an asset is created in the active company: the same name in another company is fine
    const asset = await post('asset', { massName: 'vessel a1' });
    expect(asset.statusCode).toBe(409);
    expect(asset.json.status.message).toBe('The company already has an asset with this name');
    expect((await post('asset', { massName: 'Vessel A1' }, w.adminB)).statusCode).toBe(200);
  });

  it('refuses renaming onto a taken name, and keeps a row its own name', async () => {
    const a = await post('fuel_type', { mftyName: 'Rename A' });
    await post('fuel_type', { mftyName: 'Rename B' });
    const id = a.json.data.mftyId;
    const put = (mftyName: string) =>
      t.call({ method: 'PUT', url: `/api/master/fuel_type/${id}`, token: w.platform, payload: { mftyName } });
    expect((await put('rename b')).statusCode).toBe(409);
    expect((await put('RENAME A')).statusCode).toBe(200);
  });
});
