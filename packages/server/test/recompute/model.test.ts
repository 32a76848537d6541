import { describe, expect, it } from 'vitest';
import { aeFuel, flowSummary, gpsPoint, speedOf } from './expect.ts';
import { accOf, buildVessel, computePeriod, rho15Of, vcf } from './model.ts';
import type { DeviceSpec, Reading, VesselSpec } from './world.ts';

/**
 * The recomputation (model.ts) checked against the worked examples of docs/domain.md themselves, so that a
 * difference the acceptance suite reports is the server's, not the recomputation's.
 */
const D = Date.UTC(2025, 2, 10) / 1000;
const at = (hh: number, mm: number, ss = 0) => D + hh * 3600 + mm * 60 + ss;
const vessel = (devices: DeviceSpec[], readings: Reading[], fuelType?: VesselSpec['fuelType']): VesselSpec => ({
  name: 'example',
  devices,
  readings,
  late: [],
  fuelType,
});

describe('the recomputation reproduces the worked examples of docs/domain.md', () => {
  it('§5: an RPM device at 1 500 rpm with a silence of 660 s', () => {
    const times = [at(10, 58, 30), at(10, 59, 30), at(11, 0, 30), at(11, 11, 30), at(11, 12, 30)];
    const v = buildVessel(
      vessel(
        [{ uid: 'rpm-x-1', type: 'rpm', label: 'PORT' }],
        times.map((ts) => ({ device: 'rpm-x-1', ts, data: { rpm: 1500 } })),
      ),
    );
    const dev = v.rpm.PORT;
    const run = (s: number, e: number, unit: 'MINUTE' | 'HOUR' = 'HOUR', ts?: number) =>
      accOf(computePeriod(v, s, e, unit, 0), dev, ts)?.on ?? 0;
    expect(run(at(11, 0), at(11, 12))).toBe(120);
    expect(run(at(11, 12), at(11, 13))).toBe(30);
    expect(run(at(10, 0), at(11, 0))).toBe(90);
    expect(run(at(11, 0), at(12, 0))).toBe(150);
    expect(run(at(11, 0), at(11, 13))).toBe(150);
    const m = computePeriod(v, at(11, 0), at(12, 0), 'MINUTE', 0);
    expect([at(11, 0), at(11, 10), at(11, 11), at(11, 12)].map((ts) => accOf(m, dev, ts)?.on)).toEqual([
      30, 30, 60, 30,
    ]);
    // a +5.5 zone: the local clock hour 16:00–17:00 is 10:30–11:30 UTC and holds all four spans
    expect(accOf(computePeriod(v, at(10, 0), at(12, 0), 'HOUR', 5.5), dev, at(10, 30))?.on).toBe(240);
  });

  it('§6, §7: distance and time split at the hour; a drop-out counts for its last hour', () => {
    const v = buildVessel(
      vessel(
        [{ uid: 'gps-x', type: 'gps', label: null }],
        [
          { device: 'gps-x', ts: at(6, 0), data: { latitude: 0, longitude: 0, speed: 20 } },
          { device: 'gps-x', ts: at(8, 30), data: { latitude: 0, longitude: 0.1, speed: 20, distance: 27780 } },
          { device: 'gps-x', ts: at(9, 50), data: { latitude: 0, longitude: 0.2, speed: 20, distance: 0 } },
          { device: 'gps-x', ts: at(10, 10), data: { latitude: 0, longitude: 0.3, speed: 20, distance: 3704 } },
          { device: 'gps-x', ts: at(10, 40), data: { latitude: 0, longitude: 0.4, speed: 20, distance: 5556 } },
        ],
      ),
    );
    const hour = computePeriod(v, at(10, 0), at(11, 0), 'HOUR', 0);
    const a = accOf(hour, v.gps);
    expect(a?.dist).toBeCloseTo(7408, 9);
    expect(a?.on).toBe(2400);
    expect(speedOf(a)).toBeCloseTo(11.112, 9); // 6.00 kn
    const before = accOf(computePeriod(v, at(9, 0), at(10, 0), 'HOUR', 0), v.gps);
    expect(before?.dist).toBeCloseTo(1852, 9);
    expect(before?.on).toBe(3000 + 600); // 09:50's segment (from 08:30, 4 800 s: its last hour) holds 50 min here
    const dropout = computePeriod(v, at(7, 0), at(9, 0), 'HOUR', 0);
    expect(gpsPoint(dropout, at(7, 0)).distance).toBeCloseTo(27780 * (1800 / 9000), 9);
    expect(gpsPoint(dropout, at(8, 0)).distance).toBeCloseTo(27780 * (1800 / 9000), 9);
    expect(accOf(dropout, v.gps)?.dist).toBeCloseTo(11112, 9);
  });

  it('§11: 4 720 L at 850 kg/m³ and 35 °C are 4 642.9 L at 15 °C (ρ15 = 864.1, VCF 0.98366)', () => {
    const rho15 = rho15Of(850, 35);
    expect(rho15).toBeCloseTo(864.1, 1);
    expect(vcf(rho15, 35)).toBeCloseTo(0.98366, 5);
    expect(vcf(850, 35)).toBeCloseTo(0.9833, 4); // §24.3's example
    const v = buildVessel(
      vessel(
        [{ uid: 'fm-x-1', type: 'flowmeter', label: 'PORT_IN' }],
        [
          { device: 'fm-x-1', ts: at(10, 0), data: { volumeInventory: 1000, density: 850, temperature: 35 } },
          { device: 'fm-x-1', ts: at(11, 0), data: { volumeInventory: 5720, density: 850, temperature: 35 } },
        ],
      ),
    );
    const f = flowSummary(computePeriod(v, at(10, 0), at(12, 0), 'HOUR', 0));
    expect(f.portEngineCons).toBe(4720);
    expect(f.portEngineCons15).toBeCloseTo(4642.9, 1);
  });

  it('§13: the metered AE litres by UTC-hour shares — 6 L each in the hour, 4 + 2 in its halves', () => {
    const readings: Reading[] = [];
    for (let m = -1; m <= 60; m++) {
      const ts = at(10, m);
      readings.push({ device: 'ae-x-1', ts, data: { rpm: 1500, running: 1 } });
      readings.push({ device: 'ae-x-2', ts, data: m > 30 ? { rpm: 1500, running: 1 } : { rpm: 0, running: 0 } });
    }
    const meter = [
      [at(9, 59), 100],
      [at(10, 15), 104],
      [at(10, 29), 108],
      [at(10, 45), 110],
      [at(10, 59), 112],
    ] as const;
    for (const [ts, v] of meter) readings.push({ device: 'fm-x-ae', ts, data: { volumeInventory: v } });
    const v = buildVessel(
      vessel(
        [
          { uid: 'ae-x-1', type: 'ae', label: 'AE1', configAe: { no: 1, rate: 5 } },
          { uid: 'ae-x-2', type: 'ae', label: 'AE2', configAe: { no: 2, rate: 10 } },
          { uid: 'fm-x-ae', type: 'flowmeter', label: 'AE_IN' },
        ],
        readings,
      ),
    );
    const hour = aeFuel(computePeriod(v, at(10, 0), at(11, 0), 'HOUR', 0));
    expect(hour.total).toBe(12);
    expect(hour.perAe.AE1).toBeCloseTo(6, 12);
    expect(hour.perAe.AE2).toBeCloseTo(6, 12);
    const first = aeFuel(computePeriod(v, at(10, 0), at(10, 30), 'MINUTE', 5.5));
    const second = aeFuel(computePeriod(v, at(10, 30), at(11, 0), 'MINUTE', 5.5));
    expect([first.perAe.AE1, first.perAe.AE2, second.perAe.AE1, second.perAe.AE2]).toEqual([4, 4, 2, 2]);
  });
});
