import { afterEach, describe, expect, it } from 'vitest';
import { isLocalMidnight, periodText } from '../api/period.ts';
import { at, fromPicker, setZone, toPicker, zoneHours, zoneName } from '../api/zone.ts';
import { rangeOf } from './filter.ts';

// 2026-11-25 10:00 UTC: 18:00 in Makassar (WITA, +8), 17:00 in Jakarta (WIB, +7)
const NOW = Date.UTC(2026, 10, 25, 10, 0);
const H = 3_600_000;

describe("the company's time zone on screen (docs/domain.md §1)", () => {
  afterEach(() => setZone(null));

  it('cuts "today" and "yesterday" at the company\'s midnight, whatever the browser\'s zone', () => {
    setZone('Asia/Makassar');
    expect(zoneName()).toBe('Asia/Makassar');
    // 25 November in Makassar: [24 Nov 16:00 UTC, 25 Nov 16:00 UTC)
    expect(rangeOf('today', at(NOW))).toEqual({ start: Date.UTC(2026, 10, 24, 16), end: Date.UTC(2026, 10, 25, 16) });
    expect(rangeOf('yesterday', at(NOW))).toEqual({
      start: Date.UTC(2026, 10, 23, 16),
      end: Date.UTC(2026, 10, 24, 16),
    });
    setZone('Asia/Jakarta');
    expect(rangeOf('today', at(NOW))).toEqual({ start: Date.UTC(2026, 10, 24, 17), end: Date.UTC(2026, 10, 25, 17) });
  });

  it("asks the API in the zone's offset and shows times in it", () => {
    setZone('Asia/Jayapura');
    expect(zoneHours(NOW)).toBe(9);
    expect(at(NOW).format('DD-MM-YYYY HH:mm')).toBe('25-11-2026 19:00');
    expect(isLocalMidnight(Date.UTC(2026, 10, 24, 15))).toBe(true);
    expect(periodText({ start: Date.UTC(2026, 10, 24, 15), end: Date.UTC(2026, 10, 25, 15) }, 'DD-MM-YYYY HH:mm')).toBe(
      '25-11-2026 00:00 – 25-11-2026 23:59',
    );
    setZone('Asia/Kolkata');
    expect(zoneHours(NOW)).toBe(5.5);
  });

  it("gives a picker the zone's wall clock and reads a picked wall clock back as the zone's", () => {
    setZone('Asia/Makassar');
    const shown = toPicker(NOW);
    expect(shown.format('YYYY-MM-DD HH:mm')).toBe('2026-11-25 18:00');
    expect(fromPicker(shown)).toBe(NOW);
    // a picked 00:00 is the company's midnight
    expect(fromPicker(shown.startOf('day'))).toBe(NOW - 18 * H);
  });

  it("falls back to the browser's zone for a missing or unknown name", () => {
    setZone('Asia/Makassar');
    expect(setZone('Mars/Olympus')).toBe(true);
    expect(zoneName()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
