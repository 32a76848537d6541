import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregate } from '../../src/modules/telemetry/series.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createDevice, signIn } from '../helpers/fixtures.ts';
import { telemetryWorld } from './world.ts';

/**
 * Aggregated series checked against an independent computation over the readings this suite sent:
 * buckets from local calendar fields (not the server's arithmetic), every function, every unit,
 * non-zero timezones, periods that start and end inside an hour, and gaps (a missing day, missing hours).
 */
const START = Date.UTC(2026, 0, 20, 3, 17, 0) / 1000; // mid-hour, mid-month: periods cross two month ends
const STEP = 600;
const DAYS = 45;

interface Reading {
  device: string;
  ts: number;
  rpm: number;
}

function makeReadings(): Reading[] {
  const out: Reading[] = [];
  for (let ts = START; ts < START + DAYS * 86400; ts += STEP) {
    const day = Math.floor((ts - START) / 86400);
    const hour = new Date(ts * 1000).getUTCHours();
    if (day === 3) continue; // a whole day without data
    if (hour >= 5 && hour < 8) continue; // and three hours every day
    const i = (ts - START) / STEP;
    out.push({ device: 'rpm-a1-1', ts, rpm: (i * 7919) % 1300 });
    if (i % 4 === 0) out.push({ device: 'rpm-a1-3', ts, rpm: 300 + ((i * 104729) % 900) });
  }
  return out;
}

/** Bucket start from the local calendar (tz hours east), independent of the server's formula. */
function localBucket(ts: number, unit: string, length: number, tz: number): number {
  const tzs = tz * 3600;
  const d = new Date((ts + tzs) * 1000);
  const [y, mo, da, h, mi] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
  let local: number;
  if (unit === 'MINUTE') local = Date.UTC(y, mo, da, h, Math.floor(mi / length) * length);
  else if (unit === 'HOUR') local = Date.UTC(y, mo, da, Math.floor(h / length) * length);
  else if (unit === 'DAY') local = Date.UTC(y, mo, da);
  else if (unit === 'WEEK') local = Date.UTC(y, mo, da - ((d.getUTCDay() + 6) % 7));
  else local = Date.UTC(y, mo, 1);
  return local / 1000 - tzs;
}

type Fn = { name: string; param?: number };
function expected(
  readings: Reading[],
  device: string,
  start: number,
  end: number,
  unit: string,
  length: number,
  tz: number,
  fns: Fn[],
) {
  const groups = new Map<number, Reading[]>();
  for (const r of readings) {
    if (r.device !== device || r.ts < start || r.ts >= end) continue;
    const b = localBucket(r.ts, unit, length, tz);
    groups.set(b, [...(groups.get(b) ?? []), r]);
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([timestamp, rs]) => {
      const v = rs.map((r) => r.rpm);
      const values = fns.map((f) => {
        switch (f.name) {
          case 'AVG':
            return v.reduce((a, b) => a + b, 0) / v.length;
          case 'SUM':
            return v.reduce((a, b) => a + b, 0);
          case 'MIN':
            return Math.min(...v);
          case 'MAX':
            return Math.max(...v);
          case 'COUNT':
            return v.length;
          case 'FIRST':
            return rs[0].rpm;
          case 'LAST':
            return rs[rs.length - 1].rpm;
          default:
            return v.filter((x) => x > f.param!).length;
        }
      });
      return { timestamp, values };
    });
}

describe.each(dialects())('series on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof telemetryWorld>>;
  const readings = makeReadings();
  const get = (url: string, token = w.adminA) => t.call({ method: 'GET', url, token });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await telemetryWorld(t.database);
    const body = readings.map((r) => ({ device: r.device, ts: r.ts, data: { rpm: r.rpm } }));
    // sent newest batch first, so rollups are built out of order
    const batches: (typeof body)[] = [];
    for (let i = 0; i < body.length; i += 2500) batches.push(body.slice(i, i + 2500));
    for (const batch of batches.reverse()) {
      const r = await t.call({
        method: 'POST',
        url: '/api/ingest',
        headers: { 'x-device-key': w.keys.gatewayA1 },
        payload: { readings: batch },
      });
      expect(r.json.data.rejected).toBe(0);
    }
  }, 120000);
  afterAll(() => t.close());

  const FNS: Fn[] = [
    { name: 'AVG' },
    { name: 'SUM' },
    { name: 'MIN' },
    { name: 'MAX' },
    { name: 'COUNT' },
    { name: 'FIRST' },
    { name: 'LAST' },
    { name: 'COUNTGT', param: 400 },
  ];
  // the column (and COUNTGT's threshold) in functionParams, lined up by index with functionNames
  const query = (fns: Fn[]) =>
    [
      ...fns.map((f) => `functionNames[]=${f.name}`),
      ...fns.map(
        (f) => `functionParams[]=${encodeURIComponent(`dlrpRpm${f.param !== undefined ? `,${f.param}` : ''}`)}`,
      ),
    ].join('&');
  const names = FNS.map((f) => `functionNames[]=${f.name}`).join('&');
  const params = FNS.map(
    (f) => `functionParams[]=${encodeURIComponent(`dlrpRpm${f.param !== undefined ? `,${f.param}` : ''}`)}`,
  ).join('&');

  const cases: [unit: string, length: number, tz: number, from: number, to: number][] = [
    ['MINUTE', 15, 7, START + 2 * 86400 + 1234, START + 5 * 86400 + 777],
    ['MINUTE', 60, 7, START + 1800, START + 10 * 86400 + 1800],
    ['HOUR', 1, 7, START + 86400 + 100, START + 20 * 86400 - 100],
    ['HOUR', 3, -4, START + 999, START + 12 * 86400],
    ['DAY', 1, 7, START, START + DAYS * 86400],
    ['DAY', 1, 5.5, START + 3 * 3600 + 60, START + 30 * 86400 + 61],
    ['WEEK', 1, 7, START + 4000, START + DAYS * 86400],
    ['MONTH', 1, 7, START, START + DAYS * 86400],
    ['MONTH', 1, -10, START + 12345, START + 40 * 86400],
  ];

  async function check(fns: Fn[], unit: string, length: number, tz: number, from: number, to: number) {
    const url = `/api/series/aggregated/rpm/period/${from}/${to}?device[]=rpm-a1-1&aggregatedUnit=${unit}&aggregatedLength=${length}&timezone=${tz}&${query(fns)}`;
    const r = await get(url);
    expect(r.statusCode).toBe(200);
    // MINUTE×60 is an hour (spec 000 §7)
    const [u, l] = unit === 'MINUTE' && length === 60 ? ['HOUR', 1] : [unit, length];
    const want = expected(readings, 'rpm-a1-1', from, to, u, l, tz, fns);
    const got = r.json.data.series;
    expect(got.map((x: any) => x.timestamp)).toEqual(want.map((x) => x.timestamp));
    expect(r.json.data.count).toBe(want.length);
    got.forEach((row: any, i: number) => {
      expect(row.deviceId).toBe('rpm-a1-1');
      expect(row.datetime).toBe(new Date(row.timestamp * 1000).toISOString());
      fns.forEach((f, k) => {
        const key = `${f.name}_dlrpRpm_${k}`;
        expect(row.additional[key], `${key} at ${row.datetime}`).toBeCloseTo(want[i].values[k], 6);
      });
      expect(row.rpm).toBeCloseTo(want[i].values[0], 6); // primary AVG
    });
  }

  it.each(cases)('%s×%s at timezone %s matches the raw readings for every function', (unit, length, tz, from, to) =>
    check(FNS, unit, length, tz, from, to),
  );

  // without COUNTGT, buckets that are stored rollup rows (HOUR; DAY at +7) are computed by the database
  it.each(cases)(
    '%s×%s at timezone %s matches the raw readings without counts above a threshold',
    (unit, length, tz, from, to) =>
      check(
        FNS.filter((f) => f.name !== 'COUNTGT'),
        unit,
        length,
        tz,
        from,
        to,
      ),
  );

  it('refuses a period of more buckets than it can hold, with the reason', async () => {
    const r = await get(
      `/api/series/aggregated/rpm/period/${START}/${START + 200 * 86400}?device[]=rpm-a1-1&aggregatedUnit=MINUTE&aggregatedLength=1`,
    );
    expect(r.statusCode).toBe(400);
    expect(r.json.status.message).toMatch(
      /more than 200000 in all: shorten the period or choose a larger aggregatedUnit/,
    );
    const ok = await get(
      `/api/series/aggregated/rpm/period/${START}/${START + 100 * 86400}?device[]=rpm-a1-1&aggregatedUnit=MINUTE&aggregatedLength=1`,
    );
    expect(ok.statusCode).toBe(200);
  });

  it('names the HOUR unit sent as MINUTE×60 the same as HOUR', async () => {
    const q = `device[]=rpm-a1-1&timezone=7&${names}&${params}`;
    const a = await get(
      `/api/series/aggregated/rpm/period/${START}/${START + 3 * 86400}?aggregatedUnit=MINUTE&aggregatedLength=60&${q}`,
    );
    const b = await get(`/api/series/aggregated/rpm/period/${START}/${START + 3 * 86400}?aggregatedUnit=HOUR&${q}`);
    expect(a.json.data.series.length).toBeGreaterThan(40);
    expect(a.json.data.series).toEqual(b.json.data.series);
  });

  it('answers several devices, each with its own buckets, and leaves out buckets without data', async () => {
    const from = START + 2 * 86400;
    const to = START + 5 * 86400;
    const r = await get(
      `/api/series/aggregated/rpm/period/${from}/${to}?device[]=rpm-a1-1&device[]=rpm-a1-3&aggregatedUnit=DAY&timezone=7&functionNames[]=COUNT(dlrpRpm)`,
    );
    for (const device of ['rpm-a1-1', 'rpm-a1-3']) {
      const want = expected(readings, device, from, to, 'DAY', 1, 7, [{ name: 'COUNT' }]);
      const got = r.json.data.series.filter((x: any) => x.deviceId === device);
      expect(got.map((x: any) => [x.timestamp, x.additional.COUNT_dlrpRpm_0])).toEqual(
        want.map((x) => [x.timestamp, x.values[0]]),
      );
    }
  });

  it('uses all visible devices of the type when none is named, and the label filter `type`', async () => {
    const r = await get(
      `/api/series/aggregated/rpm/period/${START}/${START + 86400}?aggregatedUnit=DAY&type=STARBOARD`,
    );
    const ids = new Set(r.json.data.series.map((x: any) => x.deviceId));
    expect([...ids]).toEqual(['rpm-a1-3']);
    // a Config RPM row names the side over the label
    await t.database.db
      .insertInto('config_rpm')
      .values({ mcrpDevcId: w.dev.rpmPort, mcrpType: 'STARBOARD', mcrpMinValue: 400, mcrpIsSingleEngine: 0 })
      .execute();
    const byConfig = await get(
      `/api/series/aggregated/rpm/period/${START}/${START + 86400}?aggregatedUnit=DAY&type=STARBOARD`,
    );
    expect(new Set(byConfig.json.data.series.map((x: any) => x.deviceId))).toEqual(new Set(['rpm-a1-1', 'rpm-a1-3']));
    await t.database.db.deleteFrom('config_rpm').execute();
    const all = await get(`/api/series/aggregated/rpm/last/3650/day?aggregatedUnit=MONTH`);
    expect(new Set(all.json.data.series.map((x: any) => x.deviceId))).toEqual(new Set(['rpm-a1-1', 'rpm-a1-3']));
  });

  it('applies additionalFilter to the raw rows', async () => {
    const from = START;
    const to = START + 10 * 86400;
    const r = await get(
      `/api/series/aggregated/rpm/period/${from}/${to}?device[]=rpm-a1-1&aggregatedUnit=DAY&timezone=7&additionalFilter=dlrpRpm>400&functionNames[]=AVG(dlrpRpm)&functionNames[]=MIN(dlrpRpm)`,
    );
    const kept = readings.filter((x) => x.rpm > 400);
    const want = expected(kept, 'rpm-a1-1', from, to, 'DAY', 1, 7, [{ name: 'AVG' }, { name: 'MIN' }]);
    expect(r.json.data.series.map((x: any) => x.timestamp)).toEqual(want.map((x) => x.timestamp));
    r.json.data.series.forEach((x: any, i: number) => {
      expect(x.additional.AVG_dlrpRpm_0).toBeCloseTo(want[i].values[0], 6);
      expect(x.additional.MIN_dlrpRpm_1).toBeGreaterThan(400);
    });
  });

  it('truncates at limit and refuses a limit above 10000', async () => {
    const r = await get(
      `/api/series/aggregated/rpm/period/${START}/${START + 10 * 86400}?device[]=rpm-a1-1&aggregatedUnit=HOUR&limit=5`,
    );
    expect(r.json.data.series).toHaveLength(5);
    const big = await get(`/api/series/aggregated/rpm/period/${START}/${START + 86400}?limit=20000`);
    expect(big.statusCode).toBe(400);
    expect(big.json.status.message).toMatch(/limit/);
  });

  it.each([
    ['aggregatedUnit=YEAR', /aggregatedUnit/],
    ['functionNames[]=MEDIAN(dlrpRpm)', /MEDIAN/],
    ['functionNames[]=AVG(dlgpSpeed)', /Unknown column dlgpSpeed/],
    ['functionNames[]=AVG', /name the column/],
    ['functionNames[]=COUNTGT(dlrpRpm)', /COUNTGT/],
    ['timezone=99', /timezone/],
    ['additionalFilter=rpm%20~%203', /additionalFilter/],
    ['primaryFunctionName=COUNTGT', /primaryFunctionName/],
  ])('answers a bad parameter (%s) with a 400 that says what is wrong', async (query, message) => {
    const r = await get(`/api/series/aggregated/rpm/period/${START}/${START + 86400}?${query}`);
    expect(r.statusCode).toBe(400);
    expect(r.json.status.message).toMatch(message);
  });

  it('answers a bad period or device type with 400', async () => {
    expect((await get(`/api/series/aggregated/rpm/period/${START}/${START}`)).statusCode).toBe(400);
    expect((await get(`/api/series/aggregated/rpm/period/yesterday/${START}`)).statusCode).toBe(400);
    expect((await get(`/api/series/aggregated/boiler/period/${START}/${START + 60}`)).statusCode).toBe(400);
    expect((await get(`/api/series/base/last/2/fortnight`)).statusCode).toBe(400);
  });

  it('gives the core the same answer from rollups and from raw rows', async () => {
    // rollup buckets grouped into coarser ones (stats-read.ts: daily rows into weeks and months, hourly rows into
    // UTC days and 6-hour buckets); the same buckets with a filter that keeps everything read raw rows
    const cases = [
      { unit: 'WEEK', length: 1, tz: 7 },
      { unit: 'MONTH', length: 1, tz: 7 },
      { unit: 'DAY', length: 1, tz: 0 },
      { unit: 'HOUR', length: 6, tz: 2 },
    ] as const;
    for (const c of cases) {
      const base = {
        type: 'rpm' as const,
        deviceIds: [w.dev.rpmPort, w.dev.rpmStbd],
        start: START + 777,
        end: START + DAYS * 86400 - 777,
        ...c,
        functions: FNS.filter((f) => f.name !== 'COUNTGT').map((f) => ({ name: f.name as any, column: 'rpm' })),
      };
      const fromRollups = await aggregate(t.database, base);
      const fromRaw = await aggregate(t.database, { ...base, filters: [{ column: 'rpm', op: '>=', value: 0 }] });
      expect(fromRollups.length).toBeGreaterThan(3);
      expect(fromRollups.map((r) => [r.deviceId, r.timestamp])).toEqual(fromRaw.map((r) => [r.deviceId, r.timestamp]));
      for (const [i, r] of fromRollups.entries())
        for (const [k, v] of r.values.entries()) expect(v).toBeCloseTo(fromRaw[i].values[k]!, 6);
    }
  });

  describe('scope and permissions', () => {
    it('never shows another company’s devices', async () => {
      const q = `?device[]=rpm-a1-1&aggregatedUnit=DAY`;
      const r = await get(`/api/series/aggregated/rpm/period/${START}/${START + 10 * 86400}${q}`, w.adminB);
      expect(r.statusCode).toBe(200);
      expect(r.json.data.series).toEqual([]);
      const pulse = await get(`/api/series/device/${w.dev.rpmPort}/pulse`, w.adminB);
      expect(pulse.statusCode).toBe(404);
      const base = await get(`/api/series/base/period/${START}/${START + 86400}?device=rpm-a1-1`, w.adminB);
      expect(base.json.data.series).toEqual([]);
      // named by devc_id: the owner sees the device, the other company does not
      const byId = `/api/series/aggregated/rpm/period/${START}/${START + 10 * 86400}?device[]=${w.dev.rpmPort}&aggregatedUnit=DAY`;
      const own = await get(byId);
      expect(own.json.data.series.length).toBeGreaterThan(0);
      expect(new Set(own.json.data.series.map((x: any) => x.deviceId))).toEqual(new Set(['rpm-a1-1']));
      expect((await get(byId, w.adminB)).json.data.series).toEqual([]);
    });

    it('needs a signed-in user with read on devices or assets', async () => {
      const url = `/api/series/aggregated/rpm/period/${START}/${START + 86400}`;
      const anon = await t.call({ method: 'GET', url });
      expect(anon.statusCode).toBe(401);
      await t.database.db.insertInto('user').values({ userId: 'nobody@a.test', userStatus: 1 }).execute();
      await t.database.db
        .insertInto('user_login')
        .values({ usloUserId: 'nobody@a.test', usloUserName: 'nobody', usloPassword: 'x' })
        .execute();
      await t.database.db
        .insertInto('user_company')
        .values({ uscoUserId: 'nobody@a.test', uscoCompId: w.compA1, uscoAllAssets: 1 })
        .execute();
      const token = await signIn(t.database.db, 'nobody@a.test', w.compA1);
      const r = await get(url, token);
      expect(r.statusCode).toBe(403);
    });
  });

  describe('base series and pulse', () => {
    const now = Math.floor(Date.now() / 1000);
    beforeAll(async () => {
      const recent = [
        { device: 'gps-a1', ts: now - 120, data: { latitude: -6.1, longitude: 106.8, speed: 20, track: 90 } },
        { device: 'gps-a1', ts: now - 60, data: { latitude: -6.11, longitude: 106.81, speed: 21, track: 91 } },
        { device: 'rpm-a1-1', ts: now - 60, data: { rpm: 777 } },
        {
          device: 'trk-a1',
          ts: now - 30,
          data: { latitude: -6.2, longitude: 106.82, angle: 45, speed: 3, satellites: 9 },
        },
      ];
      await t.call({
        method: 'POST',
        url: '/api/ingest',
        headers: { 'x-device-key': w.keys.gatewayA1 },
        payload: { readings: recent },
      });
      await t.call({
        method: 'POST',
        url: '/api/ingest',
        headers: { 'x-device-key': w.keys.gatewayB1 },
        payload: { readings: [{ device: 'gps-b1', ts: now - 60, data: { latitude: 1, longitude: 104 } }] },
      });
    });

    it('answers raw rows with the data as JSON text', async () => {
      const r = await get(`/api/series/base/period/${now - 3600}/${now + 1}?device=gps-a1`);
      expect(r.statusCode).toBe(200);
      const d = r.json.data;
      expect(d.fromString).toBe(new Date((now - 3600) * 1000).toISOString());
      expect(d.devices.map((x: any) => x.devcUniqueId)).toEqual(['gps-a1']);
      expect(d.series).toHaveLength(2);
      expect(d.series[0]).toMatchObject({ deviceId: 'gps-a1', timestamp: now - 120, id: `${w.dev.gps}-${now - 120}` });
      expect(JSON.parse(d.series[1].data)).toMatchObject({ latitude: -6.11, longitude: 106.81, speed: 21, track: 91 });
      expect(JSON.parse(d.series[1].data).distance).toBeGreaterThan(1000);
    });

    it('answers the last week in either path order, newest rows kept under a limit', async () => {
      const a = await get('/api/series/base/last/1/week?device[]=gps-a1&device[]=rpm-a1-1');
      const b = await get('/api/series/base/last/week/1?device[]=gps-a1&device[]=rpm-a1-1&limit=2');
      expect(a.json.data.series.map((x: any) => x.deviceId)).toEqual(['gps-a1', 'gps-a1', 'rpm-a1-1']);
      expect(b.json.data.series.map((x: any) => x.timestamp)).toEqual([now - 60, now - 60]);
      const all = await get('/api/series/base/last/1/week');
      expect(all.json.data.series.some((x: any) => x.deviceId === 'gps-b1')).toBe(false);
    });

    it('gives the latest reading of a device by id, or of a kind for a device list', async () => {
      const one = await get(`/api/series/device/${w.dev.gps}/pulse`);
      expect(one.json.data.series).toEqual([
        expect.objectContaining({
          deviceId: 'gps-a1',
          devcId: w.dev.gps,
          timestamp: now - 60,
          latitude: -6.11,
          speed: 21,
          online: true, // a minute old (docs/domain.md §19)
        }),
      ]);
      const kind = await get('/api/series/device/gps/pulse?device[]=gps-a1&device[]=gps-b1&device[]=nope');
      expect(kind.json.data.series.map((x: any) => x.deviceId)).toEqual(['gps-a1']);
      const mixed = await get('/api/series/device/all/pulse?device[]=gps-a1&device[]=rpm-a1-1&device[]=gps-b1');
      expect(mixed.json.data.series.map((x: any) => x.deviceId)).toEqual(['gps-a1', 'rpm-a1-1']);
      const byUid = await get('/api/series/device/rpm-a1-1/pulse');
      expect(byUid.json.data.series[0]).toMatchObject({ rpm: 777, timestamp: now - 60 });
      expect((await get('/api/series/device/999999/pulse')).statusCode).toBe(404);
    });

    it('reads a kind without names by its type in SQL, with the same answer as naming its devices', async () => {
      const ids = (r: { json: any }) => r.json.data.series.map((x: any) => x.deviceId);
      const rpm = await get('/api/series/device/rpm/pulse');
      expect(ids(rpm)).toEqual(['rpm-a1-1', 'rpm-a1-3']); // company B's rpm devices are not visible
      expect(rpm.json).toEqual((await get('/api/series/device/rpm/pulse?device[]=rpm-a1-1&device[]=rpm-a1-3')).json);
      expect(ids(await get('/api/series/device/gps/pulse'))).toEqual(['gps-a1']);
      expect(ids(await get('/api/series/teltonika/gps/pulse'))).toEqual(['trk-a1']);
      // typed 'Temperature' on the device: the type matches whatever its case
      await t.call({
        method: 'POST',
        url: '/api/ingest',
        headers: { 'x-device-key': w.keys.gatewayA1 },
        payload: { readings: [{ device: 'tm-a1-1', ts: now - 60, data: { temperature: 412 } }] },
      });
      expect(ids(await get('/api/series/device/temperature/pulse'))).toEqual(['tm-a1-1']);
      // a visible device whose unique id is a kind's name is what the path means, as before
      const named = await createDevice(t.database.db, w.assetA1, 'power', 'rpm');
      try {
        const one = await get('/api/series/device/power/pulse');
        expect(one.statusCode).toBe(200);
        expect(one.json.data.series).toEqual([]); // the device 'power' has no reading yet
        expect(ids(await get('/api/series/device/gps/pulse'))).toEqual(['gps-a1']);
      } finally {
        await t.database.db.deleteFrom('device').where('devcId', '=', named).execute();
      }
    });

    it('serves the tracker pulse and its aggregated trail', async () => {
      const p = await get('/api/series/teltonika/gps/pulse?device[]=trk-a1&timezone=7');
      expect(p.json.data.series).toEqual([expect.objectContaining({ deviceId: 'trk-a1', angle: 45, satellites: 9 })]);
      const a = await get(
        `/api/series/aggregated/teltonika/gps/period/${now - 3600}/${now + 1}?device[]=trk-a1&aggregatedUnit=MINUTE&aggregatedLength=15&timezone=7`,
      );
      expect(a.json.data.series).toEqual([
        expect.objectContaining({ deviceId: 'trk-a1', latitude: -6.2, longitude: 106.82 }),
      ]);
    });

    it('names GPS function results as the specs do', async () => {
      const fns = ['AVG', 'AVG', 'AVG', 'SUM', 'LAST', 'LAST'].map((f) => `functionNames[]=${f}`).join('&');
      const cols = ['dlgpSpeed', 'dlgpTrack', 'dlgpAltitude', 'dlgpDistance', 'dlgpLatitude', 'dlgpLongitude']
        .map((c) => `functionParams[]=${c}`)
        .join('&');
      const r = await get(
        `/api/series/aggregated/gps/period/${now - 3600}/${now + 1}?device[]=gps-a1&aggregatedUnit=DAY&${fns}&${cols}`,
      );
      const [row] = r.json.data.series;
      expect(Object.keys(row.additional)).toEqual([
        'AVG_dlgpSpeed_0',
        'AVG_dlgpTrack_1',
        'AVG_dlgpAltitude_2',
        'SUM_dlgpDistance_3',
        'LAST_dlgpLatitude_4',
        'LAST_dlgpLongitude_5',
      ]);
      expect(row.additional.AVG_dlgpSpeed_0).toBeCloseTo(20.5, 6);
      expect(row.additional.AVG_dlgpAltitude_2).toBeNull();
      expect(row.additional.LAST_dlgpLatitude_4).toBe(-6.11);
    });
  });
});
