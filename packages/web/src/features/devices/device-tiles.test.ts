import type { AggregatedRow } from '@fleet/shared/answers/series.ts';
import type { Summary } from '@fleet/shared/answers/summary.ts';
import { describe, expect, it } from 'vitest';
import { figuresOf, tilesFor } from './device-tiles.ts';

const row = (values: Record<string, number | null>, additional: Record<string, number | null>): AggregatedRow => ({
  deviceId: 'd',
  devcId: 1,
  devcLabel: null,
  timestamp: 0,
  datetime: '',
  ...values,
  additional,
});

// docs/domain.md §22, hand-computed
describe('Device Detail summary tiles', () => {
  it("GPS of the vessel: distance and average speed are the summary API's (Report Summary), the top speed the buckets'", () => {
    const rows = [
      row({ speed: 18.52 }, { SUM_dlgpDistance_0: 3000, COUNT_dlgpSpeed_1: 1, MAX_dlgpSpeed_2: 18.52 }),
      row({ speed: 37.04 }, { SUM_dlgpDistance_0: 1630, COUNT_dlgpSpeed_1: 1, MAX_dlgpSpeed_2: 37.04 }),
    ];
    // 153 957 m (83.13 NM) in the summary; 6.16 kn distance ÷ moving time (not the mean of the bucket speeds)
    const t = tilesFor('gps', rows, { state: 'ok', distanceM: 153_957, averageSpeedKnot: 6.16 });
    expect(t.map((x) => x.value)).toEqual(['153.96 km', '6.16 knots', '20.00 knots', '83.13 NM']);
    expect(t[1].label).toBe('Average Speed (knot)');
    expect(tilesFor('gps', rows, { state: 'loading' }).map((x) => x.value)).toEqual(['—', '—', '20.00 knots', '—']);
  });
  it('GPS outside the vessel summary (a second GPS): km and knots from the buckets', () => {
    const rows = [
      row({ speed: 18.52 }, { SUM_dlgpDistance_0: 3000, COUNT_dlgpSpeed_1: 1, MAX_dlgpSpeed_2: 18.52 }),
      row({ speed: 37.04 }, { SUM_dlgpDistance_0: 1630, COUNT_dlgpSpeed_1: 1, MAX_dlgpSpeed_2: 37.04 }),
    ];
    const t = tilesFor('gps', rows);
    expect(t[0]).toEqual({ label: 'Distance', value: '4.63 km' });
    // mean 27.78 km/h × 0.539957 = 15.00 knots
    expect(t[1]).toEqual({ label: 'Average Speed (knot)', value: '15.00 knots' });
    expect(t[2].value).toBe('20.00 knots');
    expect(t[3].value).toBe('2.50 NM'); // 4630 / 1852
  });
  it("flow meter: L/h, the summary's litres (§11) and flow time as h:mm:ss", () => {
    const rows = [
      row(
        { volumeFlowrate: 300, density: 900 },
        { FIRST_a_0: 1000, LAST_a_1: 1300, MIN_a_2: 1000, MAX_a_3: 1300, COUNT_a_4: 2 },
      ),
      row(
        { volumeFlowrate: 0, density: 903 },
        { FIRST_a_0: 1300, LAST_a_1: 1300, MIN_a_2: 1300, MAX_a_3: 1300, COUNT_a_4: 1 },
      ),
    ];
    // the summary counts 1 208.86 L for the meter (its totaliser deltas, §11), not the buckets' 300 L
    const t = tilesFor('flowmeter', rows, { state: 'ok', litres: 1208.86, seconds: 3725 });
    expect(t.map((x) => x.value)).toEqual(['200.00 L/h', '1,208.86 Liters', '901.00 kg/m³', '1:02:05']);
    // a meter outside the vessel summary (BUNKER_IN): litres by its own totaliser buckets, no flow time
    expect(tilesFor('flowmeter', rows, { state: 'none' }).map((x) => x.value)).toEqual([
      '200.00 L/h',
      '300.00 Liters',
      '901.00 kg/m³',
    ]);
  });
  it('gateway usage in percent with 2 decimals', () => {
    const rows = [row({ cpuUsage: 10, memoryFree: 60, spaceFree: 75 }, { COUNT_x_0: 3, MAX_x_1: 30.123 })];
    expect(tilesFor('gateway', rows).map((x) => x.value)).toEqual(['10.00%', '30.12%', '60.00%', '75.00%']);
  });
  it('no data shows dashes; an unknown type has no tiles', () => {
    expect(tilesFor('rpm', [], { state: 'loading' }).map((x) => x.value)).toEqual(['—', '—', '—']);
    expect(tilesFor('compass', [])).toEqual([]);
  });
});

/** A summary answer with the parts figuresOf reads. */
function summary(over: Record<string, unknown>): Summary {
  return {
    sensorPercentage: [1, 2, 3, 4, 5, 6].map((devcId) => ({ devcId })),
    ...over,
  } as unknown as Summary;
}
const side = (devcId: number, runningTime: number) => ({ devcId, runningTime });

describe("a device's figures from its vessel's summary (docs/domain.md §22)", () => {
  it('GPS: total distance and averageSpeedKnot', () => {
    const s = summary({ gps: { summary: { totalDistance: 153_957, averageSpeedKnot: 6.16 } } });
    expect(figuresOf(s, { devcId: 1, devcType: 'gps' })).toEqual({
      state: 'ok',
      distanceM: 153_957,
      averageSpeedKnot: 6.16,
    });
  });
  it('RPM and AE: running seconds of their side / engine', () => {
    const s = summary({
      rpm: { summary: { PORT: side(2, 3150), STARBOARD: side(3, 600) } },
      ae: { AE1: null, AE2: { devcId: 4, runningSeconds: 1800 }, AE3: null },
    });
    expect(figuresOf(s, { devcId: 3, devcType: 'rpm' })).toEqual({ state: 'ok', seconds: 600 });
    expect(figuresOf(s, { devcId: 4, devcType: 'ae' })).toEqual({ state: 'ok', seconds: 1800 });
  });
  it("flow meters: the meter's litres; supply meters their flow time; AE meters also without meterVolume", () => {
    const fm = {
      PORT_IN_flowTime: 3000,
      STARBOARD_IN_flowTime: 2000,
      AE_IN: 98.52,
      AE_OUT: 1.5,
      meterVolume: {
        PORT_IN: 1300,
        PORT_OUT: 91.14,
        STARBOARD_IN: 1250,
        STARBOARD_OUT: null,
        AE_IN: 98.52,
        AE_OUT: 1.5,
      },
    };
    const s = summary({ flowmeter: { summary: fm } });
    expect(figuresOf(s, { devcId: 5, devcType: 'flowmeter', devcLabel: 'PORT_IN' })).toEqual({
      state: 'ok',
      litres: 1300,
      seconds: 3000,
    });
    expect(figuresOf(s, { devcId: 5, devcType: 'flowmeter', devcLabel: 'PORT_OUT' })).toEqual({
      state: 'ok',
      litres: 91.14,
    });
    const older = summary({ flowmeter: { summary: { ...fm, meterVolume: undefined } } });
    expect(figuresOf(older, { devcId: 6, devcType: 'flowmeter', devcLabel: 'AE_OUT' })).toEqual({
      state: 'ok',
      litres: 1.5,
    });
    expect(figuresOf(older, { devcId: 6, devcType: 'flowmeter', devcLabel: 'PORT_OUT' })).toEqual({
      state: 'ok',
      litres: null,
    });
  });
  it('a device without a role in the vessel summary has none', () => {
    const s = summary({ gps: { summary: { totalDistance: 1, averageSpeedKnot: 1 } } });
    expect(figuresOf(s, { devcId: 99, devcType: 'gps' })).toEqual({ state: 'none' });
  });
});
