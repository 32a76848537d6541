import { describe, expect, it } from 'vitest';
import { BUCKET_SECONDS, bucketStart, toEpochSeconds, unitSeconds } from '../src/index.ts';

describe('toEpochSeconds: the one strict time parser (ingest, series, summary, forms)', () => {
  it.each([
    ['2026-02-28T10:00:00Z', Date.UTC(2026, 1, 28, 10) / 1000],
    ['2028-02-29T10:00:00Z', Date.UTC(2028, 1, 29, 10) / 1000],
    ['2026-03-01T05:00:00+07:00', Date.UTC(2026, 1, 28, 22) / 1000],
    ['2026-03-01T05:00:00-03:30', Date.UTC(2026, 2, 1, 8, 30) / 1000],
    ['2026-03-01T05:00', Date.UTC(2026, 2, 1, 5) / 1000],
    [' 1790000000 ', 1790000000],
    [1790000000.9, 1790000000],
  ])('reads %s', (input, expected) => {
    expect(toEpochSeconds(input)).toBe(expected);
  });

  it.each([
    '2026-02-30T10:00:00Z', // Date.parse rolls this over to 2 March
    '2026-02-29T10:00:00Z',
    '2026-04-31T00:00:00+07:00',
    '2026-13-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T10:60:00Z',
    '2026-01-01T10:00:00+15:00',
    '0x10',
    '1e9',
    '-5',
    '99999999999999999999999',
    '253402300800',
    Number.POSITIVE_INFINITY,
  ])('refuses %s', (input) => {
    expect(toEpochSeconds(input)).toBeNull();
  });
});

describe('units', () => {
  it('names each unit once', () => {
    expect(BUCKET_SECONDS).toEqual({ MINUTE: 60, HOUR: 3600, DAY: 86400 });
    expect(unitSeconds('Days')).toBe(86400);
    expect(unitSeconds('MONTH')).toBe(2592000);
    expect(unitSeconds('constructor')).toBeUndefined();
  });

  it('aligns DAY buckets to local midnight (docs/domain.md §1)', () => {
    const march1 = Date.UTC(2026, 2, 1) / 1000;
    // with +7 the DAY of 1 March starts at 28 Feb 17:00 UTC
    expect(bucketStart(march1 - 7 * 3600, 86400, 7)).toBe(march1 - 7 * 3600);
    expect(bucketStart(march1 - 7 * 3600 - 1, 86400, 7)).toBe(march1 - 86400 - 7 * 3600);
  });
});
