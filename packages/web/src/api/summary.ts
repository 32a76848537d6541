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

type Side = 'PORT' | 'STARBOARD';
type AeKey = 'AE1' | 'AE2' | 'AE3';
export interface SensorPercentageRow {
  devcId: number;
  devcUniqueId: string;
  devcName: string;
  devcType: string;
  devcLabel: string | null;
  sampleInterval: number;
  present: number;
  expected: number;
  percentage: number;
}
export interface FmSide {
  volumeFlowrate: number | null;
  density: number | null;
  temperature: number | null;
  volumeInventory: number | null;
}
/** GET /api/summary/aggregated/period/{start}/{end} (docs/api.md "Summary API"). */
export interface Summary {
  massId: number;
  massName: string;
  start: number;
  end: number;
  maintenance: boolean;
  maintenanceFlag: boolean;
  empty: { rpm: boolean; ae: boolean; flowmeter: boolean };
  singleEngine: boolean;
  hasFlowmeter: boolean;
  hasAeFlowmeter: boolean;
  firstData: number | null;
  lastData: number | null;
  lastGpsTime: number | null;
  dataStatus: 'online' | 'offline';
  sensorPercentage: SensorPercentageRow[];
  gps: {
    data: Record<
      string,
      {
        timestamp: number;
        latitude: number;
        longitude: number;
        speed: number | null;
        track: number | null;
        distance: number | null;
      }
    >;
    summary: {
      averageSpeed: number | null;
      averageSpeedKnot: number | null;
      totalCruise: number | null;
      totalDistance: number | null;
      firstPosition: { latitude: number; longitude: number } | null;
      lastPosition: { latitude: number; longitude: number } | null;
    };
  } | null;
  rpm: {
    data: Partial<Record<Side, Record<string, { rpm: number | null; runningTime: number; count: number }>>>;
    summary: Partial<
      Record<Side, { devcId: number; average: number | null; runningTime: number; runningHours: number } | null>
    > & {
      singleEngine: boolean;
      totalRPM: number | null;
    };
  } | null;
  flowmeter: {
    data: Record<
      string,
      {
        portFuelCons: number | null;
        stbFuelCons: number | null;
        meFuelCons: number | null;
        aeFuelCons: number | null;
        totalFuelCons: number | null;
        PORT_IN: FmSide | null;
        STARBOARD_IN: FmSide | null;
      }
    >;
    summary: {
      portEngineCons: number | null;
      starboardEngineCons: number | null;
      meEngineCons: number | null;
      aeEngineCons: number | null;
      totalFuelCons: number | null;
      portAverageFlow: number | null;
      starboardAverageFlow: number | null;
      portTotalAverageFlow: number | null;
      starboardTotalAverageFlow: number | null;
      PORT_IN_flowTime: number | null;
      STARBOARD_IN_flowTime: number | null;
      PORT_IN_averageDens: number | null;
      STARBOARD_IN_averageDens: number | null;
      PORT_IN_averageTemp: number | null;
      STARBOARD_IN_averageTemp: number | null;
    };
  } | null;
  ae:
    | (Partial<
        Record<
          AeKey,
          { devcId: number; fuelConsumption: number | null; runningSeconds: number; runningTime: number } | null
        >
      > & {
        totalFuelConsumption: number | null;
        data: Record<
          string,
          Partial<Record<AeKey, { fuelConsumption: number | null; runningSeconds: number; runningTime: number } | null>>
        >;
      })
    | null;
  temperature: {
    EXHAUST_TEMPERATURE?: {
      PORT: { timestamp: number; temperature: number }[];
      STARBOARD: { timestamp: number; temperature: number }[];
      avg: number | null;
      average: Partial<Record<Side, number | null>>;
    } | null;
    TEMPERATURE?: {
      PORT: { timestamp: number; temperature: number }[];
      STARBOARD: { timestamp: number; temperature: number }[];
      avg: number | null;
      average: Partial<Record<Side, number | null>>;
    } | null;
  } | null;
}

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
