import type dayjs from 'dayjs';
import { toPicker, now as zoneNow } from '../../api/zone.ts';
import { RANGE_TYPES, type RangeType, rangeOf } from '../../stores/filter.ts';

/** A picker range: the first and the last day shown (wall clock of the company's zone, api/zone.ts). */
export type PickerRange = [dayjs.Dayjs, dayjs.Dayjs];

/** The picker days of a preset: its first day and its last (a period ends at the next 00:00). */
export function presetDays(type: RangeType, now: dayjs.Dayjs = zoneNow()): PickerRange {
  const r = rangeOf(type, now);
  return [toPicker(r.start), toPicker(r.end - 1)];
}

/**
 * The range type a picker range is (issue 28): the preset whose days it covers exactly, else 'custom' — the Range
 * Type select always names what the dates show, so choosing a preset always changes them.
 */
export function rangeTypeOf(range: PickerRange, now: dayjs.Dayjs = zoneNow()): RangeType | 'custom' {
  for (const type of RANGE_TYPES) {
    const [first, last] = presetDays(type, now);
    if (range[0].isSame(first, 'day') && range[1].isSame(last, 'day')) return type;
  }
  return 'custom';
}

/**
 * The Bunkering Log's default period (spec 002 §2.15): from the start of the month one year ago to the end of
 * today; its range type is the one that range is — 'custom' (docs/spec-deviations.md: the spec's 'thisMonth'
 * beside a one-year range named a period the list did not show).
 */
export function defaultLogRange(now: dayjs.Dayjs = zoneNow()): { range: PickerRange; rangeType: RangeType | 'custom' } {
  const range: PickerRange = [toPicker(now.subtract(1, 'year').startOf('month').valueOf()), toPicker(now.valueOf())];
  return { range, rangeType: rangeTypeOf(range, now) };
}
