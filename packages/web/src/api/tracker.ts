import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from './client.ts';

/** The Teltonika Map's calls (spec 002 §7.4, docs/api.md "Trackers"). */

export interface TrackerStatus {
  devcId: number;
  devcUniqueId: string;
  devcName: string;
  devcMassId: number | null;
  online: boolean;
  connectedTime: number | null;
  lastFrameTime: number | null;
}

/** A tracker point (spec 002 §3.2). */
export interface TrackerPoint {
  deviceId: string;
  devcId?: number;
  timestamp: number;
  datetime?: string;
  latitude?: number | null;
  longitude?: number | null;
  altitude?: number | null;
  angle?: number | null;
  speed?: number | null;
  satellites?: number | null;
}

export interface CommandAnswer {
  devcId: number;
  command: string;
  response: string;
  sentTime: number;
  answerTime: number;
}

/** Spec 002 §9 "Tracker": timezone 7, trail 24 h before the last point, aggregate MINUTE 15, zooms. */
export const TRACKER = {
  timezone: 7,
  trailHours: 24,
  aggregateUnit: 'MINUTE' as const,
  aggregateLength: 15,
  initialCenter: [-6.2, 106.8167] as [number, number],
  initialZoom: 13,
  deviceZoom: 18,
  markerSize: 76,
  /** a tracker whose last point is older is drawn as offline (as vessels, spec 002 §3.4) */
  freshSeconds: 600,
};

export const AGGREGATE_UNITS = ['MINUTE', 'HOUR', 'DAY'] as const;
export type AggregateUnit = (typeof AGGREGATE_UNITS)[number];

/** The user's trackers with their connection state; refreshed every 10 s. */
export function useTrackers() {
  return useQuery({
    queryKey: ['tracker', 'status'],
    queryFn: () => api.get<TrackerStatus[]>('/tracker/status'),
    refetchInterval: 10_000,
  });
}

/** The latest point of each tracker (GET /series/teltonika/gps/pulse); refreshed every 10 s. */
export function usePulse(devcIds: number[]) {
  return useQuery({
    queryKey: ['tracker', 'pulse', devcIds],
    enabled: devcIds.length > 0,
    queryFn: async () =>
      (
        await api.get<{ series: TrackerPoint[] }>('/series/teltonika/gps/pulse', {
          query: { 'device[]': devcIds, timezone: TRACKER.timezone },
        })
      ).series,
    refetchInterval: 10_000,
  });
}

/** Aggregated points of one tracker over [start, end] (epoch seconds), newest first. */
export async function fetchTrail(
  devcId: number,
  start: number,
  end: number,
  unit: AggregateUnit,
  length: number,
): Promise<TrackerPoint[]> {
  const { series } = await api.get<{ series: TrackerPoint[] }>(
    `/series/aggregated/teltonika/gps/period/${Math.floor(start)}/${Math.ceil(end)}`,
    {
      query: {
        'device[]': [devcId],
        aggregatedUnit: unit,
        aggregatedLength: length,
        timezone: TRACKER.timezone,
      },
    },
  );
  return [...series].sort((a, b) => b.timestamp - a.timestamp);
}

export function sendCommand(devcId: number, command: string) {
  return api.post<CommandAnswer>('/tracker/command', { device: devcId, command }, { silent: true });
}

/** Times in the browser's local time (spec 002 §2.12). */
export const localTime = (ts: number | null | undefined) =>
  ts == null ? '-' : dayjs.unix(ts).format('DD-MM-YYYY HH:mm:ss');
