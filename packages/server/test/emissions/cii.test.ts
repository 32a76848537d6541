import { describe, expect, it } from 'vitest';
import { ciiOf, intensity, ratingOf } from '../../src/modules/emissions/cii.ts';

// docs/domain.md §39.3–§39.4, every figure worked out by hand there
describe('AER and cgDIST', () => {
  it('are grams of CO₂ per capacity and nautical mile', () => {
    // 700 t × 3.206 = 2 244.2 t; 2 244 200 000 g / (3 500 × 20 000) = 32.06; / (2 450 × 20 000) = 45.80
    expect(intensity(700 * 3.206, 3500, 20_000)).toBeCloseTo(32.06, 10);
    expect(intensity(700 * 3.206, 2450, 20_000)).toBeCloseTo(45.8, 10);
  });
  it('have no figure without CO₂, capacity or distance', () => {
    expect(intensity(null, 3500, 20_000)).toBeNull();
    expect(intensity(10, null, 20_000)).toBeNull();
    expect(intensity(10, 3500, 0)).toBeNull();
  });
});

describe('CII rating (G4)', () => {
  const b = [26.377, 29.916, 34.741, 41.175];
  it('gives the letter of the first boundary the attained CII lies below', () => {
    expect(ratingOf(20, b)).toBe('A');
    expect(ratingOf(28, b)).toBe('B');
    expect(ratingOf(32.06, b)).toBe('C');
    expect(ratingOf(40, b)).toBe('D');
    expect(ratingOf(64.12, b)).toBe('E');
  });
  it('gives the worse letter exactly on a boundary', () => {
    expect(ratingOf(26.377, b)).toBe('B');
    expect(ratingOf(29.916, b)).toBe('C');
    expect(ratingOf(34.741, b)).toBe('D');
    expect(ratingOf(41.175, b)).toBe('E');
    expect(ratingOf(34.740999, b)).toBe('C');
  });
});

describe('CII of a vessel (G1–G4)', () => {
  const tanker = { gt: 2450, dwt: 3500, ciiType: 'tanker', year: 2026, distanceNm: 20_000 };

  it('the demo tanker: reference 36.143, required 32.168, C, indicative below 5 000 GT', () => {
    const { cii, reason } = ciiOf({ ...tanker, co2Tonnes: 700 * 3.206 });
    expect(reason).toBeNull();
    expect(cii).toMatchObject({ metric: 'AER', applies: false, reductionFactor: 11, rating: 'C' });
    expect(cii!.attained).toBeCloseTo(32.06, 10);
    // 5 247 × 3 500^−0.610 = 5 247 × 0.0068884 = 36.143; × 0.89 = 32.168
    expect(cii!.reference).toBeCloseTo(36.143, 3);
    expect(cii!.required).toBeCloseTo(32.168, 3);
    const expected = [26.377, 29.916, 34.741, 41.175];
    for (const [i, x] of cii!.boundaries.entries()) expect(x).toBeCloseTo(expected[i], 3);
    expect(cii!.ratio).toBeCloseTo(32.06 / 32.168, 3);
  });

  it('the same tanker at twice the fuel is E; exactly on its upper boundary D', () => {
    expect(ciiOf({ ...tanker, co2Tonnes: 1400 * 3.206 }).cii!.rating).toBe('E');
    const upper = ciiOf({ ...tanker, co2Tonnes: 700 * 3.206 }).cii!.boundaries[2];
    // CO₂ that makes the attained AER the boundary itself: upper × DWT × NM / 10⁶
    const onBoundary = ciiOf({ ...tanker, co2Tonnes: (upper * 3500 * 20_000) / 1e6 }).cii!;
    expect(onBoundary.attained).toBe(upper);
    expect(onBoundary.rating).toBe('D');
  });

  it('a bulk carrier of 60 000 DWT, 33 000 GT, in 2025: required 4.605, an attained 4.30 is B and applies', () => {
    // 2 580 t over 10 000 NM: 2 580 000 000 / (60 000 × 10 000) = 4.30
    const { cii } = ciiOf({
      gt: 33_000,
      dwt: 60_000,
      ciiType: 'bulk_carrier',
      year: 2025,
      distanceNm: 10_000,
      co2Tonnes: 2580,
    });
    expect(cii).toMatchObject({ applies: true, reductionFactor: 9, rating: 'B' });
    expect(cii!.reference).toBeCloseTo(5.061, 3);
    expect(cii!.required).toBeCloseTo(4.605, 3);
    expect(cii!.attained).toBeCloseTo(4.3, 12);
  });

  it('a bulk carrier above 279 000 DWT is held to the line at 279 000 (G2), its attained CII at its own DWT', () => {
    const { cii } = ciiOf({
      gt: 160_000,
      dwt: 300_000,
      ciiType: 'bulk_carrier',
      year: 2024,
      distanceNm: 50_000,
      co2Tonnes: 30_000,
    });
    expect(cii!.reference).toBeCloseTo(4745 * 279_000 ** -0.622, 12);
    expect(cii!.attained).toBeCloseTo((30_000 * 1e6) / (300_000 * 50_000), 12);
    expect(cii!.reductionFactor).toBe(7);
  });

  it('ro-ro passenger ships are measured per GT (cgDIST)', () => {
    // 1 000 t over 10 000 NM at 20 000 GT: 10⁹ / (2 × 10⁸) = 5.0
    const { cii } = ciiOf({
      gt: 20_000,
      dwt: 5_000,
      ciiType: 'roro_passenger',
      year: 2027,
      distanceNm: 10_000,
      co2Tonnes: 1000,
    });
    expect(cii).toMatchObject({ metric: 'cgDIST', applies: true, reductionFactor: 13.625 });
    expect(cii!.attained).toBeCloseTo(5, 12);
  });

  it('says why there is no CII', () => {
    const base = { ...tanker, co2Tonnes: 100 };
    expect(ciiOf({ ...base, ciiType: null }).reason).toBe('no_ship_type');
    // a tug: no reference line in MEPC.353(78)
    expect(ciiOf({ ...base, ciiType: 'other' }).reason).toBe('no_reference_line');
    expect(ciiOf({ ...base, dwt: null }).reason).toBe('no_capacity');
    // a tanker's CII needs its DWT, not its GT
    expect(ciiOf({ ...base, gt: null }).reason).toBeNull();
    expect(ciiOf({ ...base, gt: null }).cii!.applies).toBe(false);
    expect(ciiOf({ ...base, year: 2031 }).reason).toBe('no_factor');
    expect(ciiOf({ ...base, co2Tonnes: null }).reason).toBe('no_co2');
    expect(ciiOf({ ...base, distanceNm: 0 }).reason).toBe('no_distance');
  });
});
