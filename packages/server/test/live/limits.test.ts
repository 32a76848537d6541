import { Writable } from 'node:stream';
import { ErrorCode } from '@fleet/shared/api.ts';
import { LIVE_CLOSE } from '@fleet/shared/live.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { liveHubOf } from '../../src/modules/live/live-hub.ts';
import { createTestApp, dialects, freshDatabase, type TestApp } from '../helpers/app.ts';
import { signIn } from '../helpers/fixtures.ts';
import { telemetryWorld } from '../telemetry/world.ts';
import { malformedFrame, RawSocket } from './raw-socket.ts';
import { SocketClient } from './socket-client.ts';

const T0 = Math.floor(Date.now() / 1000) - 3600;

/**
 * Issue 23, "No client can starve or crash the server": the live socket's limits (docs/operations.md
 * "Live push limits"). Budgets are made small through the environment so that a test reaches them quickly.
 */
describe.each(dialects())('live push limits on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  let base: string;
  let open: { close(): void }[] = [];

  const ticket = async (token: string) => {
    const r = await t.call({ method: 'POST', url: '/api/socket/ticket', token });
    expect(r.statusCode).toBe(200);
    return r.json.data.ticket as string;
  };
  const socket = async (token: string) => {
    const c = await SocketClient.open(base, await ticket(token));
    open.push(c);
    return c;
  };
  const hub = () => liveHubOf(t.database)!;
  /** One pushed state of vessel A1's GPS (the hub's fan-out, as after a committed ingest). */
  const push = (ts: number, extra: Record<string, unknown> = {}) =>
    hub().deliver([{ deviceId: w.dev.gps, ts, data: JSON.stringify({ latitude: -6, longitude: 107, ...extra }) }]);

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { LIVE_SEND_BUFFER_KB: '64', LIVE_MAX_SOCKETS_PER_SESSION: '2', LIVE_MAX_SOCKETS_PER_USER: '3' },
    });
    w = await telemetryWorld(t.database);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    for (const c of open) c.close();
    open = [];
    await vi.waitFor(() => expect(hub().size).toBe(0), { timeout: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('closes a socket whose client stops reading once its send buffer passes the budget (4001); the others keep receiving', async () => {
    const healthy = await socket(w.adminA);
    // a read-only operator of the same company, whose client stops reading
    const slowA = await RawSocket.open(base, `/api/socket?ticket=${await ticket(w.readerA)}`);
    open.push({ close: () => slowA.destroy() });
    const other = await socket(w.adminB);
    await slowA.until((s) => s.messages.some((m) => m.includes('"hello"')));
    slowA.pause();
    expect(hub().size).toBe(3);

    // 32 KB per push, at most 64 MB: a loopback connection's kernel buffers take some MB before the server's own
    // send buffer grows (the loop stops as soon as the hub let the slow socket go)
    const pad = 'x'.repeat(32 * 1024);
    let sent = 0;
    while (hub().size === 3 && sent < 2000) {
      await push(T0 + sent, { pad });
      sent++;
      await new Promise((r) => setImmediate(r));
    }
    expect(hub().size).toBe(2);
    // …and the others go on receiving: the healthy one got every push, before and after
    await push(T0 + sent);
    await healthy.next((m) => m.type === 'states' && m.states[0].timestamp === T0 + sent);
    expect(healthy.rows()).toHaveLength(sent + 1);
    // the slow client, reading again, finds what was sent before it fell behind, then the close code
    slowA.resume();
    await slowA.until((s) => s.closeCode !== null || s.ended);
    expect(slowA.closeCode).toBe(LIVE_CLOSE.resync);
    expect(slowA.messages.filter((m) => m.includes('"states"')).length).toBeLessThan(sent);
    // the other tenant's socket saw none of it, and stays open
    expect(other.rows()).toEqual([]);
    expect(other.closed).toBeNull();
  }, 60_000);

  it('keeps at most LIVE_MAX_SOCKETS_PER_SESSION sockets of a session: a new one closes the oldest (4002)', async () => {
    const token = await signIn(t.database.db, 'reader@a.test', w.compA1);
    const first = await socket(token);
    const second = await socket(token);
    const third = await socket(token);
    await vi.waitFor(() => expect(first.closed?.code).toBe(LIVE_CLOSE.replaced), { timeout: 10_000 });
    expect(hub().size).toBe(2);
    await push(T0 + 5000);
    for (const c of [second, third]) await c.next((m) => m.type === 'states');
    expect(second.closed).toBeNull();
    expect(third.closed).toBeNull();
  });

  it('keeps at most LIVE_MAX_SOCKETS_PER_USER sockets of a user across sessions: a new one closes the oldest', async () => {
    const one = await signIn(t.database.db, 'reader@a.test', w.compA1);
    const two = await signIn(t.database.db, 'reader@a.test', w.compA1);
    const a = await socket(one);
    const b = await socket(two);
    const c = await socket(two);
    const d = await socket(one);
    await vi.waitFor(() => expect(a.closed?.code).toBe(LIVE_CLOSE.replaced), { timeout: 10_000 });
    expect(hub().size).toBe(3);
    await push(T0 + 6000);
    for (const s of [b, c, d]) await s.next((m) => m.type === 'states');
    // another user of the same company is not affected by this user's sockets
    const other = await socket(w.adminA);
    expect(other.closed).toBeNull();
    expect(hub().size).toBe(4);
  });

  it('refuses a ticket issued before sign-out, or whose session went idle', async () => {
    const token = await signIn(t.database.db, 'reader@a.test', w.compA1);
    const before = await ticket(token);
    const out = await t.call({ method: 'GET', url: '/api/security/authentication/logout', token });
    expect(out.statusCode).toBe(200);
    await expect(SocketClient.open(base, before)).rejects.toThrow('HTTP 401');

    const idle = await signIn(t.database.db, 'reader@a.test', w.compA1);
    const late = await ticket(idle);
    await t.database.db.updateTable('session_token').set({ sessLastSeenTime: 1 }).execute();
    await expect(SocketClient.open(base, late)).rejects.toThrow('HTTP 401');
    expect(hub().size).toBe(0);
  });

  it('answers 400 with the envelope to duplicate ticket parameters', async () => {
    const r = await t.call({ method: 'GET', url: '/api/socket?ticket=a&ticket=b' });
    expect(r.statusCode).toBe(400);
    expect(r.json.status).toMatchObject({ error: 1, errorCode: ErrorCode.validation });
    expect(r.json.status.message).toMatch(/ticket/);
    await expect(RawSocket.open(base, '/api/socket?ticket=a&ticket=b')).rejects.toThrow('HTTP 400');
  });
});

describe('live push limits: configuration', () => {
  it('takes whole numbers in range and refuses anything else, naming the variable', () => {
    expect(loadConfig({}).live).toEqual({
      sendBufferBytes: 1024 * 1024,
      maxSocketsPerSession: 8,
      maxSocketsPerUser: 16,
    });
    expect(loadConfig({ LIVE_SEND_BUFFER_KB: '256' }).live.sendBufferBytes).toBe(256 * 1024);
    for (const [name, value] of [
      ['LIVE_SEND_BUFFER_KB', 'lots'],
      ['LIVE_SEND_BUFFER_KB', '4'],
      ['LIVE_MAX_SOCKETS_PER_SESSION', '0'],
      ['LIVE_MAX_SOCKETS_PER_USER', '2.5'],
    ])
      expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

/** Malformed frames are the client's fault: one warn line per interval with a count, never an error with a stack. */
describe('live push: malformed frames', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let base: string;
  let token: string;
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];

  beforeAll(async () => {
    const database = await freshDatabase('sqlite');
    const w = await telemetryWorld(database);
    drop = database.drop;
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    app = await buildApp({
      database,
      config: loadConfig({
        DATA_DIR: `/tmp/fleet-test-${process.pid}`,
        DEMO: '0',
        SIMULATOR: '0',
        DAILY_REPORT_TICK_SECONDS: '0',
      }),
      logger: { level: 'info', stream },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    token = w.adminA;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app.close();
    await drop();
  });

  it('logs one warn line per interval with the count of the ones left out', async () => {
    const sockets: RawSocket[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await app.inject({ method: 'POST', url: '/api/socket/ticket', headers: { authentication: token } });
      const s = await RawSocket.open(base, `/api/socket?ticket=${r.json().data.ticket}`);
      await s.until((x) => x.messages.length > 0);
      sockets.push(s);
    }
    const about = () => lines.filter((l) => /frame/i.test(l.msg) || l.level >= 50);
    for (const s of sockets.slice(0, 5)) {
      s.sendRaw(malformedFrame());
      await s.until((x) => x.ended);
    }
    expect(about()).toHaveLength(1);
    expect(about()[0]).toMatchObject({ level: 40, suppressed: 0 });
    expect(JSON.stringify(about()[0])).not.toMatch(/\bat .*\.js:\d+/); // no stack

    // a minute later the next one is logged, with the four left out since the last line
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    sockets[5].sendRaw(malformedFrame());
    await sockets[5].until((x) => x.ended);
    expect(about()).toHaveLength(2);
    expect(about()[1]).toMatchObject({ level: 40, suppressed: 4 });
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
