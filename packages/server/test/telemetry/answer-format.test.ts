import { describe, expect, it } from 'vitest';
import { isoTime } from '../../src/http/time.ts';
import { tidy } from '../../src/modules/telemetry/series-answers.ts';

describe('isoTime', () => {
  it('writes every time as Date#toISOString does, in any order of days', () => {
    const times = [
      0,
      59,
      3599,
      3600,
      86399,
      86400,
      -1,
      -86401,
      951782400,
      1795334400,
      1795334400 + 86399,
      253402300799,
    ];
    for (let i = 0; i < 2000; i++) times.push(Math.floor(Math.sin(i) * 2e9) + (i % 7) * 86400);
    for (const ts of times) expect(isoTime(ts), String(ts)).toBe(new Date(ts * 1000).toISOString());
    expect(isoTime(1.5)).toBe(new Date(1500).toISOString());
  });
});

describe('tidy (aggregated values to 7 decimals)', () => {
  it('drops summation noise and keeps what a sensor can tell', () => {
    expect(tidy(-6.942000000000005)).toBe(-6.942);
    expect(tidy(0.1 + 0.2)).toBe(0.3);
    expect(tidy(106.12345678)).toBe(106.1234568);
    expect(tidy(167.3000000000001)).toBe(167.3);
    expect(tidy(0)).toBe(0);
    expect(tidy(null)).toBe(null);
  });
  it('leaves values of 10^8 and more as computed', () => {
    expect(tidy(123456789.123456)).toBe(123456789.123456);
    expect(tidy(-5e12 - 0.25)).toBe(-5e12 - 0.25);
  });
});
