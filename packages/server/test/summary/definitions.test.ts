import { bucketStart } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { twoTenants } from '../helpers/fixtures.ts';
import { H, MIN, send, series, vessel } from './summary-world.ts';

/**
 * The corrected definitions of docs/domain.md (§5 running time, §7 speed and track, §11 litres at 15 °C and kg, §13 AE
 * fuel per bucket), through the HTTP API on both engines. Every expected figure is worked out in the comments from the
 * readings sent; none is read back from the product. T0 is local midnight (+7), a whole UTC hour, three days ago.
 */

/** 10-second readings from `from`: data(i) for the i-th one. */
const fast = (device: string, from: number, n: number, data: (i: number) => Record<string, number>) =>
  Array.from({ length: n }, (_, i) => ({ device, ts: from + i * 10, data: data(i) }));

/** domain.md §24.3 written out again (ASTM D1250 Table 54B), independent of the product's code. */
function vcf54B(rho15: number, t: number) {
  const a =
    rho15 >= 838.5
      ? (186.9696 + 0.48618 * rho15) / rho15 ** 2
      : rho15 >= 787.5
        ? 594.5418 / rho15 ** 2
        : -0.00336312 + 2680.3206 / rho15 ** 2;
  const dt = t - 15;
  return Math.exp(-a * dt * (1 + 0.8 * a * dt));
}
function rho15Of(observed: number, t: number) {
  let rho = observed;
  for (let i = 0; i < 50; i++) rho = observed / vcf54B(rho, t);
  return rho;
}

describe.each(dialects())('corrected summary definitions on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let T0: number;
  let engines: number;
  let moving: number;
  let tracker: number;
  let fuel: number;
  let aeVessel: number;
  let heading: number;
  /** the Track vessel's fixes: minute i from T0 → track (degrees) */
  const trackAt = (i: number) => (i < 30 ? 45 : i < 60 ? 90 : i < 120 ? 350 : i < 180 ? 10 : i < 210 ? 270 : 200);

  const get = async (path: string, massId: number, start: number, end: number, query: string) => {
    const r = await t.call({
      method: 'GET',
      url: `/api/summary/${path}/period/${start}/${end}?devcMassId=${massId}${query}`,
      token,
    });
    expect(r.statusCode).toBe(200);
    return r.json.data;
  };
  const summary = (massId: number, start: number, end: number, query = '&aggregatedUnit=HOUR') =>
    get('aggregated', massId, start, end, query);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const tenants = await twoTenants(t.database.db, ['master_asset']);
    token = tenants.adminA;
    T0 = bucketStart(nowSeconds() - 3 * 86400, 86400, 7);

    // Engines: PORT runs 900 rpm for 3 h — 1-minute history for 2 h, then a 10-second live hour. STARBOARD the same,
    // but silent from minute 20 to 24 of the first hour (a 6-minute drop-out).
    const e = await vessel(t, tenants.compA1, 'Mixed rates');
    await e.add('mx-rpm-p', 'rpm', 'PORT');
    await e.add('mx-rpm-s', 'rpm', 'STARBOARD');
    const run = () => ({ rpm: 900 });
    await send(t, e.key, [
      ...series('mx-rpm-p', T0, 120, run),
      ...fast('mx-rpm-p', T0 + 2 * H, 360, run),
      ...series('mx-rpm-s', T0, 120, run).filter((_, i) => i < 20 || i > 24),
      ...fast('mx-rpm-s', T0 + 2 * H, 360, run),
    ]);
    engines = e.massId;

    // GPS: the first hour 1-minute fixes steaming east at 0.01° of longitude a minute (speed 20 km/h reported), track
    // alternating 350° and 10°; the second hour 10-second fixes lying still (speed 0) at the last position.
    const g = await vessel(t, tenants.compA1, 'Mixed GPS');
    await g.add('mx-gps', 'gps', null);
    await send(t, g.key, [
      ...series('mx-gps', T0, 60, (i) => ({
        latitude: 0,
        longitude: 100 + 0.01 * i,
        speed: 20,
        track: i % 2 ? 10 : 350,
      })),
      ...fast('mx-gps', T0 + H, 360, () => ({ latitude: 0, longitude: 100.59, speed: 0, track: 180 })),
    ]);
    moving = g.massId;

    // A tracker reporting every 3 minutes while sailing at 10 knots (18.52 km/h): 926 m between fixes, 2 hours.
    const k = await vessel(t, tenants.compA1, 'Tracker rate');
    await k.add('tr-gps', 'gps', null);
    await send(
      t,
      k.key,
      Array.from({ length: 40 }, (_, i) => ({
        device: 'tr-gps',
        ts: T0 + 180 * i,
        data: { latitude: 0, longitude: 100 + 0.008 * i, speed: 18.52, distance: 926 },
      })),
    );
    tracker = k.massId;

    // Fuel: PORT_IN delivers 100 L a minute (85 kg: 850 kg/m³ measured at 35 °C), PORT_OUT returns 20 L (17 kg) at
    // the same density and temperature, for one hour.
    const f = await vessel(t, tenants.compA1, 'Fuel basis');
    await f.add('fb-in', 'flowmeter', 'PORT_IN');
    await f.add('fb-out', 'flowmeter', 'PORT_OUT');
    const meter = (litres: number) => (i: number) => ({
      volumeInventory: 10_000 + litres * i,
      massInventory: 8_500 + litres * 0.85 * i,
      volumeFlowrate: litres * 60,
      density: 850,
      temperature: 35,
    });
    await send(t, f.key, [...series('fb-in', T0, 60, meter(100)), ...series('fb-out', T0, 60, meter(20))]);
    fuel = f.massId;

    // AE: AE1 runs the first hour, AE2 the second, none the third (default rate 5 L/h each); the AE meter counts
    // 1 L a minute all three hours (a silent return meter is absent: supply only).
    const a = await vessel(t, tenants.compA1, 'AE split');
    await a.add('as-ae1', 'ae', 'AE1');
    await a.add('as-ae2', 'ae', 'AE2');
    await a.add('as-in', 'flowmeter', 'AE_IN');
    await send(t, a.key, [
      ...series('as-ae1', T0, 180, (i) => ({ rpm: i < 60 ? 1500 : 0, running: i < 60 ? 1 : 0 })),
      ...series('as-ae2', T0, 180, (i) => ({
        rpm: i >= 60 && i < 120 ? 1500 : 0,
        running: i >= 60 && i < 120 ? 1 : 0,
      })),
      ...series('as-in', T0, 180, (i) => ({ volumeInventory: 500 + i, volumeFlowrate: 60 })),
    ]);
    aeVessel = a.massId;

    // Track: 1-minute fixes for 4 hours — 45° the first half hour, 90° the second, 350° the second hour, 10° the
    // third, 270° the first half of the fourth hour, 200° the second half.
    const k2 = await vessel(t, tenants.compA1, 'Track');
    await k2.add('tk-gps', 'gps', null);
    await send(
      t,
      k2.key,
      series('tk-gps', T0, 240, (i) => ({ latitude: 0, longitude: 100 + 0.001 * i, speed: 10, track: trackAt(i) })),
    );
    heading = k2.massId;
  });
  afterAll(() => t?.close());

  it('§5 mixed 1-minute and 10-second data: each sample credits its own segment, drop-outs not counted', async () => {
    for (const unit of ['MINUTE', 'HOUR', 'DAY']) {
      const d = await summary(engines, T0, T0 + 3 * H, `&aggregatedUnit=${unit}&devcType=rpm`);
      // PORT: minutes 1–119 credit 60 s each (minute 0, the device's first sample, has no segment), the first live
      // sample at 02:00 the 60 s since minute 119, the 359 live samples after it 10 s each:
      // 7 140 + 60 + 3 590 = 10 790 s. (The old period-wide median of 10 s credited the 1-minute hours 600 s each.)
      expect(d.rpm.summary.PORT.runningTime).toBeCloseTo(10_790, 6);
      // STARBOARD: minute 25 follows minute 19 (L = 360 s): credited G = 60 s; so 114 history segments of 60 s,
      // then 60 + 3 590 s: 10 490 s
      expect(d.rpm.summary.STARBOARD.runningTime).toBeCloseTo(10_490, 6);
    }
  });

  it('§5 only time inside the period: a period ending inside the live hour, and its neighbour, add up', async () => {
    const split = T0 + 2 * H + 30 * MIN;
    const a = await summary(engines, T0, split, '&devcType=rpm');
    const b = await summary(engines, split, T0 + 3 * H, '&devcType=rpm');
    // first part: 7 140 + 60 + the live samples at 02:00:10 … 02:30:00 (the one at the split credits its segment
    // [02:29:50, 02:30:00) to the part before it): 180 × 10 s = 9 000 s; second: the samples after it, 179 × 10 s
    expect(a.rpm.summary.PORT.runningTime).toBeCloseTo(9_000, 6);
    expect(b.rpm.summary.PORT.runningTime).toBeCloseTo(1_790, 6);
    expect(a.rpm.summary.PORT.runningTime + b.rpm.summary.PORT.runningTime).toBeCloseTo(10_790, 6);
  });

  it('§7 a fix every 3 minutes: moving time is the time its distance took (G_GPS), so the speed is the real one', async () => {
    const d = await summary(tracker, T0, T0 + 2 * H, '&aggregatedUnit=HOUR&devcType=gps');
    // fixes 1–39 each cover 926 m in their 180 s segment (G_GPS = 3 600 s); the first fix has no segment (the 926 m
    // it reports lie before anything known): 36 114 m in 7 020 moving seconds, 18.52 km/h = 10 knots.
    // (With G = 60 s: 2 340 s and 55.56 km/h, 3 × too fast.)
    expect(d.gps.summary.totalDistance).toBeCloseTo(39 * 926, 6);
    expect(d.gps.summary.averageSpeed).toBeCloseTo(18.52, 6);
  });

  it('§7 average speed is distance over moving time; the track of a bucket is the circular mean', async () => {
    const d = await summary(moving, T0, T0 + 2 * H, '&aggregatedUnit=HOUR&devcType=gps&showDetails=1');
    const distance = d.gps.summary.totalDistance;
    // 59 steps of 0.01° on the equator (haversine, R = 6 371 000 m)
    expect(distance).toBeCloseTo(59 * 6_371_000 * ((0.01 * Math.PI) / 180), 3);
    // moving: the segments of fixes 1–59 of hour 1 (20 km/h > 1 kn) × 60 s = 3 540 s; the first still fix (01:00,
    // 0 km/h) credits [00:59, 01:00) as not moving, and neither do the 359 after it.
    // The mean of the samples would be 60 × 20 / 420 = 2.86 km/h.
    expect(d.gps.summary.averageSpeed).toBeCloseTo(distance / 1000 / (3540 / H), 6);
    const first = d.gps.data[T0];
    expect(first.speed).toBeCloseTo(distance / 1000 / (3540 / H), 6);
    // 30 × 350° and 30 × 10°: north, not the arithmetic 180°
    expect(first.track).toBeCloseTo(0, 6);
    expect(d.gps.data[T0 + H].speed).toBe(0);
    expect(d.gps.data[T0 + H].track).toBeCloseTo(180, 6);
  });

  it('§7 track of a DAY bucket over partial hours: the circular mean of the fixes in the period (rollups and edges)', async () => {
    const combined = (start: number, end: number, unit: string) =>
      get('combined', heading, start, end, `&aggregatedUnit=${unit}&typesToGet[]=gps`);
    // [T0 + 30 min, T0 + 3 h 30 min): 30 × 90° (partial first hour), 60 × 350°, 60 × 10°, 30 × 270° (partial last
    // hour). Σ sin = 30 − 30 + 60 (sin 350° + sin 10°) = 0, Σ cos = 0 + 0 + 120 cos 10° > 0: north, 0°. The fixes of
    // the same hours outside the period (45°, 200°) must not count; the arithmetic mean would be 180°.
    const day = await combined(T0 + 30 * MIN, T0 + 3 * H + 30 * MIN, 'DAY');
    expect(day.datas[T0].gps.track).toBeCloseTo(0, 6);
    const hour = await combined(T0 + 30 * MIN, T0 + 3 * H + 30 * MIN, 'HOUR');
    expect(hour.datas[T0].gps.track).toBeCloseTo(90, 6);
    expect(hour.datas[T0 + H].gps.track).toBeCloseTo(350, 6);
    expect(hour.datas[T0 + 3 * H].gps.track).toBeCloseTo(270, 6);
    // the whole local day equals the circular mean worked out here from every fix sent
    let sin = 0;
    let cos = 0;
    for (let i = 0; i < 240; i++) {
      sin += Math.sin((trackAt(i) * Math.PI) / 180);
      cos += Math.cos((trackAt(i) * Math.PI) / 180);
    }
    const want = ((((Math.atan2(sin, cos) * 180) / Math.PI) % 360) + 360) % 360;
    const whole = await combined(T0, T0 + 24 * H, 'DAY');
    expect(whole.datas[T0].gps.track).toBeCloseTo(want, 6);
    // and so does a DAY with partial hours at both ends, over the fixes inside it (minutes 15 to 224)
    sin = 0;
    cos = 0;
    for (let i = 15; i < 225; i++) {
      sin += Math.sin((trackAt(i) * Math.PI) / 180);
      cos += Math.cos((trackAt(i) * Math.PI) / 180);
    }
    const part = await combined(T0 + 15 * MIN, T0 + 225 * MIN, 'DAY');
    expect(part.datas[T0].gps.track).toBeCloseTo(((((Math.atan2(sin, cos) * 180) / Math.PI) % 360) + 360) % 360, 6);
  });

  it('§11 fuel in litres at 15 °C from measured density and temperature, and in kg from the mass totalisers', async () => {
    const d = await summary(fuel, T0, T0 + H, '&devcType=flowmeter');
    const s = d.flowmeter.summary;
    // 59 steps: supply 5 900 L, return 1 180 L → 4 720 L at line temperature; mass 4 720 × 0.85 = 4 012 kg
    expect(s.portEngineCons).toBeCloseTo(4_720, 6);
    expect(s.portEngineConsKg).toBeCloseTo(4_012, 6);
    expect(s.meEngineConsKg).toBeCloseTo(4_012, 6);
    // at 15 °C: ρ15 from 850 kg/m³ at 35 °C (≈ 864.1), VCF(ρ15, 35 °C) ≈ 0.9837, reading by reading
    const factor = vcf54B(rho15Of(850, 35), 35);
    expect(factor).toBeGreaterThan(0.98);
    expect(factor).toBeLessThan(0.99);
    expect(s.portEngineCons15).toBeCloseTo(4_720 * factor, 6);
    expect(s.meEngineCons15).toBeCloseTo(4_720 * factor, 6);
    // no AE meter: no metered AE basis
    expect(s.aeEngineCons15).toBeNull();
  });

  it('§11 every totaliser basis carries its baseline: adjacent periods add up in L, L at 15 °C and kg', async () => {
    const whole = (await summary(fuel, T0, T0 + H, '&devcType=flowmeter')).flowmeter.summary;
    const split = T0 + 30 * MIN + 30; // inside a minute: the second half starts from the last reading before it
    const a = (await summary(fuel, T0, split, '&devcType=flowmeter')).flowmeter.summary;
    const b = (await summary(fuel, split, T0 + H, '&devcType=flowmeter')).flowmeter.summary;
    // first half: minutes 0–30, 30 steps: (100 − 20) × 30 = 2 400 L, 2 040 kg; the rest 29 steps
    expect(a.portEngineCons).toBeCloseTo(2_400, 6);
    expect(a.portEngineConsKg).toBeCloseTo(2_040, 6);
    for (const k of ['portEngineCons', 'portEngineCons15', 'portEngineConsKg'])
      expect(a[k] + b[k]).toBeCloseTo(whole[k], 6);
  });

  it('§13 metered AE fuel: per bucket the AEs add up to the bucket, the buckets to the period', async () => {
    const d = await summary(aeVessel, T0, T0 + 3 * H, '&aggregatedUnit=HOUR&devcType=ae&showDetails=1');
    // the meter counted 179 L (500 → 679)
    expect(d.ae.totalFuelConsumption).toBeCloseTo(179, 6);
    const perAe = (ts: number) => ({ ae1: d.ae.data[ts].AE1.fuelConsumption, ae2: d.ae.data[ts].AE2.fuelConsumption });
    // hour 1: 59 L (the first reading has none). AE1 ran the segments of minutes 1–59 (3 540 s), AE2 that of minute
    // 60 (running, its segment [00:59, 01:00)): shares 3 540 : 60 of the hour's 59 L
    expect(perAe(T0).ae1).toBeCloseTo((59 * 3540) / 3600, 9);
    expect(perAe(T0).ae2).toBeCloseTo((59 * 60) / 3600, 9);
    // hour 2: 60 L, only AE2 ran; hour 3: 60 L, no AE ran: evenly, 30 + 30
    expect(perAe(T0 + H)).toEqual({ ae1: 0, ae2: 60 });
    expect(perAe(T0 + 2 * H)).toEqual({ ae1: 30, ae2: 30 });
    const buckets = [T0, T0 + H, T0 + 2 * H].reduce((sum, ts) => sum + perAe(ts).ae1 + perAe(ts).ae2, 0);
    expect(buckets).toBeCloseTo(d.ae.totalFuelConsumption, 9);
    // each AE's period figure is the sum of its buckets (§13)
    for (const n of ['AE1', 'AE2'] as const)
      expect(d.ae[n].fuelConsumption).toBeCloseTo(
        [T0, T0 + H, T0 + 2 * H].reduce((sum, ts) => sum + d.ae.data[ts][n].fuelConsumption, 0),
        9,
      );
  });
});
