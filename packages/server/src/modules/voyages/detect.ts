import type { LegKind } from '@fleet/shared/answers/voyages.ts';
import { haversineM, METRES_PER_NM } from '@fleet/shared/geo.ts';
import { GPS_GAP_LIMIT } from '@fleet/shared/telemetry.ts';
import type { StopPlace } from './places.ts';

/**
 * Leg detection (docs/domain.md §37.3): a pure function of a vessel's fixes and its main engines' running time.
 * Typed arrays and one pass per step: a vessel-year of 1-minute fixes is 525 600 of them.
 */
export const MIN_STOP_S = 900;
export const MIN_PASSAGE_NM = 0.5;
export const SAME_PLACE_NM = 0.5;
export const TOW_MAX_KN = 7;
const KN_PER_MPS = 3600 / METRES_PER_NM;

/** A vessel's fixes in time order (§5: readings with a position), with the columns ingest derived for them. */
export interface Track {
  n: number;
  ts: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  /** §7: the fix is moving (under way, §37.1) */
  moving: Uint8Array;
  /** §6: metres credited on the span */
  spanDistance: Float64Array;
  /** §7: the span when moving, else 0 */
  movingSpan: Float64Array;
}

/** Sorted, disjoint [start, end) intervals (the main engine's running time, §37.1). */
export interface Intervals {
  start: number[];
  end: number[];
}

export interface DetectedLeg {
  kind: LegKind;
  start: number;
  end: number;
  /** fix indices of the leg's first and last fix */
  first: number;
  last: number;
  fromPlace: string | null;
  toPlace: string | null;
  ongoing: boolean;
}

export interface DetectOptions {
  /** the asset type says tug: slow powered passages are towing (§37.3 step 4) */
  tug: boolean;
  classify: (lat: number, lng: number) => StopPlace;
}

export function emptyTrack(n = 0): Track {
  return {
    n,
    ts: new Float64Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    moving: new Uint8Array(n),
    spanDistance: new Float64Array(n),
    movingSpan: new Float64Array(n),
  };
}

/** The fixes from index `from` on (a re-detection's part of a track read from earlier). */
export function trackFrom(t: Track, from: number): Track {
  return {
    n: t.n - from,
    ts: t.ts.subarray(from),
    lat: t.lat.subarray(from),
    lng: t.lng.subarray(from),
    moving: t.moving.subarray(from),
    spanDistance: t.spanDistance.subarray(from),
    movingSpan: t.movingSpan.subarray(from),
  };
}

/** Seconds of `iv` inside [a, b). */
export function overlapSeconds(iv: Intervals, a: number, b: number): number {
  let lo = 0;
  let hi = iv.start.length;
  // the first interval ending after a
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (iv.end[mid] <= a) lo = mid + 1;
    else hi = mid;
  }
  let s = 0;
  for (let i = lo; i < iv.start.length && iv.start[i] < b; i++) s += Math.min(b, iv.end[i]) - Math.max(a, iv.start[i]);
  return s;
}

interface Stop {
  first: number;
  last: number;
}

/** Step 1: segment i (fix i−1 → fix i) is under way. */
function segmentUnderway(t: Track, i: number): boolean {
  if (t.moving[i]) return true;
  if (t.ts[i] - t.ts[i - 1] <= GPS_GAP_LIMIT) return false;
  return haversineM(t.lat[i - 1], t.lng[i - 1], t.lat[i], t.lng[i]) / METRES_PER_NM > SAME_PLACE_NM;
}

/** Metres credited on the segments of fixes first+1 … last. */
function distanceM(t: Track, first: number, last: number): number {
  let d = 0;
  for (let i = first + 1; i <= last; i++) d += t.spanDistance[i];
  return d;
}

/** Steps 2–3: the stops, a too-short passage between two of them merged away. */
function findStops(t: Track): Stop[] {
  const stops: Stop[] = [];
  let i = 1;
  while (i < t.n) {
    const u = segmentUnderway(t, i);
    let j = i;
    while (j + 1 < t.n && segmentUnderway(t, j + 1) === u) j++;
    if (!u && t.ts[j] - t.ts[i - 1] >= MIN_STOP_S) {
      const stop = { first: i - 1, last: j };
      const prev = stops[stops.length - 1];
      if (prev && distanceM(t, prev.last, stop.first) / METRES_PER_NM < MIN_PASSAGE_NM) prev.last = stop.last;
      else stops.push(stop);
    }
    i = j + 1;
  }
  return stops;
}

export function detectLegs(t: Track, running: Intervals, o: DetectOptions): DetectedLeg[] {
  if (t.n < 2) return [];
  const stops = findStops(t);
  const places = stops.map((s) => {
    const mid = (s.first + s.last) >> 1;
    return o.classify(t.lat[mid], t.lng[mid]);
  });
  const legs: DetectedLeg[] = [];
  const passage = (first: number, last: number, from: StopPlace | null, to: StopPlace | null) => {
    if (last <= first) return;
    const start = t.ts[first];
    const end = t.ts[last];
    let kind: LegKind = 'underway';
    if (o.tug) {
      let moving = 0;
      for (let i = first + 1; i <= last; i++) moving += t.movingSpan[i];
      const speedKn = moving > 0 ? (distanceM(t, first, last) / moving) * KN_PER_MPS : 0;
      if (speedKn < TOW_MAX_KN && overlapSeconds(running, start, end) >= (end - start) / 2) kind = 'towing';
    }
    legs.push({
      kind,
      start,
      end,
      first,
      last,
      fromPlace: from?.place ?? null,
      toPlace: to?.place ?? null,
      ongoing: false,
    });
  };
  let at = 0;
  for (let k = 0; k < stops.length; k++) {
    const s = stops[k];
    passage(at, s.first, k > 0 ? places[k - 1] : null, places[k]);
    const p = places[k];
    legs.push({
      kind: p.kind,
      start: t.ts[s.first],
      end: t.ts[s.last],
      first: s.first,
      last: s.last,
      fromPlace: p.place,
      toPlace: p.place,
      ongoing: false,
    });
    at = s.last;
  }
  passage(at, t.n - 1, stops.length ? places[stops.length - 1] : null, null);
  legs[legs.length - 1].ongoing = true;
  return legs;
}

/** Merged [t − span, t) of the fixes whose span counts (movingSpan > 0), from `from` on. */
export function underwayIntervals(t: Track, from: number): Intervals {
  const out: Intervals = { start: [], end: [] };
  for (let i = 0; i < t.n; i++) {
    const s = t.movingSpan[i];
    if (!(s > 0)) continue;
    const a = Math.max(from, t.ts[i] - s);
    const b = t.ts[i];
    if (b <= a) continue;
    const k = out.end.length - 1;
    if (k >= 0 && a <= out.end[k]) out.end[k] = Math.max(out.end[k], b);
    else {
      out.start.push(a);
      out.end.push(b);
    }
  }
  return out;
}

/** The union of interval lists (each sorted and disjoint). */
export function unionIntervals(lists: Intervals[]): Intervals {
  const all: [number, number][] = [];
  for (const l of lists) for (let i = 0; i < l.start.length; i++) all.push([l.start[i], l.end[i]]);
  if (lists.length > 1) all.sort((x, y) => x[0] - y[0]);
  const out: Intervals = { start: [], end: [] };
  for (const [a, b] of all) {
    const k = out.end.length - 1;
    if (k >= 0 && a <= out.end[k]) out.end[k] = Math.max(out.end[k], b);
    else {
      out.start.push(a);
      out.end.push(b);
    }
  }
  return out;
}

/** `a` less `b` (both sorted and disjoint). */
export function subtractIntervals(a: Intervals, b: Intervals): Intervals {
  const out: Intervals = { start: [], end: [] };
  let j = 0;
  for (let i = 0; i < a.start.length; i++) {
    let s = a.start[i];
    const e = a.end[i];
    while (j < b.start.length && b.end[j] <= s) j++;
    let k = j;
    while (k < b.start.length && b.start[k] < e) {
      if (b.start[k] > s) {
        out.start.push(s);
        out.end.push(b.start[k]);
      }
      s = Math.max(s, b.end[k]);
      if (b.end[k] >= e) break;
      k++;
    }
    if (s < e) {
      out.start.push(s);
      out.end.push(e);
    }
  }
  return out;
}

export interface MotionHour {
  hour: number;
  underwaySeconds: number;
  idleRunningSeconds: number;
}

/** Adds each interval's seconds to the UTC hours it covers. */
function addByHour(iv: Intervals, into: Map<number, [number, number]>, slot: 0 | 1) {
  for (let i = 0; i < iv.start.length; i++) {
    let a = iv.start[i];
    const b = iv.end[i];
    while (a < b) {
      const hour = Math.floor(a / 3600) * 3600;
      const cut = Math.min(b, hour + 3600);
      let row = into.get(hour);
      if (!row) {
        row = [0, 0];
        into.set(hour, row);
      }
      row[slot] += cut - a;
      a = cut;
    }
  }
}

/**
 * §37.1 per UTC hour from `from` (an hour's start) on: seconds under way (the moving spans) and seconds with a main
 * engine running while not under way. Hours with neither are left out.
 */
export function motionHours(t: Track, running: Intervals, from: number): MotionHour[] {
  const underway = underwayIntervals(t, from);
  const idle = subtractIntervals(running, underway);
  const byHour = new Map<number, [number, number]>();
  addByHour(underway, byHour, 0);
  addByHour(idle, byHour, 1);
  return [...byHour.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([hour, [u, r]]) => ({ hour, underwaySeconds: u, idleRunningSeconds: r }));
}
