import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, pgPool, type TestApp } from '../helpers/app.ts';
import { telemetryWorld } from '../telemetry/world.ts';
import { SocketClient } from './socket-client.ts';

const T0 = Math.floor(Date.now() / 1000) - 900;

/** Live push of opened High priority events (issue 17): to the sessions that may see the vessel, nobody else. */
describe.each(dialects())('High events pushed live on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  let base: string;
  const clients: SocketClient[] = [];
  let high = 0;
  let normal = 0;

  const open = async (token: string, query = '') => {
    const r = await t.call({ method: 'POST', url: '/api/socket/ticket', token });
    const c = await SocketClient.open(base, r.json.data.ticket, query);
    clients.push(c);
    return c;
  };
  const ingest = (key: string, readings: unknown[]) =>
    t.call({ method: 'POST', url: '/api/ingest', headers: { 'x-device-key': key }, payload: { readings } });
  const define = async (type: string, priority: number, thresholds: object) =>
    Number(
      (
        await t.database.db
          .insertInto('master_event')
          .values({
            mevtType: type,
            mevtTriggerDuration: 0,
            mevtIsPriority: priority,
            mevtThresholds: JSON.stringify(thresholds),
          })
          .returning('mevtId')
          .executeTakeFirstOrThrow()
      ).mevtId,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await telemetryWorld(t.database);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const db = t.database.db;
    high = await define('Exhaust Temperature High', 1, {
      'tm-a1-1': { conditions_operator: 'and', data: { temperature: { operator: '>', value: 450 } } },
    });
    normal = await define('AC Power Lost', 0, {
      power: { conditions_operator: 'and', data: { onAc: { operator: '==', value: 0 } } },
    });
    const c = await db
      .insertInto('config_event')
      .values({
        mcevAssetId: 'gw-a1',
        mcevDevcId: w.dev.gatewayA1,
        mcevVersion: 1,
        mcevIsActive: 1,
        mcevAppliedTime: T0,
      })
      .returning('mcevId')
      .executeTakeFirstOrThrow();
    for (const m of [high, normal])
      await db.insertInto('asset_event').values({ asevMcevId: c.mcevId, asevMevtId: m }).execute();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
  });

  it("sends an opened High event to the vessel's tenant with the vessel's name; not a Normal one, not to another tenant", async () => {
    const a = await open(w.adminA);
    const aEvents = await open(w.adminA, '&only=events');
    const b = await open(w.adminB);
    await ingest(w.keys.gatewayA1, [
      { device: 'pw-a1', ts: T0, data: { onAc: 0 } },
      { device: 'tm-a1-1', ts: T0, data: { temperature: 470 } },
    ]);
    const msg = await a.next((m) => m.type === 'event');
    expect(msg.event).toEqual({
      massId: w.assetA1,
      massName: expect.any(String),
      gatewayUid: 'gw-a1',
      mevtId: high,
      eventName: 'Exhaust Temperature High',
      timestamp: T0,
    });
    const name = await t.database.db
      .selectFrom('asset')
      .select('massName')
      .where('massId', '=', w.assetA1)
      .executeTakeFirstOrThrow();
    expect(msg.event.massName).toBe(name.massName);
    // the events-only socket gets the event and no latest states
    expect((await aEvents.next((m) => m.type === 'event')).event.mevtId).toBe(high);
    // B's own reading arrives at B after anything sent to B before it: no event of A's vessel among them
    await ingest(w.keys.gatewayB1, [{ device: 'gps-b1', ts: T0, data: { latitude: 1, longitude: 104 } }]);
    await b.next((m) => m.type === 'states');
    expect(b.messages.filter((m) => m.type === 'event')).toEqual([]);
    // one event message (the Normal event opened too, in the same batch, but is not pushed)
    expect(a.messages.filter((m) => m.type === 'event')).toHaveLength(1);
    const events = await t.database.db.selectFrom('event_log').select('evntMevtId').execute();
    expect(events.map((e: { evntMevtId: unknown }) => Number(e.evntMevtId)).sort()).toEqual([high, normal].sort());
    expect(aEvents.messages.some((m) => m.type === 'states')).toBe(false);
  });

  it.runIf(dialect === 'postgres')(
    'delivers a High event opened by another server process (LISTEN/NOTIFY)',
    async () => {
      const a = await open(w.adminA, '&only=events');
      const r = await pgPool(t.database).query('select current_database() as name');
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${r.rows[0].name}`;
      // closes the open event (below 450), then opens it again at T0 + 120
      const readings = [
        { device: 'tm-a1-1', ts: T0 + 60, data: { temperature: 400 } },
        { device: 'tm-a1-1', ts: T0 + 120, data: { temperature: 480 } },
      ];
      const tsx = resolve(__dirname, '../../../../node_modules/.bin/tsx');
      await promisify(execFile)(
        tsx,
        [resolve(__dirname, 'ingest-child.ts'), url.toString(), w.keys.gatewayA1, JSON.stringify(readings)],
        { cwd: resolve(__dirname, '../..') },
      );
      const msg = await a.next((m) => m.type === 'event' && m.event.timestamp === T0 + 120);
      expect(msg.event).toMatchObject({ massId: w.assetA1, eventName: 'Exhaust Temperature High' });
    },
    60_000,
  );

  it('refuses an unknown only= value before the upgrade', async () => {
    const r = await t.call({ method: 'POST', url: '/api/socket/ticket', token: w.adminA });
    await expect(SocketClient.open(base, r.json.data.ticket, '&only=everything')).rejects.toThrow('HTTP 400');
  });
});
