import { type Finding, r2 } from './finding.ts';
import { HOUR, type VesselHours } from './vessel-hours.ts';

/** docs/domain.md §41.2 */
export const ROB_DROP = { checkSeconds: 6 * HOUR, minLitres: 300, percent: 1 } as const;

interface Check {
  g: number;
  start: number;
  end: number;
  drop: number;
  consumed: number;
  unexplained: number;
}

/**
 * §41.2: the checks of [from, to) whose tank readings 6 hours apart dropped more than the fuel burnt between them
 * explains, as runs of consecutive checks. `busy`: the spans of the vessel's bunkering logs and ROB adjustments.
 */
export function robDropUnexplained(
  v: VesselHours,
  o: { from: number; to: number; busy: [number, number][] },
): Finding[] {
  if (!v.metered || !v.tanks.length) return [];
  const step = ROB_DROP.checkSeconds;
  const out: Finding[] = [];
  let run: Check[] = [];
  const close = (active: boolean) => {
    if (run.length) out.push(finding(v, run, active));
    run = [];
  };
  const fuel = (ts: number) => v.fuel.get(ts) ?? 0;
  // the last check's later reading is an hour that has ended
  for (let g = Math.ceil(o.from / step) * step; g + step + HOUR <= o.to; g += step) {
    const start = v.tankVolume.get(g);
    const end = v.tankVolume.get(g + step);
    // §41.2: a bunkering or adjustment in the check, or an hour of it whose litres are not all metered
    let skipped = o.busy.some(([a, b]) => a < g + step + HOUR && b >= g);
    for (let h = g; h <= g + step && !skipped; h += HOUR) skipped = !v.measured.has(h);
    if (start === undefined || end === undefined || skipped) {
      close(false);
      continue;
    }
    let consumed = (fuel(g) + fuel(g + step)) / 2;
    for (let h = g + HOUR; h < g + step; h += HOUR) consumed += fuel(h);
    const drop = start - end;
    const unexplained = drop - consumed;
    if (unexplained > Math.max(ROB_DROP.minLitres, (ROB_DROP.percent / 100) * start))
      run.push({ g, start, end, drop, consumed, unexplained });
    else close(false);
  }
  close(run.length > 0);
  return out;
}

function finding(v: VesselHours, run: Check[], active: boolean): Finding {
  const sum = (f: (c: Check) => number) => run.reduce((s, c) => s + f(c), 0);
  const first = run[0];
  const last = run[run.length - 1];
  const device = v.tanks[0].devcUniqueId;
  const drop = sum((c) => c.drop);
  const consumed = sum((c) => c.consumed);
  const unexplained = sum((c) => c.unexplained);
  return {
    rule: 'rob_drop_unexplained',
    key: `rob_drop_unexplained:${v.tanks[0].devcId}:${first.g}`,
    start: first.g,
    end: last.g + ROB_DROP.checkSeconds,
    active,
    oldData: { [device]: { rob: { volume: r2(first.start) } } },
    newData: {
      [device]: {
        rob: {
          volume: r2(last.end),
          dropLitres: r2(drop),
          consumedLitres: r2(consumed),
          unexplainedLitres: r2(unexplained),
        },
      },
    },
    threshold: {
      ROB: {
        conditions_operator: 'and',
        data: { unexplainedLitres: { operator: '>', value: ROB_DROP.minLitres } },
      },
    },
    reason: {
      key: 'rob_drop_unexplained',
      values: {
        drop: r2(drop),
        consumed: r2(consumed),
        unexplained: r2(unexplained),
        hours: (last.g + ROB_DROP.checkSeconds - first.g) / HOUR,
      },
    },
  };
}
