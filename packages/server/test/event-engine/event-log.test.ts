import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END_AFTER_START_MESSAGE } from '../../src/modules/event-engine/event-log.routes.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { type EventWorld, eventWorld, T0 } from './world.ts';

describe.each(dialects())('GET /api/log/event/event/period on %s', (dialect) => {
  let t: TestApp;
  let w: EventWorld;
  let other: EventWorld;
  let reader: string;
  let outsider: string;
  let noPermission: string;
  let hot: number;
  let ac: number;
  const url = (start: number | string, end: number | string, q = '') =>
    `/api/log/event/event/period/${start}/${end}${q ? `?${q}` : ''}`;
  const get = (u: string, token = reader) => t.call({ method: 'GET', url: u, token });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await eventWorld(t.database, 'lg1');
    other = await eventWorld(t.database, 'lg2');
    const db = t.database.db;
    const role = await createRole(db, 'Event reader', { log_event_event: ['read'] });
    const bare = await createRole(db, 'No events', { master_asset: ['read'] });
    await createUser(db, {
      userId: 'r@e.test',
      username: 'reventer',
      roleIds: [role],
      companies: [{ compId: w.comp }],
    });
    await createUser(db, {
      userId: 'o@e.test',
      username: 'oventer',
      roleIds: [role],
      companies: [{ compId: other.comp }],
    });
    await createUser(db, { userId: 'n@e.test', username: 'nventer', roleIds: [bare], companies: [{ compId: w.comp }] });
    reader = await signIn(db, 'r@e.test', w.comp);
    outsider = await signIn(db, 'o@e.test', other.comp);
    noPermission = await signIn(db, 'n@e.test', w.comp);
    hot = await w.defineEvent(
      'Exhaust temperature high',
      60,
      {
        temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 500 } } },
      },
      1,
    );
    ac = await w.defineEvent('AC power lost', 0, {
      power: { conditions_operator: 'and', data: { onAc: { operator: '==', value: 0 } } },
    });
    await w.activate([hot, ac]);
    const temp = (ts: number, temperature: number) => ({ device: w.uid.temperature, ts, data: { temperature } });
    // hot: held T0+10 … T0+100 (closed, 90 s); AC lost at T0+3600, back at T0+3900 (300 s), lost again at T0+7200
    await w.ingest([temp(T0, 450), temp(T0 + 10, 520), temp(T0 + 40, 530), temp(T0 + 70, 540), temp(T0 + 100, 480)]);
    await w.ingest([
      { device: w.uid.power, ts: T0 + 3600, data: { onAc: 0 } },
      { device: w.uid.power, ts: T0 + 3900, data: { onAc: 1 } },
      { device: w.uid.power, ts: T0 + 7200, data: { onAc: 0 } },
    ]);
  });
  afterAll(() => t.close());

  it('answers the events of the period with type, badges, duration and data, newest first', async () => {
    const r = await get(url(T0, T0 + 86400));
    expect(r.statusCode).toBe(200);
    expect(r.json.pagination.totalData).toBe(3);
    const rows = r.json.data;
    expect(rows.map((e: any) => [e.evntMevt.mevtType, e.evntTimestamp, e.evntStatus])).toEqual([
      ['AC power lost', new Date((T0 + 7200) * 1000).toISOString(), 1],
      ['AC power lost', new Date((T0 + 3600) * 1000).toISOString(), 0],
      ['Exhaust temperature high', new Date((T0 + 10) * 1000).toISOString(), 0],
    ]);
    const hotRow = rows[2];
    expect(hotRow).toMatchObject({
      evntDuration: 90,
      evntIsPriority: 1,
      evntDeviceId: w.gatewayUid,
      evntMevtId: hot,
      evntOldData: { [w.uid.temperature]: { temperature: { temperature: 450 } } },
      evntNewData: { [w.uid.temperature]: { temperature: { temperature: 540 } } },
      evntThreshold: {
        temperature: { conditions_operator: 'and', data: { temperature: { operator: '>', value: 500 } } },
      },
      evntDevice: { devcUniqueId: w.gatewayUid, devcType: 'gateway', devcMassId: w.massId },
    });
    expect(rows[1].evntDuration).toBe(300);
    // an Active event counts up to now
    expect(rows[0].evntDuration).toBeGreaterThan(Math.floor(Date.now() / 1000) - (T0 + 7200) - 5);
  });

  it('filters by device, priority, status and event type; orders; pages', async () => {
    const q = (s: string) => get(url(T0, T0 + 86400, s)).then((r) => r.json);
    expect((await q(`finds[evntDeviceId]=${w.gatewayUid}&finds[evntIsPriority]=1`)).data).toHaveLength(1);
    expect((await q('finds[evntStatus]=1')).data.map((e: any) => e.evntMevtId)).toEqual([ac]);
    expect((await q(`finds[evntMevtId]=${ac}`)).pagination.totalData).toBe(2);
    const asc = await q('orders[evntTimestamp]=asc');
    expect(asc.data[0].evntMevtId).toBe(hot);
    const byPriority = await q('orders[evntIsPriority]=desc&orders[evntTimestamp]=asc');
    expect(byPriority.data.map((e: any) => e.evntMevtId)).toEqual([hot, ac, ac]);
    const page2 = await q('max=2&page=2');
    expect(page2).toMatchObject({ pagination: { totalData: 3 } });
    expect(page2.data.map((e: any) => e.evntMevtId)).toEqual([hot]);
    // a period overlapping only the first AC event
    const mid = await get(url(T0 + 3800, T0 + 4000));
    expect(mid.json.data.map((e: any) => e.evntTimestamp)).toEqual([new Date((T0 + 3600) * 1000).toISOString()]);
    // times as text
    const text = await get(url('2026-01-01 00:00:00', '2026-01-01 00:05:00'));
    expect(text.json.pagination.totalData).toBe(1);
  });

  it('refuses end not after start with the spec message, bad finds and orders with 400', async () => {
    for (const [s, e] of [
      [T0, T0],
      [T0 + 10, T0],
    ]) {
      const r = await get(url(s, e));
      expect(r.statusCode).toBe(400);
      expect(r.json.status.message).toBe(END_AFTER_START_MESSAGE);
    }
    expect((await get(url('yesterday', T0))).statusCode).toBe(400);
    expect((await get(url(T0, T0 + 10, 'finds[evntStatus]=2'))).statusCode).toBe(400);
    expect((await get(url(T0, T0 + 10, 'finds[evntMevtId]=x'))).statusCode).toBe(400);
    expect((await get(url(T0, T0 + 10, 'orders[evntDuration]=asc'))).statusCode).toBe(400);
    expect((await get(url(T0, T0 + 10, 'orders[evntStatus]=up'))).statusCode).toBe(400);
  });

  it('shows only the visible vessels and needs log_event_event', async () => {
    const r = await get(url(T0, T0 + 86400, `finds[evntDeviceId]=${w.gatewayUid}`), outsider);
    expect(r.statusCode).toBe(200);
    expect(r.json).toMatchObject({ data: [], pagination: { totalData: 0 } });
    expect((await get(url(T0, T0 + 86400), noPermission)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: url(T0, T0 + 86400) })).statusCode).toBe(401);
  });
});
