import type { Dayjs } from 'dayjs';
import { at } from './zone.ts';

/**
 * The one period convention (docs/domain.md §1 "One period convention"): every screen and download asks the API for
 * a half-open period `[start, end)`; a day is `[local 00:00, next local 00:00)`, local being the company's zone
 * (`zone.ts`). Pickers show the dates users expect:
 * an end at a local midnight is shown as 23:59 of the day before (its last minute), and a picked end of 23:59 asks
 * for the period up to the next 00:00. Every place that builds or shows a period uses these helpers.
 */

/** A period in epoch milliseconds, `[start, end)` (the shared filter's range). */
export interface DateRange {
  start: number;
  end: number;
}

/** A period in epoch seconds, `[start, end)`, as the API is asked. */
export interface PeriodSeconds {
  start: number;
  end: number;
}

const MINUTE_MS = 60_000;

/** The local midnight that starts the day after the one holding `d` (a DST change at midnight included). */
const nextMidnight = (d: Dayjs): Dayjs => at(d.endOf('day').valueOf() + 1);

/** The days `first` … `last` (both included, local time): `[first 00:00, the 00:00 after last)`. */
export function daysRange(first: Dayjs, last: Dayjs = first): DateRange {
  return { start: first.startOf('day').valueOf(), end: nextMidnight(last).valueOf() };
}

/** The period the API is asked for a range: epoch seconds, start rounded down and end up (never shortened). */
export function periodSeconds(range: DateRange): PeriodSeconds {
  return { start: Math.floor(range.start / 1000), end: Math.ceil(range.end / 1000) };
}

/** Whether `ms` is a local midnight exactly. */
export const isLocalMidnight = (ms: number) => at(ms).startOf('day').valueOf() === ms;

/** What a minute-precision picker or label shows for a period's end: a local midnight as 23:59 of the day before. */
export function shownEnd(endMs: number): number {
  return isLocalMidnight(endMs) ? endMs - MINUTE_MS : endMs;
}

/** The end a shown or picked end asks for: 23:59 (any seconds) means up to the next local 00:00; else as it is. */
export function pickedEnd(endMs: number): number {
  const d = at(endMs);
  return d.hour() === 23 && d.minute() === 59 ? nextMidnight(d).valueOf() : endMs;
}

/** A range picked at minute precision as a period: both ends at their minute, the end by `pickedEnd`. */
export function pickedRange(start: Dayjs, end: Dayjs): DateRange {
  return { start: start.startOf('minute').valueOf(), end: pickedEnd(end.startOf('minute').valueOf()) };
}

/** The two ends of a period as text, as users expect them (`01-03-2026 00:00` – `01-03-2026 23:59`). */
export function periodText(range: DateRange, format: string, separator = ' – '): string {
  return `${at(range.start).format(format)}${separator}${at(shownEnd(range.end)).format(format)}`;
}
