import type dayjs from 'dayjs';
import { create } from 'zustand';
import { INTERVAL_SECONDS, type Interval } from '../api/intervals.ts';
import { type DateRange, daysRange, pickedEnd } from '../api/period.ts';
import { now as zoneNow } from '../api/zone.ts';

export type { DateRange };

/** Range type presets of spec 002 §4. */
export const RANGE_TYPES = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth'] as const;
export type RangeType = (typeof RANGE_TYPES)[number];

/**
 * The period of a preset, relative to `now` (in the company's zone): whole local days `[first 00:00, the 00:00 after
 * the last)`
 * (docs/domain.md §1 "One period convention"). Weeks start on Monday (ISO weeks, as operators plan them).
 */
export function rangeOf(type: RangeType, now: dayjs.Dayjs = zoneNow()): DateRange {
  const day = now.startOf('day');
  const monday = day.subtract((day.day() + 6) % 7, 'day');
  switch (type) {
    case 'today':
      return daysRange(day);
    case 'yesterday':
      return daysRange(day.subtract(1, 'day'));
    case 'thisWeek':
      return daysRange(monday, monday.add(6, 'day'));
    case 'lastWeek':
      return daysRange(monday.subtract(7, 'day'), monday.subtract(1, 'day'));
    case 'thisMonth':
      return daysRange(day.startOf('month'), day.endOf('month'));
    case 'lastMonth': {
      const m = day.subtract(1, 'month');
      return daysRange(m.startOf('month'), m.endOf('month'));
    }
  }
}

interface FilterState {
  range: DateRange;
  rangeType: RangeType | 'custom';
  interval: Interval;
  /** massId of the asset the dashboards, reports and datalog show */
  currentAsset: number | null;
  setRangeType: (type: RangeType) => void;
  setRange: (range: DateRange) => void;
  setInterval: (interval: Interval) => void;
  setCurrentAsset: (massId: number | null) => void;
  /** back to the defaults (after a company change) */
  reset: () => void;
}

const defaults = () => ({
  range: rangeOf('today'),
  rangeType: 'today' as const,
  interval: 'hour' as const,
  currentAsset: null,
});

/** The shared filter of the reporting screens (spec 002 §3.8): defaults interval hour, range today. */
export const useFilter = create<FilterState>()((set) => ({
  ...defaults(),
  setRangeType: (type) => set({ rangeType: type, range: rangeOf(type) }),
  setRange: (range) => set({ range, rangeType: 'custom' }),
  setInterval: (interval) => set({ interval }),
  setCurrentAsset: (massId) => set({ currentAsset: massId }),
  reset: () => set(defaults()),
}));

/** The filter as URL query parameters, so a link reproduces a view (start/end in epoch seconds). */
export interface FilterQuery {
  start: number;
  end: number;
  interval: Interval;
  rangeType: RangeType | 'custom';
  massId: number | null;
}

const INTERVALS = Object.keys(INTERVAL_SECONDS) as Interval[];

/** Writes the filter into `params` (other parameters, such as the report tab, are kept). */
export function filterToSearch(f: FilterQuery, params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(params);
  out.set('start', String(Math.floor(f.start / 1000)));
  out.set('end', String(Math.floor(f.end / 1000)));
  out.set('interval', f.interval);
  out.set('rangeType', f.rangeType);
  if (f.massId != null) out.set('massId', String(f.massId));
  else out.delete('massId');
  return out;
}

/**
 * Reads the filter from the URL. A preset range type is recomputed for today (a link to "today" stays today);
 * a custom one keeps its start and end — an end at 23:59 (a link written before the one period convention) is
 * read as the next 00:00. Anything unreadable is left out (the store keeps its value).
 */
export function filterFromSearch(params: URLSearchParams, now: dayjs.Dayjs = zoneNow()): Partial<FilterQuery> {
  const out: Partial<FilterQuery> = {};
  const rt = params.get('rangeType');
  const start = Number(params.get('start'));
  const end = Number(params.get('end'));
  if (rt && (RANGE_TYPES as readonly string[]).includes(rt)) {
    const r = rangeOf(rt as RangeType, now);
    Object.assign(out, { rangeType: rt, start: r.start, end: r.end });
  } else if (
    params.has('start') &&
    params.has('end') &&
    Number.isFinite(start) &&
    Number.isFinite(end) &&
    end > start
  ) {
    Object.assign(out, { rangeType: 'custom', start: start * 1000, end: pickedEnd(end * 1000) });
  }
  const iv = params.get('interval');
  if (iv && (INTERVALS as string[]).includes(iv)) out.interval = iv as Interval;
  const m = Number(params.get('massId'));
  if (params.has('massId') && Number.isInteger(m) && m > 0) out.massId = m;
  return out;
}
