import { describe, expect, it } from 'vitest';
import { compassPoint, haversineM, initialBearing } from '../src/geo.ts';

// vectors from shared/testdata/geo/geo_vectors.json (chrisveness/geodesy, R = 6 371 000 m) — docs/domain.md "Distance", "Heading"
describe('great-circle helpers (docs/domain.md "Distance" and "Heading")', () => {
  it('haversine distance, R = 6 371 000 m', () => {
    expect(haversineM(52.205, 0.119, 48.857, 2.351)).toBeCloseTo(404279, -0); // Cambridge → Paris, ±0.5 m
    expect(Math.abs(haversineM(39.984, -75.343, 39.123, -75.534) - 97129.087029)).toBeLessThan(0.001);
    expect(Math.abs(haversineM(45.527517, -122.718766, 45.373373, -121.693604) - 81784.502025)).toBeLessThan(0.001);
    expect(haversineM(-6, 106, -6, 106)).toBe(0);
  });
  it('initial great-circle bearing, degrees from true north in [0, 360)', () => {
    expect(Math.abs(initialBearing(52.205, 0.119, 48.857, 2.351) - 156.2)).toBeLessThan(0.05);
    expect(Math.abs(initialBearing(48.857, 2.351, 52.205, 0.119) - 337.9)).toBeLessThan(0.05);
    expect(Math.abs(initialBearing(39.778889, -104.9825, 43.778889, -102.9825) - 19.787525)).toBeLessThan(1e-5);
    expect(Math.abs(initialBearing(51.5104, 7.3256, 43.778889, 7.491) - 179.112372)).toBeLessThan(1e-5);
    expect(initialBearing(0, 0, 0, -1)).toBeCloseTo(270, 9); // due west
  });
  it('names the 8 compass points, boundaries rounding to the nearer one', () => {
    expect([0, 22.4, 22.5, 90, 181, 292.5, 337.4, 337.5, 359.9].map(compassPoint)).toEqual([
      'N',
      'N',
      'NE',
      'E',
      'S',
      'NW',
      'NW',
      'N',
      'N',
    ]);
  });
});
