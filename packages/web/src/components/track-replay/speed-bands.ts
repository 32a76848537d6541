import type { TrackPoint } from '@fleet/shared/answers/voyages.ts';

/**
 * The replay's speed colours: bands of speed over ground in knots (a display scale, not a figure: the speed is the
 * server's `speedKn`, docs/domain.md §40). Below 1 kn the vessel is not moving (§7).
 */
export const SPEED_BANDS = [
  { from: 0, color: '#8c8c8c' },
  { from: 1, color: '#1677ff' },
  { from: 4, color: '#13a8a8' },
  { from: 7, color: '#52c41a' },
  { from: 10, color: '#fa8c16' },
  { from: 13, color: '#f5222d' },
] as const;
export const UNKNOWN_SPEED_COLOR = '#d9d9d9';

/** The band index of a speed; -1 when unknown. */
export function bandOf(speedKn: number | null): number {
  if (speedKn === null) return -1;
  let i = 0;
  while (i + 1 < SPEED_BANDS.length && speedKn >= SPEED_BANDS[i + 1].from) i++;
  return i;
}

export const bandColor = (band: number) => (band < 0 ? UNKNOWN_SPEED_COLOR : SPEED_BANDS[band].color);

/**
 * The track as runs of one colour: each segment between two fixes takes the band of the fix that ends it (the speed
 * reported on arrival); consecutive segments of one band are one polyline, sharing their boundary fix.
 */
export function speedRuns(points: readonly Pick<TrackPoint, 'lat' | 'lng' | 'speedKn'>[]) {
  const runs: { band: number; positions: [number, number][] }[] = [];
  for (let i = 1; i < points.length; i++) {
    const band = bandOf(points[i].speedKn);
    const last = runs.at(-1);
    const to: [number, number] = [points[i].lat, points[i].lng];
    if (last && last.band === band) last.positions.push(to);
    else runs.push({ band, positions: [[points[i - 1].lat, points[i - 1].lng], to] });
  }
  return runs;
}

/** The index of the last point at or before `ts` (points oldest first); 0 before the first. */
export function indexAt(points: readonly { ts: number }[], ts: number): number {
  let lo = 0;
  let hi = points.length - 1;
  if (hi < 0 || ts < points[0].ts) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid].ts <= ts) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
