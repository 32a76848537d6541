import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { daysRange, periodSeconds, periodText, pickedEnd, pickedRange, shownEnd } from './period.ts';

// docs/domain.md §1 "One period convention": a day is [local 00:00, next local 00:00) in every screen and download
describe('one period convention', () => {
  const day = dayjs('2026-03-05T10:17:42');
  const midnight = dayjs('2026-03-05T00:00').valueOf();
  const next = dayjs('2026-03-06T00:00').valueOf();

  it('a day is [00:00, next 00:00), several days end at the 00:00 after the last', () => {
    expect(daysRange(day)).toEqual({ start: midnight, end: next });
    expect(daysRange(day, day.add(2, 'day'))).toEqual({ start: midnight, end: dayjs('2026-03-08T00:00').valueOf() });
    // 86 400 s asked for one day, not 86 340 (23:59:00) or 86 399 (23:59:59)
    const p = periodSeconds(daysRange(day));
    expect(p.end - p.start).toBe(86_400);
    expect(p).toEqual({ start: midnight / 1000, end: next / 1000 });
  });

  it('asks whole seconds without shortening the period', () => {
    expect(periodSeconds({ start: 1_000_999, end: 2_000_001 })).toEqual({ start: 1000, end: 2001 });
  });

  it('shows an end at midnight as 23:59 of the day before, any other end as it is', () => {
    expect(dayjs(shownEnd(next)).format('DD-MM-YYYY HH:mm')).toBe('05-03-2026 23:59');
    const noon = dayjs('2026-03-05T12:00').valueOf();
    expect(shownEnd(noon)).toBe(noon);
    expect(periodText(daysRange(day), 'DD-MM-YYYY HH:mm')).toBe('05-03-2026 00:00 – 05-03-2026 23:59');
    expect(periodText(daysRange(day), 'DD-MM-YYYY', '_')).toBe('05-03-2026_05-03-2026');
  });

  it('a picked end of 23:59 asks up to the next 00:00; another minute is taken as picked', () => {
    expect(pickedEnd(dayjs('2026-03-05T23:59').valueOf())).toBe(next);
    expect(pickedEnd(dayjs('2026-03-05T23:59:59.999').valueOf())).toBe(next);
    expect(pickedEnd(dayjs('2026-03-05T11:00:30').valueOf())).toBe(dayjs('2026-03-05T11:00:30').valueOf());
    expect(pickedRange(dayjs('2026-03-05T10:00:10'), dayjs('2026-03-05T11:00:30'))).toEqual({
      start: dayjs('2026-03-05T10:00').valueOf(),
      end: dayjs('2026-03-05T11:00').valueOf(),
    });
    // what the picker shows of a period is picked back unchanged
    expect(pickedEnd(shownEnd(next))).toBe(next);
    expect(pickedRange(dayjs('2026-03-05T00:00:20'), dayjs('2026-03-05T23:59'))).toEqual({
      start: midnight,
      end: next,
    });
  });
});
