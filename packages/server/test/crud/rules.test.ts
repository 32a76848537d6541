import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TANK_HEADER_COMPANY_MESSAGE } from '../../src/modules/rob/config-tank.hooks.ts';
import { dialects, type TestApp } from '../helpers/app.ts';
import { type World, worldApp } from './world.ts';

/** Cross-resource rules of the generic module: in-use deletes, search, query and body errors, OpenAPI. */
describe.each(dialects())('CRUD rules on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, token = w.adminA) =>
    t.call({ method, url: `/api/master/${path}`, token, payload: payload as never });

  it("refuses a tank header of another company than the tank device's asset (issue 28)", async () => {
    // admin A sees companies A1 and A2: the tank device is on A1's vessel, the header is A2's
    const header = await api('POST', 'tank_header', {
      tahdCompId: w.compA2,
      tahdName: 'A2 sounding',
      tahdUnit: 'mm',
      tahdMftyId: w.fuelType,
    });
    expect(header.statusCode).toBe(200);
    const other = header.json.data.tahdId;
    const refused = await api('POST', 'config_tank', {
      mcotDeviceId: w.a.tank[1],
      mcotNo: 'FO 9P',
      mcotMscaId: w.sensorCategory,
      mcotTahdId: other,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.status.message).toEqual({ mcotTahdId: [TANK_HEADER_COMPANY_MESSAGE] });
    // and an existing configuration cannot be moved to it
    const own = await api('POST', 'config_tank', {
      mcotDeviceId: w.a.tank[1],
      mcotNo: 'FO 9P',
      mcotMscaId: w.sensorCategory,
      mcotTahdId: w.a.tankHeader,
    });
    expect(own.statusCode).toBe(200);
    const moved = await api('PUT', `config_tank/${own.json.data.mcotId}`, { mcotTahdId: other });
    expect(moved.statusCode).toBe(400);
    expect((await api('DELETE', `config_tank/${own.json.data.mcotId}`)).statusCode).toBe(200);
  });

  it('refuses deleting a row still in use with a 409 naming what uses it', async () => {
    await api('POST', 'config_tank', {
      mcotDeviceId: w.a.tank[0],
      mcotNo: 'FO 1P',
      mcotMscaId: w.sensorCategory,
      mcotTahdId: w.a.tankHeader,
    });
    // shared catalogues and groups: the platform administrator deletes them (docs/decisions.md "Tenants")
    const category = await api('DELETE', `sensor_category/${w.sensorCategory}`, undefined, w.platform);
    expect(category.statusCode).toBe(409);
    expect(category.json.status.message).toBe(
      'Cannot delete this Sensor Category: it is still used by Config Tank (1)',
    );
    const company = await api('DELETE', `company/${w.compA2}`);
    expect(company.statusCode).toBe(409);
    expect(company.json.status.message).toMatch(/^Cannot delete this Company: it is still used by .*Asset \(1\)/);
    const group = await api('DELETE', `group_company/${w.groupA}`, undefined, w.platform);
    expect(group.statusCode).toBe(409);
    expect(group.json.status.message).toMatch(/^Cannot delete this Group: it is still used by Company \(2\)/);
    // still there
    expect((await api('GET', `sensor_category/${w.sensorCategory}`)).statusCode).toBe(200);
  });

  it('refuses a second device with the same unique id, and a second RPM configuration of a device (409)', async () => {
    const dup = await api('POST', 'device', {
      devcName: 'Dup',
      devcType: 'gps',
      devcMassId: w.assetA1,
      devcUniqueId: 'gps-a1',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json.status.message).toBe('Unique ID is already used by another device');
    // changing another device to that id is refused as well
    const edit = await api('PUT', `device/${w.a.rpm[3]}`, { devcUniqueId: 'gps-a1' });
    expect(edit.statusCode).toBe(409);
    expect((await api('POST', 'config_rpm', { mcrpDevcId: w.a.rpm[3], mcrpType: 'PORT' })).statusCode).toBe(200);
    const again = await api('POST', 'config_rpm', { mcrpDevcId: w.a.rpm[3], mcrpType: 'STARBOARD' });
    expect(again.statusCode).toBe(409);
    expect(again.json.status.message).toBe('This device already has an RPM configuration');
  });

  it('searches literally: % and _ are not wildcards', async () => {
    await api('POST', 'fuel_type', { mftyName: 'Blend 100% bio' }, w.platform);
    await api('POST', 'fuel_type', { mftyName: 'Blend 1000 bio' }, w.platform);
    const pct = await api('GET', 'fuel_type?findField=mftyName&findValue=100%25');
    expect(pct.json.data.map((r: { mftyName: string }) => r.mftyName)).toEqual(['Blend 100% bio']);
    const under = await api('GET', 'fuel_type?findField=mftyName&findValue=blend_1');
    expect(under.json.data).toEqual([]);
  });

  it('looks an id up exactly when searching a number field', async () => {
    const r = await api('GET', `device?max=100&findField=devcMassId&findValue=${w.assetA1}`);
    expect(r.json.data.length).toBeGreaterThan(0);
    for (const d of r.json.data) expect(d.devcMassId).toBe(w.assetA1);
    expect((await api('GET', 'device?findField=devcMassId&findValue=abc')).json.data).toEqual([]);
  });

  it('orders by a joined column and filters a text field exactly', async () => {
    const r = await api('GET', 'company?orders[compGrcp.grcpName]=asc&finds[compStatus]=1');
    expect(r.statusCode).toBe(200);
    expect(r.json.data.every((c: { compStatus: string }) => c.compStatus === '1')).toBe(true);
    const bad = await api('GET', 'device?finds[devcMassId]=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json.status.message).toBe('finds[devcMassId] must be a whole number');
  });

  it('answers bad paging and bad ids with a 400 sentence, and no token with Authentication Error', async () => {
    for (const q of ['page=0', 'max=-1', 'max=20000', 'page=x']) {
      const r = await api('GET', `asset_type?${q}`);
      expect(r.statusCode, q).toBe(400);
      expect(typeof r.json.status.message).toBe('string');
    }
    expect((await api('GET', 'asset_type/abc')).statusCode).toBe(400);
    const anon = await t.call({ method: 'GET', url: '/api/master/asset_type' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json.status.message).toBe('Authentication Error');
  });

  it('answers numbers and times no column can hold with a 400, never a 500', async () => {
    for (const path of [
      'asset/99999999999999999999',
      'device?finds[devcMassId]=1.5',
      'device?finds[devcMassId]=1e20',
      'bunker/log/period/0/99999999999999',
    ]) {
      const r = await api('GET', path);
      expect(r.statusCode, path).toBe(400);
    }
    expect((await api('GET', 'device?findField=devcMassId&findValue=1e20')).json.data).toEqual([]);
    const cases = [
      ['device', { devcName: 'X', devcType: 'gps', devcUniqueId: 'gps-big', devcMassId: 1e20 }, 'devcMassId'],
      ['events', { mevtType: 'X', mevtTriggerDuration: 1e15 }, 'mevtTriggerDuration'],
      ['device_log', { dvlgDevcId: w.a.gps, dvlgType: 'X', dvlgTime: 1e20 }, 'dvlgTime'],
      ['device_log', { dvlgDevcId: w.a.gps, dvlgType: 'X', dvlgTime: '99999-01-01T00:00:00Z' }, 'dvlgTime'],
    ] as const;
    for (const [path, body, field] of cases) {
      const r = await api('POST', path, body);
      expect(r.statusCode, field).toBe(400);
      expect(Object.keys(r.json.status.message)).toEqual([field]);
    }
  });

  it('answers a body that is not an object with a 400, not a 500', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/master/asset_type',
      token: w.adminA,
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.statusCode).toBe(400);
    const broken = await t.call({
      method: 'POST',
      url: '/api/master/asset_type',
      token: w.adminA,
      payload: '{"matyName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });

  it('documents every resource route in the OpenAPI document', async () => {
    const r = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const paths = Object.keys(r.json.paths);
    for (const p of [
      '/api/master/asset',
      '/api/master/asset/{id}',
      '/api/master/bunker/log/period/{start}/{end}',
      '/api/master/asset/upload/{id}',
      '/api/master/config_event/{id}/activate',
      '/api/master/rob/adjustment/{id}',
    ]) {
      expect(paths, p).toContain(p);
    }
    const list = r.json.paths['/api/master/asset'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(list.properties)).toEqual(expect.arrayContaining(['status', 'data', 'pagination', 'fields']));
    const row = list.properties.data.items.properties;
    expect(row).toHaveProperty('massMaty');
    // the password is accepted, never answered
    const login = r.json.paths['/api/master/user_login'];
    expect(login.post.requestBody.content['application/json'].schema.properties).toHaveProperty('usloPassword');
    expect(JSON.stringify(login.get.responses)).not.toContain('usloPassword');
    expect(JSON.stringify(login.post.responses)).not.toContain('usloPassword');
  });
});
