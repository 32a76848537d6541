import type { AggregatedRow } from '@fleet/shared/answers/series.ts';
import { hms } from '../../components/device/device-range.ts';
import {
  extremeOf,
  flowTotaliser,
  lastOf,
  meterDelta,
  sumOf,
  weightedMean,
} from '../../components/device/device-series.ts';
import { KMH_TO_KNOTS } from '../../components/gauges/scales.ts';

export interface Tile {
  label: string;
  value: string;
}

const fmt = (v: number | null, decimals: number, unit: string) =>
  v === null
    ? '—'
    : `${v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })} ${unit}`;

/**
 * The summary tiles of Device Detail for the range (docs/domain.md §22; spec 000 §2 "Summaries": GPS kilometres and
 * knots, flow meter L/h and litres, durations h:mm:ss, gateway usage in percent with 2 decimals). `seconds` is the
 * device's running / flow time from the summary API (§9, §10, §15), undefined when the type has none.
 */
export function tilesFor(type: string, rows: AggregatedRow[], seconds?: number | null): Tile[] {
  const duration = (label: string): Tile[] => (seconds === undefined ? [] : [{ label, value: hms(seconds) }]);
  switch (type) {
    case 'gps': {
      const distance = sumOf(rows, 0);
      const speed = weightedMean(rows, 'speed', 1);
      const top = extremeOf(rows, 2, 'max');
      return [
        { label: 'Distance', value: fmt(distance === null ? null : distance / 1000, 2, 'km') },
        { label: 'Average speed', value: fmt(speed === null ? null : speed * KMH_TO_KNOTS, 2, 'knots') },
        { label: 'Highest speed', value: fmt(top === null ? null : top * KMH_TO_KNOTS, 2, 'knots') },
        { label: 'Distance (NM)', value: fmt(distance === null ? null : distance / 1852, 2, 'NM') },
      ];
    }
    case 'rpm':
    case 'ae':
      return [
        { label: 'Average RPM', value: fmt(weightedMean(rows, 'rpm', 2), 0, 'rpm') },
        { label: 'Highest RPM', value: fmt(extremeOf(rows, 1, 'max'), 0, 'rpm') },
        ...duration('Running time'),
      ];
    case 'flowmeter':
      return [
        { label: 'Average flow rate', value: fmt(weightedMean(rows, 'volumeFlowrate', 4), 2, 'L/h') },
        { label: 'Volume', value: fmt(meterDelta(flowTotaliser(rows)), 2, 'Liters') },
        { label: 'Average density', value: fmt(weightedMean(rows, 'density', 4), 2, 'kg/m³') },
        ...duration('Flow time'),
      ];
    case 'temperature':
      return [
        { label: 'Average', value: fmt(weightedMean(rows, 'temperature', 2), 1, '°C') },
        { label: 'Highest', value: fmt(extremeOf(rows, 1, 'max'), 1, '°C') },
        { label: 'Lowest', value: fmt(extremeOf(rows, 0, 'min'), 1, '°C') },
      ];
    case 'gateway':
      return [
        { label: 'Average CPU usage', value: fmt(weightedMean(rows, 'cpuUsage', 0), 2, '%') },
        { label: 'Highest CPU usage', value: fmt(extremeOf(rows, 1, 'max'), 2, '%') },
        { label: 'Average memory free', value: fmt(weightedMean(rows, 'memoryFree', 0), 2, '%') },
        { label: 'Average disk free', value: fmt(weightedMean(rows, 'spaceFree', 0), 2, '%') },
      ];
    case 'power': {
      const ac = weightedMean(rows, 'onAc', 0);
      const fail = weightedMean(rows, 'batteryFail', 0);
      return [
        { label: 'On AC', value: fmt(ac === null ? null : ac * 100, 2, '% of readings') },
        { label: 'Battery fail', value: fmt(fail === null ? null : fail * 100, 2, '% of readings') },
        { label: 'Lowest voltage', value: fmt(extremeOf(rows, 1, 'min'), 2, 'V') },
      ];
    }
    case 'tank':
      return [
        { label: 'Last level', value: fmt(lastOf(rows, 1), 0, 'mm') },
        { label: 'Last volume', value: fmt(lastOf(rows, 2), 0, 'L') },
        {
          label: 'Level range',
          value: rows.length
            ? `${fmt(extremeOf(rows, 3, 'min'), 0, '')}– ${fmt(extremeOf(rows, 4, 'max'), 0, 'mm')}`
            : '—',
        },
      ];
    default:
      return [];
  }
}
