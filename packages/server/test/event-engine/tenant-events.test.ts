import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createAsset, createCompany, createDevice, createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { type EventWorld, eventWorld, T0 } from './world.ts';

type Row = Record<string, any>;

const above = (value: number) =>
  JSON.stringify({
    temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value } } },
  });

/**
 * A tenant's own master events (issue 28, docs/decisions.md "Tenants"): a tenant administrator adds events that
 * belong to the active company; another tenant neither sees, changes nor uses them; the engine evaluates them only
 * on that company's vessels. Shared events stay read-only to tenants.
 */
describe.each(dialects())('tenant master events on %s', (dialect) => {
  let t: TestApp;
  let a: EventWorld;
  let b: EventWorld;
  let adminA: string;
  let adminA2: string;
  let adminB: string;
  let platform: string;
  let shared: number;
  let own: number;
  let configB: number;
  beforeAll(async () => {
    // no sweep: its server clock would close the test's past events as silent
    t = await createTestApp(dialect, { env: { EVENT_SWEEP_SECONDS: '0' } });
    const db = t.database.db;
    a = await eventWorld(t.database, 'ta');
    b = await eventWorld(t.database, 'tb');
    // a second company of tenant A, with a gateway of its own
    const compA2 = await createCompany(db, a.grcp, 'Events Co ta2');
    await createDevice(db, await createAsset(db, compA2, 'MV Events ta2'), 'gateway-ta2', 'gateway');
    const role = await createRole(db, 'Event administrator', {
      master_events: ['create', 'read', 'update', 'delete'],
      master_config_event: ['create', 'read', 'update', 'delete'],
    });
    const user = (userId: string, comps: number[]) =>
      createUser(db, {
        userId,
        username: userId.split('@')[0],
        roleIds: [role],
        companies: comps.map((compId) => ({ compId })),
      });
    await user('ea@a.test', [a.comp, compA2]);
    await user('eb@b.test', [b.comp]);
    await user('ep@ops.test', [a.comp]);
    await db.updateTable('user').set({ userPlatformAdmin: 1 }).where('userId', '=', 'ep@ops.test').execute();
    adminA = await signIn(db, 'ea@a.test', a.comp);
    adminA2 = await signIn(db, 'ea@a.test', compA2);
    adminB = await signIn(db, 'eb@b.test', b.comp);
    platform = await signIn(db, 'ep@ops.test', a.comp);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Row) =>
    t.call({ method, url: `/api/master/${url}`, token, payload });
  const event = (mevtType: string, value = 500) => ({
    mevtType,
    mevtTriggerDuration: 0,
    mevtIsPriority: 0,
    mevtThresholds: above(value),
  });
  const listed = async (token: string) =>
    ((await call('GET', 'events?max=1000', token)).json.data as Row[]).map((r) => r.mevtId);

  it("a platform administrator's new event is shared: every tenant lists it, none may change it", async () => {
    const r = await call('POST', 'events', platform, event('Exhaust hot (shared)', 600));
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ mevtCompId: null, mevtComp: null });
    shared = r.json.data.mevtId;
    expect(await listed(adminA)).toContain(shared);
    expect(await listed(adminB)).toContain(shared);
    for (const [method, body] of [['PUT', { mevtDescription: 'x' }], ['DELETE']] as const) {
      const refused = await call(method, `events/${shared}`, adminB, body);
      expect(refused.statusCode, method).toBe(403);
      expect(refused.json.status.message).toMatch(/^This list is shared by all tenants/);
    }
  });

  it("a tenant administrator's new event is the active company's own; another tenant neither sees nor changes it", async () => {
    const r = await call('POST', 'events', adminA, event('Exhaust hot'));
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ mevtCompId: a.comp, mevtComp: { compName: 'Events Co ta' } });
    own = r.json.data.mevtId;
    expect((await call('PUT', `events/${own}`, adminA, { mevtDescription: 'Ours' })).statusCode).toBe(200);
    expect(await listed(adminA)).toEqual(expect.arrayContaining([own, shared]));
    expect(await listed(adminB)).not.toContain(own);
    const missing = await call('GET', 'events/987654', adminB);
    for (const [method, body] of [['GET'], ['PUT', { mevtDescription: 'theirs' }], ['DELETE']] as const) {
      const other = await call(method, `events/${own}`, adminB, body);
      expect(other.statusCode, method).toBe(404);
      expect(other.json).toEqual(missing.json);
    }
    // a type clashes with the shared events and the company's own, never with another tenant's
    expect((await call('POST', 'events', adminA, event('exhaust HOT (shared)'))).statusCode).toBe(409);
    expect((await call('POST', 'events', adminA, event('EXHAUST HOT'))).statusCode).toBe(409);
    const same = await call('POST', 'events', adminB, event('Exhaust hot', 700));
    expect(same.statusCode, JSON.stringify(same.json)).toBe(200);
    expect(same.json.data.mevtCompId).toBe(b.comp);
    expect((await call('DELETE', `events/${same.json.data.mevtId}`, adminB)).statusCode).toBe(200);
  });

  it("a configuration takes shared events and its company's own, never another company's", async () => {
    const configA = (await call('POST', 'config_event', adminA, { mcevAssetId: 'ta' })).json.data.mcevId;
    for (const mevtId of [own, shared])
      expect((await call('POST', 'asset_event', adminA, { asevMcevId: configA, asevMevtId: mevtId })).statusCode).toBe(
        200,
      );
    expect((await call('POST', `config_event/${configA}/activate`, adminA, {})).statusCode).toBe(200);
    // another tenant: refused like a missing event
    configB = (await call('POST', 'config_event', adminB, { mcevAssetId: 'tb' })).json.data.mcevId;
    const foreign = await call('POST', 'asset_event', adminB, { asevMcevId: configB, asevMevtId: own });
    const missing = await call('POST', 'asset_event', adminB, { asevMcevId: configB, asevMevtId: 987654 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json).toEqual(missing.json);
    expect((await call('POST', 'asset_event', adminB, { asevMcevId: configB, asevMevtId: shared })).statusCode).toBe(
      200,
    );
    // the same tenant's other company: refused, saying why
    const configA2 = (await call('POST', 'config_event', adminA2, { mcevAssetId: 'ta2' })).json.data.mcevId;
    const other = await call('POST', 'asset_event', adminA2, { asevMcevId: configA2, asevMevtId: own });
    expect(other.statusCode).toBe(400);
    expect(other.json.status.message).toEqual({
      asevMevtId: [
        "This event belongs to another company: choose a shared event or one of the configuration's company",
      ],
    });
  });

  it("the engine raises a company's own event on its vessels only", async () => {
    // B's configuration holding A's event (written past the API, as a vessel moved away would leave it), active
    await t.database.db.insertInto('asset_event').values({ asevMcevId: configB, asevMevtId: own }).execute();
    expect((await call('POST', `config_event/${configB}/activate`, adminB, {})).statusCode).toBe(200);
    const reading = (ts: number, temperature: number, w: EventWorld) => ({
      device: w.uid.temperature,
      ts,
      data: { temperature },
    });
    await a.ingest([reading(T0, 650, a)]);
    await b.ingest([reading(T0, 650, b)]);
    expect(await a.events(own)).toMatchObject([{ timestamp: T0, status: 1 }]);
    expect(await a.events(shared)).toMatchObject([{ timestamp: T0, status: 1 }]);
    // B's vessel evaluates the shared event, not A's
    expect(await b.events(shared)).toMatchObject([{ timestamp: T0, status: 1 }]);
    expect(await b.events(own)).toEqual([]);
  });

  it('an event in use is not deleted', async () => {
    const r = await call('DELETE', `events/${own}`, adminA);
    expect(r.statusCode).toBe(409);
    expect(r.json.status.message).toMatch(/^Cannot delete this Master Event: it is still used by/);
  });
});
