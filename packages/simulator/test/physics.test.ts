import { haversineM } from '@fleet/shared/geo.ts';
import { describe, expect, it } from 'vitest';
import { type Reading, VesselSimulator } from '../src/index.ts';
import type { VesselSpec } from '../src/vessel.ts';
import { bunkerVessel, DAY, fleet, T0, twinWithAeMeter } from './fleet.ts';

/** Every minute of [start, end): the vessel's state and its readings by device. */
function* minutes(spec: VesselSpec, start: number, end: number, step = 60) {
  const sim = new VesselSimulator('demo', spec, start);
  for (let t = start; t < end; t += step) {
    const out: Reading[] = [];
    sim.readingsAt(t, out);
    yield { t, sim, state: sim.timeline.stateAt(t), byDevice: new Map(out.map((r) => [r.device, r.data])) };
  }
}

const deviceOf = (spec: VesselSpec, type: string, label: string | null) => {
  const d = spec.devices.find((x) => x.type === type && x.label === label);
  if (!d) throw new Error(`${spec.code} has no ${type} ${label}`);
  return d.uniqueId;
};

describe('flow meter totalisers', () => {
  it('never go backwards, and rise by what the flow rate integrates to', () => {
    const backwards: string[] = [];
    let meters = 0;
    for (const spec of fleet) {
      const last = new Map<string, Record<string, number>>();
      const integrated = new Map<string, number>();
      const first = new Map<string, Record<string, number>>();
      for (const { t, byDevice } of minutes(spec, T0, T0 + 10 * DAY)) {
        for (const [device, data] of byDevice) {
          if (!('volumeInventory' in data)) continue;
          const prev = last.get(device);
          if (!prev) first.set(device, data);
          for (const k of ['volumeInventory', 'volumeTotal', 'massInventory', 'massTotal'])
            if (prev && data[k] < prev[k]) backwards.push(`${device} ${k} at ${t}: ${prev[k]} → ${data[k]}`);
          last.set(device, data);
          integrated.set(device, (integrated.get(device) ?? 0) + data.volumeFlowrate / 60);
        }
      }
      for (const [device, end] of last) {
        const delta = end.volumeInventory - (first.get(device) as Record<string, number>).volumeInventory;
        if (delta < 200) continue;
        meters++;
        // sensor drop-outs hide a little flow from the samples, never from the totaliser
        expect(Math.abs((integrated.get(device) as number) / delta - 1), device).toBeLessThan(0.04);
      }
    }
    expect(backwards).toEqual([]);
    expect(meters).toBeGreaterThanOrEqual(8);
  }, 180_000);
});

describe('main engine fuel follows the propeller law', () => {
  it('burnt fuel (supply − return) less the idle flow is proportional to rpm³', () => {
    const spec = twinWithAeMeter();
    const rpm = deviceOf(spec, 'rpm', 'PORT');
    const supply = deviceOf(spec, 'flowmeter', 'PORT_IN');
    const ret = deviceOf(spec, 'flowmeter', 'PORT_OUT');
    const bins = { low: { n: 0, fuel: 0, cube: 0 }, high: { n: 0, fuel: 0, cube: 0 } };
    let idle = 0;
    for (const { sim, byDevice } of minutes(spec, T0, T0 + 30 * DAY)) {
      idle = sim.model.engines[0].idleFlow;
      const r = byDevice.get(rpm)?.rpm;
      const inFlow = byDevice.get(supply)?.volumeFlowrate;
      const outFlow = byDevice.get(ret)?.volumeFlowrate;
      if (r === undefined || inFlow === undefined || outFlow === undefined) continue;
      const bin = r >= 700 && r <= 800 ? bins.low : r >= 1450 && r <= 1550 ? bins.high : undefined;
      if (!bin) continue;
      bin.n++;
      bin.fuel += inFlow - outFlow;
      bin.cube += r ** 3;
    }
    expect(bins.low.n).toBeGreaterThan(20);
    expect(bins.high.n).toBeGreaterThan(20);
    const low = bins.low.fuel / bins.low.n;
    const high = bins.high.fuel / bins.high.n;
    // (c(1500) − idle) / (c(750) − idle) = (1500 / 750)³ = 8 — measured with each bin's own mean rpm³
    const cubic = bins.high.cube / bins.low.cube / (bins.high.n / bins.low.n);
    expect((high - idle) / (low - idle) / cubic).toBeCloseTo(1, 1);
    // the raw ratio is 8 less the idle share: between 5 and 8
    expect(high / low).toBeGreaterThan(5);
    expect(high / low).toBeLessThan(8);
  }, 180_000);
});

describe('speed and position follow the engines', () => {
  it('speed over ground is proportional to rpm when free running, nil with engines stopped, and matches the track', () => {
    const spec = twinWithAeMeter();
    const gps = deviceOf(spec, 'gps', null);
    const rpm = deviceOf(spec, 'rpm', 'PORT');
    let cruising = 0;
    let knots = 0;
    let stopped = 0;
    let moving = 0;
    let reported = 0;
    let implied = 0;
    let prev: { t: number; lat: number; lon: number } | undefined;
    for (const { t, sim, state, byDevice } of minutes(spec, T0, T0 + 30 * DAY)) {
      const fix = byDevice.get(gps);
      const r = byDevice.get(rpm)?.rpm;
      if (!fix || r === undefined) {
        prev = undefined;
        continue;
      }
      if (r === 0) {
        stopped++;
        expect(fix.speed).toBeLessThan(0.5);
      }
      if (state.phase === 'sea' && !state.segment.towing && r >= 1400 && r <= 1600) {
        cruising++;
        knots += fix.speed / 1.852;
        // km/h = rpm × (m/s per rpm) × 3.6, within the receiver's noise
        expect(Math.abs(fix.speed - r * sim.model.mpsPerRpm * 3.6)).toBeLessThan(1.5);
      }
      if (prev && t - prev.t === 60 && fix.speed > 3) {
        moving++;
        reported += fix.speed;
        implied += (haversineM(prev.lat, prev.lon, fix.latitude, fix.longitude) / 60) * 3.6;
      }
      prev = { t, lat: fix.latitude, lon: fix.longitude };
    }
    expect(stopped).toBeGreaterThan(100);
    expect(cruising).toBeGreaterThan(100);
    // a tug makes 10–13 knots at 1 400–1 600 rpm
    expect(knots / cruising).toBeGreaterThan(10);
    expect(knots / cruising).toBeLessThan(13);
    // positions move at the reported speed
    expect(moving).toBeGreaterThan(500);
    expect(Math.abs(implied / moving - reported / moving)).toBeLessThan(0.5);
  }, 180_000);
});

describe('auxiliary engines', () => {
  it('run in port and while manoeuvring (two when the vessel has two), at ~1 500 rpm', () => {
    let berthed = 0;
    let manoeuvring = 0;
    const wrong: string[] = [];
    for (const spec of fleet.filter((v) => !v.variant.maintenance)) {
      const aes = spec.devices.filter((d) => d.type === 'ae').map((d) => d.uniqueId);
      for (const { t, state, byDevice } of minutes(spec, T0, T0 + 14 * DAY)) {
        const readings = aes.map((id) => byDevice.get(id)).filter((x) => x !== undefined);
        if (readings.length < aes.length) continue; // a drop-out
        const running = readings.filter((x) => x.running === 1).length;
        if (readings.some((x) => (x.running ? Math.abs(x.rpm - 1500) > 20 : x.rpm !== 0)))
          wrong.push(`${spec.code} ${t}: rpm does not match running`);
        if (state.phase === 'berth' || state.phase === 'bunkering') {
          berthed++;
          if (running < 1) wrong.push(`${spec.code} ${t}: no AE running at berth`);
        }
        if (state.phase === 'manoeuvre') {
          manoeuvring++;
          if (running !== Math.min(2, aes.length)) wrong.push(`${spec.code} ${t}: ${running} AE running manoeuvring`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(berthed).toBeGreaterThan(1000);
    expect(manoeuvring).toBeGreaterThan(50);
  }, 180_000);
});

describe('bunkering', () => {
  it('the BUNKER_IN meter flows only during a bunkering at berth, for an hour or two, and its totaliser counts it', () => {
    const spec = bunkerVessel();
    const meter = deviceOf(spec, 'flowmeter', 'BUNKER_IN');
    const start = T0;
    const end = T0 + 30 * DAY;
    const sim = new VesselSimulator('demo', spec, start);
    const windows = sim.timeline.bunkerings(start, end).filter((w) => w.start >= start && w.end <= end);
    expect(windows.length).toBeGreaterThanOrEqual(1);
    for (const w of windows) {
      expect(w.end - w.start).toBeGreaterThanOrEqual(3600);
      expect(w.end - w.start).toBeLessThanOrEqual(2 * 3600);
      expect(w.port).not.toBeNull();
    }
    const inside = (t: number) => windows.some((w) => t > w.start && t < w.end);
    const near = (t: number) => windows.some((w) => t > w.start - 60 && t < w.end + 60);
    const wrong: string[] = [];
    const before = windows.map(() => Number.NaN);
    const after = windows.map(() => Number.NaN);
    let prev: Record<string, number> | undefined;
    let prevT = start;
    for (const { t, state, byDevice } of minutes(spec, start, end)) {
      const data = byDevice.get(meter);
      if (!data) continue;
      if (inside(t) && !(data.volumeFlowrate > 0 && state.speed === 0)) wrong.push(`${t}: no flow while bunkering`);
      if (!near(t) && data.volumeFlowrate !== 0) wrong.push(`${t}: flow outside a bunkering`);
      const bunkeredSince = windows.some((w) => w.start < t && w.end > prevT);
      if (prev && data.volumeTotal !== prev.volumeTotal && !bunkeredSince)
        wrong.push(`${t}: totaliser moved outside a bunkering`);
      windows.forEach((w, k) => {
        if (t <= w.start) before[k] = data.volumeTotal;
        if (t >= w.end && Number.isNaN(after[k])) after[k] = data.volumeTotal;
      });
      prev = data;
      prevT = t;
    }
    expect(wrong).toEqual([]);
    for (const [k, w] of windows.entries()) expect((after[k] - before[k]) / w.litres).toBeCloseTo(1, 2);
  }, 180_000);
});
