import type { Summary } from '@fleet/shared/answers/summary.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import type { Interval } from './intervals.ts';

/** The browser's offset from UTC in hours: buckets line up with the hours the user reads. */
export const browserTimezone = () => -new Date().getTimezoneOffset() / 60;

/** The summary API's unit for a filter interval (it answers MINUTE, HOUR and DAY buckets). */
export function aggregatedUnit(interval: Interval): 'MINUTE' | 'HOUR' | 'DAY' {
  return interval === 'minute' ? 'MINUTE' : interval === 'hour' ? 'HOUR' : 'DAY';
}
export const UNIT_MS = { MINUTE: 60_000, HOUR: 3_600_000, DAY: 86_400_000 } as const;

export interface SummaryArgs {
  massId: number | null;
  /** epoch ms */
  start: number;
  end: number;
  interval: Interval;
  showDetails?: boolean;
}

export function summaryQuery(a: SummaryArgs) {
  const start = Math.floor(a.start / 1000);
  const end = Math.ceil(a.end / 1000);
  return {
    queryKey: ['report', 'summary', a.massId, start, end, a.interval, !!a.showDetails],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<Summary>(`/summary/aggregated/period/${start}/${end}`, {
        signal,
        query: {
          devcMassId: a.massId,
          aggregatedUnit: aggregatedUnit(a.interval),
          timezone: browserTimezone(),
          showDetails: a.showDetails ? 'true' : undefined,
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
