import { haversineM } from '@fleet/shared/geo.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/modules/telemetry/sql.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { LEVELS, rollups, rollupsFromRaw, rounded, spansFromRaw, spansOf, telemetryWorld } from './world.ts';

const T0 = 1767225600; // 2026-01-01 00:00 UTC

describe.each(dialects())('ingest on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  const post = (key: string | undefined, readings: unknown[]) =>
    t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: key ? { 'x-device-key': key } : {},
      payload: { readings },
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await telemetryWorld(t.database);
  });
  afterAll(() => t.close());

  it('refuses a request without a key or with an unknown key', async () => {
    const none = await post(undefined, []);
    expect(none.statusCode).toBe(401);
    expect(none.json.status.message).toMatch(/X-Device-Key/);
    const bad = await post('dk_nope', []);
    expect(bad.statusCode).toBe(401);
    expect(bad.json.status.message).toBe('Unknown or revoked device key');
  });

  it('answers a malformed body with 400', async () => {
    const r = await t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': w.keys.gatewayA1 },
      payload: { readings: 'x' },
    });
    expect(r.statusCode).toBe(400);
    const notJson = await t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': w.keys.gatewayA1, 'content-type': 'application/json' },
      payload: '{"readings": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json.status.message).toBe('Body is not valid JSON');
  });

  it('keeps the good readings of a bad batch and gives a reason for every refusal', async () => {
    const future = Math.floor(Date.now() / 1000) + 3600;
    const batch = [
      { device: 'rpm-a1-1', ts: T0, data: { rpm: 750 } },
      { device: 'nope', ts: T0, data: { rpm: 1 } },
      { device: 'gps-b1', ts: T0, data: { latitude: 1, longitude: 1 } },
      { device: 'rpm-a1-1', ts: T0 + 60, type: 'gps', data: { rpm: 1 } },
      { device: 'rpm-a1-1', ts: T0 + 60, data: { speed: 3 } },
      { device: 'gps-a1', ts: T0, data: { latitude: 95, longitude: 106 } },
      { device: 'fm-a1-1', ts: T0, data: { massTotal: -5 } },
      { device: 'rpm-a1-1', ts: T0 + 120, data: { rpm: 6000 } },
      { device: 'rpm-a1-1', ts: T0 + 120, data: { rpm: -1 } },
      { device: 'rpm-a1-1', ts: future, data: { rpm: 1 } },
      { device: 'rpm-a1-1', ts: 900000000, data: { rpm: 1 } },
      { device: 'rpm-a1-1', ts: 'yesterday', data: { rpm: 1 } },
      { device: 'rpm-a1-1', ts: T0 + 180, data: 'rpm=5' },
      { device: 'sw-a1', ts: T0, data: { state: 1 } },
      { device: 'rpm-a1-1', ts: T0 + 240, data: { rpm: 'fast' } },
      { device: 'ae-a1-1', ts: '2026-01-01T00:01:00Z', data: { rpm: 1500 } },
      { device: 'rpm-a1-3', ts: T0, data: {} },
      { ts: T0, data: { rpm: 1 } },
      'rpm=5',
      { device: 'pw-a1', ts: T0, data: { onAc: 2 } },
      { device: 'gps-a1', ts: T0, data: { satellites: 7.5 } },
      { device: 'rpm-a1-1', ts: T0 * 1000, data: { rpm: 1 } },
    ];
    const r = await post(w.keys.gatewayA1, batch);
    expect(r.statusCode).toBe(200);
    const reasons = r.json.data.results.map((x: any) => x.reason ?? x.status);
    expect(reasons).toEqual([
      'accepted',
      'unknown device nope',
      'device gps-b1 is not covered by this key',
      'wrong type: device rpm-a1-1 is rpm, not gps',
      "unknown data key 'speed' for device type rpm",
      'latitude 95 is out of range (-90 to 90)',
      'massTotal -5 is out of range (0 to 1000000000000)',
      'rpm 6000 is out of range (0 to 5000)',
      'rpm -1 is out of range (0 to 5000)',
      'bad time: in the future',
      'bad time: before 2000',
      'bad time: ts must be epoch seconds or an ISO 8601 date-time that exists',
      'data must be an object of values',
      'device type limitswitch does not take readings',
      'rpm must be a number (a JSON number or decimal text such as "12.5")',
      'accepted',
      'no data values',
      'device is required',
      'reading must be an object',
      'onAc 2 is out of range (0 to 1)',
      'satellites must be a whole number',
      'bad time: ts looks like milliseconds, send epoch seconds',
    ]);
    expect(r.json.data).toMatchObject({ accepted: 2, duplicate: 0, rejected: 20 });
    const rpm = await query(t.database, 'select device_id, ts, rpm from telemetry_rpm');
    expect(rpm).toEqual([{ device_id: w.dev.rpmPort, ts: T0, rpm: 750 }]);
    // running derived from rpm when the AE does not send it
    const ae = await query(t.database, 'select ts, rpm, running from telemetry_ae');
    expect(ae).toEqual([{ ts: T0 + 60, rpm: 1500, running: 1 }]);
  });

  it('lets a device key post only for its own device, a gateway key for its asset only', async () => {
    const own = await post(w.keys.gpsA1, [
      { device: 'gps-a1', ts: T0 + 5000, data: { latitude: -6, longitude: 106 } },
      { device: 'rpm-a1-1', ts: T0 + 5000, data: { rpm: 1 } },
    ]);
    expect(own.json.data.results.map((x: any) => x.status)).toEqual(['accepted', 'rejected']);
    const other = await post(w.keys.gatewayB1, [
      { device: 'gps-b1', ts: T0 + 5000, data: { latitude: -6, longitude: 106 } },
      { device: 'gps-a1', ts: T0 + 5060, data: { latitude: -6, longitude: 106 } },
      { device: 'gps-loose', ts: T0 + 5060, data: { latitude: -6, longitude: 106 } },
    ]);
    expect(other.json.data.results.map((x: any) => x.status)).toEqual(['accepted', 'rejected', 'rejected']);
  });

  it('is idempotent: a re-sent batch is all duplicate and changes neither rows nor rollups', async () => {
    const batch = Array.from({ length: 30 }, (_, i) => ({
      device: 'fm-a1-1',
      ts: T0 + 86400 + i * 300,
      data: { volumeFlowrate: 100 + i, density: 850, volumeTotal: 1000 + i * 10, volumeInventory: 5000 - i },
    }));
    const first = await post(w.keys.gatewayA1, batch);
    expect(first.json.data).toMatchObject({ accepted: 30, duplicate: 0, rejected: 0 });
    const before = {
      rows: await query(t.database, 'select * from telemetry_flowmeter order by ts'),
      roll: await rollups(t.database),
      daily: await rollups(t.database, LEVELS[1]),
    };
    const again = await post(w.keys.gatewayA1, [...batch, batch[3]]);
    expect(again.json.data).toMatchObject({ accepted: 0, duplicate: 31, rejected: 0 });
    expect(await query(t.database, 'select * from telemetry_flowmeter order by ts')).toEqual(before.rows);
    expect(await rollups(t.database)).toEqual(before.roll);
    expect(await rollups(t.database, LEVELS[1])).toEqual(before.daily);
  });

  it('reports the second copy of a reading within one batch as duplicate', async () => {
    const r = await post(w.keys.gatewayA1, [
      { device: 'tm-a1-1', ts: T0, data: { temperature: 300 } },
      { device: 'tm-a1-1', ts: T0, data: { temperature: 301 } },
    ]);
    expect(r.json.data.results.map((x: any) => x.status)).toEqual(['accepted', 'duplicate']);
    expect(await query(t.database, 'select temperature from telemetry_temperature')).toEqual([{ temperature: 300 }]);
  });

  it('computes GPS distance by haversine from the previous fix, also when a fix arrives late', async () => {
    const fix = (ts: number, lat: number, lon: number) => ({
      device: 'gps-a1',
      ts,
      data: { latitude: lat, longitude: lon },
    });
    const base = T0 + 10 * 86400;
    await post(w.keys.gatewayA1, [fix(base, -6.0, 106.8), fix(base + 7200, -6.2, 106.8)]);
    // a fix between the two, sent later (store and forward)
    await post(w.keys.gatewayA1, [fix(base + 3600, -6.1, 106.9)]);
    // and one reporting its own distance
    await post(w.keys.gatewayA1, [
      { device: 'gps-a1', ts: base + 10800, data: { latitude: -6.3, longitude: 106.8, distance: 42 } },
    ]);
    const rows = await query(
      t.database,
      'select ts, distance from telemetry_gps where device_id = ? and ts >= ? order by ts',
      [w.dev.gps, base],
    );
    const d1 = haversineM(-6.0, 106.8, -6.1, 106.9);
    const d2 = haversineM(-6.1, 106.9, -6.2, 106.8);
    // the previous fix of this device is the one posted by the device key earlier (T0 + 5000)
    expect(rows[0].distance).toBeCloseTo(haversineM(-6, 106, -6.0, 106.8), 6);
    expect(rows[1].distance).toBeCloseTo(d1, 6);
    expect(rows[2].distance).toBeCloseTo(d2, 6);
    expect(rows[3].distance).toBe(42);
    expect(d1).toBeGreaterThan(15000);
    // the first fix of a device travelled 0 m (domain.md §6)
    const [b1] = await query(t.database, 'select distance from telemetry_gps where device_id = ?', [w.dev.gpsB1]);
    expect(b1.distance).toBe(0);
  });

  it('keeps rollups equal to an aggregation of the raw rows after out-of-order, late and duplicate readings', async () => {
    const readings: any[] = [];
    const start = T0 + 20 * 86400;
    for (let i = 0; i < 400; i++) {
      const ts = start + i * 37;
      readings.push({ device: 'rpm-a1-3', ts, data: { rpm: (i * 7919) % 1700 } });
      readings.push({
        device: 'gps-a1',
        ts,
        data: { latitude: -6 + i / 1000, longitude: 106 + ((i * 13) % 17) / 1000, speed: i % 25 },
      });
      if (i % 3)
        readings.push({ device: 'fm-a1-1', ts, data: { volumeFlowrate: (i * 31) % 400, density: 800 + (i % 50) } });
    }
    // shuffle deterministically, send in uneven batches, and send some twice
    const shuffled = readings
      .map((r, i) => ({ r, k: (i * 2654435761) % 4294967296 }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.r);
    for (let i = 0; i < shuffled.length; ) {
      const n = 50 + (i % 170);
      const r = await post(w.keys.gatewayA1, shuffled.slice(i, i + n));
      expect(r.json.data.rejected).toBe(0);
      i += n;
    }
    await post(w.keys.gatewayA1, shuffled.slice(100, 400));
    const tables = {
      telemetry_gps: [
        'latitude',
        'longitude',
        'speed',
        'track',
        'altitude',
        'satellites',
        'geoidal',
        'distance',
        'span',
        'span_distance',
        'moving_span',
      ],
      telemetry_rpm: ['rpm', 'span'],
      telemetry_ae: ['rpm', 'running', 'span', 'running_span'],
      telemetry_flowmeter: [
        'mass_flowrate',
        'volume_flowrate',
        'density',
        'temperature',
        'pressure',
        'mass_total',
        'volume_total',
        'mass_inventory',
        'volume_inventory',
        'span',
        'volume_delta',
        'volume15_delta',
        'mass_delta',
        'flow_span',
      ],
      telemetry_temperature: ['temperature'],
    };
    // the derived columns are what they would be had the readings come in order (segments.test.ts checks the values)
    expect(await spansOf(t.database, 'telemetry_rpm', w.dev.rpmStbd)).toEqual(
      await spansFromRaw(t.database, 'telemetry_rpm', w.dev.rpmStbd, 'rpm', 60),
    );
    expect(await spansOf(t.database, 'telemetry_gps', w.dev.gps)).toEqual(
      await spansFromRaw(t.database, 'telemetry_gps', w.dev.gps, 'latitude', 3600),
    );
    expect(await spansOf(t.database, 'telemetry_flowmeter', w.dev.fm)).toEqual(
      await spansFromRaw(t.database, 'telemetry_flowmeter', w.dev.fm, 'volume_flowrate', 60),
    );
    for (const level of LEVELS) {
      const expected = await rollupsFromRaw(t.database, tables, level);
      expect(expected.length).toBeGreaterThan(20);
      expect(rounded(await rollups(t.database, level))).toEqual(rounded(expected));
    }
  });

  it('takes overlapping batches sent at the same time: each reading stored once, rollups still exact', async () => {
    const start = T0 + 40 * 86400;
    const readings = Array.from({ length: 600 }, (_, i) => [
      { device: 'rpm-a1-1', ts: start + i * 30, data: { rpm: 500 + (i % 300) } },
      { device: 'rpm-a1-3', ts: start + i * 30, data: { rpm: 900 - (i % 200) } },
      { device: 'tm-a1-1', ts: start + i * 30, data: { temperature: 250 + (i % 40) } },
    ]).flat();
    // four senders, each with a shuffled, overlapping half of the readings
    const slices = [0, 1, 2, 3].map((k) =>
      readings.filter((_, i) => (i + k) % 4 < 2).sort((a, b) => ((a.ts * (k + 3)) % 97) - ((b.ts * (k + 3)) % 97)),
    );
    const answers = await Promise.all(slices.map((batch) => post(w.keys.gatewayA1, batch)));
    for (const a of answers) expect(a.statusCode).toBe(200);
    const accepted = answers.reduce((n, a) => n + a.json.data.accepted, 0);
    expect(accepted).toBe(readings.length);
    // each sender's readings chain onto what the others stored (PostgreSQL: one batch of a device at a time)
    for (const id of [w.dev.rpmPort, w.dev.rpmStbd])
      expect(await spansOf(t.database, 'telemetry_rpm', id)).toEqual(
        await spansFromRaw(t.database, 'telemetry_rpm', id, 'rpm', 60),
      );
    const tables = { telemetry_rpm: ['rpm', 'span'], telemetry_temperature: ['temperature'] };
    for (const level of LEVELS) {
      const want = (await rollupsFromRaw(t.database, tables, level)).filter((r) => r.metric !== 'distance');
      const got = (await rollups(t.database, level)).filter(
        (r) =>
          ['rpm', 'temperature', 'span'].includes(r.metric) &&
          [w.dev.rpmPort, w.dev.rpmStbd, w.dev.temp].includes(r.device_id),
      );
      expect(rounded(got)).toEqual(rounded(want));
    }
  });

  it('keeps the newest reading per device as its last state', async () => {
    await post(w.keys.gatewayA1, [{ device: 'pw-a1', ts: T0 + 600, data: { onAc: true, batteryVoltage: 12.6 } }]);
    await post(w.keys.gatewayA1, [{ device: 'pw-a1', ts: T0 + 60, data: { onAc: false, batteryVoltage: 11 } }]);
    const [last] = await query(t.database, 'select ts, data from telemetry_last where device_id = ?', [w.dev.power]);
    expect(Number(last.ts)).toBe(T0 + 600);
    expect(JSON.parse(last.data)).toEqual({ onAc: 1, batteryVoltage: 12.6 });
  });
});
