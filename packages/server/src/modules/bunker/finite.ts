/**
 * docs/domain.md §32.2: a computed number that is not finite (a sum or a percentage of stored values that
 * overflowed to Infinity, or NaN) is answered as null — "not computable" — instead of failing the answer.
 * Walks plain objects and arrays; returns the same shape.
 */
export function finiteOrNull<T>(value: T): T {
  if (typeof value === 'number') return (Number.isFinite(value) ? value : null) as T;
  if (Array.isArray(value)) return value.map((v) => finiteOrNull(v)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = finiteOrNull(v);
    return out as T;
  }
  return value;
}

/** A stored number as the computations read it: missing and non-finite (PostgreSQL 'Infinity', 'NaN') are null. */
export const storedNumber = (v: unknown): number | null => {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
