import type { Combined, CombinedBucket, CombinedType, Summary } from '@fleet/shared/answers/summary.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import type { Interval } from './intervals.ts';
import { type PeriodSeconds, periodSeconds } from './period.ts';
import { zoneHours } from './zone.ts';

/** The browser's offset from UTC in hours: buckets line up with the hours the user reads. */

/** The summary API's unit for a filter interval (it answers MINUTE, HOUR and DAY buckets). */
export function aggregatedUnit(interval: Interval): 'MINUTE' | 'HOUR' | 'DAY' {
  return interval === 'minute' ? 'MINUTE' : interval === 'hour' ? 'HOUR' : 'DAY';
}
export const UNIT_MS = { MINUTE: 60_000, HOUR: 3_600_000, DAY: 86_400_000 } as const;

export interface SummaryArgs {
  massId: number | null;
  /** epoch ms, `[start, end)` (docs/domain.md §1 "One period convention") */
  start: number;
  end: number;
  interval: Interval;
  showDetails?: boolean;
}

export function summaryQuery(a: SummaryArgs) {
  const { start, end } = periodSeconds(a);
  return {
    queryKey: ['report', 'summary', a.massId, start, end, a.interval, !!a.showDetails],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<Summary>(`/summary/aggregated/period/${start}/${end}`, {
        signal,
        query: {
          devcMassId: a.massId,
          aggregatedUnit: aggregatedUnit(a.interval),
          timezone: zoneHours(start * 1000),
          showDetails: a.showDetails ? 'true' : undefined,
          // the per-bucket data without the per-period records: no screen shows them (docs/api.md, issue 29)
          showRecords: a.showDetails ? 'false' : undefined,
        },
      }),
    enabled: a.massId != null && end > start,
  };
}

/** The summary of one vessel for the filter's range and interval. */
export function useSummary(a: SummaryArgs, opts: { refetchInterval?: number } = {}) {
  return useQuery({ ...summaryQuery(a), refetchInterval: opts.refetchInterval });
}

/** [epoch ms, value] points of a `{<ts>: row}` map, oldest first. */
export function pointsOf<T>(
  data: Record<string, T> | undefined,
  pick: (row: T) => number | null | undefined,
): [number, number | null][] {
  if (!data) return [];
  return Object.entries(data)
    .map(([ts, row]) => [Number(ts) * 1000, pick(row) ?? null] as [number, number | null])
    .sort((a, b) => a[0] - b[0]);
}

/** The combined API answers at most 10 000 buckets per call: a long range at MINUTE is fetched in pieces. */
export const MAX_COMBINED_BUCKETS = 10_000;

/**
 * The combined data of a vessel (GET /api/summary/combined/period/{start}/{end}, docs/api.md) for a period in the
 * browser's timezone, in pieces of at most MAX_COMBINED_BUCKETS buckets: one answer per piece, oldest first.
 */
export function fetchCombined(
  massId: number,
  period: PeriodSeconds,
  unit: 'MINUTE' | 'HOUR' | 'DAY',
  types: readonly CombinedType[],
  signal?: AbortSignal,
): Promise<Combined[]> {
  const chunk = (MAX_COMBINED_BUCKETS * UNIT_MS[unit]) / 1000;
  const pieces: [number, number][] = [];
  for (let a = period.start; a < period.end; a += chunk) pieces.push([a, Math.min(period.end, a + chunk)]);
  return Promise.all(
    pieces.map(([a, b]) =>
      api.get<Combined>(`/summary/combined/period/${a}/${b}`, {
        signal,
        query: {
          devcMassId: massId,
          aggregatedUnit: unit,
          timezone: zoneHours(a * 1000),
          typesToGet: types.join(','),
          mode: 'period',
        },
      }),
    ),
  );
}

/** The buckets of combined answers, oldest first. */
export function combinedBuckets(answers: readonly Combined[]): [number, CombinedBucket][] {
  return answers
    .flatMap((a) => Object.entries(a.datas).map(([ts, b]) => [Number(ts), b] as [number, CombinedBucket]))
    .sort((x, y) => x[0] - y[0]);
}
