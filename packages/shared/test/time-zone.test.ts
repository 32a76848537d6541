import { describe, expect, it } from 'vitest';
import { isTimeZone, offsetLabel, TIME_ZONES, zoneForOffset, zoneOffsetHours } from '../src/time-zone.ts';

// 2026-11-25 00:00 UTC and 2026-07-01 00:00 UTC
const NOV = Date.UTC(2026, 10, 25) / 1000;
const JUL = Date.UTC(2026, 6, 1) / 1000;

describe('company time zones (docs/domain.md §1)', () => {
  it("knows the IANA zones, Indonesia's three among them, and refuses anything else", () => {
    for (const z of ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'UTC', 'Europe/London'])
      expect(isTimeZone(z)).toBe(true);
    for (const z of ['WITA', '+08:00', 'asia/makassar', '', null, 8]) expect(isTimeZone(z)).toBe(false);
    expect(TIME_ZONES.length).toBeGreaterThan(300);
    expect([...TIME_ZONES].sort()).toEqual(TIME_ZONES);
  });

  it('gives a zone its offset at an instant, daylight saving included', () => {
    expect(zoneOffsetHours('Asia/Jakarta', NOV)).toBe(7);
    expect(zoneOffsetHours('Asia/Makassar', NOV)).toBe(8);
    expect(zoneOffsetHours('Asia/Jayapura', NOV)).toBe(9);
    expect(zoneOffsetHours('Asia/Kolkata', NOV)).toBe(5.5);
    expect(zoneOffsetHours('Asia/Kathmandu', NOV)).toBe(5.75);
    expect(zoneOffsetHours('America/St_Johns', NOV)).toBe(-3.5);
    expect(zoneOffsetHours('UTC', NOV)).toBe(0);
    expect(zoneOffsetHours('Europe/London', NOV)).toBe(0);
    expect(zoneOffsetHours('Europe/London', JUL)).toBe(1);
  });

  it('takes TZ_OFFSET to a zone: the usual name of the offset, else the first zone with it', () => {
    expect(zoneForOffset(7, NOV)).toBe('Asia/Jakarta');
    expect(zoneForOffset(8, NOV)).toBe('Asia/Makassar');
    expect(zoneForOffset(9, NOV)).toBe('Asia/Jayapura');
    expect(zoneForOffset(5.5, NOV)).toBe('Asia/Kolkata');
    expect(zoneForOffset(0, NOV)).toBe('UTC');
    const z = zoneForOffset(-5, NOV);
    expect(zoneOffsetHours(z, NOV)).toBe(-5);
    // no zone is 3 h 45 min behind UTC
    expect(zoneForOffset(-3.75, NOV)).toBe('UTC');
  });

  it('labels an offset as spec 002 §2.3 does', () => {
    expect(offsetLabel(7)).toBe('GMT +007');
    expect(offsetLabel(0)).toBe('GMT +000');
    expect(offsetLabel(-3)).toBe('GMT -003');
    expect(offsetLabel(5.5)).toBe('GMT +005:30');
    expect(offsetLabel(5.75)).toBe('GMT +005:45');
    expect(offsetLabel(-3.5)).toBe('GMT -003:30');
  });
});
