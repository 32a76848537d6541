import { describe, expect, it } from 'vitest';
import { chartAxes, isValid, pointsFor, type SavedChart, sideOf } from './model.ts';

describe('custom chart form rules (spec 002 §5, §3.4)', () => {
  const base = {
    asset: { massId: 1, massName: 'TB' },
    dateRange: { start: 1, end: 2 },
    devicesData: [
      { devcId: 1, devcName: 'GPS', devcUniqueId: 'gps-1', devcType: 'gps', selectedDataPoints: ['speed'] },
    ],
    intervalUnit: 'MINUTE' as const,
    intervalLength: 1,
    order: 0,
  };
  it('is valid with an asset, a range, a device with a data point and a length above 0', () => {
    expect(isValid(base)).toBe(true);
    expect(isValid({ ...base, asset: undefined })).toBe(false);
    expect(isValid({ ...base, dateRange: undefined })).toBe(false);
    expect(isValid({ ...base, intervalLength: 0 })).toBe(false);
    expect(isValid({ ...base, devicesData: [{ ...base.devicesData[0], selectedDataPoints: [] }] })).toBe(false);
  });
  it('offers each device the data points of its type and side', () => {
    expect(
      pointsFor({ devcType: 'rpm', devcUniqueId: 'rpm-tb01-3', devcLabel: 'STARBOARD' }).map((p) => p.key),
    ).toEqual(['starboard']);
    expect(pointsFor({ devcType: 'ae', devcUniqueId: 'ae-tb01-2', devcLabel: 'AE2' }).map((p) => p.key)).toEqual([
      'ae 2',
    ]);
    expect(sideOf({ devcUniqueId: 'temp-tb01-exh-1', devcLabel: 'EXHAUST_TEMPERATURE' })).toBe('PORT');
    expect(pointsFor({ devcType: 'power', devcUniqueId: 'p', devcLabel: null })).toHaveLength(3);
  });

  it('gives RPM, km/h and L/h one labelled axis each; a chart saved without units finds them by name (issue 28)', () => {
    const chart: SavedChart = {
      id: 1,
      asset: { massId: 1, massName: 'TB' },
      devicesData: [
        {
          devcId: 1,
          devcName: 'RPM P',
          devcUniqueId: 'rpm-1',
          devcType: 'rpm',
          devcLabel: 'PORT',
          selectedDataPoints: ['port'],
        },
        {
          devcId: 2,
          devcName: 'GPS',
          devcUniqueId: 'gps-1',
          devcType: 'gps',
          selectedDataPoints: ['speed', 'satellites'],
        },
        {
          devcId: 3,
          devcName: 'FM',
          devcUniqueId: 'fm-1',
          devcType: 'flowmeter',
          selectedDataPoints: ['volumeFlowrate'],
        },
      ],
      dateRange: { start: 1, end: 2 },
      intervalUnit: 'HOUR',
      intervalLength: 1,
      order: 0,
      width: 'half',
      combinedChart: {
        series: [
          { name: 'RPM P · port', points: [[0, 900]] },
          { name: 'GPS · speed', points: [[0, 18]] },
          { name: 'GPS · satellites', points: [[0, 9]] },
          { name: 'FM · volumeFlowrate', points: [[0, 120]], unit: 'L/h' },
        ],
      },
    };
    const { axes, series } = chartAxes(chart, (u) => (u === 'count' ? 'jumlah' : u));
    expect(axes).toEqual([{ name: 'RPM', kind: 'rpm' }, { name: 'km/h' }, { name: 'jumlah' }, { name: 'L/h' }]);
    expect(series.map((s) => s.axis)).toEqual([0, 1, 2, 3]);
  });
});
