import { describe, expect, it } from 'vitest';
import { formatDuration, legs } from './measure.ts';

// docs/domain.md §27–24; distances hand-computed with the haversine formula, R = 6 371 000 m
describe('distance and ETA table (docs/domain.md §28)', () => {
  const line = [
    { lat: -6, lng: 106.8 },
    { lat: -6, lng: 107.2 },
    { lat: -5.6, lng: 107.2 },
  ];
  it('gives per leg heading, distance, duration and ETA, and the total', () => {
    const dep = Date.UTC(2026, 0, 1, 0, 0);
    const t = legs(line, 10, 'NM', dep);
    expect(t.legs[0].distance).toBeCloseTo(23.8846, 3); // (-6,106.8)→(-6,107.2)
    expect(t.legs[0].heading).toBeCloseTo(89.98, 1);
    expect(t.legs[1].distance).toBeCloseTo(24.0, 0); // 0.4° of latitude = 24.0 NM
    expect(t.legs[1].heading).toBeCloseTo(0, 6);
    expect(t.legs[0].duration).toBeCloseTo(2.38846, 4);
    expect(t.legs[1].eta).toBe(dep + (t.legs[0].duration + t.legs[1].duration) * 3_600_000);
    expect(t.total.distance).toBeCloseTo(t.legs[0].distance + t.legs[1].distance, 9);
    expect(t.total.eta).toBe(t.legs[1].eta);
  });
  it('uses km and km/h with the KM unit', () => {
    const t = legs(line.slice(0, 2), 20, 'KM', 0);
    expect(t.legs[0].distance).toBeCloseTo(44.2343, 3); // 23.8846 NM × 1.852
    expect(formatDuration(t.legs[0].duration)).toBe('2:13');
  });
  it('has no duration or ETA at speed 0', () => {
    const t = legs(line, 0, 'NM', 0);
    expect(formatDuration(t.total.duration)).toBe('-');
  });
});
