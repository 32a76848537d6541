import type { AggregatedRow } from '@fleet/shared/answers/series.ts';
import { WIDGET_FUNCTIONS } from '@fleet/shared/device-detail.ts';

export { WIDGET_FUNCTIONS };

/** Device types with a widget; any other type shows 'No widget available'. */
export const hasWidget = (type: string) => type in WIDGET_FUNCTIONS;

/** The value of function i of a bucket (null when the bucket had no value of its column). */
export function fn(row: AggregatedRow, i: number): number | null {
  const add = row.additional ?? {};
  for (const [k, v] of Object.entries(add)) if (k.endsWith(`_${i}`)) return typeof v === 'number' ? v : null;
  return null;
}

/** A bucket's own (primary AVG) value of a data key. */
export function val(row: AggregatedRow, key: string): number | null {
  const v = row[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * The mean of all samples of the range from bucket means and counts: Σ(mean_k × n_k) / Σ n_k over the buckets with a
 * value (docs/domain.md §22); null without samples.
 */
export function weightedMean(rows: AggregatedRow[], key: string, countIndex: number): number | null {
  let sum = 0;
  let n = 0;
  for (const r of rows) {
    const v = val(r, key);
    const c = fn(r, countIndex) ?? 0;
    if (v === null || c <= 0) continue;
    sum += v * c;
    n += c;
  }
  return n > 0 ? sum / n : null;
}

/** Σ of function i over the buckets; null when no bucket has a value. */
export function sumOf(rows: AggregatedRow[], i: number): number | null {
  let out: number | null = null;
  for (const r of rows) {
    const v = fn(r, i);
    if (v !== null) out = (out ?? 0) + v;
  }
  return out;
}

/** Highest (or lowest) of function i over the buckets. */
export function extremeOf(rows: AggregatedRow[], i: number, which: 'max' | 'min'): number | null {
  let out: number | null = null;
  for (const r of rows) {
    const v = fn(r, i);
    if (v === null) continue;
    out = out === null ? v : which === 'max' ? Math.max(out, v) : Math.min(out, v);
  }
  return out;
}

/** The last bucket's function i that has a value. */
export function lastOf(rows: AggregatedRow[], i: number): number | null {
  for (let k = rows.length - 1; k >= 0; k--) {
    const v = fn(rows[k], i);
    if (v !== null) return v;
  }
  return null;
}

export interface TotaliserBucket {
  first: number | null;
  last: number | null;
  lo: number | null;
  hi: number | null;
}

/**
 * A meter's totaliser delta over the buckets in time order (docs/domain.md §11): baseline the first reading, then
 * each bucket's previous last; a fall means a reset, counted as what was reached before it plus what came after.
 * Null when no bucket has a reading.
 */
export function meterDelta(buckets: TotaliserBucket[]): number | null {
  let base: number | null = null;
  let total: number | null = null;
  for (const b of buckets) {
    if (b.first === null || b.last === null || b.lo === null || b.hi === null) continue;
    const p = base ?? b.first;
    const d = b.last >= p ? b.last - p : Math.max(0, b.hi - p) + (b.last - b.lo);
    total = (total ?? 0) + d;
    base = b.last;
  }
  return total;
}

/** The flow meter's totaliser buckets of WIDGET_FUNCTIONS.flowmeter (FIRST 0, LAST 1, MIN 2, MAX 3). */
export const flowTotaliser = (rows: AggregatedRow[]): TotaliserBucket[] =>
  rows.map((r) => ({ first: fn(r, 0), last: fn(r, 1), lo: fn(r, 2), hi: fn(r, 3) }));
