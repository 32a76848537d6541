import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filterFromSearch, filterToSearch, rangeOf } from './filter.ts';

// docs/domain.md §1 "One period convention": every preset is whole local days [00:00, the 00:00 after the last)
describe('range presets', () => {
  const now = dayjs('2026-11-25T10:00:00'); // a Wednesday
  const at = (d: string) => dayjs(d).valueOf();
  it.each([
    ['today', '2026-11-25', '2026-11-26'],
    ['yesterday', '2026-11-24', '2026-11-25'],
    ['thisWeek', '2026-11-23', '2026-11-30'],
    ['lastWeek', '2026-11-16', '2026-11-23'],
    ['thisMonth', '2026-11-01', '2026-12-01'],
    ['lastMonth', '2026-10-01', '2026-11-01'],
  ] as const)('%s is [%s 00:00, %s 00:00)', (type, start, end) => {
    expect(rangeOf(type, now)).toEqual({ start: at(`${start}T00:00`), end: at(`${end}T00:00`) });
  });
});

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
  it('reads a custom end at 23:59 (an older link) as the next 00:00', () => {
    const start = dayjs('2026-11-01T00:00').unix();
    for (const end of ['2026-11-01T23:59:00', '2026-11-01T23:59:59']) {
      const out = filterFromSearch(new URLSearchParams(`start=${start}&end=${dayjs(end).unix()}`), now);
      expect(out).toMatchObject({ rangeType: 'custom', end: dayjs('2026-11-02T00:00').valueOf() });
    }
  });
  it('ignores unreadable values', () => {
    expect(filterFromSearch(new URLSearchParams('start=x&end=5&interval=year&massId=-1'), now)).toEqual({});
    expect(filterFromSearch(new URLSearchParams('start=10&end=5'), now)).toEqual({});
  });
});
