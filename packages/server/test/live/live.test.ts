import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveHubOf } from '../../src/modules/live/live-hub.ts';
import { issueDeviceKey } from '../../src/modules/telemetry/device-keys.ts';
import { createTestApp, dialects, pgPool, type TestApp } from '../helpers/app.ts';
import { createAsset, createDevice } from '../helpers/fixtures.ts';
import { telemetryWorld } from '../telemetry/world.ts';
import { SocketClient } from './socket-client.ts';

const T0 = Math.floor(Date.now() / 1000) - 600;

describe.each(dialects())('live push on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  let base: string;
  const clients: SocketClient[] = [];

  const ticket = async (token: string) => {
    const r = await t.call({ method: 'POST', url: '/api/socket/ticket', token });
    expect(r.statusCode).toBe(200);
    return r.json.data.ticket as string;
  };
  const open = async (token: string) => {
    const c = await SocketClient.open(base, await ticket(token));
    clients.push(c);
    return c;
  };
  const ingest = (key: string, readings: unknown[]) =>
    t.call({ method: 'POST', url: '/api/ingest', headers: { 'x-device-key': key }, payload: { readings } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await telemetryWorld(t.database);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
  });

  it('gives a ticket only to a signed-in user', async () => {
    const r = await t.call({ method: 'POST', url: '/api/socket/ticket' });
    expect(r.statusCode).toBe(401);
    expect(r.json.status.message).toBe('Authentication Error');
  });

  it('refuses a socket without a ticket, with a wrong one, a used one or an expired one', async () => {
    await expect(SocketClient.open(base, '')).rejects.toThrow('HTTP 401');
    await expect(SocketClient.open(base, 'not-a-ticket')).rejects.toThrow('HTTP 401');
    const once = await ticket(w.adminA);
    clients.push(await SocketClient.open(base, once));
    await expect(SocketClient.open(base, once)).rejects.toThrow('HTTP 401');
    const old = await ticket(w.adminA);
    await t.database.db.updateTable('live_ticket').set({ ltckExpiresTime: 1 }).execute();
    await expect(SocketClient.open(base, old)).rejects.toThrow('HTTP 401');
  });

  it("pushes a vessel's new latest state to its tenant only", async () => {
    const a = await open(w.adminA);
    const b = await open(w.adminB);
    const res = await ingest(w.keys.gatewayA1, [
      { device: 'gps-a1', ts: T0, data: { latitude: -6.1, longitude: 106.9, heading: 45, speed: 8 } },
      { device: 'rpm-a1-1', ts: T0, data: { rpm: 750 } },
    ]);
    expect(res.json.data.accepted).toBe(2);
    const msg = await a.next((m) => m.type === 'states');
    const gps = msg.states.find((s: any) => s.devcUniqueId === 'gps-a1');
    expect(gps).toMatchObject({
      devcMassId: w.assetA1,
      devcType: 'gps',
      timestamp: T0,
      latitude: -6.1,
      longitude: 106.9,
    });
    expect(msg.states.find((s: any) => s.devcUniqueId === 'rpm-a1-1')).toMatchObject({ rpm: 750, devcLabel: 'PORT' });

    // B's own vessel arrives at B; A's never did (messages are delivered in order on one socket)
    await ingest(w.keys.gatewayB1, [{ device: 'gps-b1', ts: T0, data: { latitude: 1, longitude: 104 } }]);
    await b.next((m) => m.type === 'states');
    expect(b.rows().map((r) => r.devcMassId)).toEqual([w.assetB1]);
    // …and A never sees B's
    await ingest(w.keys.gatewayA1, [{ device: 'gps-a1', ts: T0 + 60, data: { latitude: -6.2, longitude: 106.9 } }]);
    await a.next((m) => m.type === 'states' && m.states.some((s: any) => s.timestamp === T0 + 60));
    expect(new Set(a.rows().map((r) => r.devcMassId))).toEqual(new Set([w.assetA1]));
  });

  it('sends nothing for a duplicate reading (no new state)', async () => {
    const a = await open(w.adminA);
    const dup = await ingest(w.keys.gatewayA1, [
      { device: 'gps-a1', ts: T0, data: { latitude: -6.1, longitude: 106.9 } },
    ]);
    expect(dup.json.data.duplicate).toBe(1);
    await ingest(w.keys.gatewayA1, [{ device: 'gps-a1', ts: T0 + 120, data: { latitude: -6.3, longitude: 106.9 } }]);
    await a.next((m) => m.type === 'states');
    expect(a.rows().map((r) => r.timestamp)).toEqual([T0 + 120]);
  });

  it.runIf(dialect === 'postgres')(
    'delivers a reading ingested by another server process (LISTEN/NOTIFY)',
    async () => {
      const a = await open(w.adminA);
      const dbUrl = await currentUrl(t);
      const readings = [{ device: 'gps-a1', ts: T0 + 180, data: { latitude: -6.4, longitude: 107 } }];
      const tsx = resolve(__dirname, '../../../../node_modules/.bin/tsx');
      const { stdout } = await promisify(execFile)(
        tsx,
        [resolve(__dirname, 'ingest-child.ts'), dbUrl, w.keys.gatewayA1, JSON.stringify(readings)],
        {
          cwd: resolve(__dirname, '../..'),
        },
      );
      expect(JSON.parse(stdout).data.accepted).toBe(1);
      const msg = await a.next((m) => m.type === 'states' && m.states.some((s: any) => s.timestamp === T0 + 180));
      expect(msg.states[0]).toMatchObject({ devcUniqueId: 'gps-a1', latitude: -6.4, longitude: 107 });
    },
    60_000,
  );
});

/**
 * Coalescing (docs/decisions.md "Fleet map with 1,000 live vessels"): the hub sends a subscriber at most one states
 * message per LIVE_COALESCE_MS. The interval is set to a minute here, so that the test, not the clock, ends it.
 */
describe.each(dialects())('live push coalescing on %s', (dialect) => {
  const N = 12;
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  let base: string;
  let fleet: { massId: number; key: string; gps: string; gpsId: number }[] = [];
  const clients: SocketClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LIVE_COALESCE_MS: '60000' } });
    w = await telemetryWorld(t.database);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    fleet = [];
    for (let i = 0; i < N; i++) {
      const massId = await createAsset(t.database.db, w.compA1, `Burst ${i}`);
      const gateway = await createDevice(t.database.db, massId, `burst-gw-${i}`, 'gateway');
      const gpsId = await createDevice(t.database.db, massId, `burst-gps-${i}`, 'gps');
      fleet.push({ massId, gps: `burst-gps-${i}`, gpsId, key: await issueDeviceKey(t.database.db, gateway, 'test') });
    }
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
  });

  it('sends a lone reading at once, then a burst of N readings of N vessels as one message with N vessels', async () => {
    const r = await t.call({ method: 'POST', url: '/api/socket/ticket', token: w.adminA });
    const a = await SocketClient.open(base, r.json.data.ticket);
    const other = await SocketClient.open(
      base,
      (await t.call({ method: 'POST', url: '/api/socket/ticket', token: w.adminB })).json.data.ticket,
    );
    clients.push(a, other);
    const hub = liveHubOf(t.database)!;
    const post = (key: string, readings: unknown[]) =>
      t.call({ method: 'POST', url: '/api/ingest', headers: { 'x-device-key': key }, payload: { readings } });

    // after a quiet interval a reading leaves at once (the interval of a minute has not ended)
    await post(w.keys.gatewayA1, [{ device: 'gps-a1', ts: T0, data: { latitude: -6.1, longitude: 106.9 } }]);
    const first = await a.next((m) => m.type === 'states');
    expect(first.states.map((s: any) => s.devcUniqueId)).toEqual(['gps-a1']);

    // a burst: each vessel's gateway posts its own reading, all inside the interval; vessel 0 posts twice
    const res = await Promise.all([
      ...fleet.map((v, i) =>
        post(v.key, [{ device: v.gps, ts: T0 + 10, data: { latitude: -6 - i / 100, longitude: 107, speed: 5 } }]),
      ),
      post(w.keys.gatewayB1, [{ device: 'gps-b1', ts: T0 + 10, data: { latitude: 1, longitude: 104 } }]),
    ]);
    expect(res.map((x) => x.json.data.accepted)).toEqual([...fleet.map(() => 1), 1]);
    await post(fleet[0].key, [{ device: fleet[0].gps, ts: T0 + 20, data: { latitude: -5.9, longitude: 107.1 } }]);
    // the states wait for the end of the interval (PostgreSQL: they come back over LISTEN first, in any order)
    await vi.waitFor(
      () => {
        expect(hub.pendingCount).toBe(N + 1);
        expect(hub.pendingState(fleet[0].gpsId)?.ts).toBe(T0 + 20);
      },
      { timeout: 10_000 },
    );
    expect(a.messages.filter((m) => m.type === 'states')).toHaveLength(1);

    hub.flush();
    const burst = await a.next((m) => m.type === 'states' && m !== first);
    // one message: every vessel of the burst once, with its newest state; nothing of the other tenant
    expect(burst.states).toHaveLength(N);
    expect(new Set(burst.states.map((s: any) => s.devcMassId))).toEqual(new Set(fleet.map((v) => v.massId)));
    expect(burst.states.find((s: any) => s.devcMassId === fleet[0].massId)).toMatchObject({
      timestamp: T0 + 20,
      latitude: -5.9,
    });
    expect(burst.states.find((s: any) => s.devcMassId === fleet[5].massId)).toMatchObject({
      timestamp: T0 + 10,
      latitude: -6.05,
    });
    // nothing came between the lone reading and the burst (messages arrive in order on one socket)
    expect(a.messages.filter((m) => m.type === 'states').indexOf(burst)).toBe(1);
    // the other tenant's subscriber got its own vessel in the same flush, and only that
    const b = await other.next((m) => m.type === 'states');
    expect(b.states.map((s: any) => s.devcMassId)).toEqual([w.assetB1]);
    expect(hub.pendingCount).toBe(0);
  });
});

/** The connection string of the test's PostgreSQL database. */
async function currentUrl(t: TestApp): Promise<string> {
  const r = await pgPool(t.database).query('select current_database() as name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${r.rows[0].name}`;
  return url.toString();
}
