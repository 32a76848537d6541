import { type AggFunction, findMetric, TELEMETRY_TYPES } from '@fleet/shared/telemetry.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AggregateFunction, additionalKey, aggregate } from '../../src/modules/telemetry/series.ts';
import { tidy } from '../../src/modules/telemetry/series-answers.ts';
import { query } from '../../src/modules/telemetry/sql.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { telemetryWorld } from './world.ts';

/**
 * Issue 29: an aggregated answer is written straight into its bytes (http/json-bytes.ts). Its text must be the one the
 * answers had before: JSON.stringify of the row objects, each value `tidy` — here built from `aggregate`'s rows for the
 * same call and compared byte for byte, for several function sets, periods, units, zones and devices, over rollup rows
 * and raw rows, with values of every size (tiny, negative, beyond 10⁸).
 */
const DAY = 86400;
const T0 = Date.UTC(2026, 2, 2) / 1000; // a Monday, 00:00 UTC
const STEP = 7 * 60;
const DAYS = 3;

function readings() {
  const out: { device: string; ts: number; data: Record<string, number> }[] = [];
  for (let i = 0; i < (DAYS * DAY) / STEP; i++) {
    const ts = T0 + 60 + i * STEP;
    const s = Math.sin(i);
    out.push({
      device: 'gps-a1',
      ts,
      data: {
        latitude: -6.1 + s / 10,
        longitude: 106.8 + Math.cos(i) / 10,
        speed: i % 11 ? 10 + 5 * s : 0,
        track: (i * 37.3) % 360,
        altitude: i % 5 ? s * 3e-7 : -12.5, // values that round to 0, below 10⁻⁶, negative
        satellites: 8 + (i % 4),
        distance: 1e7 * Math.abs(s), // hourly and daily sums beyond 10⁸
      },
    });
    out.push({
      device: 'fm-a1-1',
      ts,
      data: { volumeFlowrate: 120.25 + s, massTotal: 2e9 + i * 1.37, density: 0.1 + 0.2, temperature: -3.3333333333 },
    });
    if (i % 3 === 0) out.push({ device: 'gw-a1', ts, data: { cpuUsage: (i % 100) + 0.5, uptime: i * 420 } });
  }
  return out;
}

describe.each(dialects())('aggregated answers written as bytes, on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await telemetryWorld(t.database);
    const all = readings();
    for (let i = 0; i < all.length; i += 500) {
      const r = await t.call({
        method: 'POST',
        url: '/api/ingest',
        headers: { 'x-device-key': w.keys.gatewayA1 },
        payload: { readings: all.slice(i, i + 500) },
      });
      expect(r.json.data.rejected).toBe(0);
    }
  }, 120000);
  afterAll(() => t.close());

  /** The answer as JSON.stringify makes it of the row objects of `aggregate`'s rows (the route's function plan). */
  async function before(c: Call): Promise<string> {
    const def = TELEMETRY_TYPES[c.type];
    const asked = new Set(c.extra.map((fn) => findMetric(def, fn.column)));
    const own = c.primary || !c.extra.length ? def.metrics : def.metrics.filter((x) => asked.has(x));
    const primary = c.primary ?? 'AVG';
    const devices = await query(
      t.database,
      `select devc_id, devc_unique_id, devc_label from device where devc_unique_id in (${c.devices.map(() => '?').join(', ')}) order by devc_id`,
      c.devices,
    );
    const byId = new Map(devices.map((d) => [Number(d.devc_id), d]));
    const rows = await aggregate(t.database, {
      type: c.type,
      deviceIds: [...byId.keys()],
      start: c.start,
      end: c.end,
      unit: c.unit,
      length: c.length,
      tz: c.tz,
      functions: [...own.map((x) => ({ name: primary, column: x.key })), ...c.extra],
    });
    const series = rows.slice(0, c.limit ?? 10000).map((r) => {
      const d = byId.get(r.deviceId)!;
      const row: Record<string, unknown> = {
        deviceId: d.devc_unique_id,
        devcId: r.deviceId,
        devcLabel: d.devc_label ?? null,
        timestamp: r.timestamp,
        datetime: new Date(r.timestamp * 1000).toISOString(),
      };
      own.forEach((x, i) => {
        row[x.key] = tidy(r.values[i]);
      });
      row.additional = Object.fromEntries(
        c.extra.map((fn, i) => [additionalKey(c.type, fn, i), tidy(r.values[own.length + i])]),
      );
      return row;
    });
    return JSON.stringify({
      status: { error: 0, errorCode: null, message: 'Success' },
      data: { series, count: series.length },
    });
  }

  interface Call {
    type: 'gps' | 'flowmeter' | 'gateway';
    devices: string[];
    start: number;
    end: number;
    unit: 'MINUTE' | 'HOUR' | 'DAY' | 'WEEK' | 'MONTH';
    length: number;
    tz: number;
    primary?: Exclude<AggFunction, 'COUNTGT'>;
    extra: AggregateFunction[];
    limit?: number;
  }
  const fn = (name: AggFunction, column: string): AggregateFunction => ({ name, column });
  const GPS6 = [
    fn('AVG', 'dlgpSpeed'),
    fn('AVG', 'dlgpTrack'),
    fn('AVG', 'dlgpAltitude'),
    fn('SUM', 'dlgpDistance'),
    fn('LAST', 'dlgpLatitude'),
    fn('LAST', 'dlgpLongitude'),
  ];
  const whole = { start: T0, end: T0 + DAYS * DAY };
  const ragged = { start: T0 + 1234, end: T0 + 2 * DAY + 977 };
  const CALLS: Call[] = [
    // the bench's call: hourly rollup rows as they are stored
    { type: 'gps', devices: ['gps-a1'], ...whole, unit: 'HOUR', length: 1, tz: 7, extra: GPS6 },
    // ragged edges from raw rows, 15-minute buckets from raw rows, local days, weeks and months
    { type: 'gps', devices: ['gps-a1'], ...ragged, unit: 'HOUR', length: 1, tz: 7, extra: GPS6 },
    { type: 'gps', devices: ['gps-a1'], ...ragged, unit: 'MINUTE', length: 15, tz: 0, extra: GPS6, limit: 77 },
    { type: 'gps', devices: ['gps-a1'], ...whole, unit: 'DAY', length: 1, tz: 7, extra: [] },
    {
      type: 'gps',
      devices: ['gps-a1'],
      ...whole,
      unit: 'HOUR',
      length: 6,
      tz: 5.5,
      primary: 'MIN',
      extra: [fn('MAX', 'dlgpSpeed'), fn('COUNT', 'dlgpAltitude'), fn('FIRST', 'dlgpTrack'), fn('MIN', 'dlgpSpeed')],
    },
    { type: 'gps', devices: ['gps-a1'], ...whole, unit: 'WEEK', length: 1, tz: -3, primary: 'SUM', extra: [] },
    { type: 'flowmeter', devices: ['fm-a1-1'], ...whole, unit: 'HOUR', length: 1, tz: 7, extra: [] },
    {
      type: 'flowmeter',
      devices: ['fm-a1-1'],
      ...ragged,
      unit: 'MONTH',
      length: 1,
      tz: 7,
      extra: [fn('SUM', 'dlfmMassTotal'), fn('MAX', 'dlfmTemp')],
    },
    { type: 'gateway', devices: ['gw-a1'], ...whole, unit: 'DAY', length: 1, tz: 5.5, primary: 'MAX', extra: [] },
  ];
  const url = (c: Call) => {
    const q = [
      ...c.devices.map((d) => `device[]=${d}`),
      `aggregatedUnit=${c.unit}`,
      `aggregatedLength=${c.length}`,
      `timezone=${c.tz}`,
      ...(c.primary ? [`primaryFunctionName=${c.primary}`] : []),
      ...c.extra.map((f) => `functionNames[]=${f.name}&functionParams[]=${f.column}`),
      ...(c.limit ? [`limit=${c.limit}`] : []),
    ];
    return `/api/series/aggregated/${c.type}/period/${c.start}/${c.end}?${q.join('&')}`;
  };

  it('writes the bytes JSON.stringify made of the rows, for every call', async () => {
    for (const c of CALLS) {
      const r = await t.app.inject({ method: 'GET', url: url(c), headers: { authentication: w.adminA } });
      expect(r.statusCode, url(c)).toBe(200);
      const text = await before(c);
      expect(JSON.parse(text).data.count, url(c)).toBeGreaterThan(0);
      expect(r.body, url(c)).toBe(text);
      expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(text));
    }
  });

  it('answers a period without readings as before', async () => {
    const c: Call = {
      type: 'gps',
      devices: ['gps-a1'],
      start: T0 - 9 * DAY,
      end: T0 - 8 * DAY,
      unit: 'HOUR',
      length: 1,
      tz: 7,
      extra: GPS6,
    };
    const r = await t.app.inject({ method: 'GET', url: url(c), headers: { authentication: w.adminA } });
    expect(r.body).toBe(await before(c));
    expect(JSON.parse(r.body).data).toEqual({ series: [], count: 0 });
  });
});
