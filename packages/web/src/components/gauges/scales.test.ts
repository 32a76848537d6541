import { describe, expect, it } from 'vitest';
import { ageText, flowScale, isOffline, niceCeil, readingAge, rpmScale, speedScaleKnots } from './scales.ts';

// docs/domain.md §22
describe('gauge scales', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceCeil(901, 1)).toBe(1000);
    expect(niceCeil(1001, 1)).toBe(2000);
    expect(niceCeil(2100, 1)).toBe(2500);
    expect(niceCeil(2600, 1)).toBe(5000);
    expect(niceCeil(336.21, 1)).toBe(500);
    expect(niceCeil(0.3, 1)).toBe(1);
    expect(niceCeil(Number.NaN, 7)).toBe(7);
  });
  it('RPM dial: highest of 30 days rounded up, at least 1 000', () => {
    expect(rpmScale(null)).toBe(1000);
    expect(rpmScale(920)).toBe(1000);
    expect(rpmScale(1650)).toBe(2000);
  });
  it('flow dial at least 100 L/h, speed dial at least 30 kn', () => {
    expect(flowScale(40)).toBe(100);
    expect(flowScale(336)).toBe(500);
    expect(speedScaleKnots(12)).toBe(30);
    expect(speedScaleKnots(31)).toBe(50);
  });
});

describe('reading age', () => {
  it('writes minutes, hours and days and is offline past 600 s', () => {
    expect(readingAge(1000, 1130)).toBe(130);
    expect(readingAge(1000, 900)).toBe(0);
    expect(ageText(59)).toBe('just now');
    expect(ageText(130)).toBe('2 min ago');
    expect(ageText(7300)).toBe('2 h ago');
    expect(ageText(3 * 86400)).toBe('3 d ago');
    expect(isOffline(600)).toBe(false);
    expect(isOffline(601)).toBe(true);
  });
});
