import type { CombinedBucket } from '@fleet/shared/answers/summary.ts';
import type { Interval } from '../../api/intervals.ts';
import { type DateRange, periodSeconds } from '../../api/period.ts';
import { aggregatedUnit, combinedBuckets, fetchCombined, UNIT_MS } from '../../api/summary.ts';

/** A datalog row: raw units (speed km/h, cruise m); the table converts to the chosen units. */
export interface DatalogRow {
  timestamp: number;
  latitude: number | null;
  longitude: number | null;
  heading: number | null;
  speedKmh: number | null;
  cruiseM: number | null;
  [key: string]: number | null;
}

/** Groups that have a present-bucket count for the sensor-percentage widget. */
export const GROUPS = ['gps', 'rpm', 'flowmeter', 'ae', 'temperature'] as const;
export type Group = (typeof GROUPS)[number];

export function toRow(ts: number, b: CombinedBucket): DatalogRow {
  const h = (s: number | null | undefined) => (s == null ? null : s / 3600);
  const row: DatalogRow = {
    timestamp: ts,
    latitude: b.gps?.latitude ?? null,
    longitude: b.gps?.longitude ?? null,
    heading: b.gps?.track ?? null,
    speedKmh: b.gps?.speed ?? null,
    cruiseM: b.gps?.polyLength ?? null,
  };
  for (const [p, P] of [
    ['port', 'PORT'],
    ['starboard', 'STARBOARD'],
  ] as const) {
    const fm = b.flowmeter?.[`${P}_IN`];
    row[`${p}Rpm`] = b.rpm?.[P]?.rpm ?? null;
    row[`${p}RunningHours`] = h(b.rpm?.[P]?.runningTime);
    row[`${p}VolumeFlowrate`] = fm?.volumeFlowrate ?? null;
    row[`${p}VolumeInventory`] = fm?.volumeInventory ?? null;
    row[`${p}Temperature`] = fm?.temperature ?? null;
    row[`${p}Density`] = fm?.density ?? null;
    const Side = p === 'port' ? 'Port' : 'Starboard';
    row[`temperatureExhaust${Side}`] = b.temperature?.EXHAUST_TEMPERATURE?.[P] ?? null;
    row[`temperatureTank${Side}`] = b.temperature?.TEMPERATURE?.[P] ?? null;
  }
  for (const n of [1, 2, 3] as const) {
    const ae = b.ae?.[`AE${n}`];
    row[`ae${n}RunningHours`] = h(ae?.runningTime);
    row[`ae${n}FuelConsumption`] = ae?.fuelConsumption ?? null;
  }
  return row;
}

export interface DatalogData {
  rows: DatalogRow[];
  /** buckets where each group had data (sensor percentage, docs/domain.md §20) */
  present: Record<Group, number>;
  expected: number;
}

/**
 * Buckets a range holds at a bucket length (docs/domain.md §20), counting a started bucket; the range ends at
 * `now` at the latest (the future holds no records yet).
 */
export function expectedBuckets(startMs: number, endMs: number, stepMs: number, now = Date.now()): number {
  const end = Math.min(endMs, now);
  return end > startMs ? Math.ceil((end - startMs) / stepMs) : 0;
}

/** Present ÷ expected × 100, at most 100; nothing expected → 0. */
export function percentage(present: number, expected: number): number {
  return expected > 0 ? Math.min(100, (present / expected) * 100) : 0;
}

export async function fetchDatalog(
  massId: number,
  range: DateRange,
  interval: Interval,
  signal?: AbortSignal,
): Promise<DatalogData> {
  const unit = aggregatedUnit(interval);
  const answers = await fetchCombined(massId, periodSeconds(range), unit, GROUPS, signal);
  const rows: DatalogRow[] = [];
  const present: Record<Group, number> = { gps: 0, rpm: 0, flowmeter: 0, ae: 0, temperature: 0 };
  for (const [ts, b] of combinedBuckets(answers)) {
    rows.push(toRow(ts, b));
    for (const g of GROUPS) if (b[g]) present[g] += 1;
  }
  return { rows, present, expected: expectedBuckets(range.start, range.end, UNIT_MS[unit]) };
}
