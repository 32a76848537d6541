/**
 * Compares answers with expectations leaf by leaf, counts every comparison and keeps the differences.
 *
 * Tolerance: |got − expected| ≤ max(1e-9 × |expected|, abs) with abs = 1e-6 in the quantity's unit (L, kg, s, m,
 * km/h, °C). The recomputation and the server add the same float64 terms in other orders and split spans in other
 * arithmetic orders; over ≤ 10⁵ terms of magnitude ≤ 2·10⁵ (totaliser readings) that leaves ≲ 10⁻⁷ absolutely, while
 * 1e-6 L is a microlitre, 1e-6 s a microsecond — far below any meter's or clock's resolution, and far below every
 * defect the suite exists to find (the smallest issue 25 names is 0.06 L). Positions are compared to 1e-9°.
 * Unit conversions named with two factors in docs/domain.md §4 (km/h → kn "× 0.539957 (= ÷ 1.852)", m → NM
 * "÷ 1 852 (× 0.000539957)"), which differ by 3.6·10⁻⁷, are compared to 1e-6 relative.
 */
export interface Where {
  screen: string;
  vessel: string;
  period: string;
  unit: string;
  tz: number;
  details?: boolean;
  bucket?: number;
}

export interface Failure {
  where: Where;
  quantity: string;
  expected: unknown;
  got: unknown;
}

const LOOSE = new Set(['averageSpeedKnot', 'totalCruise']);
const POSITION = new Set([
  'latitude',
  'longitude',
  'firstLatitude',
  'firstLongitude',
  'LAST_dlgpLatitude_4',
  'LAST_dlgpLongitude_5',
]);

function close(key: string, got: number, exp: number): boolean {
  const d = Math.abs(got - exp);
  if (POSITION.has(key)) return d <= 1e-9;
  if (LOOSE.has(key)) return d <= Math.max(1e-6 * Math.abs(exp), 1e-6);
  return d <= Math.max(1e-9 * Math.abs(exp), 1e-6);
}

const fmt = (v: unknown): string => {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toPrecision(10);
  if (v === undefined) return 'absent';
  const s = JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
};

export class Checker {
  count = 0;
  readonly failures: Failure[] = [];

  fail(where: Where, quantity: string, expected: unknown, got: unknown) {
    this.failures.push({ where, quantity, expected, got });
  }

  /** one comparison of two leaves (numbers with tolerance; null, booleans, strings exactly) */
  leaf(where: Where, quantity: string, got: unknown, exp: unknown) {
    this.count++;
    const key = quantity.split('.').at(-1) ?? quantity;
    const ok =
      typeof exp === 'number'
        ? typeof got === 'number' && close(key, got, exp)
        : exp === null
          ? got === null
          : got === exp;
    if (!ok) this.fail(where, quantity, exp, got);
  }

  /**
   * A figure as a screen shows it (`format`, e.g. 2 decimals): the text must be the value's, allowing for the value's
   * tolerance at a rounding boundary (x.xx5 may show either way within 1e-6).
   */
  text(
    where: Where,
    quantity: string,
    got: unknown,
    exp: number | null | undefined,
    format: (v: number | null) => string,
  ) {
    this.count++;
    const ok =
      exp === null || exp === undefined || !Number.isFinite(exp)
        ? got === format(null)
        : [exp, exp - 1e-6, exp + 1e-6].some((v) => got === format(v));
    if (!ok) this.fail(where, quantity, exp == null ? format(null) : format(exp), got);
  }

  /** Walks the expectation: every leaf it holds is compared; fields it does not hold are not looked at. */
  deep(where: Where, path: string, got: unknown, exp: unknown) {
    if (exp === null || typeof exp !== 'object') return this.leaf(where, path, got, exp);
    if (Array.isArray(exp)) {
      this.count++;
      if (!Array.isArray(got)) return this.fail(where, path, `array of ${exp.length}`, got);
      if (got.length !== exp.length) this.fail(where, `${path}.length`, exp.length, got.length);
      const byTs = new Map(got.map((g: { timestamp?: number }) => [g?.timestamp, g]));
      for (const e of exp as { timestamp: number }[])
        this.deep({ ...where, bucket: e.timestamp }, path, byTs.get(e.timestamp), e);
      return;
    }
    if (got === null || got === undefined || typeof got !== 'object') {
      this.count++;
      return this.fail(where, path, 'an object', got);
    }
    for (const [k, v] of Object.entries(exp)) this.deep(where, `${path}.${k}`, (got as Record<string, unknown>)[k], v);
  }

  /**
   * A map keyed by bucket time: the buckets the recomputation finds figures in must be there; every bucket of the
   * answer (and every required one) is compared with the recomputation of that bucket.
   */
  buckets(
    where: Where,
    path: string,
    got: Record<string, unknown> | undefined | null,
    required: number[],
    build: (ts: number) => unknown,
    valid: (ts: number) => boolean,
  ) {
    if (!got || typeof got !== 'object') {
      this.count++;
      return this.fail(where, path, 'a map of buckets', got);
    }
    const keys = new Set<number>(required);
    for (const k of Object.keys(got)) {
      const ts = Number(k);
      if (!valid(ts)) {
        this.count++;
        this.fail({ ...where, bucket: ts }, `${path} (bucket name)`, 'a bucket start inside the period', k);
        continue;
      }
      keys.add(ts);
    }
    for (const ts of [...keys].sort((a, b) => a - b)) {
      const w = { ...where, bucket: ts };
      if (!(String(ts) in got)) {
        this.count++;
        this.fail(w, `${path} (bucket)`, 'present (figures in it)', undefined);
        continue;
      }
      this.deep(w, path, got[String(ts)], build(ts));
    }
  }

  /** Compact listing: the tally, then at most `max` lines — one per kind of difference first, with its count. */
  report(label: string, max = 50, from = 0): string[] {
    const failures = this.failures.slice(from);
    const n = failures.length;
    const lines = [`${label}: ${this.count.toLocaleString('en-US')} checks, ${n.toLocaleString('en-US')} differ`];
    if (!n) return lines;
    const kinds = new Map<string, Failure[]>();
    for (const f of failures) {
      const k = `${f.where.screen} ${f.quantity}`;
      const list = kinds.get(k) ?? [];
      list.push(f);
      kinds.set(k, list);
    }
    const picked: [Failure, number][] = [];
    for (const list of kinds.values()) picked.push([list[0], list.length]);
    for (let i = 1; picked.length < max && i < 1000; i++)
      for (const list of kinds.values()) if (list[i] && picked.length < max) picked.push([list[i], 0]);
    const local = (w: Where) => {
      if (w.bucket === undefined) return '';
      const d = new Date((w.bucket + w.tz * 3600) * 1000).toISOString();
      return ` @${d.slice(5, 16).replace('T', ' ')}`;
    };
    lines.push(
      `  ${kinds.size} kinds; lines: quantity | vessel | period | unit | tz | expected | got  (×n = differences of that kind)`,
    );
    for (const [f, count] of picked.slice(0, max)) {
      const w = f.where;
      lines.push(
        `  ${w.screen} ${f.quantity}${count ? ` (×${count})` : ''} | ${w.vessel} | ${w.period}${local(w)} | ${w.unit}${
          w.details === undefined ? '' : w.details ? '+details' : ''
        } | ${w.tz} | ${fmt(f.expected)} | ${fmt(f.got)}`,
      );
    }
    return lines;
  }
}
