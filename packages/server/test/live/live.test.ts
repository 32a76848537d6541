import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, pgPool, type TestApp } from '../helpers/app.ts';
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

/** The connection string of the test's PostgreSQL database. */
async function currentUrl(t: TestApp): Promise<string> {
  const r = await pgPool(t.database).query('select current_database() as name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${r.rows[0].name}`;
  return url.toString();
}
