/**
 * The formulas of docs/domain.md as pure functions: no database, no request. Every other summary file
 * composes these; the tests check them against hand-computed cases citing the section.
 * (Distance, §6, is computed at ingest: geo.ts.)
 */

/** domain.md §9: running threshold when a device has no Config RPM row */
export const DEFAULT_RPM_MIN = 400;
/** domain.md §13: AE consumption rate by time (L/h) when a device has no Config AE rate */
export const DEFAULT_AE_RATE = 5;
/** domain.md §5: sample interval when nothing can be measured (the MINUTE interval of spec 000 §9) */
export const DEFAULT_SAMPLE_INTERVAL = 60;
/** domain.md §19 */
export const ONLINE_SECONDS = 600;

export const UNIT_SECONDS = { MINUTE: 60, HOUR: 3600, DAY: 86400 } as const;
export type SummaryUnit = keyof typeof UNIT_SECONDS;

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

/** domain.md §1: the bucket (named by its first epoch second) holding ts, aligned in the timezone (hours). */
export function bucketStart(ts: number, bucketSeconds: number, tzHours: number): number {
  const shift = Math.round(tzHours * 3600);
  return Math.floor((ts + shift) / bucketSeconds) * bucketSeconds - shift;
}

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

/** domain.md §5: the device's sample interval P, the count-weighted median of its hourly spacings. */
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

/** domain.md §5: the interval that weights one sample of hour h. */
export function hourInterval(h: HourSamples | undefined, period: number): number {
  const s = h ? hourSpacing(h) : null;
  return s === null ? period : Math.min(s, period);
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

/**
 * domain.md §11: litres counted by a totaliser in each bucket. The baseline of a bucket is the last
 * reading of the previous one, so nothing flowing between buckets is lost; a fall is a reset.
 * Buckets must be in time order; the sum of the answer is the meter's delta over the period.
 */
export function totaliserDeltas(buckets: TotaliserBucket[]): number[] {
  const out: number[] = [];
  let baseline: number | null = null;
  for (const b of buckets) {
    out.push(totaliserStep(baseline ?? b.first, b));
    baseline = b.last;
  }
  return out;
}

/** domain.md §11: litres counted in one bucket from baseline p (a fall below p is a reset). */
export function totaliserStep(p: number, b: Omit<TotaliserBucket, 'ts' | 'first'>): number {
  return b.last >= p ? b.last - p : Math.max(0, b.max - p) + (b.last - b.min);
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
