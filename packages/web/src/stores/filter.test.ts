import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filterFromSearch, filterToSearch, rangeOf } from './filter.ts';

describe('filter in the URL', () => {
  const now = dayjs('2026-11-22T10:00:00');
  it('round-trips a custom range, interval and asset', () => {
    const f = { start: dayjs('2026-11-01T00:00').valueOf(), end: dayjs('2026-11-03T12:30').valueOf() };
    const params = filterToSearch(
      { ...f, interval: 'minute', rangeType: 'custom', massId: 4 },
      new URLSearchParams('menu=Datalog'),
    );
    expect(params.get('menu')).toBe('Datalog');
    expect(filterFromSearch(params, now)).toEqual({ ...f, interval: 'minute', rangeType: 'custom', massId: 4 });
  });
  it('recomputes a preset for the day the link is opened', () => {
    const out = filterFromSearch(new URLSearchParams('rangeType=yesterday&start=1&end=2'), now);
    expect(out).toMatchObject({ rangeType: 'yesterday', ...rangeOf('yesterday', now) });
  });
  it('ignores unreadable values', () => {
    expect(filterFromSearch(new URLSearchParams('start=x&end=5&interval=year&massId=-1'), now)).toEqual({});
    expect(filterFromSearch(new URLSearchParams('start=10&end=5'), now)).toEqual({});
  });
});
