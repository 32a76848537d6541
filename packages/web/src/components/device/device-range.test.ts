import { describe, expect, it } from 'vitest';
import { bucketLength, fromQuery, hms, localMidnight, presetRange, toQuery } from './device-range.ts';

// docs/domain.md §22; spec 000 §9
const NOW = Date.UTC(2026, 10, 22, 17, 30, 0) / 1000; // Sunday 22 Nov 2026 17:30 UTC = Monday 00:30 at +7

describe('Device Detail presets', () => {
  it('aligns days to local midnight', () => {
    expect(localMidnight(NOW, 7)).toBe(Date.UTC(2026, 10, 22, 17, 0, 0) / 1000);
    expect(localMidnight(NOW, 0)).toBe(Date.UTC(2026, 10, 22) / 1000);
  });
  it('Today and Last Day', () => {
    const mid = Date.UTC(2026, 10, 22, 17) / 1000;
    expect(presetRange('today', NOW, 7)).toEqual({ start: mid, end: NOW });
    expect(presetRange('lastDay', NOW, 7)).toEqual({ start: mid - 86400, end: mid });
  });
  it('Last 7 and 30 Days include today', () => {
    const mid = Date.UTC(2026, 10, 22) / 1000;
    expect(presetRange('last7Days', NOW, 0)).toEqual({ start: mid - 6 * 86400, end: NOW });
    expect(presetRange('last30Days', NOW, 0)).toEqual({ start: mid - 29 * 86400, end: NOW });
  });
  it('Last Week is the previous Monday to Monday, Last Month the previous calendar month', () => {
    // at +7 it is Monday 23 Nov: last week = Mon 16 Nov 00:00 → Mon 23 Nov 00:00 local
    expect(presetRange('lastWeek', NOW, 7)).toEqual({
      start: Date.UTC(2026, 10, 15, 17) / 1000,
      end: Date.UTC(2026, 10, 22, 17) / 1000,
    });
    // at UTC it is Sunday 22 Nov: last week = Mon 9 → Mon 16 Nov
    expect(presetRange('lastWeek', NOW, 0)).toEqual({
      start: Date.UTC(2026, 10, 9) / 1000,
      end: Date.UTC(2026, 10, 16) / 1000,
    });
    expect(presetRange('lastMonth', NOW, 0)).toEqual({
      start: Date.UTC(2026, 9, 1) / 1000,
      end: Date.UTC(2026, 10, 1) / 1000,
    });
  });
});

describe('points per bucket', () => {
  it('one point per interval up to 50, else buckets of ceil(points / 50)', () => {
    expect(bucketLength(0, 86400, 'HOUR')).toBe(1); // 24 points
    expect(bucketLength(0, 50 * 3600, 'HOUR')).toBe(1);
    expect(bucketLength(0, 51 * 3600, 'HOUR')).toBe(2);
    expect(bucketLength(0, 86400, 'MINUTE')).toBe(29); // 1440 / 50 = 28.8
    expect(bucketLength(0, 30 * 86400, 'DAY')).toBe(1);
    expect(bucketLength(0, 30 * 86400, 'MINUTE')).toBe(864);
  });
});

describe('query string', () => {
  it('a written selection reads back the same', () => {
    const s = { mode: 'last7Days' as const, start: 1795000000, end: 1795600000, aggregatedUnit: 'HOUR' as const };
    const q = toQuery(s);
    expect(q).toMatchObject({ mode: 'last7Days', unit: 'day', value: '7', duration: '600000' });
    expect(fromQuery(new URLSearchParams(q), NOW, 7)).toEqual({ selection: s, problem: null });
  });
  it('a preset without times is computed now, with its default interval', () => {
    const r = fromQuery(new URLSearchParams('mode=lastDay'), NOW, 7);
    expect(r.selection.aggregatedUnit).toBe('DAY');
    expect(r.selection.end - r.selection.start).toBe(86400);
  });
  it('nothing means Today by MINUTE; unreadable values say so and show Today', () => {
    expect(fromQuery(new URLSearchParams(''), NOW, 7)).toMatchObject({
      selection: { mode: 'today', aggregatedUnit: 'MINUTE' },
      problem: null,
    });
    expect(fromQuery(new URLSearchParams('start=abc&end=1'), NOW, 7).problem).toMatch(/not readable/);
    expect(fromQuery(new URLSearchParams('aggregatedUnit=YEAR'), NOW, 7).problem).toMatch(/not readable/);
    expect(fromQuery(new URLSearchParams('start=1795600000&end=1795000000'), NOW, 7).problem).toMatch(/ends before/);
  });
});

describe('durations', () => {
  it('as h:mm:ss', () => {
    expect(hms(0)).toBe('0:00:00');
    expect(hms(3725)).toBe('1:02:05');
    expect(hms(90061)).toBe('25:01:01');
    expect(hms(null)).toBe('—');
  });
});
