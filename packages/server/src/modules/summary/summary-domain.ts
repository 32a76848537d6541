/**
 * The formulas of docs/domain.md as pure functions: no database, no request. Every other summary file
 * composes these; the tests check them against hand-computed cases citing the section.
 * (Distance, §6, is computed at ingest: geo.ts.)
 */

/** domain.md §9: running threshold when a device has no Config RPM row */
export const DEFAULT_RPM_MIN = 400;
/** domain.md §13: AE consumption rate by time (L/h) when a device has no Config AE rate */
export const DEFAULT_AE_RATE = 5;
/** domain.md §20: sample interval when nothing can be measured (the MINUTE interval of spec 000 §9) */
export const DEFAULT_SAMPLE_INTERVAL = 60;

/** domain.md §5, §7: the gap limits G and G_GPS, defined once beside the stored spans (@fleet/shared telemetry.ts) */
import { GAP_LIMIT, GPS_GAP_LIMIT } from '@fleet/shared/telemetry.ts';

export { GAP_LIMIT, GPS_GAP_LIMIT };
/** domain.md §7: a GPS fix is moving when its speed is above 1 knot (km/h); below is drift at anchor or alongside */
export const MOVING_KMH = 1.852;

/** domain.md §4 */
export const convert = {
  kmhToKnots: (v: number) => v * 0.539957,
  msToKnots: (v: number) => v * 1.943844,
  msToKmh: (v: number) => v * 3.6,
  mToNm: (v: number) => v / 1852,
  mToKm: (v: number) => v * 0.001,
  mToMiles: (v: number) => v * 0.00062137,
  toKilo: (v: number) => v * 0.001,
  secondsToHours: (v: number) => v / 3600,
};

/** The UTC clock hour holding ts (the rollups' hour). */
export const utcHour = (ts: number) => Math.floor(ts / 3600) * 3600;

/** Per UTC hour of one device: sample count and the times of its first and last sample. */
export interface HourSamples {
  hour: number;
  n: number;
  firstTs: number;
  lastTs: number;
}

/** domain.md §5: the spacing of the samples inside one hour, or null with fewer than two. */
export function hourSpacing(h: HourSamples): number | null {
  return h.n >= 2 && h.lastTs > h.firstTs ? (h.lastTs - h.firstTs) / (h.n - 1) : null;
}

/** domain.md §20: the device's reporting interval P, the count-weighted median of its hourly spacings. */
export function sampleInterval(hours: Iterable<HourSamples>): number {
  const spaced: { s: number; n: number }[] = [];
  for (const h of hours) {
    const s = hourSpacing(h);
    if (s !== null) spaced.push({ s, n: h.n });
  }
  if (!spaced.length) return DEFAULT_SAMPLE_INTERVAL;
  spaced.sort((a, b) => a.s - b.s);
  const total = spaced.reduce((t, x) => t + x.n, 0);
  let seen = 0;
  for (const x of spaced) {
    seen += x.n;
    if (seen * 2 >= total) return x.s;
  }
  return spaced[spaced.length - 1].s;
}

/**
 * domain.md §5: the time one sample of hour h is credited with — the hour's spacing (its samples inside the period),
 * at most the gap limit G; G for an hour of one sample.
 */
export function hourInterval(h: HourSamples | undefined, limit = GAP_LIMIT): number {
  const s = h ? hourSpacing(h) : null;
  return s === null ? limit : Math.min(s, limit);
}

/**
 * domain.md §10: running samples of an AE over a bucket — its running flags (`flags` of `flagged` samples carry one);
 * samples without a flag count when their rpm is above 0 (`above` of all `samples`), in proportion.
 */
export function runningSamples(samples: number, flagged: number, flags: number, above: number): number {
  if (flagged >= samples) return flags;
  const unflagged = samples - flagged;
  return flags + (above * unflagged) / samples;
}

/** domain.md §9/§10/§15: seconds represented by `count` samples, never more than the bucket. */
export function countedSeconds(count: number, interval: number, bucketSeconds: number): number {
  return Math.min(bucketSeconds, Math.max(0, count) * interval);
}

/** One bucket of a totaliser: first, last, lowest and highest reading. */
export interface TotaliserBucket {
  ts: number;
  first: number;
  last: number;
  min: number;
  max: number;
}

/** domain.md §11: litres counted in one bucket from baseline p (a fall below p is a reset). */
export function totaliserStep(p: number, b: Omit<TotaliserBucket, 'ts' | 'first'>): number {
  return b.last >= p ? b.last - p : Math.max(0, b.max - p) + (b.last - b.min);
}

/**
 * domain.md §7: average speed (km/h) = distance over moving time; 0 when the fixes never moved, null without fixes.
 */
export function averageSpeed(distanceM: number, movingSeconds: number, fixes: number): number | null {
  if (fixes <= 0) return null;
  return movingSeconds > 0 ? convert.mToKm(distanceM) / convert.secondsToHours(movingSeconds) : 0;
}

/** domain.md §7: circular mean of directions (degrees, 0 ≤ θ < 360) from Σ sin θ and Σ cos θ; null when they cancel. */
export function circularMean(sumSin: number, sumCos: number): number | null {
  if (Math.hypot(sumSin, sumCos) < 1e-9) return null;
  const deg = (Math.atan2(sumSin, sumCos) * 180) / Math.PI;
  // 359.99999999 and -0 both read as 0
  const d = ((deg % 360) + 360) % 360;
  return Math.abs(d - 360) < 1e-9 ? 0 : d + 0;
}

/** Mean from a sum and a count, null when nothing was counted. */
export const mean = (sum: number | undefined, count: number | undefined) =>
  count && count > 0 && sum !== undefined ? sum / count : null;

/** domain.md §20: records present ÷ records expected, in percent, at most 100. */
export function dataPercentage(present: number, spanSeconds: number, interval: number): number {
  const expected = interval > 0 ? Math.floor(spanSeconds / interval) : 0;
  if (expected <= 0) return 0;
  return Math.min(100, (present / expected) * 100);
}

/** Sum of the numbers that exist; null when none does (domain.md §12, §14). */
export function sumPresent(...values: (number | null | undefined)[]): number | null {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return present.length ? present.reduce((a, b) => a + b, 0) : null;
}
