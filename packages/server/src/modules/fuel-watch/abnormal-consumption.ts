import { type Finding, r2 } from './finding.ts';
import { covers, type EngineHour, type EngineHours, HOUR } from './vessel-hours.ts';

/** docs/domain.md §41.1 */
export const ABNORMAL = {
  /** the model's reference: the engine's steady hours of the 14 days before the hour */
  referenceSeconds: 14 * 86_400,
  minReference: 12,
  abovePercent: 20,
  aboveLitres: 10,
  /** a steady hour's rpm: highest − lowest ≤ 10 % of the mean */
  spread: 0.1,
  /** a run ends after 24 hours without a steady hour */
  gapSeconds: 86_400,
} as const;

interface Point {
  ts: number;
  x: number;
  litres: number;
  rpm: number;
}

/**
 * §41.1 steady hour: covered, every sample running, rpm within 10 %, metered — with its litres per hour (§41
 * "Metered hour") and x = (rpm/1000)³.
 */
export function steadyPoint(h: EngineHour, threshold: number): Point | null {
  const r = h.rpm;
  if (!r || h.rate === null || !covers(r, h.ts)) return null;
  if (!(r.min > threshold) || r.max - r.min > ABNORMAL.spread * r.mean) return null;
  return { ts: h.ts, x: (r.mean / 1000) ** 3, litres: h.rate, rpm: r.mean };
}

/** Least squares L = a + b·x; all x equal: the mean litres. */
function line(points: readonly Point[]): { a: number; b: number } {
  const n = points.length;
  let sx = 0;
  let sl = 0;
  for (const p of points) {
    sx += p.x;
    sl += p.litres;
  }
  const mx = sx / n;
  const ml = sl / n;
  let sxx = 0;
  let sxl = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxl += (p.x - mx) * (p.litres - ml);
  }
  // x equal to within rounding: no slope to fit
  if (sxx <= 1e-12 * Math.max(1, mx * mx) * n) return { a: ml, b: 0 };
  const b = sxl / sxx;
  return { a: ml - b * mx, b };
}

/** §41.1 the model of an hour from its reference hours: their least-squares line (none under 12 hours). */
export function fitModel(reference: readonly Point[]): { a: number; b: number } | null {
  return reference.length < ABNORMAL.minReference ? null : line(reference);
}

interface Flagged extends Point {
  expected: number;
}

/**
 * §41.1: the runs of hours of one engine side that burnt well above its own model, for the hours of [from, to).
 * Every steady hour read is judged in time order, the earlier ones too: an hour 20 % above its model never joins
 * a later hour's reference (an abnormal run does not teach the model), every other steady hour does.
 */
export function abnormalConsumption(engine: EngineHours, o: { from: number; to: number }): Finding[] {
  const steady = [...engine.hours.values()]
    .filter((h) => h.ts + HOUR <= o.to)
    .sort((a, b) => a.ts - b.ts)
    .map((h) => steadyPoint(h, engine.threshold))
    .filter((p): p is Point => p !== null);
  const out: Finding[] = [];
  let run: Flagged[] = [];
  const close = (active: boolean) => {
    if (run.length) out.push(finding(engine, run, active));
    run = [];
  };
  const reference: Point[] = [];
  let lo = 0;
  for (const p of steady) {
    while (lo < reference.length && reference[lo].ts < p.ts - ABNORMAL.referenceSeconds) lo++;
    const model = fitModel(reference.slice(lo));
    const expected = model ? model.a + model.b * p.x : null;
    const above = expected !== null && p.litres >= (1 + ABNORMAL.abovePercent / 100) * expected;
    if (!above) reference.push(p);
    if (p.ts < o.from || expected === null) continue;
    const last = run[run.length - 1];
    if (last && p.ts - (last.ts + HOUR) >= ABNORMAL.gapSeconds) close(false);
    if (above && p.litres - expected >= ABNORMAL.aboveLitres) run.push({ ...p, expected });
    // an hour as far above but by fewer litres (idling) neither counts nor ends the run
    else if (!above) close(false);
  }
  const last = run[run.length - 1];
  close(!!last && o.to - (last.ts + HOUR) < ABNORMAL.gapSeconds);
  return out;
}

function finding(engine: EngineHours, run: Flagged[], active: boolean): Finding {
  const n = run.length;
  const expected = run.reduce((s, p) => s + p.expected, 0) / n;
  const actual = run.reduce((s, p) => s + p.litres, 0) / n;
  const rpm = run.reduce((s, p) => s + p.rpm, 0) / n;
  const excess = run.reduce((s, p) => s + p.litres - p.expected, 0);
  const start = run[0].ts;
  const device = engine.meter.devcUniqueId;
  return {
    rule: 'abnormal_consumption',
    key: `abnormal_consumption:${engine.meter.devcId}:${start}`,
    start,
    end: run[n - 1].ts + HOUR,
    active,
    oldData: { [device]: { consumption: { litresPerHour: r2(expected), rpm: r2(rpm) } } },
    newData: {
      [device]: { consumption: { litresPerHour: r2(actual), rpm: r2(rpm), hours: n, excessLitres: r2(excess) } },
    },
    threshold: {
      [`${engine.side}_IN`]: {
        conditions_operator: 'and',
        data: {
          aboveModelPercent: { operator: '>=', value: ABNORMAL.abovePercent },
          aboveModelLitres: { operator: '>=', value: ABNORMAL.aboveLitres },
        },
      },
    },
    reason: {
      key: 'abnormal_consumption',
      values: {
        engine: engine.side,
        hours: n,
        expected: r2(expected),
        actual: r2(actual),
        percent: r2((actual / expected - 1) * 100),
        excess: r2(excess),
      },
    },
  };
}
