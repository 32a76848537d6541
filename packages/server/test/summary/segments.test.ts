import { bucketStart } from '@fleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/http/time.ts';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { twoTenants } from '../helpers/fixtures.ts';
import { configAe, H, MIN, send, vessel } from './summary-world.ts';

/**
 * Issue 25: one quantity, one answer — the worked examples of docs/domain.md §5, §6, §7, §11, §13 and the cases the
 * issue names (a +5.5 zone day, a period cut mid-gap, MINUTE vs HOUR vs DAY, adjacent periods), through the HTTP API
 * on both engines. Every expected figure is worked out in the comments from the readings sent.
 * Clock times are UTC on day D (00:00 UTC, three days ago).
 */

type Reading = { device: string; ts: number; data: Record<string, number> };
const KNOT = 0.539957;
const VCF_850_35 = 0.98366; // §11 example: ρ15 864.1 kg/m³, VCF at 35 °C
const VCF_850_40 = 0.97966; // the same at 40 °C (§24.3 Table 54B: ρ15 867.6 kg/m³)

describe.each(dialects())('issue 25 definitions on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let D: number;
  const at = (h: number, m = 0, s = 0) => D + h * H + m * MIN + s;
  const ids: Record<string, number> = {};

  const get = async (path: string, massId: number, start: number, end: number, query: string) => {
    const r = await t.call({
      method: 'GET',
      url: `/api/summary/${path}/period/${start}/${end}?devcMassId=${massId}${query}`,
      token,
    });
    expect(r.statusCode).toBe(200);
    return r.json.data;
  };
  const summary = (massId: number, start: number, end: number, query = '') =>
    get('aggregated', massId, start, end, query);
  const combined = (massId: number, start: number, end: number, query = '') =>
    get('combined', massId, start, end, query);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const tenants = await twoTenants(t.database.db, ['master_asset']);
    token = tenants.adminA;
    D = bucketStart(nowSeconds() - 3 * 86400, 86400, 0);
    const comp = tenants.compA1;
    const minutes = (device: string, from: number, to: number, data: (ts: number) => Record<string, number> | null) => {
      const out: Reading[] = [];
      for (let ts = from; ts <= to; ts += MIN) {
        const d = data(ts);
        if (d) out.push({ device, ts, data: d });
      }
      return out;
    };

    // §5 example: 1 500 rpm at 10:58:30, 10:59:30, 11:00:30, silent, 11:11:30, 11:12:30 (no Config RPM: 400 rpm)
    const a = await vessel(t, comp, 'Section 5');
    await a.add('s5-rpm', 'rpm', 'PORT');
    await send(
      t,
      a.key,
      [at(10, 58, 30), at(10, 59, 30), at(11, 0, 30), at(11, 11, 30), at(11, 12, 30)].map((ts) => ({
        device: 's5-rpm',
        ts,
        data: { rpm: 1500 },
      })),
    );
    ids.s5 = a.massId;

    // §6 example: fixes 09:50, 10:10 (3 704 m since 09:50), 10:40 (5 556 m since 10:10), moving at 20 km/h
    const b = await vessel(t, comp, 'Section 6');
    await b.add('s6-gps', 'gps', null);
    await send(t, b.key, [
      { device: 's6-gps', ts: at(9, 50), data: { latitude: 0, longitude: 100, speed: 20 } },
      { device: 's6-gps', ts: at(10, 10), data: { latitude: 0, longitude: 100.03, speed: 20, distance: 3704 } },
      { device: 's6-gps', ts: at(10, 40), data: { latitude: 0, longitude: 100.08, speed: 20, distance: 5556 } },
    ]);
    ids.s6 = b.massId;

    // §6 drop-out: a fix at 06:00, silent, a fix at 08:30 27 780 m further (L = 9 000 s)
    const c = await vessel(t, comp, 'Drop-out');
    await c.add('do-gps', 'gps', null);
    await send(t, c.key, [
      { device: 'do-gps', ts: at(6), data: { latitude: 0, longitude: 100, speed: 20 } },
      { device: 'do-gps', ts: at(8, 30), data: { latitude: 0, longitude: 100.25, speed: 20, distance: 27780 } },
    ]);
    ids.drop = c.massId;

    // A vessel with every part, 04:00–06:00 UTC: PORT 900 rpm every minute, silent from 04:51 to 05:09 (a gap);
    // PORT_IN every minute at the same times, 2 L and 1.7 kg a minute on its totalisers (it keeps counting through
    // the gap), 120 L/h, 850 kg/m³ at 40 °C; a GPS fix every 3 minutes at 10 knots (926 m, 18.52 km/h); AE1 (5 L/h)
    // running all along, AE2 (5 L/h) running 05:00–05:40 (flag), AE_IN 1 L a minute.
    const v = await vessel(t, comp, 'Full');
    await v.add('fu-gps', 'gps', null);
    await v.add('fu-rpm', 'rpm', 'PORT');
    await v.add('fu-in', 'flowmeter', 'PORT_IN');
    await v.add('fu-ae1', 'ae', 'AE1');
    await v.add('fu-ae2', 'ae', 'AE2');
    await v.add('fu-ae-in', 'flowmeter', 'AE_IN');
    const gap = (ts: number) => ts > at(4, 50) && ts < at(5, 10);
    const m = (ts: number) => (ts - at(4)) / MIN;
    await send(t, v.key, [
      ...minutes('fu-rpm', at(4), at(6), (ts) => (gap(ts) ? null : { rpm: 900 })),
      ...minutes('fu-in', at(4), at(6), (ts) =>
        gap(ts)
          ? null
          : {
              volumeInventory: 1000 + 2 * m(ts),
              massInventory: 850 + 1.7 * m(ts),
              volumeFlowrate: 120,
              density: 850,
              temperature: 40,
            },
      ),
      ...minutes('fu-gps', at(4), at(6), (ts) =>
        m(ts) % 3 ? null : { latitude: 0, longitude: 100 + 0.00833 * (m(ts) / 3), speed: 18.52, distance: 926 },
      ),
      ...minutes('fu-ae1', at(4), at(6), () => ({ rpm: 1500, running: 1 })),
      ...minutes('fu-ae2', at(4), at(6), (ts) =>
        ts > at(5) && ts <= at(5, 40) ? { rpm: 1500, running: 1 } : { rpm: 0, running: 0 },
      ),
      ...minutes('fu-ae-in', at(4), at(6), (ts) => ({ volumeInventory: 300 + m(ts), volumeFlowrate: 60 })),
    ]);
    ids.full = v.massId;

    // §13 example: AE1 (5 L/h) runs the whole of 10:00–11:00, AE2 (10 L/h) its last 30 minutes; the AE meter counts
    // 8 L in [10:00, 10:30) and 4 L in [10:30, 11:00). AE3 (5 L/h) reports only 10:40–10:50, stopped.
    const e = await vessel(t, comp, 'Section 13');
    await configAe(t, await e.add('s13-ae1', 'ae', 'AE1'), 1, 5);
    await configAe(t, await e.add('s13-ae2', 'ae', 'AE2'), 2, 10);
    await e.add('s13-ae3', 'ae', 'AE3');
    await e.add('s13-in', 'flowmeter', 'AE_IN');
    await send(t, e.key, [
      ...minutes('s13-ae1', at(10), at(11), () => ({ rpm: 1500, running: 1 })),
      ...minutes('s13-ae2', at(10), at(11), (ts) =>
        ts > at(10, 30) ? { rpm: 1500, running: 1 } : { rpm: 0, running: 0 },
      ),
      ...minutes('s13-ae3', at(10, 40), at(10, 50), () => ({ rpm: 0, running: 0 })),
      ...[
        [at(10), 100],
        [at(10, 15), 104],
        [at(10, 29), 108],
        [at(10, 45), 110],
        [at(10, 59), 112],
      ].map(([ts, volumeInventory]) => ({ device: 's13-in', ts, data: { volumeInventory, volumeFlowrate: 60 } })),
    ]);
    ids.s13 = e.massId;

    // §11: a meter whose minute-5 reading (10 L) has no density, and whose minute-8 reading (0 L) has none either
    const f = await vessel(t, comp, 'No density');
    await f.add('nd-in', 'flowmeter', 'PORT_IN');
    const litres = [0, 10, 10, 10, 10, 10, 10, 10, 0, 10];
    let total = 1000;
    await send(
      t,
      f.key,
      litres.map((l, i) => {
        total += l;
        const corrected = i !== 5 && i !== 8;
        return {
          device: 'nd-in',
          ts: at(12, i),
          data: (corrected
            ? { volumeInventory: total, volumeFlowrate: 600, density: 850, temperature: 35 }
            : { volumeInventory: total, volumeFlowrate: 600 }) as Record<string, number>,
        };
      }),
    );
    ids.density = f.massId;
  });
  afterAll(() => t?.close());

  it('§5 the worked example: 120 s in [11:00, 11:12), MINUTE buckets 30/30/60/30, whatever the unit', async () => {
    for (const unit of ['MINUTE', 'HOUR', 'DAY']) {
      const q = `&aggregatedUnit=${unit}&devcType=rpm`;
      // 30 (of 11:00:30) + 60 (of 11:11:30) + 30 (of 11:12:30, the part before 11:12)
      expect((await summary(ids.s5, at(11), at(11, 12), q)).rpm.summary.PORT.runningTime).toBe(120);
      // the rest of 11:12:30's span
      expect((await summary(ids.s5, at(11, 12), at(11, 13), q)).rpm.summary.PORT.runningTime).toBe(30);
    }
    const d = await summary(ids.s5, at(11), at(11, 13), '&aggregatedUnit=MINUTE&devcType=rpm&showDetails=1');
    expect(d.rpm.data.PORT).toEqual({
      [at(11)]: { rpm: 1500, runningTime: 30, count: 1 },
      // no sample in 11:10, half of 11:11:30's segment
      [at(11, 10)]: { rpm: null, runningTime: 30, count: 0 },
      [at(11, 11)]: { rpm: 1500, runningTime: 60, count: 1 },
      [at(11, 12)]: { rpm: 1500, runningTime: 30, count: 1 },
    });
    expect(d.rpm.summary.PORT.runningTime).toBe(150);
    // the hours: 10:00 gets 60 (10:59:30) + 30 (of 11:00:30; 10:58:30 is the device's first sample: no segment),
    // 11:00 the same 150 s as its MINUTE buckets
    const h = await summary(ids.s5, at(10), at(12), '&aggregatedUnit=HOUR&devcType=rpm&showDetails=1');
    expect(h.rpm.data.PORT[at(10)].runningTime).toBe(90);
    expect(h.rpm.data.PORT[at(11)].runningTime).toBe(150);
    expect(h.rpm.summary.PORT.runningTime).toBe(240);
    // §9 sampleInterval is P of §20: hour 10 spaced 60 s (2 samples), hour 11 360 s (3): the weighted median 360
    expect(h.rpm.summary.PORT.sampleInterval).toBe(360);
  });

  it('§6 §7 the worked example: hour 10:00 is 7 408 m in 2 400 s = 6.00 kn, in every screen and unit', async () => {
    const d = await summary(ids.s6, at(9), at(11), '&aggregatedUnit=HOUR&devcType=gps&showDetails=1');
    // 10:10's span [09:50, 10:10) lies half in each hour: 1 852 m and 600 s each; 10:40's [10:10, 10:40) 5 556 m
    expect(d.gps.data[at(10)].distance).toBeCloseTo(7408, 6);
    expect(d.gps.data[at(10)].speed).toBeCloseTo(11.112, 9);
    expect(d.gps.data[at(9)].distance).toBeCloseTo(1852, 6);
    expect(d.gps.data[at(9)].speed).toBeCloseTo(11.112, 9);
    expect(d.details.find((r: any) => r.timestamp === at(10)).gpsData.speed).toBeCloseTo(11.112, 9);
    expect(d.details.find((r: any) => r.timestamp === at(10)).gpsData.additional.SUM_dlgpDistance_3).toBeCloseTo(
      7408,
      6,
    );
    const c = await combined(ids.s6, at(9), at(11), '&aggregatedUnit=HOUR&typesToGet[]=gps');
    expect(c.datas[at(10)].gps.speed).toBeCloseTo(11.112, 9);
    expect(c.datas[at(10)].gps.polyLength).toBeCloseTo(7408, 6);
    for (const unit of ['MINUTE', 'HOUR', 'DAY']) {
      const s = (await summary(ids.s6, at(10), at(11), `&aggregatedUnit=${unit}&devcType=gps`)).gps.summary;
      expect(s.totalDistance).toBeCloseTo(7408, 6);
      expect(s.averageSpeed).toBeCloseTo(11.112, 9);
      expect(s.averageSpeedKnot).toBeCloseTo(11.112 * KNOT, 9);
      expect(s.averageSpeedKnot).toBeCloseTo(6, 3);
    }
  });

  it('§6 a drop-out credits its last hour at the segment’s mean speed: 11 112 m in [07:30, 08:30)', async () => {
    const d = await summary(ids.drop, at(6), at(9), '&aggregatedUnit=HOUR&devcType=gps&showDetails=1');
    // 27 780 × 3 600 / 9 000 = 11 112 m over [07:30, 08:30): half in each hour
    expect(d.gps.summary.totalDistance).toBeCloseTo(11112, 6);
    expect(d.gps.data[at(7)].distance).toBeCloseTo(5556, 6);
    expect(d.gps.data[at(8)].distance).toBeCloseTo(5556, 6);
    expect(d.gps.data[at(6)]).toMatchObject({ distance: 0, speed: 0 });
    expect(d.gps.summary.averageSpeed).toBeCloseTo(11.112, 9);
    // a period cut inside the span: [08:00, 08:15) holds 900 s of it, 2 778 m
    const cut = (await summary(ids.drop, at(8), at(8, 15), '&devcType=gps')).gps.summary;
    expect(cut.totalDistance).toBeCloseTo(2778, 6);
    expect(cut.averageSpeed).toBeCloseTo(11.112, 9);
  });

  it('§1 a +5.5 zone: a local hour straddles two UTC hours and is credited exactly', async () => {
    const dayStart = bucketStart(at(4), 86400, 5.5); // local midnight before 04:00 UTC: 18:30 UTC the day before
    const d = await summary(ids.full, dayStart, dayStart + 86400, '&aggregatedUnit=HOUR&timezone=5.5&showDetails=1');
    // local hours 09:30–10:30, 10:30–11:30, 11:30–12:30 are [03:30, 04:30), [04:30, 05:30), [05:30, 06:30) UTC.
    // PORT runs the segments [04:00, 04:50), [05:09, 05:10) (after the gap: G = 60 s) and [05:10, 06:00)
    expect(d.rpm.data.PORT[at(3, 30)].runningTime).toBe(1800);
    expect(d.rpm.data.PORT[at(4, 30)].runningTime).toBe(20 * 60 + 21 * 60);
    expect(d.rpm.data.PORT[at(5, 30)].runningTime).toBe(1800);
    expect(d.rpm.summary.PORT.runningTime).toBe(101 * 60);
    // the flow meter flows with the same samples
    expect(d.flowmeter.summary.PORT_IN_flowTime).toBe(101 * 60);
    // §11 litres of the readings in each local hour: 04:01–04:29 (29 × 2), 04:30–04:50 (21 × 2) + 05:10 (40, the
    // gap's litres) + 05:11–05:29 (19 × 2), 05:30–06:00 (31 × 2)
    expect(d.flowmeter.data[at(3, 30)].portFuelCons).toBeCloseTo(58, 9);
    expect(d.flowmeter.data[at(4, 30)].portFuelCons).toBeCloseTo(120, 9);
    expect(d.flowmeter.data[at(5, 30)].portFuelCons).toBeCloseTo(62, 9);
    // §7 the fixes every 180 s at 926 m: 18.52 km/h in every local hour (the old rule credited them with the spacing
    // of the UTC hour the bucket starts in)
    for (const b of [at(3, 30), at(4, 30), at(5, 30)]) expect(d.gps.data[b].speed).toBeCloseTo(18.52, 9);
    expect(d.gps.data[at(4, 30)].distance).toBeCloseTo(20 * 926, 6);
    // the local day as one DAY bucket gives the same totals
    const day = await summary(ids.full, dayStart, dayStart + 86400, '&aggregatedUnit=DAY&timezone=5.5&showDetails=1');
    expect(day.rpm.data.PORT[dayStart].runningTime).toBe(101 * 60);
    expect(day.flowmeter.summary.portEngineCons).toBeCloseTo(240, 9);
    expect(day.gps.summary.totalDistance).toBeCloseTo(40 * 926, 6);
    expect(day.gps.summary.averageSpeed).toBeCloseTo(18.52, 9);
  });

  it('§5 §11 a period cut mid-gap, and its neighbour: each holds its part, together the whole', async () => {
    const q = '&devcType=rpm';
    // [04:40, 05:09:30): the segments of 04:41–04:50 (600 s) and half of 05:10's [05:09, 05:10)
    const a = await summary(ids.full, at(4, 40), at(5, 9, 30), q);
    const b = await summary(ids.full, at(5, 9, 30), at(5, 15), q);
    const ab = await summary(ids.full, at(4, 40), at(5, 15), q);
    expect(a.rpm.summary.PORT.runningTime).toBe(630);
    expect(b.rpm.summary.PORT.runningTime).toBe(330);
    expect(ab.rpm.summary.PORT.runningTime).toBe(960);
    // litres: 04:40–04:50 (11 × 2); 05:10 (the gap's 40 L) + 05:11–05:14 (4 × 2)
    const fuel = async (s: number, e: number) =>
      (await summary(ids.full, s, e, '&devcType=flowmeter')).flowmeter.summary.portEngineCons;
    expect(await fuel(at(4, 40), at(5, 9, 30))).toBeCloseTo(22, 9);
    expect(await fuel(at(5, 9, 30), at(5, 15))).toBeCloseTo(48, 9);
    expect(await fuel(at(4, 40), at(5, 15))).toBeCloseTo(70, 9);
  });

  /** Every figure of one period that must not depend on how it is asked for. */
  const figures = (d: any) => ({
    distance: d.gps.summary.totalDistance,
    speed: d.gps.summary.averageSpeed,
    running: d.rpm.summary.PORT.runningTime,
    flowTime: d.flowmeter.summary.PORT_IN_flowTime,
    port: d.flowmeter.summary.portEngineCons,
    port15: d.flowmeter.summary.portEngineCons15,
    portKg: d.flowmeter.summary.portEngineConsKg,
    ae: d.flowmeter.summary.aeEngineCons,
    ae1: d.ae.AE1.fuelConsumption,
    ae2: d.ae.AE2.fuelConsumption,
    ae1Run: d.ae.AE1.runningSeconds,
    ae2Run: d.ae.AE2.runningSeconds,
  });
  const close = (a: Record<string, number>, b: Record<string, number>) => {
    for (const k of Object.keys(a)) expect(a[k], k).toBeCloseTo(b[k], 9);
  };

  it('§1 MINUTE vs HOUR vs DAY, with and without details, in +7, +5.5 and −3.75: one period, one answer', async () => {
    const [s, e] = [at(4, 7, 30), at(5, 52, 10)];
    const base = figures(await summary(ids.full, s, e, '&aggregatedUnit=HOUR&timezone=7'));
    // hand-computed anchors: PORT runs the segments [04:07:30, 04:50) and [05:09, 05:52:10) = 2 550 + 2 590 s
    expect(base.running).toBe(2550 + 2590);
    // litres: the readings of 04:08–04:50 (43 × 2) and 05:10 (40) and 05:11–05:52 (42 × 2)
    expect(base.port).toBeCloseTo(86 + 40 + 84, 9);
    expect(base.port15).toBeCloseTo(210 * VCF_850_40, 2);
    expect(base.portKg).toBeCloseTo(210 * 0.85, 9);
    for (const tz of ['7', '5.5', '-3.75'])
      for (const unit of ['MINUTE', 'HOUR', 'DAY'])
        for (const details of ['', '&showDetails=1'])
          close(figures(await summary(ids.full, s, e, `&aggregatedUnit=${unit}&timezone=${tz}${details}`)), base);
  });

  it('§5 §6 §11 §13 two adjacent periods add up: distance, time, fuel, 15 °C litres, kg, per-AE litres', async () => {
    const [s, split, e] = [at(4), at(4, 47, 30), at(6, 1)];
    for (const unit of ['MINUTE', 'HOUR']) {
      const q = `&aggregatedUnit=${unit}`;
      const a = figures(await summary(ids.full, s, split, q));
      const b = figures(await summary(ids.full, split, e, q));
      const whole = figures(await summary(ids.full, s, e, q));
      for (const k of Object.keys(whole) as (keyof typeof whole)[])
        if (k !== 'speed') expect(a[k] + b[k], k).toBeCloseTo(whole[k], 9);
      // whole: 40 fixes × 926 m, PORT the 101 segments, the meter 240 L, AE1 the 120 segments (7 200 s),
      // AE2 05:01–05:40 (2 400 s)
      expect(whole).toMatchObject({ running: 6060, ae1Run: 7200, ae2Run: 2400 });
      expect(whole.distance).toBeCloseTo(40 * 926, 6);
      expect(whole.port).toBeCloseTo(240, 9);
      // §13 the AE meter counted 120 L (04:01–06:00); per UTC hour: hour 4 only AE1 ran (59 L, the reading of 04:00
      // is the meter's first), hour 5 AE1 3 600 s and AE2 2 400 s (60 L: 36 + 24), hour 6 AE1 (the 06:00 reading,
      // 1 L; AE1's segment [05:59, 06:00) lies in hour 5, AE1 ran nothing in hour 6: evenly, ½ L each)
      expect(whole.ae).toBeCloseTo(120, 9);
      expect(whole.ae1).toBeCloseTo(59 + 36 + 0.5, 9);
      expect(whole.ae2).toBeCloseTo(24 + 0.5, 9);
    }
  });

  it('§13 the worked example: shares ½/½ of the whole hour, 6 L each, 4 + 2 in the half hours', async () => {
    const ae = async (s: number, e: number, q = '&aggregatedUnit=HOUR') => (await summary(ids.s13, s, e, q)).ae;
    const hour = await ae(at(10), at(11));
    expect(hour.AE1.fuelConsumption).toBeCloseTo(6, 9);
    expect(hour.AE2.fuelConsumption).toBeCloseTo(6, 9);
    expect(hour.AE3.fuelConsumption).toBe(0);
    expect(hour.totalFuelConsumption).toBeCloseTo(12, 9);
    // the half hours: the shares are those of the whole clock hour (AE2 ran only in the second half)
    const first = await ae(at(10), at(10, 30));
    const second = await ae(at(10, 30), at(11));
    expect([first.AE1.fuelConsumption, first.AE2.fuelConsumption]).toEqual([4, 4]);
    expect([second.AE1.fuelConsumption, second.AE2.fuelConsumption]).toEqual([2, 2]);
    // MINUTE buckets: each AE's buckets add up to its period figure
    const minutes = await ae(at(10), at(11), '&aggregatedUnit=MINUTE&showDetails=1');
    for (const n of ['AE1', 'AE2']) {
      const sum = Object.values(minutes.data).reduce((t: number, b: any) => t + (b[n]?.fuelConsumption ?? 0), 0);
      expect(sum).toBeCloseTo(6, 9);
      expect(minutes[n].fuelConsumption).toBeCloseTo(6, 9);
    }
    // §10 AE3 has no sample before 10:40: null there (not zeros); in the period it has its row
    expect(minutes.data[at(10, 5)].AE3).toBeNull();
    expect(minutes.data[at(10, 45)].AE3).toEqual({ fuelConsumption: 0, runningSeconds: 0, runningTime: 0 });
    expect(minutes.AE3).toMatchObject({ runningSeconds: 0, fuelConsumption: 0 });
    const details = await summary(ids.s13, at(10), at(11), '&aggregatedUnit=MINUTE&showDetails=1&devcType=ae');
    expect(details.details.find((r: any) => r.timestamp === at(10, 5)).aeData.AE3).toBeNull();
    const c = await combined(ids.s13, at(10), at(11), '&aggregatedUnit=MINUTE&typesToGet[]=ae');
    expect(c.datas[at(10, 5)].ae.AE3).toBeNull();
    expect(c.datas[at(10, 15)].ae.AE1.fuelConsumption).toBeCloseTo(4 / 2, 9); // the 10:15 reading: 4 L, half to AE1
  });

  it('§11 litres at 15 °C: null when a reading with litres lacks its correction, whatever the unit', async () => {
    const l15 = async (s: number, e: number, q: string) =>
      (await summary(ids.density, s, e, `&devcType=flowmeter${q}`)).flowmeter.summary;
    for (const q of ['', '&aggregatedUnit=MINUTE&showDetails=1', '&aggregatedUnit=DAY']) {
      // minutes 0–4: 40 L, every reading measured at 850 kg/m³ and 35 °C
      expect((await l15(at(12), at(12, 5), q)).portEngineCons15).toBeCloseTo(40 * VCF_850_35, 3);
      // minute 5 counted 10 L without a density: no figure at 15 °C
      const withIt = await l15(at(12), at(12, 6), q);
      expect(withIt.portEngineCons).toBeCloseTo(50, 9);
      expect(withIt.portEngineCons15).toBeNull();
      expect(withIt.meEngineCons15).toBeNull();
      // minutes 6–9: 30 L; minute 8 lacks its density too, but counted 0 L
      expect((await l15(at(12, 6), at(12, 10), q)).portEngineCons15).toBeCloseTo(30 * VCF_850_35, 3);
    }
  });
});
