import { bucketLength, INTERVALS, type Interval, MAX_POINTS } from '@fleet/shared/device-detail.ts';
import { z } from 'zod';
import { text } from '../../api/i18n.ts';
import { deviceTexts } from './texts.ts';

export { bucketLength, INTERVALS, type Interval, MAX_POINTS };

/**
 * The Device Detail selection (spec 000 §2, §4, §9): preset, range, data interval and bucket length, and how it is
 * written to and read from the query string (mode, duration, start, end, unit, value, aggregatedUnit).
 */

export const INTERVAL_NAMES = Object.keys(INTERVALS) as Interval[];

/** A preset: its mode, its label in the language in force when read (a getter), and its query-string unit. */
const preset = <M extends string, U extends string | null, V extends number | null>(
  mode: M & keyof typeof deviceTexts.en,
  unit: U,
  value: V,
) => ({
  mode,
  get label(): string {
    return text(deviceTexts, mode);
  },
  unit,
  value,
});

export const PRESETS = [
  preset('last30Days', 'day', 30),
  preset('lastMonth', 'month', 1),
  preset('last7Days', 'day', 7),
  preset('lastWeek', 'week', 1),
  preset('today', 'day', 0),
  preset('lastDay', 'day', 1),
  preset('custom', null, null),
] as const;
export type Mode = (typeof PRESETS)[number]['mode'];
export const MODES = PRESETS.map((p) => p.mode) as [Mode, ...Mode[]];

export interface Selection {
  mode: Mode;
  /** epoch seconds, [start, end) */
  start: number;
  end: number;
  aggregatedUnit: Interval;
}

/** The local midnight (at `tzHours` east of UTC) that starts the day holding `t`. */
export function localMidnight(t: number, tzHours: number): number {
  const off = Math.round(tzHours * 3600);
  return Math.floor((t + off) / 86400) * 86400 - off;
}

/** Today defaults to MINUTE, the other presets to DAY (spec 000 §9). */
export const defaultInterval = (mode: Mode): Interval => (mode === 'today' ? 'MINUTE' : 'DAY');

/**
 * The range of a preset at `now` in the timezone `tzHours` (docs/domain.md §22):
 * Today = local midnight → now; Last Day = yesterday (midnight to midnight); Last 7 / 30 Days = the last 7 / 30
 * local days including today (midnight 6 / 29 days ago → now); Last Week = the previous Monday–Sunday;
 * Last Month = the previous calendar month.
 */
export function presetRange(
  mode: Exclude<Mode, 'custom'>,
  now: number,
  tzHours: number,
): { start: number; end: number } {
  const today = localMidnight(now, tzHours);
  switch (mode) {
    case 'today':
      return { start: today, end: Math.max(now, today + 1) };
    case 'lastDay':
      return { start: today - 86400, end: today };
    case 'last7Days':
      return { start: today - 6 * 86400, end: now };
    case 'last30Days':
      return { start: today - 29 * 86400, end: now };
    case 'lastWeek': {
      const off = Math.round(tzHours * 3600);
      const weekday = (new Date((today + off) * 1000).getUTCDay() + 6) % 7; // Monday 0
      const monday = today - weekday * 86400;
      return { start: monday - 7 * 86400, end: monday };
    }
    case 'lastMonth': {
      const off = Math.round(tzHours * 3600);
      const d = new Date((today + off) * 1000);
      const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000 - off;
      const prev = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1) / 1000 - off;
      return { start: prev, end: first };
    }
  }
}

/** The selection as query-string entries. */
export function toQuery(s: Selection): Record<string, string> {
  const preset = PRESETS.find((p) => p.mode === s.mode)!;
  const q: Record<string, string> = {
    mode: s.mode,
    start: String(s.start),
    end: String(s.end),
    duration: String(s.end - s.start),
    aggregatedUnit: s.aggregatedUnit,
  };
  if (preset.unit) {
    q.unit = preset.unit;
    q.value = String(preset.value);
  }
  return q;
}

const epoch = z.coerce.number().int().min(946684800).max(253402300799);
const querySchema = z.object({
  mode: z.enum(MODES).optional(),
  start: epoch.optional(),
  end: epoch.optional(),
  aggregatedUnit: z.enum(INTERVAL_NAMES as [Interval, ...Interval[]]).optional(),
});

/**
 * The selection a link asks for: start/end from the link when both are readable (so a link reproduces the view),
 * else the preset's range now; Today by MINUTE when the link has nothing. `problem` says what was not readable.
 */
export function fromQuery(
  params: URLSearchParams,
  now: number,
  tzHours: number,
): { selection: Selection; problem: string | null } {
  const raw = Object.fromEntries(
    ['mode', 'start', 'end', 'aggregatedUnit'].flatMap((k) => (params.has(k) ? [[k, params.get(k)]] : [])),
  );
  const parsed = querySchema.safeParse(raw);
  const fallback = (problem: string | null): { selection: Selection; problem: string | null } => ({
    selection: { mode: 'today', ...presetRange('today', now, tzHours), aggregatedUnit: 'MINUTE' },
    problem,
  });
  if (!parsed.success) return fallback(text(deviceTexts, 'linkNotReadable'));
  const q = parsed.data;
  if (q.start !== undefined && q.end !== undefined) {
    if (q.end <= q.start) return fallback(text(deviceTexts, 'linkEndsBeforeStart'));
    const mode = q.mode ?? 'custom';
    return {
      selection: { mode, start: q.start, end: q.end, aggregatedUnit: q.aggregatedUnit ?? defaultInterval(mode) },
      problem: null,
    };
  }
  if (q.mode && q.mode !== 'custom') {
    return {
      selection: {
        mode: q.mode,
        ...presetRange(q.mode, now, tzHours),
        aggregatedUnit: q.aggregatedUnit ?? defaultInterval(q.mode),
      },
      problem: null,
    };
  }
  return fallback(q.mode === 'custom' ? text(deviceTexts, 'linkCustomNeedsRange') : null);
}

/** Seconds as hours:minutes:seconds (spec 000 §2: durations as h:mm:ss). */
export function hms(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}
