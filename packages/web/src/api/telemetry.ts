import type { PulseAnswer } from '@fleet/shared/answers/pulse.ts';
import type { AggregatedAnswer } from '@fleet/shared/answers/series.ts';
import { configRpm } from '@fleet/shared/resources/config-rpm.ts';
import { useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from './client.ts';
import { fetchResourcePage } from './resources.ts';

/** Latest reading of each listed device, refreshed every minute (spec 002 §9 reconcile). */
export function useDevicePulse(uniqueIds: string[]) {
  return useQuery({
    queryKey: ['telemetry', 'pulse', uniqueIds],
    enabled: uniqueIds.length > 0,
    refetchInterval: 60_000,
    queryFn: async ({ signal }) => {
      const d = await api.get<PulseAnswer>('/series/device/all/pulse', {
        signal,
        query: { 'device[]': uniqueIds },
      });
      return new Map(d.series.map((r) => [r.devcUniqueId, r]));
    },
  });
}

/** GET /api/series/aggregated/{type}/period/{start}/{end} */
export function fetchAggregated(type: string, start: number, end: number, query: QueryParams, signal?: AbortSignal) {
  return api.get<AggregatedAnswer>(`/series/aggregated/${type}/period/${start}/${end}`, {
    signal,
    query,
  });
}

/**
 * The highest value of `key` each device reported over the last 30 days (one MONTH-wide MAX per device),
 * for the dial scales of docs/domain.md §22.
 */
export function useHighest(type: string, key: string, uniqueIds: string[]) {
  return useQuery({
    queryKey: ['telemetry', 'highest', type, key, uniqueIds],
    enabled: uniqueIds.length > 0,
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) => {
      const d = await api.get<AggregatedAnswer>(`/series/aggregated/${type}/last/30/day`, {
        signal,
        query: { 'device[]': uniqueIds, aggregatedUnit: 'MONTH', primaryFunctionName: 'MAX' },
      });
      const out = new Map<string, number>();
      for (const r of d.series) {
        const v = r[key];
        if (typeof v === 'number') out.set(r.deviceId, Math.max(out.get(r.deviceId) ?? 0, v));
      }
      return out;
    },
  });
}

/**
 * Running thresholds of RPM devices by devcId (Config RPM minimum; docs/domain.md §9), when the user may read them
 * (`canRead`: read on Config RPM).
 */
export function useRpmThresholds(devcIds: number[], canRead: boolean) {
  return useQuery({
    queryKey: ['resource', configRpm.name, 'thresholds', devcIds],
    enabled: canRead && devcIds.length > 0,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const page = await fetchResourcePage(
        configRpm,
        { page: 1, pageSize: 100, finds: { mcrpDevcId: devcIds } },
        signal,
      );
      return new Map(page.rows.map((r) => [r.mcrpDevcId as number, Number(r.mcrpMinValue)]));
    },
  });
}
