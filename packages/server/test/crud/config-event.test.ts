import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_ACTIVE_CONFIGURATION_MESSAGE } from '../../src/modules/assets/device.hooks.ts';
import { dialects, type TestApp } from '../helpers/app.ts';
import { type World, worldApp } from './world.ts';

type Row = Record<string, any>;

/** Event configurations per gateway (spec 001 §4). */
describe.each(dialects())('config event behaviours on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    ({ t, w } = await worldApp(dialect));
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: Row, token = w.adminA) =>
    t.call({ method, url: `/api/master/${path}`, token, payload });
  const create = async (payload: Row) => (await api('POST', 'config_event', payload)).json.data as Row;

  it('gives a new configuration version = highest + 1 for its asset id, inactive', async () => {
    // the world holds version 1 of gwa1
    const v2 = await create({
      mcevAssetId: w.a.gatewayKey,
      mcevDescription: 'second',
      mcevVersion: 40,
      mcevIsActive: 1,
    });
    expect(v2).toMatchObject({ mcevAssetId: w.a.gatewayKey, mcevVersion: 2, mcevIsActive: 0, mcevAppliedTime: null });
    // the gateway's full unique id names the same asset id
    const v3 = await create({ mcevAssetId: `gateway-${w.a.gatewayKey}` });
    expect(v3).toMatchObject({ mcevAssetId: w.a.gatewayKey, mcevVersion: 3 });
    const list = await api('GET', `config_event?finds[mcevAssetId]=${w.a.gatewayKey}&orders[mcevVersion]=desc`);
    expect(list.json.data.map((r: Row) => r.mcevVersion)).toEqual([3, 2, 1]);
  });

  it('refuses to activate without asset events, with the spec message', async () => {
    const cfg = await create({ mcevAssetId: w.a.gatewayKey });
    const r = await api('POST', `config_event/${cfg.mcevId}/activate`);
    expect(r.statusCode).toBe(409);
    expect(r.json.status.message).toBe('Cannot activate. Please add events to this configuration first.');
    expect((await api('GET', `config_event/${cfg.mcevId}`)).json.data.mcevIsActive).toBe(0);
  });

  it('activates one version, stamps the applied time and deactivates the others of the asset id', async () => {
    const first = await create({ mcevAssetId: w.a.gatewayKey, mcevDescription: 'first' });
    const second = await create({ mcevAssetId: w.a.gatewayKey, mcevDescription: 'second' });
    for (const cfg of [first, second]) {
      expect((await api('POST', 'asset_event', { asevMcevId: cfg.mcevId, asevMevtId: w.events[0] })).statusCode).toBe(
        200,
      );
    }
    const a = await api('POST', `config_event/${first.mcevId}/activate`);
    expect(a.statusCode).toBe(200);
    expect(a.json.data.mcevIsActive).toBe(1);
    expect(Date.parse(a.json.data.mcevAppliedTime)).toBeGreaterThanOrEqual(Date.parse(first.mcevCreatedTime));
    expect(a.json.data.mcevUpdatedUserId).toBe('admin@a.test');
    const b = await api('POST', `config_event/${second.mcevId}/activate`);
    expect(b.json.data.mcevIsActive).toBe(1);
    const active = await api('GET', `config_event?max=100&finds[mcevAssetId]=${w.a.gatewayKey}&finds[mcevIsActive]=1`);
    expect(active.json.data.map((r: Row) => r.mcevId)).toEqual([second.mcevId]);
    // configurations of other gateways are untouched
    const bActive = await api(
      'POST',
      'asset_event',
      { asevMcevId: w.b.configEvent, asevMevtId: w.events[0] },
      w.adminB,
    );
    expect(bActive.statusCode).toBe(200);
    expect((await api('POST', `config_event/${w.b.configEvent}/activate`, undefined, w.adminB)).statusCode).toBe(200);
    expect((await api('GET', `config_event/${second.mcevId}`)).json.data.mcevIsActive).toBe(1);
  });

  it('never changes the active flag or version on edit, and keeps an active configuration from deletion', async () => {
    const active = (await api('GET', `config_event?finds[mcevAssetId]=${w.a.gatewayKey}&finds[mcevIsActive]=1`)).json
      .data[0];
    const edit = await api('PUT', `config_event/${active.mcevId}`, {
      mcevDescription: 'edited',
      mcevIsActive: 0,
      mcevVersion: 99,
      mcevAssetId: 'elsewhere',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json.data).toMatchObject({
      mcevDescription: 'edited',
      mcevIsActive: 1,
      mcevVersion: active.mcevVersion,
      mcevAssetId: w.a.gatewayKey,
    });
    const del = await api('DELETE', `config_event/${active.mcevId}`);
    expect(del.statusCode).toBe(409);
    expect(del.json.status.message).toBe('An active configuration cannot be deleted. Activate another version first.');
    const inactive = (await api('GET', `config_event?finds[mcevAssetId]=${w.a.gatewayKey}&finds[mcevIsActive]=0`)).json
      .data[0];
    expect((await api('DELETE', `config_event/${inactive.mcevId}`)).statusCode).toBe(200);
  });

  it("refuses activation of another tenant's configuration (404) and without update permission (403)", async () => {
    expect((await api('POST', `config_event/${w.b.configEvent}/activate`)).statusCode).toBe(404);
    expect((await api('POST', `config_event/${w.a.configEvent}/activate`, undefined, w.readerA)).statusCode).toBe(403);
  });

  it('refuses the same event twice in a configuration (409)', async () => {
    const cfg = await create({ mcevAssetId: w.a.gatewayKey });
    const body = { asevMcevId: cfg.mcevId, asevMevtId: w.events[1] };
    expect((await api('POST', 'asset_event', body)).statusCode).toBe(200);
    const again = await api('POST', 'asset_event', body);
    expect(again.statusCode).toBe(409);
    expect(again.json.status.message).toBe('This event is already in the configuration');
  });

  it("a renamed gateway's configurations follow its new asset id", async () => {
    const rename = await api('PUT', `device/${w.b.gateway}`, { devcUniqueId: 'gateway-gwb1-new' }, w.adminB);
    expect(rename.statusCode).toBe(200);
    const list = await api('GET', 'config_event?finds[mcevAssetId]=gwb1-new', undefined, w.adminB);
    expect(list.json.data.map((r: Row) => r.mcevId)).toEqual([w.b.configEvent]);
    expect((await api('GET', 'config_event?finds[mcevAssetId]=gwb1', undefined, w.adminB)).json.data).toEqual([]);
  });

  it('deactivates an active configuration (master_config_event update), after which its gateway can be deleted', async () => {
    const active = (await api('GET', `config_event?finds[mcevAssetId]=${w.a.gatewayKey}&finds[mcevIsActive]=1`)).json
      .data[0];
    const all = (await api('GET', `config_event?max=100&finds[mcevAssetId]=${w.a.gatewayKey}`)).json.data;
    expect(all.length).toBeGreaterThan(1);
    // while a configuration is active the gateway stays, with a message that says what to do
    const refused = await api('DELETE', `device/${w.a.gateway}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json.status.message).toBe(GATEWAY_ACTIVE_CONFIGURATION_MESSAGE);
    // the permission spec 001 names for changing a configuration: read alone is refused; another tenant's is unknown
    expect((await api('POST', `config_event/${active.mcevId}/deactivate`, undefined, w.readerA)).statusCode).toBe(403);
    expect((await api('POST', `config_event/${active.mcevId}/deactivate`, undefined, w.adminB)).statusCode).toBe(404);
    const off = await api('POST', `config_event/${active.mcevId}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json.data).toMatchObject({ mcevId: active.mcevId, mcevIsActive: 0, mcevUpdatedUserId: 'admin@a.test' });
    // again: nothing to do, same answer
    expect((await api('POST', `config_event/${active.mcevId}/deactivate`)).json.data.mcevIsActive).toBe(0);
    // the gateway goes, and its (inactive) configurations with it; the other tenant's are untouched
    const del = await api('DELETE', `device/${w.a.gateway}`);
    expect(del.statusCode).toBe(200);
    const left = await t.database.db
      .selectFrom('config_event')
      .select((eb: any) => eb.fn.countAll().as('n'))
      .where('mcevDevcId', '=', w.a.gateway)
      .executeTakeFirst();
    expect(Number((left as any).n)).toBe(0);
    expect((await api('GET', `config_event/${w.b.configEvent}`, undefined, w.adminB)).statusCode).toBe(200);
  });
});
