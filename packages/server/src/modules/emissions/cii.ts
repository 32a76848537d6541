import type { Cii, CiiRating, CiiReason } from '@fleet/shared/answers/emissions.ts';
import { CII_LINES, CII_MIN_GT, type CiiBand, REDUCTION_FACTORS } from './cii-reference.ts';

/** The carbon-intensity figures of docs/domain.md §39.3–§39.4, from a vessel's year. */

/**
 * g CO₂ per capacity and nautical mile: AER with DWT, cgDIST with GT (§39.3). Null without CO₂ or capacity, and for
 * a year without distance.
 */
export function intensity(co2Tonnes: number | null, capacity: number | null, distanceNm: number): number | null {
  if (co2Tonnes === null || capacity === null || !(capacity > 0) || !(distanceNm > 0)) return null;
  return (co2Tonnes * 1e6) / (capacity * distanceNm);
}

const LETTERS: CiiRating[] = ['A', 'B', 'C', 'D', 'E'];

/** G4: the first boundary the attained CII lies below gives the letter; on a boundary, the worse one. */
export function ratingOf(attained: number, boundaries: readonly number[]): CiiRating {
  const i = boundaries.findIndex((b) => attained < b);
  return LETTERS[i < 0 ? 4 : i];
}

export interface CiiFacts {
  co2Tonnes: number | null;
  distanceNm: number;
  gt: number | null;
  dwt: number | null;
  ciiType: string | null;
  year: number;
}

export type CiiResult = { cii: Cii; reason: null } | { cii: null; reason: CiiReason };

const none = (reason: CiiReason): CiiResult => ({ cii: null, reason });

/** §39.4: attained vs required and the rating, or why there is none. */
export function ciiOf(f: CiiFacts): CiiResult {
  if (f.ciiType === null) return none('no_ship_type');
  const line = Object.hasOwn(CII_LINES, f.ciiType) ? CII_LINES[f.ciiType as keyof typeof CII_LINES] : null;
  if (!line) return none('no_reference_line');
  const capacity = line.metric === 'AER' ? f.dwt : f.gt;
  if (capacity === null || !(capacity > 0)) return none('no_capacity');
  const z = REDUCTION_FACTORS[f.year];
  if (z === undefined) return none('no_factor');
  if (f.co2Tonnes === null) return none('no_co2');
  const attained = intensity(f.co2Tonnes, capacity, f.distanceNm);
  if (attained === null) return none('no_distance');
  const b = bandOf(line.bands, capacity);
  const reference = b.a * (b.capacity ?? capacity) ** -b.c;
  const required = (1 - z / 100) * reference;
  const boundaries = b.dd.map((d) => d * required) as [number, number, number, number];
  return {
    reason: null,
    cii: {
      metric: line.metric,
      // reg. 28.1: 5 000 GT and above; without a GT it cannot be said, so the figure stays indicative
      applies: f.gt !== null && f.gt >= CII_MIN_GT,
      attained,
      reference,
      reductionFactor: z,
      required,
      ratio: attained / required,
      boundaries,
      rating: ratingOf(attained, boundaries),
    },
  };
}

/** The size band holding the capacity: the one with the largest lower limit not above it. */
const bandOf = (bands: readonly CiiBand[], capacity: number) =>
  bands.find((b) => capacity >= b.from) ?? bands[bands.length - 1];
