import { describe, expect, it } from 'vitest';
import { toDms } from '../voyage/voyage-format.ts';
import { isOnline, summaryWindow } from './fleet-data.ts';
import { formatDuration, legs } from './measure.ts';

// docs/domain.md §19, §27–24; distances hand-computed with the haversine formula, R = 6 371 000 m
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

describe('fleet map numbers (docs/domain.md §19, §29)', () => {
  it('is online under 600 s since the last fix', () => {
    expect(isOnline(1000, 1599)).toBe(true);
    expect(isOnline(1000, 1600)).toBe(false);
    expect(isOnline(null, 0)).toBe(false);
  });
  it('sums from the hour of the last fix minus a day to the last fix, included', () => {
    expect(summaryWindow(1767229500)).toEqual({ start: 1767229200 - 86400, end: 1767229501 });
  });
  it('writes degrees, minutes and seconds', () => {
    expect(toDms(-6.05, 'lat')).toBe('6°03\'00.0"S');
    expect(toDms(106.9, 'lng')).toBe('106°54\'00.0"E');
    expect(toDms(-0.99999999, 'lng')).toBe('1°00\'00.0"W');
  });
});
