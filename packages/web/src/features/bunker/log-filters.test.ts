import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultLogRange, presetDays, rangeTypeOf } from './log-filters.ts';

/** Wednesday 18 March 2026, 10:00 in the company's zone. */
const NOW = dayjs('2026-03-18T10:00:00');
const day = (d: dayjs.Dayjs) => d.format('DD-MM-YYYY');

describe('Bunkering Log range type (issue 28)', () => {
  it('opens on a one-year range named Custom, not a preset it does not show', () => {
    const d = defaultLogRange(NOW);
    expect(d.range.map(day)).toEqual(['01-03-2025', '18-03-2026']);
    expect(d.rangeType).toBe('custom');
  });

  it('names a range by the preset whose days it covers; a preset gives back its own days', () => {
    expect(presetDays('thisMonth', NOW).map(day)).toEqual(['01-03-2026', '31-03-2026']);
    expect(rangeTypeOf(presetDays('thisMonth', NOW), NOW)).toBe('thisMonth');
    expect(rangeTypeOf(presetDays('lastWeek', NOW), NOW)).toBe('lastWeek');
    expect(rangeTypeOf([dayjs('2026-03-18'), dayjs('2026-03-18T23:59')], NOW)).toBe('today');
    expect(rangeTypeOf([dayjs('2026-03-02'), dayjs('2026-03-31')], NOW)).toBe('custom');
  });
});
