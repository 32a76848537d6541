import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createRole, createUser, signIn } from '../helpers/fixtures.ts';
import { buildWorld, H, MIN, type World } from './summary-world.ts';

/** Metres per 0.01° of longitude on the equator: R · Δλ (domain.md §6). */
const STEP = 6371000 * ((0.01 * Math.PI) / 180);

describe.each(dialects())('summary API on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  let token: string;
  const summary = async (massId: number, query = '', start = w.T0, end = w.T0 + 3 * H, tk = token) =>
    t.call({
      method: 'GET',
      url: `/api/summary/aggregated/period/${start}/${end}?devcMassId=${massId}${query}`,
      token: tk,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await buildWorld(t);
    token = w.tenants.adminA;
  });
  afterAll(() => t?.close());

  describe('twin engine with AE meters', () => {
    let d: any;
    beforeAll(async () => {
      const r = await summary(w.twinAe);
      expect(r.statusCode).toBe(200);
      d = r.json.data;
    });

    it('§6 §7 §8 gps: haversine distance, mean speed, calculated speed, total cruise', () => {
      const distance = 179 * STEP; // the first fix has no predecessor: 0
      expect(d.gps.summary.totalDistance).toBeCloseTo(distance, 3);
      expect(d.gps.summary.distance).toBeCloseTo(distance, 3);
      expect(d.gps.summary.totalCruise).toBeCloseTo(distance / 1852, 6);
      // §7: every fix moves (20 and 10 km/h > 1 kn); §5: fixes 1–179 each credit their 60 s segment (the first fix
      // has none): 10 740 s moving; distance over that time (this world's speed samples, 20 and 10 km/h, are not
      // consistent with its positions: §7 does not read them)
      const speed = distance / 1000 / (10740 / H);
      expect(d.gps.summary.averageSpeed).toBeCloseTo(speed, 9);
      expect(d.gps.summary.averageSpeedKnot).toBeCloseTo(speed * 0.539957, 9);
      expect(d.gps.summary.calculatedSpeed).toBeCloseTo(distance / 1000 / ((179 * MIN) / H), 6);
      expect(d.gps.summary.firstPosition).toEqual({ latitude: 0, longitude: 100 });
      expect(d.gps.summary.lastPosition.longitude).toBeCloseTo(101.79, 9);
      expect(d.gps.data).toEqual({}); // per-bucket data only with showDetails
    });

    it('§9 running time counts samples above each engine’s own Config RPM minimum', () => {
      // PORT (min 400): samples 0–29 at 1000 and 60–119 at 1200 run; 350 rpm does not. §5: each running sample
      // credits its 60 s segment, the device's first (minute 0) has none: (29 + 60) × 60 = 5 340 s.
      // STARBOARD (min 300): 350 runs all 180 samples: 179 × 60 = 10 740 s. sampleInterval is P of §20 (60 s).
      expect(d.rpm.summary.PORT).toMatchObject({
        runningTime: 5340,
        runningHours: 5340 / H,
        threshold: 400,
        sampleInterval: 60,
      });
      expect(d.rpm.summary.PORT.average).toBeCloseTo((30 * 1000 + 60 * 1200 + 60 * 350) / 180, 9);
      expect(d.rpm.summary.STARBOARD).toMatchObject({
        runningTime: 10740,
        runningHours: 10740 / H,
        threshold: 300,
        average: 350,
      });
      expect(d.rpm.summary.singleEngine).toBe(false);
      expect(d.rpm.summary.totalRPM).toBeCloseTo(((30 * 1000 + 60 * 1200 + 60 * 350) / 180 + 350) / 2, 9);
    });

    it('§11 §12 §14 §15 fuel per engine is supply minus return totaliser delta; flow time and averages', () => {
      const f = d.flowmeter.summary;
      expect(f.portEngineCons).toBeCloseTo(179 * 2 - 179 * 0.5, 9); // 268.5
      expect(f.starboardEngineCons).toBeCloseTo(179 * 3 - 179, 9); // 358
      expect(f.stbEngineCons).toBe(f.starboardEngineCons);
      expect(f.meEngineCons).toBeCloseTo(626.5, 9);
      expect(f.totalFuelCons).toBeCloseTo(626.5 + 134.25, 9);
      expect(f.portAverageFlow).toBeCloseTo((150 * 120) / 180, 9);
      expect(f.starboardAverageFlow).toBe(180);
      // §15: samples 1–149 flow (120 L/h) and credit 60 s each (minute 0 has no segment; minute 150 reads 0 L/h)
      expect(f.PORT_IN_flowTime).toBe(149 * 60);
      expect(f.STARBOARD_IN_flowTime).toBe(179 * 60);
      expect(f.portTotalAverageFlow).toBeCloseTo(268.5 / ((149 * 60) / H), 9);
      expect(f.starboardTotalAverageFlow).toBeCloseTo(358 / ((179 * 60) / H), 9);
      expect(f.PORT_IN_averageDens).toBe(850);
      expect(f.STARBOARD_IN_averageDens).toBe(840);
      expect(f.PORT_IN_averageTemp).toBe(40);
    });

    it('§13 AE fuel is metered (AE_IN − AE_OUT) and apportioned per UTC hour by running hours × Config AE rate', () => {
      expect(d.flowmeter.summary.AE_IN).toBeCloseTo(179, 9);
      expect(d.flowmeter.summary.AE_OUT).toBeCloseTo(44.75, 9);
      expect(d.flowmeter.summary.aeEngineCons).toBeCloseTo(134.25, 9);
      expect(d.ae.metered).toBe(true);
      expect(d.ae.totalFuelConsumption).toBeCloseTo(134.25, 9);
      // running (§5, §10): AE1 samples 1–179 × 60 s = 10 740 s; AE2 samples 1–59 (minute 60 reads running 0) = 3 540 s
      expect(d.ae.AE1).toMatchObject({ runningSeconds: 10740, runningTime: 10740 / H, rate: 6 });
      expect(d.ae.AE2).toMatchObject({ runningSeconds: 3540, runningTime: 3540 / H, rate: 5 });
      // per UTC hour: hour 1 the meter counts 59 − 14.75 = 44.25 L; AE1 ran the whole hour (samples 1–60: 6 L at
      // 6 L/h), AE2 3 540 s (4.9167 L at the default 5 L/h); hours 2 and 3 (45 L each) only AE1 ran
      const e2 = (3540 / H) * 5;
      expect(d.ae.AE1.fuelConsumption).toBeCloseTo((44.25 * 6) / (6 + e2) + 45 + 45, 9);
      expect(d.ae.AE2.fuelConsumption).toBeCloseTo((44.25 * e2) / (6 + e2), 9);
      expect(d.ae.AE3).toMatchObject({ runningSeconds: 0, fuelConsumption: 0 });
      expect(d.ae.AE1.fuelConsumption + d.ae.AE2.fuelConsumption).toBeCloseTo(134.25, 9);
    });

    it('§16 temperatures per label and side', () => {
      const ex = d.temperature.EXHAUST_TEMPERATURE;
      expect(ex.average.PORT).toBe(300);
      expect(ex.average.STARBOARD).toBeCloseTo((60 * 320 + 120 * 340) / 180, 9);
      expect(ex.avg).toBeCloseTo((180 * 300 + 60 * 320 + 120 * 340) / 360, 9);
      expect(ex.additional.AVG_dltmTemp_2).toBe(ex.avg);
      expect(d.temperature.TEMPERATURE.avg).toBeNull();
    });

    it('§17–§20 asset facts: flags, data range, offline, sensor data percentage', () => {
      expect(d).toMatchObject({
        massId: w.twinAe,
        massName: 'Twin AE',
        maintenance: false,
        maintenanceFlag: false,
        singleEngine: false,
        hasFlowmeter: true,
        hasAeFlowmeter: true,
        firstData: w.T0,
        lastData: w.T0 + 179 * MIN,
        dataStatus: 'offline',
        lastGpsTime: w.T0 + 179 * MIN,
        aggregatedUnit: 'HOUR',
        timezone: 7,
      });
      const rpm = d.sensorPercentage.find((s: any) => s.devcUniqueId === 'rpm-a-1');
      expect(rpm).toMatchObject({ present: 180, expected: 180, percentage: 100, sampleInterval: 60 });
      // the bunker meter is not an engine meter
      expect(d.sensorPercentage.some((s: any) => s.devcUniqueId === 'fm-a-bunker')).toBe(false);
    });

    it('per-period series records with showDetails (spec 002 §3.1)', async () => {
      const r = await summary(w.twinAe, '&showDetails=true');
      const first = r.json.data.details[0];
      expect(r.json.data.details).toHaveLength(3);
      expect(first.timestamp).toBe(w.T0);
      // hour 1: samples 1–29 run (29 × 60 s) and minute 60's segment [00:59, 01:00) lies in it too: 1 800 s
      expect(first.rpmData.PORT).toEqual({ rpm: 500, runningTime: 1800, additional: { COUNTGT_dlrpRpm_1: 30 } });
      // §6: fixes 1–59 and the segment of minute 60 (inside the hour): 60 steps
      expect(first.gpsData.additional.SUM_dlgpDistance_3).toBeCloseTo(60 * STEP, 3);
      expect(first.gpsData.additional.LAST_dlgpLongitude_5).toBeCloseTo(100.59, 9);
      expect(first.fmData.PORT_IN.additional).toEqual({
        FIRST_dlfmVolInventory_0: 10000,
        LAST_dlfmVolInventory_1: 10118,
      });
      expect(first.fmData.PORT_InFlow).toBeCloseTo(59 * 2 - 59 * 0.5, 9);
      // hour 2: the first reading's litres run back to hour 1's last reading (§11)
      expect(r.json.data.details[1].fmData.PORT_InFlow).toBeCloseTo(60 * 2 - 60 * 0.5, 9);
      expect(first.aeData.AE1.runningSeconds).toBe(3600);
      expect(r.json.data.rpm.data.PORT[String(w.T0 + 2 * H)]).toEqual({ rpm: 350, runningTime: 0, count: 0 });
      expect(Object.keys(r.json.data.gps.data)).toEqual([w.T0, w.T0 + H, w.T0 + 2 * H].map(String));
      expect(r.json.data.temperature.EXHAUST_TEMPERATURE.STARBOARD).toEqual([
        { timestamp: w.T0, temperature: 320 },
        { timestamp: w.T0 + H, temperature: 340 },
        { timestamp: w.T0 + 2 * H, temperature: 340 },
      ]);
    });

    it('devcType limits the answer to one group', async () => {
      const r = await summary(w.twinAe, '&devcType=rpm');
      expect(r.statusCode).toBe(200);
      expect(r.json.data.rpm.summary.PORT.runningTime).toBe(5340);
      expect(r.json.data.gps).toBeUndefined();
      expect(r.json.data.flowmeter).toBeUndefined();
      expect(r.json.data.maintenance).toBe(false);
    });

    it('§1 §11 a period that starts and ends inside an hour: partial hours counted exactly, totalisers stitched', async () => {
      for (const q of ['', '&showDetails=true', '&aggregatedUnit=DAY']) {
        const d = (await summary(w.twinAe, q, w.T0 + 30 * MIN, w.T0 + 150 * MIN)).json.data;
        // §5 [00:30, 02:30): minute 30's segment lies before the period; minute 150 (just after it) credits its
        // segment [02:29, 02:30). PORT runs 60–119 (1200 rpm): segments [00:59, 01:59) = 3 600 s; STARBOARD (350 >
        // 300) segments of minutes 31–150 = 7 200 s
        expect(d.rpm.summary.PORT.runningTime).toBe(3600);
        expect(d.rpm.summary.STARBOARD.runningTime).toBe(7200);
        // §11 the readings of minutes 30–149 each hold the litres since the one before: 120 steps of each meter
        expect(d.flowmeter.summary.portEngineCons).toBeCloseTo(120 * 2 - 120 * 0.5, 9);
        expect(d.flowmeter.summary.starboardEngineCons).toBeCloseTo(120 * 3 - 120, 9);
        expect(d.flowmeter.summary.aeEngineCons).toBeCloseTo(120 * 0.75, 9);
        // §15 minutes 31–149 flow (minute 150 reads 0 L/h: its segment is not flow time)
        expect(d.flowmeter.summary.PORT_IN_flowTime).toBe(119 * 60);
        expect(d.ae.AE1.runningSeconds).toBe(7200);
        // AE2 runs minutes 0–59: the segments of 31–59
        expect(d.ae.AE2.runningSeconds).toBe(29 * 60);
        expect(d).toMatchObject({ firstData: w.T0 + 30 * MIN, lastData: w.T0 + 149 * MIN });
        // first and last position from the first and last fix, whatever the bucket (a DAY bucket holds the leading
        // partial hour, the whole hour and the trailing partial hour under one name)
        expect(d.gps.summary.firstPosition.longitude).toBeCloseTo(100.3, 9);
        expect(d.gps.summary.lastPosition.longitude).toBeCloseTo(101.49, 9);
        expect(d.sensorPercentage.find((s: any) => s.devcUniqueId === 'rpm-a-1')).toMatchObject({
          present: 120,
          expected: 120,
          percentage: 100,
        });
      }
    });

    it('§1 totals do not depend on the bucket unit', async () => {
      const r = await summary(w.twinAe, '&aggregatedUnit=DAY');
      expect(r.json.data.flowmeter.summary.portEngineCons).toBeCloseTo(268.5, 9);
      expect(r.json.data.rpm.summary.PORT.runningTime).toBe(5340);
      const m = await summary(w.twinAe, '&aggregatedUnit=MINUTE');
      expect(m.json.data.flowmeter.summary.portEngineCons).toBeCloseTo(268.5, 9);
      expect(m.json.data.rpm.summary.PORT.runningTime).toBe(5340);
    });
  });

  describe('twin engine without AE meter', () => {
    it('§13 AE fuel = running hours × Config AE rate (default 5 L/h); §10 rpm-only AE counts rpm > 0', async () => {
      const d = (await summary(w.twinNoAe)).json.data;
      expect(d.hasAeFlowmeter).toBe(false);
      expect(d.ae.metered).toBe(false);
      // §5 §10: AE1 (flag 1) segments of minutes 1–179 = 10 740 s × 6 L/h; AE2 (no flag, rpm > 0 in minutes 0–59)
      // minutes 1–59 = 3 540 s × 5 L/h
      expect(d.ae.AE1).toMatchObject({ runningTime: 10740 / H, rate: 6 });
      expect(d.ae.AE1.fuelConsumption).toBeCloseTo((10740 / H) * 6, 9);
      expect(d.ae.AE2).toMatchObject({ runningSeconds: 3540, rate: 5 });
      expect(d.ae.AE2.fuelConsumption).toBeCloseTo((3540 / H) * 5, 9);
      expect(d.flowmeter.summary.aeEngineCons).toBeCloseTo((10740 / H) * 6 + (3540 / H) * 5, 9);
      expect(d.flowmeter.summary.AE_IN).toBeNull();
      expect(d.flowmeter.summary.AE_OUT).toBeNull();
    });

    it('§11 a totaliser reset is bridged; a missing return meter means supply only', async () => {
      const f = (await summary(w.twinNoAe)).json.data.flowmeter.summary;
      // 500→797 (297 L), reset to 0, then 0→237: 297 + 237 = 534 (the reset minute itself is lost)
      expect(f.starboardEngineCons).toBeCloseTo(534, 9);
      expect(f.portEngineCons).toBeCloseTo(268.5, 9);
      expect(f.meEngineCons).toBeCloseTo(802.5, 9);
      expect(f.totalFuelCons).toBeCloseTo(802.5 + (10740 / H) * 6 + (3540 / H) * 5, 9);
    });
  });

  describe('single engine', () => {
    it('§17 single engine from Config RPM; §9 its own threshold (30); §12 ME is its one side', async () => {
      const d = (await summary(w.single, '', w.T0 - H, w.T0 + H)).json.data;
      expect(d.singleEngine).toBe(true);
      expect(d.rpm.summary.singleEngine).toBe(true);
      expect(d.rpm.summary.PORT).toMatchObject({ runningTime: 110 * 60, threshold: 30 });
      expect(d.rpm.summary.STARBOARD).toBeNull();
      expect(d.flowmeter.summary).toMatchObject({ portEngineCons: 119, starboardEngineCons: null, meEngineCons: 119 });
      expect(d.flowmeter.summary.aeEngineCons).toBeNull();
      expect(d.flowmeter.summary.totalFuelCons).toBe(119);
    });
  });

  describe('no flow meter', () => {
    it('§14 engine fuel is not measured (null), total is the AE estimate; §19 online', async () => {
      const d = (await summary(w.noMeter)).json.data;
      expect(d.hasFlowmeter).toBe(false);
      expect(d.flowmeter.summary).toMatchObject({
        portEngineCons: null,
        starboardEngineCons: null,
        meEngineCons: null,
        PORT_IN_flowTime: null,
      });
      // AE1 runs minutes 0–119: the segments of 1–119, 7 140 s × 5 L/h
      expect(d.flowmeter.summary.aeEngineCons).toBeCloseTo((7140 / H) * 5, 9);
      expect(d.flowmeter.summary.totalFuelCons).toBe(d.flowmeter.summary.aeEngineCons);
      expect(d.rpm.summary.PORT.runningTime).toBe(10740);
      expect(d.dataStatus).toBe('online');
      expect(d.maintenance).toBe(false);
    });
  });

  describe('under maintenance', () => {
    it('§18 the asset flag marks maintenance even with data', async () => {
      const d = (await summary(w.flagged)).json.data;
      expect(d).toMatchObject({ maintenance: true, maintenanceFlag: true, empty: { rpm: false } });
    });

    it('§18 no RPM, AE or flow meter data in the period marks maintenance', async () => {
      const d = (await summary(w.gpsOnly)).json.data;
      expect(d).toMatchObject({
        maintenance: true,
        maintenanceFlag: false,
        empty: { rpm: true, ae: true, flowmeter: true },
      });
      expect(d.gps.summary.averageSpeed).toBe(0);
      // the same vessel in a period where nothing at all was sent
      const later = (await summary(w.gpsOnly, '', w.T0 + 10 * H, w.T0 + 12 * H)).json.data;
      expect(later).toMatchObject({ maintenance: true, firstData: null, lastData: null });
      expect(later.gps.summary).toMatchObject({ averageSpeed: null, totalDistance: 0, firstPosition: null });
    });
  });

  describe('timezone', () => {
    it('§1 DAY buckets follow local midnight of the requested timezone', async () => {
      const local = await summary(w.single, '&aggregatedUnit=DAY&showDetails=1', w.T0 - H, w.T0 + H);
      expect(local.json.data.details.map((r: any) => r.timestamp)).toEqual([w.T0 - 86400, w.T0]);
      // §5: the day before holds the segments of minutes 10–59 and of minute 60 (at local midnight, its segment
      // [23:59, 24:00) lies before it): 51 × 60 s; the day from T0 those of 61–119: 59 × 60 s
      expect(local.json.data.rpm.data.PORT).toEqual({
        [w.T0 - 86400]: { rpm: (10 * 20 + 50 * 100) / 60, runningTime: 3060, count: 50 },
        [w.T0]: { rpm: 100, runningTime: 3540, count: 60 },
      });
      const utc = await summary(w.single, '&aggregatedUnit=DAY&showDetails=1&timezone=0', w.T0 - H, w.T0 + H);
      const utcDay = Math.floor(w.T0 / 86400) * 86400;
      expect(utc.json.data.details.map((r: any) => r.timestamp)).toEqual([utcDay]);
      expect(utc.json.data.rpm.data.PORT[utcDay].runningTime).toBe(6600);
      expect(utc.json.data.timezone).toBe(0);
      // west of UTC: 16:00–18:00 UTC is 11:00–13:00 at −5, one local day starting 05:00 UTC
      const west = await summary(w.single, '&aggregatedUnit=DAY&showDetails=1&timezone=-5', w.T0 - H, w.T0 + H);
      expect(west.json.data.details.map((r: any) => r.timestamp)).toEqual([utcDay + 5 * H]);
      expect(west.json.data.flowmeter.summary.portEngineCons).toBe(119);
    });

    it('§1 §9 a half-hour timezone starts HOUR buckets at half past; totals stay', async () => {
      const r = await summary(w.twinAe, '&timezone=5.5&showDetails=true');
      const d = r.json.data;
      // data 17:00–19:59 UTC: buckets 16:30, 17:30, 18:30, 19:30
      expect(d.details.map((x: any) => x.timestamp)).toEqual([-30, 30, 90, 150].map((m) => w.T0 + m * MIN));
      // PORT runs minutes 0–29 and 60–119, each sample crediting the minute before it (§5): [00:00, 00:29) in the
      // first bucket, [00:59, 01:30) in the second, [01:30, 01:59) in the third — local hours split the segments
      expect(Object.values(d.rpm.data.PORT).map((x: any) => x.runningTime)).toEqual([1740, 1860, 1740, 0]);
      expect(d.rpm.summary.PORT.runningTime).toBe(5340);
      expect(d.flowmeter.summary.portEngineCons).toBeCloseTo(268.5, 9);
      expect(d.details[0].fmData.PORT_InFlow).toBeCloseTo(29 * 2 - 29 * 0.5, 9);
    });

    it('the route is in the OpenAPI document', async () => {
      const r = await t.call({ method: 'GET', url: '/api/docs/json' });
      expect(Object.keys(r.json.paths)).toEqual(
        expect.arrayContaining([
          '/api/summary/aggregated/period/{start}/{end}',
          '/api/summary/combined/period/{start}/{end}',
        ]),
      );
    });
  });

  describe('access', () => {
    it('another tenant’s vessel is not found', async () => {
      const r = await summary(w.twinAe, '', w.T0, w.T0 + 3 * H, w.tenants.adminB);
      expect(r.statusCode).toBe(404);
      expect(r.json.status.message).toBe('Asset not found');
    });

    it('needs a session and read on master_asset', async () => {
      const anon = await t.call({
        method: 'GET',
        url: `/api/summary/aggregated/period/${w.T0}/${w.T0 + H}?devcMassId=${w.twinAe}`,
      });
      expect(anon.statusCode).toBe(401);
      const role = await createRole(t.database.db, 'No assets', { master_device: ['read'] });
      await createUser(t.database.db, {
        userId: 'nobody@a.test',
        username: 'nobody',
        roleIds: [role],
        companies: [{ compId: w.tenants.compA1 }],
      });
      const tk = await signIn(t.database.db, 'nobody@a.test', w.tenants.compA1);
      expect((await summary(w.twinAe, '', w.T0, w.T0 + H, tk)).statusCode).toBe(403);
      expect((await summary(w.twinAe, '', w.T0, w.T0 + H, w.tenants.readerA)).statusCode).toBe(200);
    });
  });

  describe('bad parameters', () => {
    const bad = async (url: string, message: RegExp) => {
      const r = await t.call({ method: 'GET', url, token });
      expect(r.statusCode).toBe(400);
      expect(r.json.status.message).toMatch(message);
    };
    it('answer 400 with a message', async () => {
      const base = `/api/summary/aggregated/period/${w.T0}/${w.T0 + H}`;
      await bad(base, /devcMassId is required/);
      await bad(`${base}?devcMassId=abc`, /devcMassId must be/);
      await bad(`/api/summary/aggregated/period/${w.T0}/${w.T0}?devcMassId=1`, /end must be after start/);
      await bad(`/api/summary/aggregated/period/yesterday/${w.T0}?devcMassId=1`, /start must be/);
      await bad(`${base}?devcMassId=${w.twinAe}&aggregatedUnit=WEEK`, /aggregatedUnit must be MINUTE, HOUR or DAY/);
      await bad(`${base}?devcMassId=${w.twinAe}&aggregatedUnit=MINUTE&aggregatedLength=7`, /aggregatedLength/);
      await bad(`${base}?devcMassId=${w.twinAe}&timezone=abc`, /timezone must be/);
      await bad(`${base}?devcMassId=${w.twinAe}&devcType=engine`, /devcType must be one of/);
      await bad(`${base}?devcMassId=${w.twinAe}&showDetails=maybe`, /showDetails must be true or false/);
      await bad(
        `/api/summary/aggregated/period/${w.T0 - 30 * 86400}/${w.T0}?devcMassId=${w.twinAe}&aggregatedUnit=MINUTE`,
        /at most 10000/,
      );
    });

    it('accepts HOUR sent as MINUTE × 60', async () => {
      const r = await summary(w.twinAe, '&aggregatedUnit=MINUTE&aggregatedLength=60');
      expect(r.json.data.aggregatedUnit).toBe('HOUR');
    });
  });
});
