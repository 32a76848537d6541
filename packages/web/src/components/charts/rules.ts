/**
 * The chart rules of spec 002 §9, in one place: heights, y-axis headroom, the RPM axis maximum, value labels,
 * gaps drawn as dashed faded interpolation, ticks and axes by screen width, the automatic chart interval.
 */

import { num } from '../format.ts';

export const CHART_HEIGHT = { report: 320, dashboard: 600, sparkline: 60 } as const;
/** Screens up to this width get 3 ticks (spec 002 §9). */
export const NARROW_MAX_WIDTH = 991;
/** Phones: axes hidden. */
export const PHONE_MAX_WIDTH = 576;
export const RPM_DEFAULT_MAX = 1000;
export const HEADROOM = 0.1;

/** A y-axis maximum with 10 % headroom (undefined: let the chart decide, e.g. no data). */
export function headroomMax(values: readonly (number | null | undefined)[]): number | undefined {
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) if (v != null && Number.isFinite(v) && v > max) max = v;
  if (!Number.isFinite(max) || max <= 0) return undefined;
  const m = Math.round(max * (1 + HEADROOM) * 1e6) / 1e6; // 50 × 1.1 is 55.000000000000014
  // keep the axis on readable numbers: litres as integers, small values with 2 decimals
  if (m >= 10) return Math.ceil(m);
  if (m >= 1) return Math.ceil(Math.round(m * 1e7) / 1e6) / 10;
  return Math.ceil(Math.round(m * 1e8) / 1e6) / 100;
}

/** RPM axis: the highest RPM rounded up to the next 100, plus 100; 1000 without data. */
export function rpmAxisMax(values: readonly (number | null | undefined)[]): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) if (v != null && Number.isFinite(v) && v > max) max = v;
  if (!Number.isFinite(max) || max <= 0) return RPM_DEFAULT_MAX;
  return Math.ceil(max / 100) * 100 + 100;
}

export type ValueKind = 'litres' | 'number';

/**
 * Axis and tooltip numbers (the locale's marks, components/format.ts): litres as integers from 10 up, below 10 with
 * up to 2 decimals (an axis of 0–1 L reads 0, 0.2 … 1, not 0, 0, 0, 1, 1, 1: issue 28); other values between 0
 * and 1 with 2 decimals, others 2 decimals at most.
 */
export function formatValue(v: number | null | undefined, kind: ValueKind = 'number'): string {
  const a = Math.abs(v ?? 0);
  if (kind === 'litres') return num(v, a >= 10 ? 0 : [0, 2]);
  return num(v, a > 0 && a < 1 ? 2 : [0, 2]);
}

/**
 * A y-axis tick (the locale's marks): with the decimals the tick itself has (ticks are round numbers: 0.2, 0.929,
 * 2,500), so neighbouring ticks never read the same — an axis of 0–1 read '1, 1, 1, 0, 0, 0' and a density axis
 * '0.93' seven times (issue 28). At most 6 decimals.
 */
export function axisTick(v: number): string {
  let d = 0;
  while (d < 6 && Math.abs(Math.round(v * 10 ** d) / 10 ** d - v) > 1e-9 * Math.max(1, Math.abs(v))) d++;
  return num(v, d);
}

/** What a chart's y-axis shows: its name (the unit) and how its numbers read. */
export interface UnitAxis {
  name: string;
  kind?: ValueKind | 'rpm';
}

/**
 * One y-axis per unit (issue 28): the axes in the order their units first appear, each named by its unit, and the
 * axis index of every series — a flow rate (L/h) never shares the totaliser's axis (L), nor density the
 * temperature's. `kindOf` says how a unit's numbers read (RPM axes get the RPM maximum).
 */
export function axesByUnit(
  units: readonly string[],
  kindOf: (unit: string) => UnitAxis['kind'] = () => undefined,
): { axes: UnitAxis[]; axisOf: number[] } {
  const axes: UnitAxis[] = [];
  const axisOf = units.map((unit) => {
    let i = axes.findIndex((a) => a.name === unit);
    if (i < 0) {
      const kind = kindOf(unit);
      i = axes.push(kind ? { name: unit, kind } : { name: unit }) - 1;
    }
    return i;
  });
  return { axes, axisOf };
}

export type Point = [x: number, y: number | null];

/**
 * Spec 002 §9 "Chart gaps": the measured points as they are (null breaks the line), and a second series that
 * linearly joins the points on both sides of each gap, drawn dashed and faded. A gap is a missing bucket
 * (`step` apart) or a null value.
 */
export function splitGaps(points: readonly Point[], step: number): { solid: Point[]; gaps: Point[] } {
  const solid: Point[] = [];
  const gaps: Point[] = [];
  let prev: Point | null = null;
  for (const p of points) {
    if (p[1] == null) continue;
    if (prev && p[0] - prev[0] > step) {
      solid.push([prev[0] + step, null]);
      gaps.push([prev[0], prev[1]], [p[0], p[1]], [p[0], null]);
    }
    solid.push(p);
    prev = p;
  }
  return { solid, gaps };
}

/** Spec 002 §9 "Chart auto interval": minutes; length 1 if the range has at most 50 points, else range/50 rounded up. */
export function autoIntervalMinutes(startSec: number, endSec: number): number {
  const minutes = Math.max(0, (endSec - startSec) / 60);
  return minutes <= 50 ? 1 : Math.ceil(minutes / 50);
}

/** How an axis looks at a width: 3 ticks up to 991 px, hidden on phones. */
export function axisLook(width: number): { splitNumber?: number; show: boolean } {
  if (width <= PHONE_MAX_WIDTH) return { show: false, splitNumber: 3 };
  if (width <= NARROW_MAX_WIDTH) return { show: true, splitNumber: 3 };
  return { show: true };
}
