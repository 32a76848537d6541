import type { PulseAnswer, PulseRow } from '@fleet/shared/answers/pulse.ts';
import type { AggregatedAnswer, AggregatedRow } from '@fleet/shared/answers/series.ts';
import type { TrackerCommandAnswer, TrackerStatus } from '@fleet/shared/answers/tracker.ts';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from './client.ts';
import { zoneHours } from './zone.ts';

/** The Teltonika Map's calls (spec 002 §7.4, docs/api.md "Trackers"). */

/**
 * A tracker point (spec 002 §3.2): its latest reading (a pulse row) or a bucket of its trail (an aggregated row);
 * `latitude`, `longitude`, `altitude`, `angle`, `speed`, `satellites` by data key.
 */
export type TrackerPoint = PulseRow | AggregatedRow;

/** A point's value of a data key as a number; null when it has none. */
export function pointValue(
  p: TrackerPoint,
  key: 'latitude' | 'longitude' | 'altitude' | 'angle' | 'speed' | 'satellites',
): number | null {
  const v = p[key];
  return typeof v === 'number' ? v : null;
}

/**
 * Spec 002 §9 "Tracker": trail 24 h before the last point, aggregate MINUTE 15, zooms. Its "timezone 7" is the
 * company's zone (WIB for the spec's company; docs/spec-deviations.md): `zoneHours`, as every screen.
 */
export const TRACKER = {
  trailHours: 24,
  aggregateUnit: 'MINUTE' as const,
  aggregateLength: 15,
  initialCenter: [-6.2, 106.8167] as [number, number],
  initialZoom: 13,
  deviceZoom: 18,
  markerSize: 76,
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
export function useTrackerPulse(devcIds: number[]) {
  return useQuery({
    queryKey: ['tracker', 'pulse', devcIds],
    enabled: devcIds.length > 0,
    queryFn: async () =>
      (
        await api.get<PulseAnswer>('/series/teltonika/gps/pulse', {
          query: { 'device[]': devcIds, timezone: zoneHours() },
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
): Promise<AggregatedRow[]> {
  const { series } = await api.get<AggregatedAnswer>(
    `/series/aggregated/teltonika/gps/period/${Math.floor(start)}/${Math.ceil(end)}`,
    {
      query: {
        'device[]': [devcId],
        aggregatedUnit: unit,
        aggregatedLength: length,
        timezone: zoneHours(start * 1000),
      },
    },
  );
  return [...series].sort((a, b) => b.timestamp - a.timestamp);
}

export function sendCommand(devcId: number, command: string) {
  return api.post<TrackerCommandAnswer>('/tracker/command', { device: devcId, command }, { silent: true });
}

/** Times in the browser's local time (spec 002 §2.12). */
export const localTime = (ts: number | null | undefined) =>
  ts == null ? '-' : dayjs.unix(ts).format('DD-MM-YYYY HH:mm:ss');
