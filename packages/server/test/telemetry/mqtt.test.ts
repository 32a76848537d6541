import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MqttIngest, startMqttIngest } from '../../src/modules/telemetry/mqtt.ts';
import { query } from '../../src/modules/telemetry/sql.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { telemetryWorld } from './world.ts';

/** Round trips through the real broker (Mosquitto on 127.0.0.1:1883, as in CI). */
const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const T0 = 1767225600;

describe.each(dialects())('MQTT ingest on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  let ingest: MqttIngest;
  let device: MqttClient;
  // a topic root of our own: other suites (or runs) on the same broker never see these messages
  const root = `fleet-test-${process.pid}-${dialect}-${Math.random().toString(16).slice(2, 8)}`;
  const replies: { topic: string; body: any }[] = [];
  /** client ids of this run: their sessions are removed from the broker at the end */
  const clientIds: string[] = [];
  const clientId = (name: string) => {
    const id = `${root}-${name}`;
    clientIds.push(id);
    return id;
  };
  /** a short session expiry: whatever this run leaves in the broker goes away soon */
  const start = (name: string, opts: { root?: string; sharedGroup?: string } = {}) =>
    startMqttIngest(t.app.ingest, BROKER, pino({ level: 'silent' }), {
      root,
      clientId: clientId(name),
      sessionExpirySeconds: 120,
      ...opts,
    });

  /** Publishes and waits for the next reply on the device's result topic. */
  const roundTrip = (topic: string, payload: string | object, opts: mqtt.IClientPublishOptions = { qos: 1 }) =>
    new Promise<any>((resolve, reject) => {
      const before = replies.length;
      const timer = setInterval(() => {
        if (replies.length > before) {
          clearInterval(timer);
          clearTimeout(limit);
          resolve(replies[before].body);
        }
      }, 10);
      const limit = setTimeout(() => {
        clearInterval(timer);
        reject(new Error(`no reply on ${topic}/result`));
      }, 10000);
      device.publish(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), opts);
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await telemetryWorld(t.database);
    ingest = start('main');
    await ingest.ready;
    device = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
    await device.subscribeAsync(`${root}/+/readings/result`, { qos: 1 });
    device.on('message', (topic, payload) => {
      if (topic.endsWith('/readings/result')) replies.push({ topic, body: JSON.parse(payload.toString()) });
    });
  });
  afterAll(async () => {
    await device?.endAsync();
    await ingest?.close();
    // a clean start with no session expiry ends each session this run left in the broker
    for (const id of clientIds) {
      const c = await mqtt.connectAsync(BROKER, { clientId: id, protocolVersion: 5, clean: true, reconnectPeriod: 0 });
      await c.endAsync();
    }
    await t.close();
  });

  /** Rows of the GPS device at these times. */
  const storedAt = async (times: number[]) =>
    (
      await query(t.database, `select ts from telemetry_gps where device_id = ? and ts >= ? and ts <= ?`, [
        w.dev.gps,
        Math.min(...times),
        Math.max(...times),
      ])
    ).length;
  const waitFor = async (until: () => Promise<boolean> | boolean) => {
    for (let i = 0; i < 1000 && !(await until()); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('stores QoS 1 readings published while the server was away once it is back (same client id, persistent session)', async () => {
    const own = `${root}-restart`;
    const first = start('restart', { root: own });
    await first.ready;
    await first.close(); // the server stops
    const times = [1, 2, 3, 4, 5].map((i) => T0 + 10_000 + i * 60);
    for (const ts of times)
      await device.publishAsync(
        `${own}/gps-a1/readings`,
        JSON.stringify({ key: w.keys.gpsA1, ts, data: { latitude: -6.2, longitude: 106.8 } }),
        { qos: 1 },
      );
    expect(await storedAt(times)).toBe(0);
    // the server starts again with the same client id: the broker delivers what it kept
    clientIds.pop();
    const again = start('restart', { root: own });
    try {
      await waitFor(async () => (await storedAt(times)) === times.length);
      expect(await storedAt(times)).toBe(times.length);
      expect(again.stats.handled).toBe(times.length);
    } finally {
      await again.close();
    }
  });

  it('does not acknowledge a message it could not store: the broker delivers it again and it is stored', async () => {
    const own = `${root}-retry`;
    // the database fails once, on the key look-up (as when it is briefly away), then works again
    let failed = false;
    const failOnce = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(o, prop) {
          const v = Reflect.get(o, prop, o);
          if (typeof v !== 'function') return v;
          return (...args: unknown[]) => {
            if (!failed && typeof args[0] === 'string' && args[0].includes('dkey_hash')) {
              failed = true;
              throw new Error('database unavailable');
            }
            return v.apply(o, args);
          };
        },
      });
    const flaky =
      t.database.dialect === 'sqlite'
        ? { ...t.database, sqlite: failOnce(t.database.sqlite) }
        : { ...t.database, pool: failOnce(t.database.pool) };
    const ingest = startMqttIngest({ ...t.app.ingest, database: flaky }, BROKER, pino({ level: 'silent' }), {
      root: own,
      clientId: clientId('retry'),
      sessionExpirySeconds: 120,
      reconnectPeriod: 100,
    });
    try {
      await ingest.ready;
      const times = [T0 + 30_000];
      await device.publishAsync(
        `${own}/gps-a1/readings`,
        JSON.stringify({ key: w.keys.gpsA1, ts: times[0], data: { latitude: -6.4, longitude: 106.8 } }),
        { qos: 1 },
      );
      await waitFor(async () => (await storedAt(times)) === 1);
      expect(failed).toBe(true);
      expect(await storedAt(times)).toBe(1);
      expect(ingest.stats.handled).toBe(2);
    } finally {
      await ingest.close();
    }
  });

  it('joining a shared subscription group drops the plain subscription the session kept (no message twice)', async () => {
    const own = `${root}-join`;
    const before = start('join', { root: own });
    await before.ready;
    await before.close();
    clientIds.pop();
    const joined = start('join', { root: own, sharedGroup: `g${Math.random().toString(16).slice(2, 8)}` });
    const times = [1, 2, 3].map((i) => T0 + 40_000 + i * 60);
    try {
      await joined.ready;
      for (const ts of times)
        await device.publishAsync(
          `${own}/gps-a1/readings`,
          JSON.stringify({ key: w.keys.gpsA1, ts, data: { latitude: -6.5, longitude: 106.8 } }),
          { qos: 1 },
        );
      await waitFor(async () => (await storedAt(times)) === times.length);
    } finally {
      await joined.close();
    }
    expect(await storedAt(times)).toBe(times.length);
    expect(joined.stats.handled).toBe(times.length);
  });

  it('with a shared subscription, two server processes store each message once', async () => {
    const own = `${root}-shared`;
    const group = `g${Math.random().toString(16).slice(2, 8)}`;
    const a = start('shared-a', { root: own, sharedGroup: group });
    const b = start('shared-b', { root: own, sharedGroup: group });
    await Promise.all([a.ready, b.ready]);
    const results: any[] = [];
    await device.subscribeAsync(`${own}/+/readings/result`, { qos: 1 });
    device.on('message', (topic, payload) => {
      if (topic.startsWith(`${own}/`) && topic.endsWith('/readings/result'))
        results.push(JSON.parse(payload.toString()));
    });
    const times = Array.from({ length: 20 }, (_, i) => T0 + 20_000 + i * 60);
    try {
      for (const ts of times)
        await device.publishAsync(
          `${own}/gps-a1/readings`,
          JSON.stringify({ key: w.keys.gpsA1, ts, data: { latitude: -6.3, longitude: 106.8 } }),
          { qos: 1 },
        );
      await waitFor(async () => results.length >= times.length && (await storedAt(times)) === times.length);
    } finally {
      // closing waits for the message each is handling: the counts below are final
      await Promise.all([a.close(), b.close()]);
    }
    expect(await storedAt(times)).toBe(times.length);
    // handled once: no process answered a message the other had already stored (that would be a duplicate)
    expect(a.stats.handled + b.stats.handled).toBe(times.length);
    expect(results.length).toBe(times.length);
    expect(results.every((r) => r.accepted === 1 && r.duplicate === 0)).toBe(true);
    // the broker spreads the messages over both
    expect(a.stats.handled).toBeGreaterThan(0);
    expect(b.stats.handled).toBeGreaterThan(0);
  });

  it('ingests a wrapped batch with the key in the payload and publishes the outcome', async () => {
    const body = await roundTrip(`${root}/gw-a1/readings`, {
      key: w.keys.gatewayA1,
      id: 'm-1',
      readings: [
        { device: 'rpm-a1-1', ts: T0, data: { rpm: 820 } },
        { device: 'gps-a1', ts: T0, data: { latitude: 95, longitude: 106 } },
      ],
    });
    expect(body).toEqual({
      id: 'm-1',
      accepted: 1,
      duplicate: 0,
      rejected: 1,
      results: [
        { index: 0, status: 'accepted' },
        { index: 1, status: 'rejected', reason: 'latitude 95 is out of range (-90 to 90)' },
      ],
    });
    expect(replies.at(-1)!.topic).toBe(`${root}/gw-a1/readings/result`);
    expect(await query(t.database, 'select rpm from telemetry_rpm where ts = ?', [T0])).toEqual([{ rpm: 820 }]);
  });

  it('takes one reading for the device named in the topic, and reports a re-send as duplicate', async () => {
    const one = { key: w.keys.gpsA1, ts: T0 + 60, data: { latitude: -6.1, longitude: 106.8, speed: 12 } };
    expect((await roundTrip(`${root}/gps-a1/readings`, one)).accepted).toBe(1);
    expect((await roundTrip(`${root}/gps-a1/readings`, one)).duplicate).toBe(1);
    const [row] = await query(t.database, 'select speed from telemetry_gps where device_id = ? and ts = ?', [
      w.dev.gps,
      T0 + 60,
    ]);
    expect(row.speed).toBe(12);
  });

  it('takes a bare array with the key as a topic segment', async () => {
    const body = await roundTrip(`${root}/gps-a1/${w.keys.gpsA1}/readings`, [
      { ts: T0 + 120, data: { latitude: -6.11, longitude: 106.8 } },
      { ts: T0 + 180, data: { latitude: -6.12, longitude: 106.8 } },
    ]);
    expect(body).toMatchObject({ accepted: 2, rejected: 0 });
  });

  it('answers an unknown key, a missing key and a payload that is not JSON with an error', async () => {
    expect(await roundTrip(`${root}/gps-a1/readings`, { key: 'dk_wrong', ts: T0, data: { speed: 1 } })).toEqual({
      error: 'Unknown or revoked device key',
    });
    expect((await roundTrip(`${root}/gps-a1/readings`, { ts: T0, data: { speed: 1 } })).error).toMatch(/key required/);
    expect(await roundTrip(`${root}/gps-a1/readings`, 'not json')).toEqual({ error: 'payload is not JSON' });
  });

  it('also answers on an MQTT 5 response topic with the correlation data', async () => {
    const responseTopic = `${root}/replies/${Math.random().toString(16).slice(2)}`;
    await device.subscribeAsync(responseTopic, { qos: 1 });
    const got = new Promise<{ body: any; correlation: string }>((resolve) => {
      device.on('message', (topic, payload, packet) => {
        if (topic === responseTopic)
          resolve({ body: JSON.parse(payload.toString()), correlation: String(packet.properties?.correlationData) });
      });
    });
    device.publish(`${root}/rpm-a1-3/readings`, JSON.stringify({ key: w.keys.gatewayA1, ts: T0, data: { rpm: 640 } }), {
      qos: 1,
      properties: { responseTopic, correlationData: Buffer.from('c-42') },
    });
    const r = await got;
    expect(r.body.accepted).toBe(1);
    expect(r.correlation).toBe('c-42');
  });
});
