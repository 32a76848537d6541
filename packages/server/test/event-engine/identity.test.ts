import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { runSweep } from '../../src/modules/event-engine/sweep.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { type EventWorld, eventWorld, T0 } from './world.ts';

const ALL = ['create', 'read', 'update', 'delete'] as const;
const HOT = {
  temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 500 } } },
} as const;

/**
 * Issue 23: the event log is keyed by the gateway device, not by its unique id text. Tenant A renames its gateway,
 * tenant B registers a gateway under A's old unique id: B sees none of A's events, A keeps its history under the
 * new name (docs/operations.md "Event log identity").
 */
describe.each(dialects())('event log identity on %s', (dialect) => {
  let t: TestApp;
  let a: EventWorld;
  let b: EventWorld;
  let adminA: string;
  let adminB: string;
  let hot: number;
  const renamed = 'gateway-ida-renamed';
  const log = (token: string, device?: string) =>
    t.call({
      method: 'GET',
      url: `/api/log/event/event/period/${T0}/${T0 + 86400}${device ? `?finds[evntDeviceId]=${device}` : ''}`,
      token,
    });
  const temp = (ts: number, temperature: number) => ({ device: a.uid.temperature, ts, data: { temperature } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    a = await eventWorld(t.database, 'ida');
    b = await eventWorld(t.database, 'idb');
    const db = t.database.db;
    const role = await createRole(db, 'Gateway admin', {
      log_event_event: ['read'],
      master_device: [...ALL],
      master_config_event: [...ALL],
    });
    await createUser(db, { userId: 'a@id.test', username: 'ida', roleIds: [role], companies: [{ compId: a.comp }] });
    await createUser(db, { userId: 'b@id.test', username: 'idb', roleIds: [role], companies: [{ compId: b.comp }] });
    adminA = await signIn(db, 'a@id.test', a.comp);
    adminB = await signIn(db, 'b@id.test', b.comp);
    hot = await a.defineEvent('Exhaust temperature high', 0, HOT, 1);
    await a.activate([hot]);
    // one event closed (T0+10 … T0+40), one still Active when the gateway is renamed (from T0+100)
    await a.ingest([temp(T0, 450), temp(T0 + 10, 520), temp(T0 + 40, 480), temp(T0 + 100, 530)]);
  });
  afterAll(() => t.close());

  it('A renames its gateway and B registers A’s old unique id: B sees none of A’s events, A all of its own', async () => {
    const before = await log(adminA, a.gatewayUid);
    expect(before.json.data.map((e: any) => e.evntStatus)).toEqual([1, 0]);

    const rename = await t.call({
      method: 'PUT',
      url: `/api/master/device/${a.gatewayId}`,
      token: adminA,
      payload: { devcUniqueId: renamed },
    });
    expect(rename.statusCode).toBe(200);
    const reuse = await t.call({
      method: 'POST',
      url: '/api/master/device',
      token: adminB,
      payload: { devcName: 'Reused gateway', devcType: 'gateway', devcMassId: b.massId, devcUniqueId: a.gatewayUid },
    });
    expect(reuse.statusCode).toBe(200);

    // B: nothing under the reused text, nothing at all
    for (const device of [a.gatewayUid, undefined]) {
      const r = await log(adminB, device);
      expect(r.statusCode).toBe(200);
      expect(r.json).toMatchObject({ data: [], pagination: { totalData: 0 } });
    }
    // A: its history under the new name, the unique id taken from the device as it is now
    const mine = await log(adminA, renamed);
    expect(mine.json.pagination.totalData).toBe(2);
    for (const e of mine.json.data) {
      expect(e.evntDeviceId).toBe(renamed);
      expect(e.evntDevice).toEqual({ devcUniqueId: renamed, devcType: 'gateway', devcMassId: a.massId });
    }
    expect((await log(adminA, a.gatewayUid)).json.data).toEqual([]);
  });

  it('an event open while its gateway was renamed closes when its condition ends, and opens again', async () => {
    await a.ingest([temp(T0 + 160, 470), temp(T0 + 200, 540)]);
    const r = await log(adminA, renamed);
    expect(r.json.data.map((e: any) => [e.evntTimestamp, e.evntStatus, e.evntStatus ? null : e.evntDuration])).toEqual([
      [new Date((T0 + 200) * 1000).toISOString(), 1, null],
      [new Date((T0 + 100) * 1000).toISOString(), 0, 60],
      [new Date((T0 + 10) * 1000).toISOString(), 0, 30],
    ]);
    // B's new gateway under the old text has no events; none of A's rows name it
    const rows = await t.database.db.selectFrom('event_log').select(['evntDevcId', 'evntMassId']).execute();
    expect(rows.length).toBe(3);
    for (const row of rows as any[])
      expect([Number(row.evntDevcId), Number(row.evntMassId)]).toEqual([a.gatewayId, a.massId]);
  });

  it('deactivating the active configuration closes its open event; then the gateway can be deleted', async () => {
    const active = await t.database.db
      .selectFrom('config_event')
      .select('mcevId')
      .where('mcevDevcId', '=', a.gatewayId)
      .where('mcevIsActive', '=', 1)
      .executeTakeFirstOrThrow();
    const refused = await t.call({ method: 'DELETE', url: `/api/master/device/${a.gatewayId}`, token: adminA });
    expect(refused.statusCode).toBe(409);
    // another tenant cannot touch it
    const foreign = await t.call({
      method: 'POST',
      url: `/api/master/config_event/${active.mcevId}/deactivate`,
      token: adminB,
    });
    expect(foreign.statusCode).toBe(404);
    const off = await t.call({
      method: 'POST',
      url: `/api/master/config_event/${active.mcevId}/deactivate`,
      token: adminA,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json.data.mcevIsActive).toBe(0);
    const del = await t.call({ method: 'DELETE', url: `/api/master/device/${a.gatewayId}`, token: adminA });
    expect(del.statusCode).toBe(200);
    // the engine closes what the deactivation ended, though the gateway is gone by then
    await runSweep(t.database, nowSeconds());
    const rows = await t.database.db.selectFrom('event_log').select(['evntStatus']).execute();
    expect(rows.map((r: any) => Number(r.evntStatus))).toEqual([0, 0, 0]);
    // the rows are kept, but match no device: visible to nobody
    expect((await log(adminA)).json.data).toEqual([]);
    expect((await log(adminB)).json.data).toEqual([]);
  });
});
