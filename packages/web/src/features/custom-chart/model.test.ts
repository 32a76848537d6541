import { describe, expect, it } from 'vitest';
import { isValid, pointsFor, sideOf } from './model.ts';

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
});
