import type { AggregatedRow } from '@fleet/shared/answers/series.ts';
import { describe, expect, it } from 'vitest';
import { tilesFor } from './device-tiles.ts';

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
  it('GPS: km and knots from the buckets', () => {
    const rows = [
      row({ speed: 18.52 }, { SUM_dlgpDistance_0: 3000, COUNT_dlgpSpeed_1: 1, MAX_dlgpSpeed_2: 18.52 }),
      row({ speed: 37.04 }, { SUM_dlgpDistance_0: 1630, COUNT_dlgpSpeed_1: 1, MAX_dlgpSpeed_2: 37.04 }),
    ];
    const t = tilesFor('gps', rows);
    expect(t[0]).toEqual({ label: 'Distance', value: '4.63 km' });
    // mean 27.78 km/h × 0.539957 = 15.00 knots
    expect(t[1]).toEqual({ label: 'Average speed', value: '15.00 knots' });
    expect(t[2].value).toBe('20.00 knots');
    expect(t[3].value).toBe('2.50 NM'); // 4630 / 1852
  });
  it('flow meter: L/h, Liters by the totaliser and the flow time as h:mm:ss', () => {
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
    const t = tilesFor('flowmeter', rows, 3725);
    expect(t.map((x) => x.value)).toEqual(['200.00 L/h', '300.00 Liters', '901.00 kg/m³', '1:02:05']);
  });
  it('gateway usage in percent with 2 decimals', () => {
    const rows = [row({ cpuUsage: 10, memoryFree: 60, spaceFree: 75 }, { COUNT_x_0: 3, MAX_x_1: 30.123 })];
    expect(tilesFor('gateway', rows).map((x) => x.value)).toEqual(['10.00 %', '30.12 %', '60.00 %', '75.00 %']);
  });
  it('no data shows dashes; an unknown type has no tiles', () => {
    expect(tilesFor('rpm', [], null).map((x) => x.value)).toEqual(['—', '—', '—']);
    expect(tilesFor('compass', [])).toEqual([]);
  });
});
