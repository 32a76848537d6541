import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { buildWorld, H, MIN, type World } from './summary-world.ts';

const STEP = 6371000 * ((0.01 * Math.PI) / 180); // domain.md §6 on the equator

describe.each(dialects())('combined data on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  const combined = async (massId: number, query = '', start = w.T0, end = w.T0 + 3 * H, token = w.tenants.adminA) =>
    t.call({ method: 'GET', url: `/api/summary/combined/period/${start}/${end}?devcMassId=${massId}${query}`, token });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await buildWorld(t);
  });
  afterAll(() => t?.close());

  it('§9 §11 §13 hourly records of a twin-engine vessel with AE meters', async () => {
    const r = await combined(w.twinAe, '&typesToGet[]=gps&typesToGet[]=ae&typesToGet[]=flowmeter&typesToGet[]=rpm');
    expect(r.statusCode).toBe(200);
    const d = r.json.data;
    expect(d).toMatchObject({ start: w.T0, firstData: w.T0, lastData: w.T0 + 179 * MIN });
    expect(Object.keys(d.datas)).toEqual([w.T0, w.T0 + H, w.T0 + 2 * H].map(String));
    const first = d.datas[w.T0];
    expect(first.gps).toMatchObject({ latitude: 0, firstLongitude: 100, timestamp: w.T0 });
    // §5–§7: the segments of fixes 1–60 lie in the first hour (fix 60, at 01:00, covers [00:59, 01:00)): 60 steps
    // in 3 600 moving seconds; track the circular mean of 90°; the last position is the hour's last fix (59)
    expect(first.gps.speed).toBeCloseTo((60 * STEP) / 1000, 6);
    expect(first.gps.track).toBeCloseTo(90, 9);
    expect(first.gps.longitude).toBeCloseTo(100.59, 9);
    expect(first.gps.polyLength).toBeCloseTo(60 * STEP, 3);
    // PORT: 30 of 60 samples above 400 — segments of 1–29 and of 60 (1 200 rpm, its segment [00:59, 01:00)) = 1 800 s;
    // STARBOARD: 350 > its own 300, segments of 1–60
    expect(first.rpm).toEqual({
      PORT: { rpm: 500, runningTime: 1800 },
      STARBOARD: { rpm: 350, runningTime: 3600 },
      MAINENGINE: { rpm: 425, runningTime: 3600 },
    });
    expect(d.datas[w.T0 + 2 * H].rpm.PORT).toEqual({ rpm: 350, runningTime: 0 });
    // hour 1: first → last inside the hour (59 steps); later hours start from the previous hour's last reading
    expect(first.flowmeter.portFuelCons).toBeCloseTo(59 * 2 - 59 * 0.5, 9);
    expect(first.flowmeter.stbFuelCons).toBeCloseTo(59 * 3 - 59, 9);
    expect(first.flowmeter.meFuelCons).toBeCloseTo(88.5 + 118, 9);
    expect(first.flowmeter.aeFuelCons).toBeCloseTo(59 * 0.75, 9);
    expect(d.datas[w.T0 + H].flowmeter.portFuelCons).toBeCloseTo(60 * 2 - 60 * 0.5, 9);
    expect(first.flowmeter.PORT_IN).toEqual({
      volumeFlowrate: 120,
      density: 850,
      temperature: 40,
      volumeInventory: 10118,
    });
    // hour 1: AE1 ran 3 600 s (6 L at 6 L/h), AE2 the segments of 1–59 (3 540 s, 4.9167 L at 5 L/h): their
    // shares of the hour apportion the metered 44.25 L (§13)
    const e2 = (3540 / H) * 5;
    expect(first.ae.AE1).toMatchObject({ runningTime: 3600, additional: { SUM_dlaeRpm_1: 60 * 1500 } });
    expect(first.ae.AE2.runningTime).toBe(3540);
    expect(first.ae.AE1.fuelConsumption).toBeCloseTo((44.25 * 6) / (6 + e2), 9);
    expect(first.ae.AE2.fuelConsumption).toBeCloseTo((44.25 * e2) / (6 + e2), 9);
    expect(first.ae.AE3).toEqual({ runningTime: 0, fuelConsumption: 0, additional: { SUM_dlaeRpm_1: 0 } });
    expect(d.summaries.rpm).toEqual({ singleEngine: false });
    expect(d.summaries.flowmeter.AE_IN).toBeCloseTo(179, 9);
    expect(d.summaries.flowmeter.AE_OUT).toBeCloseTo(44.75, 9);
    expect(d.summaries.gps.calculatedSpeed).toBeCloseTo((179 * STEP) / 1000 / ((179 * MIN) / H), 6);
  });

  it('gives only the groups asked for, comma-separated too', async () => {
    const d = (await combined(w.twinAe, '&typesToGet=gps,temperature')).json.data;
    const first = d.datas[w.T0];
    expect(Object.keys(first).sort()).toEqual(['gps', 'temperature']);
    expect(first.temperature.EXHAUST_TEMPERATURE).toEqual({ PORT: 300, STARBOARD: 320 });
    expect(d.summaries).toEqual({ gps: { calculatedSpeed: expect.any(Number) } });
  });

  it('§13 AE fuel per bucket from running hours × rate without an AE meter', async () => {
    const d = (await combined(w.twinNoAe, '&typesToGet[]=ae&typesToGet[]=flowmeter')).json.data;
    // hour 1: AE1 the segments of 1–60 (1 h × 6 L/h); AE2 (rpm > 0 in minutes 0–59) those of 1–59 (3 540 s × 5 L/h)
    expect(d.datas[w.T0].ae.AE1.fuelConsumption).toBe(6);
    expect(d.datas[w.T0].ae.AE2.fuelConsumption).toBeCloseTo((3540 / H) * 5, 9);
    expect(d.datas[w.T0 + H].ae.AE2.fuelConsumption).toBe(0);
    expect(d.datas[w.T0].flowmeter.aeFuelCons).toBeCloseTo(6 + (3540 / H) * 5, 9);
    expect(d.summaries.flowmeter).toEqual({ AE_IN: null, AE_OUT: null });
  });

  it('§9 MINUTE records when zoomed: one per minute, a running minute counts 60 s', async () => {
    const d = (await combined(w.twinAe, '&typesToGet[]=rpm&aggregatedUnit=MINUTE', w.T0, w.T0 + H)).json.data;
    expect(Object.keys(d.datas)).toHaveLength(60);
    expect(d.datas[w.T0].rpm.PORT).toEqual({ rpm: 1000, runningTime: 60 });
    expect(d.datas[w.T0 + 30 * MIN].rpm.PORT).toEqual({ rpm: 0, runningTime: 0 });
  });

  it('§1 §17 single engine: DAY buckets split at local midnight (+7), one UTC day with timezone=0', async () => {
    const q = '&typesToGet[]=rpm&typesToGet[]=flowmeter&aggregatedUnit=DAY';
    const local = (await combined(w.single, q, w.T0 - H, w.T0 + H)).json.data;
    expect(local.summaries.rpm.singleEngine).toBe(true);
    expect(Object.keys(local.datas)).toEqual([w.T0 - 86400, w.T0].map(String));
    // before local midnight: minutes 0–59 with 10 samples at 20 rpm (below 30); after: all 60 at 100 rpm. §5: the
    // segments of 10–59 and of 60 ([23:59, 24:00)) before midnight, those of 61–119 after
    expect(local.datas[w.T0 - 86400].rpm.PORT).toEqual({ rpm: (10 * 20 + 50 * 100) / 60, runningTime: 3060 });
    expect(local.datas[w.T0].rpm.PORT).toEqual({ rpm: 100, runningTime: 3540 });
    expect(local.datas[w.T0].rpm.MAINENGINE).toEqual({ rpm: 100, runningTime: 3540 });
    expect(local.datas[w.T0 - 86400].flowmeter.portFuelCons).toBe(59);
    expect(local.datas[w.T0].flowmeter.portFuelCons).toBe(60);
    expect(local.datas[w.T0].flowmeter.stbFuelCons).toBeNull();
    const utc = (await combined(w.single, `${q}&timezone=0`, w.T0 - H, w.T0 + H)).json.data;
    const day = String(Math.floor(w.T0 / 86400) * 86400);
    expect(Object.keys(utc.datas)).toEqual([day]);
    expect(utc.datas[day].rpm.PORT.runningTime).toBe(6600);
    expect(utc.datas[day].flowmeter.portFuelCons).toBe(119);
  });

  it('an empty period answers no records and no data times', async () => {
    const d = (await combined(w.twinAe, '', w.T0 + 10 * H, w.T0 + 11 * H)).json.data;
    expect(d).toMatchObject({ datas: {}, firstData: null, lastData: null });
  });

  it('tenant scope and bad parameters', async () => {
    const other = await combined(w.twinAe, '', w.T0, w.T0 + H, w.tenants.adminB);
    expect(other.statusCode).toBe(404);
    const unknown = await combined(w.twinAe, '&typesToGet[]=gps&typesToGet[]=weather');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json.status.message).toMatch(/typesToGet: unknown weather/);
    const mode = await combined(w.twinAe, '&mode=last');
    expect(mode.statusCode).toBe(400);
    expect(mode.json.status.message).toMatch(/mode must be 'period'/);
    const noMass = await t.call({
      method: 'GET',
      url: `/api/summary/combined/period/${w.T0}/${w.T0 + H}`,
      token: w.tenants.adminA,
    });
    expect(noMass.statusCode).toBe(400);
    expect(noMass.json.status.message).toBe('devcMassId is required');
  });
});
