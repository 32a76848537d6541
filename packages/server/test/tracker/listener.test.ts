import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { query } from '../../src/modules/telemetry/sql.ts';
import { trackerHub } from '../../src/modules/tracker/tracker.routes.ts';
import { TrackerHub } from '../../src/modules/tracker/tracker-hub.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createDevice, twoTenants } from '../helpers/fixtures.ts';
import { imeiOf, RawClient, UdpClient } from './socket.ts';
import { isGood, type RefRecord, VECTORS, type Vector } from './vectors.ts';

/**
 * Every frame of the shared Teltonika vectors over a real socket (docs/decisions.md "Teltonika trackers"):
 * handshake answers, acknowledgement bytes after the commit, what lands in the store, the UDP answers, refused
 * frames, hostile input and codec 12 commands from the API. Each TCP vector gets its own tracker, so what is
 * stored is exactly that frame's records.
 */
const tcpGood = VECTORS.filter((v) => v.transport === 'tcp' && isGood(v));
const avlGood = tcpGood.filter((v) => v.reference_decode?.records);
const messageGood = tcpGood.filter((v) => v.reference_decode?.messages);
const tcpBad = VECTORS.filter((v) => v.transport === 'tcp' && !isGood(v));
const udpGood = VECTORS.filter((v) => v.transport === 'udp' && !v.expected?.must_fail);
const udpBad = VECTORS.filter((v) => v.transport === 'udp' && v.expected?.must_fail);
const handshakes = VECTORS.filter((v) => v.transport === 'imei' && v.expected?.imei);

/** What the ingest validation keeps (docs/api.md ranges of the tracker data points; times from 2000 on). */
const valid = (r: RefRecord) =>
  r.timestamp_ms >= 946684800000 &&
  r.altitude_m >= -1000 &&
  r.angle_deg <= 360 &&
  r.speed_kmh <= 500 &&
  r.satellites <= 128;

/** The reference records a frame stores: valid ones, the first of each second. */
function expectedRows(records: RefRecord[]) {
  const out = new Map<number, RefRecord>();
  for (const r of records) {
    const ts = Math.floor(r.timestamp_ms / 1000);
    if (valid(r) && !out.has(ts)) out.set(ts, r);
  }
  return [...out.entries()].sort((a, b) => a[0] - b[0]);
}

async function storedOf(database: Database, devcId: number) {
  const pos = await query(
    database,
    'select ts, latitude, longitude, altitude, angle, speed, satellites from telemetry_tracker where device_id = ? order by ts',
    [devcId],
  );
  const io = await query(
    database,
    'select ts, priority, event_io_id, generation_type, io from telemetry_tracker_io where device_id = ? order by ts',
    [devcId],
  );
  return { pos, io };
}

function expectStored(stored: Awaited<ReturnType<typeof storedOf>>, records: RefRecord[], id: string) {
  const want = expectedRows(records);
  expect(
    stored.pos.map((p: any) => ({
      ts: Number(p.ts),
      latitude: p.latitude === null ? null : Number(p.latitude),
      longitude: p.longitude === null ? null : Number(p.longitude),
      altitude: Number(p.altitude),
      angle: Number(p.angle),
      speed: Number(p.speed),
      satellites: Number(p.satellites),
    })),
    id,
  ).toEqual(
    want.map(([ts, r]) => ({
      ts,
      latitude: r.latitude === 0 && r.longitude === 0 ? null : r.latitude,
      longitude: r.latitude === 0 && r.longitude === 0 ? null : r.longitude,
      altitude: r.altitude_m,
      angle: r.angle_deg,
      speed: r.speed_kmh,
      satellites: r.satellites,
    })),
  );
  expect(
    stored.io.map((x: any) => ({
      ts: Number(x.ts),
      priority: Number(x.priority),
      eventIoId: Number(x.event_io_id),
      io: JSON.parse(x.io),
    })),
    id,
  ).toEqual(
    want.map(([ts, r]) => ({
      ts,
      priority: r.priority,
      eventIoId: r.event_io_id,
      io: Object.fromEntries(
        Object.entries(r.io).map(([k, e]) => [
          k,
          e.size !== 'var' && e.size <= 8 && e.uint <= Number.MAX_SAFE_INTEGER ? e.uint : e.hex,
        ]),
      ),
    })),
  );
}

describe.each(dialects())('Teltonika listener over real sockets (%s)', (dialect) => {
  let t: TestApp;
  let hub: TrackerHub;
  let port: number;
  let udpPort: number;
  const devices = new Map<string, number>(); // vector id (or imei) → devc_id
  let world: Awaited<ReturnType<typeof twoTenants>>;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      seed: async (d) => {
        world = await twoTenants(d.db, ['teltonika_map', 'master_device', 'master_asset']);
        let n = 0;
        for (const v of [...avlGood, ...messageGood, ...tcpBad])
          devices.set(v.id, await createDevice(d.db, world.assetA1, imeiOf(++n), 'tracker'));
        const udpImeis = new Set(udpGood.map((v) => v.reference_decode!.imei!));
        for (const imei of [...udpImeis, ...handshakes.map((v) => v.expected.imei)])
          if (!devices.has(imei)) devices.set(imei, await createDevice(d.db, world.assetA1, imei, 'tracker'));
        devices.set(
          'inactive',
          await createDevice(d.db, world.assetA1, '350000000009001', 'tracker', { devcStatus: '0' }),
        );
        devices.set('gps', await createDevice(d.db, world.assetA1, '350000000009002', 'gps'));
        devices.set('loose', await createDevice(d.db, null, '350000000009003', 'tracker'));
        devices.set('b1', await createDevice(d.db, world.assetB1, '350000000009004', 'tracker'));
        devices.set('cmd', await createDevice(d.db, world.assetA1, '350000000009005', 'tracker'));
      },
    });
    // the app's own hub (the API sends commands through it), on ephemeral ports
    hub = trackerHub(t.app);
    const ports = await hub.listen(0, '127.0.0.1');
    port = ports.tcp;
    udpPort = ports.udp;
  });
  afterAll(async () => {
    await t?.close();
  });

  const imeiFor = (id: string) => {
    const n = [...avlGood, ...messageGood, ...tcpBad].findIndex((v) => v.id === id);
    return imeiOf(n + 1);
  };

  it('answers 01 to every handshake vector of a known tracker', async () => {
    for (const v of handshakes) {
      const c = await RawClient.connect(port);
      c.send(v.hex);
      expect(await c.read(1), v.id).toBe(v.expected.server_reply_accept_hex ?? '01');
      c.end();
    }
  });

  it('answers 00 and closes for an unknown, inactive, non-tracker or unassigned device', async () => {
    for (const imei of ['359999999999999', '350000000009001', '350000000009002', '350000000009003']) {
      const c = await RawClient.connect(port);
      c.handshake(imei);
      expect(await c.closedWith(), imei).toBe('00');
    }
  });

  describe('AVL frames (codec 8, 8E, 16): acknowledged with the record count after they are stored', () => {
    for (const v of avlGood) {
      it(`${v.id} (codec ${v.codec}, ${v.reference_decode!.records!.length} records)`, async () => {
        const c = await RawClient.connect(port);
        c.handshake(imeiFor(v.id));
        expect(await c.read(1)).toBe('01');
        c.send(v.hex);
        expect(await c.read(4)).toBe(v.reference_decode!.server_ack_hex);
        // acknowledged means committed: the rows are there when the ack arrives
        expectStored(await storedOf(t.database, devices.get(v.id)!), v.reference_decode!.records!, v.id);
        // the same frame again (the tracker missed our ack): acknowledged, nothing stored twice
        c.send(v.hex);
        expect(await c.read(4)).toBe(v.reference_decode!.server_ack_hex);
        expectStored(await storedOf(t.database, devices.get(v.id)!), v.reference_decode!.records!, v.id);
        c.end();
      });
    }
  });

  it('keeps the last state and the rollups of a tracker in step with its records', async () => {
    const v = VECTORS.find((x) => x.id === 'traccar-27')!; // 14 records of one device
    const id = devices.get(v.id)!;
    const want = expectedRows(v.reference_decode!.records!);
    const [last] = await query(t.database, 'select ts, data from telemetry_last where device_id = ?', [id]);
    const [newestTs, newest] = want[want.length - 1];
    expect(Number(last.ts)).toBe(newestTs);
    expect(JSON.parse(last.data)).toMatchObject({ speed: newest.speed_kmh, satellites: newest.satellites });
    const [h] = await query(
      t.database,
      'select sum(speed_n) as n, sum(speed_sum) as s from telemetry_tracker_hourly where device_id = ?',
      [id],
    );
    expect(Number(h.n)).toBe(want.length);
    expect(Number(h.s)).toBe(want.reduce((a, [, r]) => a + r.speed_kmh, 0));
  });

  describe('command and response frames (codec 12, 13, 14) from a tracker', () => {
    for (const v of messageGood) {
      const types = v.reference_decode!.messages!.map((m) => m.type);
      const command = types.includes(5);
      it(`${v.id}: ${command ? 'a command (server → tracker only) closes the connection' : 'no acknowledgement, the connection stays'}`, async () => {
        const c = await RawClient.connect(port);
        c.handshake(imeiFor(v.id));
        expect(await c.read(1)).toBe('01');
        c.send(v.hex);
        if (command) {
          expect(await c.closedWith()).toBe('');
          return;
        }
        // the next AVL frame's acknowledgement is the first thing the server sends
        const avl = VECTORS.find((x) => x.id === 'traccar-19')!;
        c.send(avl.hex);
        expect(await c.read(4)).toBe(avl.reference_decode!.server_ack_hex);
        c.end();
      });
    }
  });

  describe('refused frames (wrong CRC or length, unsupported codec, corrupted): closed, never acknowledged, nothing stored', () => {
    for (const v of tcpBad) {
      it(v.id, async () => {
        const c = await RawClient.connect(port);
        c.handshake(imeiFor(v.id));
        expect(await c.read(1)).toBe('01');
        c.send(v.hex);
        // a declared length longer than the bytes is still waiting for the rest: the tracker gives up
        const buf = Buffer.from(v.hex, 'hex');
        const complete = buf.length >= 8 && buf.readUInt32BE(4) + 12 <= buf.length;
        if (!complete) c.socket.end();
        expect(await c.closedWith()).toBe('');
        const stored = await storedOf(t.database, devices.get(v.id)!);
        expect(stored.pos.length + stored.io.length).toBe(0);
      });
    }
  });

  it('answers every UDP vector with its acknowledgement (packet id echoed) after storing it; drops bad datagrams', async () => {
    const u = new UdpClient(udpPort);
    try {
      for (const v of udpGood) {
        for (const bad of udpBad) u.send(bad.hex); // dropped without an answer
        u.send(v.hex);
        expect(await u.answer(), v.id).toBe(v.reference_decode!.server_ack_hex);
      }
      const imei = udpGood[0].reference_decode!.imei!;
      const rows = await query(t.database, 'select count(*) as n from telemetry_tracker_io where device_id = ?', [
        devices.get(imei)!,
      ]);
      expect(Number(rows[0].n)).toBeGreaterThan(0);
      // a datagram of an unknown tracker is not answered: the next answer is the good one's
      const stranger = udpGood[0].hex
        .toUpperCase()
        .replace(Buffer.from(imei).toString('hex').toUpperCase(), Buffer.from('359999999999999').toString('hex'));
      expect(stranger).not.toBe(udpGood[0].hex.toUpperCase());
      u.send(stranger);
      // a different AVL packet id, so the answer tells which datagram was answered
      const known = `${udpGood[0].hex.slice(0, 10)}7F${udpGood[0].hex.slice(12)}`;
      u.send(known);
      expect(await u.answer()).toBe(
        `${udpGood[0].reference_decode!.server_ack_hex!.slice(0, 10)}7f${udpGood[0].reference_decode!.server_ack_hex!.slice(12)}`,
      );
    } finally {
      u.close();
    }
  });

  describe('codec 12 commands from the API', () => {
    const getinfo = VECTORS.find((v) => v.id === 'filipkroca-codec12-01')!;
    const response = VECTORS.find((v) => v.id === 'filipkroca-codec12-03')!;

    it('sends the command to the connected tracker and answers with its response', async () => {
      const id = devices.get('cmd')!;
      const d = await RawClient.connect(port);
      d.handshake('350000000009005');
      expect(await d.read(1)).toBe('01');
      const status = await t.call({ method: 'GET', url: '/api/tracker/status', token: world.adminA });
      expect(status.json.data.find((x: any) => x.devcId === id)).toMatchObject({ online: true });
      const answer = t.call({
        method: 'POST',
        url: '/api/tracker/command',
        token: world.adminA,
        payload: { device: '350000000009005', command: 'getinfo' },
      });
      expect((await d.read(getinfo.hex.length / 2)).toUpperCase()).toBe(getinfo.hex.toUpperCase());
      d.send(response.hex);
      const res = await answer;
      expect(res.statusCode).toBe(200);
      expect(res.json.data).toMatchObject({ devcId: id, command: 'getinfo', response: response.expected.response });
      d.end();
      await d.whenClosed;
    });

    it('refuses a command without update permission, for another tenant, to an offline tracker, or malformed', async () => {
      const body = { device: '350000000009005', command: 'getver' };
      const reader = await t.call({ method: 'POST', url: '/api/tracker/command', token: world.readerA, payload: body });
      expect(reader.statusCode).toBe(403);
      const other = await t.call({ method: 'POST', url: '/api/tracker/command', token: world.adminB, payload: body });
      expect(other.statusCode).toBe(404);
      const offline = await t.call({
        method: 'POST',
        url: '/api/tracker/command',
        token: world.adminA,
        payload: { device: imeiFor(avlGood[0].id), command: 'getver' },
      });
      expect(offline.statusCode).toBe(409);
      expect(offline.json.status.message).toBe('The tracker is not connected');
      const bad = await t.call({
        method: 'POST',
        url: '/api/tracker/command',
        token: world.adminA,
        payload: { device: '350000000009005', command: 'get\u0001info' },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('shows the latest IO elements of a tracker in scope only', async () => {
      const v = avlGood[0];
      const own = await t.call({ method: 'GET', url: `/api/tracker/${imeiFor(v.id)}/io`, token: world.readerA });
      expect(own.statusCode).toBe(200);
      expect(Object.keys(own.json.data.io).length).toBeGreaterThan(0);
      const other = await t.call({ method: 'GET', url: `/api/tracker/${imeiFor(v.id)}/io`, token: world.adminB });
      expect(other.statusCode).toBe(404);
    });
  });

  describe('hostile input closes that one connection', () => {
    let strict: TrackerHub;
    let sp: number;
    beforeAll(async () => {
      strict = new TrackerHub(t.app.ingest, t.app.log, {
        maxConnections: 6,
        maxPerAddress: 3,
        handshakeTimeoutMs: 300,
        idleTimeoutMs: 400,
        frameTimeoutMs: 300,
      });
      sp = (await strict.listen(0, '127.0.0.1')).tcp;
    });
    afterAll(async () => strict?.close());

    it('garbage instead of a handshake, a non-digit IMEI, an oversized or corrupt frame', async () => {
      for (const [first, then] of [
        ['474554202f20485454502f312e310d0a', ''], // "GET / HTTP/1.1"
        ['000f3132333435363738393031323341', ''],
        ['', '00000000ffffffff08'], // 4 GB data length
        ['', '0102030405'],
      ]) {
        const c = await RawClient.connect(sp);
        if (first) c.send(first);
        else {
          c.handshake(imeiFor(avlGood[0].id));
          expect(await c.read(1)).toBe('01');
          c.send(then);
        }
        expect(await c.closedWith()).toBe('');
      }
    });

    it('a frame dripping in slower than the frame deadline; a silent connection; an idle tracker', async () => {
      const drip = await RawClient.connect(sp);
      drip.handshake(imeiFor(avlGood[0].id));
      expect(await drip.read(1)).toBe('01');
      drip.send(avlGood[0].hex.slice(0, 40));
      expect(await drip.closedWith()).toBe('');
      const silent = await RawClient.connect(sp);
      expect(await silent.closedWith()).toBe('');
      const idle = await RawClient.connect(sp);
      idle.handshake(imeiFor(avlGood[0].id));
      expect(await idle.read(1)).toBe('01');
      expect(await idle.closedWith()).toBe('');
    });

    it('caps connections per address', async () => {
      const open = await Promise.all([1, 2, 3].map(() => RawClient.connect(sp)));
      for (const [i, c] of open.entries()) {
        c.handshake(imeiFor(avlGood[i].id));
        expect(await c.read(1)).toBe('01');
      }
      const fourth = await RawClient.connect(sp);
      expect(await fourth.closedWith()).toBe('');
      for (const c of open) c.end();
      await Promise.all(open.map((c) => c.whenClosed));
    });

    it('the listener still serves a good tracker afterwards', async () => {
      const c = await RawClient.connect(sp);
      c.handshake(imeiFor(avlGood[1].id));
      expect(await c.read(1)).toBe('01');
      c.send(avlGood[1].hex);
      expect(await c.read(4)).toBe(avlGood[1].reference_decode!.server_ack_hex);
      c.end();
    });
  });
});

export type { Vector };
