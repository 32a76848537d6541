import { GAP_LIMIT, GPS_GAP_LIMIT } from '@fleet/shared/telemetry.ts';

/**
 * The formulas of docs/domain.md as pure functions: no database, no request. Every other summary file
 * composes these; the tests check them against hand-computed cases citing the section.
 * (The per-sample columns — span, span distance, totaliser deltas — are computed at ingest: telemetry/segments.ts.)
 */

/** domain.md §9: running threshold when a device has no Config RPM row */
export const DEFAULT_RPM_MIN = 400;
/** domain.md §13: AE consumption rate by time (L/h) when a device has no Config AE rate */
export const DEFAULT_AE_RATE = 5;
/** domain.md §20: sample interval when nothing can be measured (the MINUTE interval of spec 000 §9) */
export const DEFAULT_SAMPLE_INTERVAL = 60;
/** domain.md §5, §7: the gap limits G and G_GPS, defined once beside the stored spans (@fleet/shared telemetry.ts) */
export { GAP_LIMIT, GPS_GAP_LIMIT };

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

export const HOUR = 3600;
/** The UTC clock hour holding ts (the rollups' hour). */
export const utcHour = (ts: number) => Math.floor(ts / HOUR) * HOUR;

// ---------------------------------------------------------------- §1 periods and buckets

/** Buckets `[k·size − shift, (k+1)·size − shift)`: the request's unit in its timezone (shift = tz × 3 600). */
export interface Grid {
  size: number;
  shift: number;
}

/**
 * Where figures go (domain.md §1): the period `[start, end)` and its buckets (`grid`; null: one bucket, the period,
 * named by its start).
 */
export interface Frame {
  start: number;
  end: number;
  grid: Grid | null;
  /**
   * issue 29: whole days of the daily rollup (`days`) come from it instead of their 24 hourly rows. Unset: every
   * whole hour from the hourly rollup (the frames of per-hour reads, and the hourly path the tests compare with).
   */
  days?: Grid;
}

/** The bucket of a frame holding t. */
export const bucketIn = (f: Frame, t: number) =>
  f.grid ? Math.floor((t + f.grid.shift) / f.grid.size) * f.grid.size - f.grid.shift : f.start;

/**
 * How a frame is read: the UTC hours that lie wholly inside the period and inside one bucket come from the hourly
 * rollups (`whole`, within `hours`); every other instant of the period from the raw rows (`raw`, merged ranges). With
 * MINUTE buckets, and HOUR buckets in a timezone that is not a whole number of hours from UTC, no hour is whole; DAY
 * buckets in such a zone leave only the hour holding local midnight to the raw rows.
 */
export function framePieces(f: Frame): {
  hours: [number, number] | null;
  whole: (hour: number) => boolean;
  raw: [number, number][];
} {
  const h1 = Math.ceil(f.start / HOUR) * HOUR;
  const h2 = Math.floor(f.end / HOUR) * HOUR;
  const whole = (h: number) => h >= h1 && h + HOUR <= h2 && bucketIn(f, h) === bucketIn(f, h + HOUR - 1);
  const raw: [number, number][] = [];
  const add = (a: number, b: number) => {
    if (a >= b) return;
    const last = raw[raw.length - 1];
    if (last && last[1] === a) last[1] = b;
    else raw.push([a, b]);
  };
  if (h1 >= h2) {
    add(f.start, f.end);
    return { hours: null, whole: () => false, raw };
  }
  add(f.start, h1);
  let any = false;
  for (let h = h1; h < h2; h += HOUR) {
    if (whole(h)) any = true;
    else add(h, h + HOUR);
  }
  add(h2, f.end);
  return { hours: any ? [h1, h2] : null, whole, raw };
}

/**
 * The days of the daily rollup (`f.days`: its size and shift, telemetry/rollup.ts) that lie wholly inside the period
 * and inside one bucket (`whole`, within `range`): their hours are all whole hours of `framePieces`, so a day row
 * answers exactly what its 24 hourly rows do. None without `f.days`, or when a bucket is shorter than a day or cuts
 * every day (DAY buckets in a zone other than the rollup's).
 */
export function frameDays(f: Frame): { range: [number, number]; whole: (day: number) => boolean } | null {
  const d = f.days;
  if (!d || (f.grid && f.grid.size < d.size)) return null;
  const d1 = Math.ceil((f.start + d.shift) / d.size) * d.size - d.shift;
  const d2 = Math.floor((f.end + d.shift) / d.size) * d.size - d.shift;
  const whole = (day: number) => day >= d1 && day + d.size <= d2 && bucketIn(f, day) === bucketIn(f, day + d.size - 1);
  for (let day = d1; day < d2; day += d.size) if (whole(day)) return { range: [d1, d2], whole };
  return null;
}

/**
 * The finest grid whose cells each lie inside one bucket of `grid` and one UTC hour (domain.md §13: the AE meter's
 * litres are apportioned per UTC hour). UTC hours themselves for buckets that are unions of them (or no buckets).
 */
export function cellGrid(grid: Grid | null): Grid {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  if (!grid) return { size: HOUR, shift: 0 };
  const offset = ((grid.shift % HOUR) + HOUR) % HOUR;
  return { size: gcd(gcd(HOUR, grid.size), offset), shift: 0 };
}

// ---------------------------------------------------------------- §5 time and §6 distance per segment

/**
 * domain.md §5 splitting, the one function for every time and distance: the overlap of `[a, b)` with the frame's
 * period, split at its bucket boundaries — `add(bucket, seconds)` per piece.
 */
export function splitSpan(a: number, b: number, f: Frame, add: (bucket: number, seconds: number) => void): void {
  let from = Math.max(a, f.start);
  const to = Math.min(b, f.end);
  while (from < to) {
    const bucket = bucketIn(f, from);
    const edge = f.grid ? Math.min(to, bucket + f.grid.size) : to;
    add(bucket, edge - from);
    from = edge;
  }
}

/** What a bucket is credited (§5, §6, §9): span seconds, those in the state, metres; `count` samples in the state. */
export interface Credit {
  span: number;
  state: number;
  distance: number;
  count: number;
}
/** Per bucket of a frame. */
export type Credits = Map<number, Credit>;

const creditOf = (out: Credits, bucket: number): Credit => {
  let c = out.get(bucket);
  if (!c) {
    c = { span: 0, state: 0, distance: 0, count: 0 };
    out.set(bucket, c);
  }
  return c;
};

/**
 * One sample b from the raw rows: its credited span `[ts − span, ts)` in its state, with `distance` (its span
 * distance, §6: spread evenly over the span), split by the frame; counted in its own bucket when it lies in the
 * period and is in the state. `span` null (the device's first sample): nothing to credit.
 */
export function creditSample(
  out: Credits,
  f: Frame,
  s: { ts: number; span: number | null; state: boolean; distance?: number | null },
): void {
  if (s.state && s.ts >= f.start && s.ts < f.end) creditOf(out, bucketIn(f, s.ts)).count++;
  creditSpan(out, f, s);
}

/** The span part of `creditSample`: `[ts − span, ts)` in its state and its distance, split by the frame. */
export function creditSpan(
  out: Credits,
  f: Frame,
  s: { ts: number; span: number | null; state: boolean; distance?: number | null },
): void {
  if (s.span === null || !(s.span > 0)) return;
  const perSecond = s.distance ? s.distance / s.span : 0;
  splitSpan(s.ts - s.span, s.ts, f, (bucket, seconds) => {
    const c = creditOf(out, bucket);
    c.span += seconds;
    if (s.state) c.state += seconds;
    c.distance += perSecond * seconds;
  });
}

/** Sums already grouped per bucket (spans lying wholly inside one bucket and the period), added as they are. */
export function creditBucket(out: Credits, bucket: number, c: Partial<Credit>): void {
  const to = creditOf(out, bucket);
  to.span += c.span ?? 0;
  to.state += c.state ?? 0;
  to.distance += c.distance ?? 0;
  to.count += c.count ?? 0;
}

/**
 * The part of the span of an hour's first segment that lies before the hour (domain.md §5; the hourly rollup's
 * `span_fv` at `span_ft`): `max(0, span_fv − (span_ft − hour))`.
 */
export const hourSpill = (hour: number, spanFv: number | null, spanFt: number | null) =>
  spanFv === null || spanFt === null ? 0 : Math.max(0, spanFv - (spanFt - hour));

/** One device's whole UTC hour from its hourly rollup row (and, for an hour whose samples cross the state, raw sums). */
export interface HourCredit {
  hour: number;
  /** Σ span of the hour's samples, and of those in the state */
  span: number;
  state: number;
  /** the first span of the hour (`span_fv` at `span_ft`), and whether that sample is in the state */
  firstSpan: number | null;
  firstTs: number | null;
  firstState: boolean;
  /** Σ span distance of the hour's samples; the first one (`span_distance_fv` at `span_distance_ft`) */
  distance?: number;
  firstDistance?: number | null;
  firstDistanceTs?: number | null;
  /** samples of the hour in the state */
  count: number;
}

/**
 * A whole UTC hour (inside the frame's period and one of its buckets): its samples' spans less the part of the
 * first one before the hour, which is split like any span (into the previous hour, or cut at the period's start).
 * A whole day of the daily rollup (`frameDays`) is credited the same way, `hour` its start: the spills of its later
 * hours stay inside it, in its bucket.
 */
export function creditHour(out: Credits, f: Frame, h: HourCredit): void {
  const spill = Math.min(hourSpill(h.hour, h.firstSpan, h.firstTs), h.firstSpan ?? 0);
  const spillDistance =
    spill > 0 && h.firstDistance && h.firstDistanceTs === h.firstTs ? (h.firstDistance * spill) / h.firstSpan! : 0;
  const c = creditOf(out, bucketIn(f, h.hour));
  c.span += h.span - spill;
  c.state += h.state - (h.firstState ? spill : 0);
  c.distance += (h.distance ?? 0) - spillDistance;
  c.count += h.count;
  if (spill <= 0) return;
  splitSpan(h.hour - spill, h.hour, f, (bucket, seconds) => {
    const p = creditOf(out, bucket);
    p.span += seconds;
    if (h.firstState) p.state += seconds;
    p.distance += (spillDistance * seconds) / spill;
  });
}

// ---------------------------------------------------------------- §7 speed and track

/**
 * domain.md §7: average speed (km/h) = distance over moving time (also in a bucket whose moving time comes from the
 * span of a later fix); 0 when there are fixes (`fixes`) but no moving time; null otherwise.
 */
export function averageSpeed(distanceM: number, movingSeconds: number, fixes: boolean): number | null {
  if (movingSeconds > 0) return convert.mToKm(distanceM) / convert.secondsToHours(movingSeconds);
  return fixes ? 0 : null;
}

/** domain.md §7: the mean resultant length below which directions cancel. */
export const CANCEL_LENGTH = 1e-6;

/**
 * domain.md §7: circular mean of n directions (degrees, 0 ≤ θ < 360) from Σ sin θ and Σ cos θ; null without one or
 * when they cancel (mean resultant length `√(S² + C²) / n` below 10⁻⁶).
 */
export function circularMean(sumSin: number, sumCos: number, n: number): number | null {
  if (!(n > 0) || Math.hypot(sumSin, sumCos) / n < CANCEL_LENGTH) return null;
  const deg = (Math.atan2(sumSin, sumCos) * 180) / Math.PI;
  // 359.99999999 and -0 both read as 0
  const d = ((deg % 360) + 360) % 360;
  return Math.abs(d - 360) < 1e-9 ? 0 : d + 0;
}

// ---------------------------------------------------------------- §11 fuel, §13 AE shares

/**
 * domain.md §11: litres at 15 °C of a bucket or period from the sums of its readings — null when one reading with
 * litres lacks its correction. Ingest stores `volume15_delta` 0 for a reading of 0 L and null only for a reading with
 * litres (> 0) but no density or temperature, so that happened exactly when fewer readings carry `volume15_delta`
 * than `volume_delta` (`n15 < n`).
 */
export function litres15(sum15: number | undefined, n15: number | undefined, n: number | undefined): number | null {
  return (n15 ?? 0) < (n ?? 0) ? null : (sum15 ?? 0);
}

/**
 * domain.md §13: each AE's share of an hour's metered litres — its estimate over the whole hour ÷ all estimates; an
 * hour in which no AE ran splits evenly over the vessel's AEs.
 */
export function aeShares<K extends string>(estimates: Partial<Record<K, number>>, names: readonly K[]) {
  const total = names.reduce((t, n) => t + (estimates[n] ?? 0), 0);
  const shares: Partial<Record<K, number>> = {};
  for (const n of names) shares[n] = total > 0 ? (estimates[n] ?? 0) / total : 1 / names.length;
  return shares;
}

// ---------------------------------------------------------------- §20 reporting interval

/** Per UTC hour of one device: sample count and the times of its first and last sample. */
export interface HourSamples {
  hour: number;
  n: number;
  firstTs: number;
  lastTs: number;
}

/** domain.md §20: the spacing of the samples inside one hour, or null with fewer than two. */
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

// ---------------------------------------------------------------- helpers

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
