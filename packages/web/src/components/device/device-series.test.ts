import type { AggregatedRow } from '@fleet/shared/answers/series.ts';
import { describe, expect, it } from 'vitest';
import { meterDelta, sumOf, weightedMean } from './device-series.ts';

const row = (
  ts: number,
  values: Record<string, number | null>,
  additional: Record<string, number | null>,
): AggregatedRow => ({
  deviceId: 'fm-1',
  devcId: 1,
  devcLabel: null,
  timestamp: ts,
  datetime: '',
  ...values,
  additional,
});

// docs/domain.md §22 (range means from bucket means) and §11 (totaliser delta)
describe('range figures from buckets', () => {
  it('weights each bucket mean by its sample count', () => {
    const rows = [
      row(0, { volumeFlowrate: 100 }, { COUNT_dlfmVolFlowrate_4: 3 }),
      row(3600, { volumeFlowrate: 200 }, { COUNT_dlfmVolFlowrate_4: 1 }),
      row(7200, { volumeFlowrate: null }, { COUNT_dlfmVolFlowrate_4: 0 }),
    ];
    expect(weightedMean(rows, 'volumeFlowrate', 4)).toBe(125); // (300 + 200) / 4
    expect(weightedMean([], 'volumeFlowrate', 4)).toBeNull();
  });
  it('sums a function over buckets (GPS distance)', () => {
    const rows = [row(0, {}, { SUM_dlgpDistance_0: 1200.5 }), row(60, {}, { SUM_dlgpDistance_0: 799.5 })];
    expect(sumOf(rows, 0)).toBe(2000);
    expect(sumOf([row(0, {}, { SUM_dlgpDistance_0: null })], 0)).toBeNull();
  });
});

describe('meter delta (domain.md §11)', () => {
  it('last minus first without a reset, carrying the baseline between buckets', () => {
    expect(
      meterDelta([
        { first: 1000, last: 1100, lo: 1000, hi: 1100 },
        { first: 1110, last: 1300, lo: 1110, hi: 1300 },
      ]),
    ).toBe(300); // 100 + (1300 − 1100)
  });
  it('a reset counts what came before and after it', () => {
    // baseline 1300; rises to 1350, resets to 0, ends at 40 → 50 + 40
    expect(
      meterDelta([
        { first: 1300, last: 1300, lo: 1300, hi: 1300 },
        { first: 1320, last: 40, lo: 0, hi: 1350 },
      ]),
    ).toBe(90);
  });
  it('skips empty buckets and is null without readings', () => {
    expect(meterDelta([{ first: null, last: null, lo: null, hi: null }])).toBeNull();
    expect(
      meterDelta([
        { first: 10, last: 20, lo: 10, hi: 20 },
        { first: null, last: null, lo: null, hi: null },
        { first: 25, last: 30, lo: 25, hi: 30 },
      ]),
    ).toBe(20);
  });
});
