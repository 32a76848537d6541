import { describe, expect, it } from 'vitest';
import { dms, position } from './format.ts';

// spec 002 §9 / §2.7: degrees, minutes and seconds to a tenth, rounded before splitting so a rounding carries
describe('degrees-minutes-seconds', () => {
  it('writes degrees, two-digit minutes and seconds with a tenth', () => {
    expect(dms(-6.05, 'lat')).toBe('6°03\'00.0"S');
    expect(dms(106.9, 'lon')).toBe('106°54\'00.0"E');
    expect(dms(-106.9, 'lon')).toBe('106°54\'00.0"W');
    expect(dms(6.0125, 'lat')).toBe('6°00\'45.0"N'); // 0.0125° = 45"
  });

  it('carries 59.95" and up into the minutes and degrees, never 60.0" or 60\'', () => {
    // 5°50'59.964" S: the old formatter wrote 5°50'60.0"S
    expect(dms(-5.84999, 'lat')).toBe('5°51\'00.0"S');
    // 59.96" → 60.0" → the next minute; 59.94" stays
    expect(dms(59.96 / 3600, 'lat')).toBe('0°01\'00.0"N');
    expect(dms(59.94 / 3600, 'lat')).toBe('0°00\'59.9"N');
    // 105°59'59.97" E → 106°00'00.0"E (seconds carry into minutes, minutes into degrees)
    expect(dms(105 + 59 / 60 + 59.97 / 3600, 'lon')).toBe('106°00\'00.0"E');
    expect(dms(-(105 + 59 / 60 + 59.97 / 3600), 'lon')).toBe('106°00\'00.0"W');
    expect(dms(-0.99999999, 'lon')).toBe('1°00\'00.0"W');
  });

  it('0 and what rounds to 0 are N / E; nothing is "-"', () => {
    expect(dms(0, 'lat')).toBe('0°00\'00.0"N');
    expect(dms(0, 'lon')).toBe('0°00\'00.0"E');
    expect(dms(-0.000001, 'lat')).toBe('0°00\'00.0"N');
    expect(dms(-0.00002, 'lon')).toBe('0°00\'00.1"W'); // 0.072" rounds to 0.1"
    expect(dms(null, 'lat')).toBe('-');
    expect(dms(Number.NaN, 'lon')).toBe('-');
  });

  it('writes a position as latitude then longitude', () => {
    expect(position({ latitude: -6.05, longitude: 106.9 })).toBe('6°03\'00.0"S 106°54\'00.0"E');
    expect(position(null)).toBe('-');
  });
});
