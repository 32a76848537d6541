import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pulseJson } from '../../src/modules/telemetry/series-answers.ts';
import type { ScopedDevice } from '../../src/modules/telemetry/series-request.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { telemetryWorld } from './world.ts';

/**
 * Issue 29: an answer holds the functions asked for, and only those, with the values it had before for them.
 * An aggregated call with extra functions and no primaryFunctionName gets the primary value of the data points the
 * functions name; with primaryFunctionName, or without extra functions, of every data point (as before).
 */
const HOUR0 = Date.UTC(2026, 2, 3, 4, 0, 0) / 1000;

// one hour of a GPS device, values chosen to be checked by hand: speed 10/20/30 (AVG 20), track 90/100/110,
// latitude -6.1/-6.2/-6.3 (AVG -6.2, LAST -6.3), satellites 8/9/10; no altitude
const READINGS = [0, 1, 2].map((i) => ({
  device: 'gps-a1',
  ts: HOUR0 + 600 + i * 600,
  data: {
    latitude: -6.1 - i / 10,
    longitude: 106.1 + i / 10,
    speed: 10 + 10 * i,
    track: 90 + 10 * i,
    satellites: 8 + i,
  },
}));

describe.each(dialects())('series answers hold what was asked, on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  const get = (url: string) => t.call({ method: 'GET', url, token: w.adminA });
  const hour = (query: string) =>
    get(
      `/api/series/aggregated/gps/period/${HOUR0}/${HOUR0 + 3600}?device[]=gps-a1&aggregatedUnit=HOUR&timezone=0&${query}`,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await telemetryWorld(t.database);
    const r = await t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': w.keys.gatewayA1 },
      payload: { readings: READINGS },
    });
    expect(r.json.data.rejected).toBe(0);
  }, 60000);
  afterAll(() => t.close());

  it('extra functions alone: the primary value of the data points they name, and the functions asked', async () => {
    const r = await hour('functionNames[]=AVG(dlgpSpeed)&functionNames[]=LAST(dlgpLatitude)');
    expect(r.statusCode).toBe(200);
    expect(r.json.data.count).toBe(1);
    const [row] = r.json.data.series;
    expect(Object.keys(row)).toEqual([
      'deviceId',
      'devcId',
      'devcLabel',
      'timestamp',
      'datetime',
      'latitude',
      'speed',
      'additional',
    ]);
    expect(row.timestamp).toBe(HOUR0);
    expect(row.latitude).toBeCloseTo(-6.2, 7); // the primary AVG
    expect(row.speed).toBeCloseTo(20, 7);
    expect(row.additional).toEqual({ AVG_dlgpSpeed_0: 20, LAST_dlgpLatitude_1: -6.3 });
  });

  it('without extra functions, or with primaryFunctionName, every data point as before', async () => {
    const keys = ['latitude', 'longitude', 'speed', 'track', 'altitude', 'satellites', 'geoidal', 'distance'];
    const plain = (await hour('')).json.data.series[0];
    expect(Object.keys(plain)).toEqual([
      'deviceId',
      'devcId',
      'devcLabel',
      'timestamp',
      'datetime',
      ...keys,
      'additional',
    ]);
    expect(plain).toMatchObject({ speed: 20, track: 100, satellites: 9, altitude: null, additional: {} });
    const asked = (await hour('primaryFunctionName=AVG&functionNames[]=MAX(dlgpSpeed)')).json.data.series[0];
    expect(Object.keys(asked)).toEqual(Object.keys(plain));
    expect(asked).toEqual({ ...plain, additional: { MAX_dlgpSpeed_0: 30 } });
  });

  it('gives the functions asked the values of the full answer, over rollups and raw rows', async () => {
    // the 6 GPS functions of the specs' device-detail call; HOUR buckets (rollup rows), 15-minute ones (raw rows)
    const fns = ['AVG(dlgpSpeed)', 'AVG(dlgpTrack)', 'AVG(dlgpAltitude)', 'SUM(dlgpDistance)', 'LAST(dlgpLatitude)']
      .concat('LAST(dlgpLongitude)')
      .map((f) => `functionNames[]=${f}`)
      .join('&');
    for (const unit of ['aggregatedUnit=HOUR', 'aggregatedUnit=MINUTE&aggregatedLength=15']) {
      const base = `/api/series/aggregated/gps/period/${HOUR0}/${HOUR0 + 3600}?device[]=gps-a1&timezone=7&${unit}&${fns}`;
      const lean = (await get(base)).json.data;
      const full = (await get(`${base}&primaryFunctionName=AVG`)).json.data;
      expect(lean.count).toBe(full.count);
      expect(lean.count).toBeGreaterThan(0);
      const named = ['latitude', 'longitude', 'speed', 'track', 'altitude', 'distance'];
      lean.series.forEach((row: Record<string, unknown>, i: number) => {
        const want = Object.fromEntries(
          Object.entries(full.series[i]).filter(([k]) => !['satellites', 'geoidal'].includes(k)),
        );
        expect(row).toEqual(want);
        for (const k of named) expect(k in row).toBe(true);
      });
    }
  });

  it('refuses an unknown column among extra functions as before', async () => {
    const r = await hour('functionNames[]=AVG(dlrpRpm)');
    expect(r.statusCode).toBe(400);
    expect(r.json.status.message).toMatch(/Unknown column dlrpRpm/);
  });

  it('answers the pulse with the stored values as they were read', async () => {
    const r = await get(`/api/series/device/${w.dev.gps}/pulse`);
    expect(r.statusCode).toBe(200);
    const last = READINGS[2];
    expect(r.json.data.series).toHaveLength(1);
    const row = r.json.data.series[0];
    expect(Object.keys(row).slice(0, 9)).toEqual([
      'deviceId',
      'devcId',
      'devcUniqueId',
      'devcType',
      'devcLabel',
      'devcMassId',
      'timestamp',
      'datetime',
      'online',
    ]);
    expect(row).toMatchObject({
      deviceId: 'gps-a1',
      devcId: w.dev.gps,
      devcUniqueId: 'gps-a1',
      devcType: 'gps',
      devcLabel: null,
      timestamp: last.ts,
      datetime: new Date(last.ts * 1000).toISOString(),
      online: false,
      ...last.data,
    });
  });
});

describe('pulseJson', () => {
  const device = (devcId: number, uid: string, label: string | null): ScopedDevice => ({
    devcId,
    devcUniqueId: uid,
    devcName: uid,
    devcType: 'rpm',
    devcLabel: label,
    devcMassId: 7,
    type: 'rpm',
  });
  const devices = [device(5, 'rpm-5', 'PORT'), device(3, 'rpm-"3"', 'Kiri é')];
  const now = 1_800_000_000;

  it('is the JSON of the rows the answer had: identity, time, online, then the values, by devc_id', () => {
    const text = pulseJson(
      devices,
      [
        { device_id: 5, ts: now - 60, data: '{"rpm":777,"running":1}' },
        { device_id: '3', ts: String(now - 900), data: '{}' },
        { device_id: 99, ts: now, data: '{"rpm":1}' }, // not among the devices asked: left out
      ],
      now,
    );
    const row = (d: ScopedDevice, ts: number, online: boolean) => ({
      deviceId: d.devcUniqueId,
      devcId: d.devcId,
      devcUniqueId: d.devcUniqueId,
      devcType: 'rpm',
      devcLabel: d.devcLabel,
      devcMassId: 7,
      timestamp: ts,
      datetime: new Date(ts * 1000).toISOString(),
      online,
    });
    expect(text).toBe(
      JSON.stringify({
        series: [row(devices[1], now - 900, false), { ...row(devices[0], now - 60, true), rpm: 777, running: 1 }],
      }),
    );
  });

  it('writes values text that is not an object text again from its parse', () => {
    const text = pulseJson(devices, [{ device_id: 5, ts: now, data: ' {"rpm": 5} ' }], now);
    expect(JSON.parse(text).series[0]).toMatchObject({ devcId: 5, rpm: 5 });
    expect(pulseJson([], [], now)).toBe('{"series":[]}');
  });
});
