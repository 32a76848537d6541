import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as devices from '../../src/modules/tracker/devices.ts';
import { type HubLimits, TrackerHub } from '../../src/modules/tracker/tracker-hub.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createDevice, twoTenants } from '../helpers/fixtures.ts';
import { imeiOf, RawClient, UdpClient } from './socket.ts';
import { VECTORS } from './vectors.ts';

// the real look-up, counted: how many times the listener asked the database about an IMEI
vi.mock('../../src/modules/tracker/devices.ts', async (original) => {
  const real = await original<typeof devices>();
  return { ...real, findTracker: vi.fn(real.findTracker) };
});
const lookups = (imei: string) => vi.mocked(devices.findTracker).mock.calls.filter(([, i]) => i === imei).length;

/**
 * The listener's defences against clients that are not trackers (docs/operations.md "Teltonika trackers"): the
 * handshake deadline counted from connect, the cap of connections without a handshake, unknown IMEIs remembered,
 * dropped UDP datagrams logged once per interval.
 */
const udpGood = VECTORS.find((v) => v.transport === 'udp' && !v.expected?.must_fail)!;
const udpImei = udpGood.reference_decode!.imei!;
const STRANGER = '359999999999998';
/** udpGood as if sent by an IMEI that is no tracker (same length) */
const strangerHex = udpGood.hex
  .toUpperCase()
  .replace(Buffer.from(udpImei).toString('hex').toUpperCase(), Buffer.from(STRANGER).toString('hex').toUpperCase());

const poll = async (until: () => boolean) => {
  for (let i = 0; i < 500 && !until(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe.each(dialects())('Teltonika listener limits (%s)', (dialect) => {
  let t: TestApp;
  const hubs: TrackerHub[] = [];
  const lines: { level: number; msg: string; count?: number; reason?: string }[] = [];
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );
  let assetA1: number;

  const start = async (limits: Partial<HubLimits>) => {
    const hub = new TrackerHub(t.app.ingest, log, limits);
    hubs.push(hub);
    return { hub, ...(await hub.listen(0, '127.0.0.1')) };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      seed: async (d) => {
        const world = await twoTenants(d.db, ['teltonika_map']);
        assetA1 = world.assetA1;
        for (const n of [1, 2, 3]) await createDevice(d.db, assetA1, imeiOf(n), 'tracker');
        await createDevice(d.db, assetA1, udpImei, 'tracker');
      },
    });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(hubs.splice(0).map((h) => h.close()));
    lines.length = 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('closes a connection that sends only keep-alive bytes once the handshake deadline from connect has passed', async () => {
    const { tcp } = await start({ handshakeTimeoutMs: 300 });
    const c = await RawClient.connect(tcp);
    // 0xFF every 100 ms: each byte used to restart the deadline, so the IMEI never had to come
    for (let i = 0; i < 100 && !c.closed; i++) {
      c.send('ff');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(c.closed).toBe(true);
    expect(lines.some((l) => l.msg === 'teltonika: connection closed' && l.reason === 'no handshake in time')).toBe(
      true,
    );
  });

  it('keeps connections without a handshake to their own cap, so trackers still get in; identified ones have theirs', async () => {
    const { hub, tcp } = await start({
      maxConnections: 2,
      maxUnidentified: 2,
      maxPerAddress: 100,
      handshakeTimeoutMs: 60_000,
    });
    const silent: RawClient[] = [];
    for (let i = 0; i < 4; i++) {
      const c = await RawClient.connect(tcp);
      c.send('ff');
      silent.push(c);
    }
    // the two oldest gave way to the two newest
    await silent[0].whenClosed;
    await silent[1].whenClosed;
    expect(hub.stats.unidentified).toBe(2);
    // trackers connect although connections without a handshake fill their cap
    const trackers: RawClient[] = [];
    for (const n of [1, 2]) {
      const c = await RawClient.connect(tcp);
      c.handshake(imeiOf(n));
      expect(await c.read(1), `tracker ${n}`).toBe('01');
      trackers.push(c);
    }
    expect(hub.connected().length).toBe(2);
    // the cap of identified connections: a third tracker is refused (00, closed)
    const third = await RawClient.connect(tcp);
    third.handshake(imeiOf(3));
    expect(await third.closedWith()).toBe('00');
    expect(lines.some((l) => l.msg === 'teltonika: tracker refused (connection cap reached)')).toBe(true);
    // the trackers already in are untouched
    expect(trackers.some((c) => c.closed)).toBe(false);
    for (const c of [...silent, ...trackers]) c.end();
  });

  it('remembers an IMEI that is not a tracker: one database look-up for a flood, found once the memory expires', async () => {
    const { tcp, udp } = await start({ unknownImeiTtlMs: 60_000 });
    const imei = '359999999999997';
    const before = lookups(imei);
    for (let i = 0; i < 5; i++) {
      const c = await RawClient.connect(tcp);
      c.handshake(imei);
      expect(await c.closedWith()).toBe('00');
    }
    expect(lookups(imei) - before).toBe(1);

    // the same over UDP: a burst of datagrams of an unknown IMEI, then a known one (answered, so all were handled)
    const u = new UdpClient(udp);
    try {
      const strangerBefore = lookups(STRANGER);
      for (let i = 0; i < 20; i++) u.send(strangerHex);
      u.send(udpGood.hex);
      expect(await u.answer()).toBe(udpGood.reference_decode!.server_ack_hex);
      expect(lookups(STRANGER) - strangerBefore).toBe(1);
    } finally {
      u.close();
    }

    // a tracker added later: still refused from memory, then found once the memory has expired
    await createDevice(t.database.db, assetA1, imei, 'tracker');
    const again = await RawClient.connect(tcp);
    again.handshake(imei);
    expect(await again.closedWith()).toBe('00');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const later = await RawClient.connect(tcp);
    later.handshake(imei);
    expect(await later.read(1)).toBe('01');
    later.end();
  });

  it('logs dropped UDP datagrams once per interval with a count', async () => {
    const { hub, udp } = await start({ udpLogIntervalMs: 60_000 });
    const dropped = () => lines.filter((l) => l.msg === 'teltonika: UDP datagram dropped');
    const unknown = () => lines.filter((l) => l.msg === 'teltonika: UDP datagram of an unknown tracker dropped');
    const u = new UdpClient(udp);
    try {
      for (let i = 0; i < 30; i++) u.send('0005cafe0102'); // too short
      for (let i = 0; i < 10; i++) u.send(strangerHex);
      u.send(udpGood.hex);
      expect(await u.answer()).toBe(udpGood.reference_decode!.server_ack_hex);
    } finally {
      u.close();
    }
    expect(dropped().map((l) => l.count)).toEqual([1]);
    expect(unknown().map((l) => l.count)).toEqual([1]);
    expect(hub.stats.refusedFrames).toBe(30);
    // the rest is counted into one line at the end of the interval (here: when the listener closes)
    await hub.close();
    expect(dropped().map((l) => l.count)).toEqual([1, 29]);
    expect(unknown().map((l) => l.count)).toEqual([1, 9]);
  });

  it('logs the count of each interval when it ends', async () => {
    const { udp } = await start({ udpLogIntervalMs: 50 });
    const dropped = () => lines.filter((l) => l.msg === 'teltonika: UDP datagram dropped');
    const u = new UdpClient(udp);
    try {
      for (let i = 0; i < 5; i++) u.send('0005cafe0102');
      u.send(udpGood.hex);
      expect(await u.answer()).toBe(udpGood.reference_decode!.server_ack_hex);
    } finally {
      u.close();
    }
    const total = () => dropped().reduce((n, l) => n + l.count!, 0);
    await poll(() => total() === 5);
    // the first at once, the other four in the line(s) of the interval(s) they fell in
    expect(dropped()[0].count).toBe(1);
    expect(dropped().length).toBeGreaterThan(1);
    expect(dropped().length).toBeLessThan(5);
    expect(total()).toBe(5);
  });
});
