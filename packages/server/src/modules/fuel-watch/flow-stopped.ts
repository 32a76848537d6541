import { type Finding, r2 } from './finding.ts';
import { covers, type EngineHour, type EngineHours, HOUR, METERED_EDGE_SECONDS } from './vessel-hours.ts';

/** docs/domain.md §41.3 */
export const FLOW_STOPPED = { hourLitres: 5, runLitres: 20 } as const;

/** §41.3: the hour has RPM samples and none of them is running. */
const stood = (h: EngineHour | undefined, threshold: number): boolean => !!h?.rpm && !(h.rpm.max > threshold);

/**
 * §41.3: the hour's samples cover it and none is running, the engine stood in the hour before too, the hour is
 * metered (§41 "Metered hour"); with at least 5 L through the side's meters.
 */
const stoppedAndFlowing = (h: EngineHour | undefined, before: EngineHour | undefined, threshold: number) =>
  !!h?.rpm &&
  covers(h.rpm, h.ts) &&
  stood(h, threshold) &&
  stood(before, threshold) &&
  h.ts - before!.rpm!.last <= METERED_EDGE_SECONDS &&
  h.rate !== null &&
  (h.litres ?? 0) >= FLOW_STOPPED.hourLitres;

/** §41.3: runs of consecutive hours of [from, to) in which the side's meter counted fuel while its engine stood. */
export function flowWhileStopped(engine: EngineHours, o: { from: number; to: number }): Finding[] {
  const out: Finding[] = [];
  let run: EngineHour[] = [];
  const close = (active: boolean) => {
    const litres = run.reduce((s, h) => s + (h.litres ?? 0), 0);
    if (run.length && litres >= FLOW_STOPPED.runLitres) out.push(finding(engine, run, litres, active));
    run = [];
  };
  const first = Math.ceil(o.from / HOUR) * HOUR;
  for (let ts = first; ts + HOUR <= o.to; ts += HOUR) {
    const h = engine.hours.get(ts);
    if (stoppedAndFlowing(h, engine.hours.get(ts - HOUR), engine.threshold)) run.push(h!);
    else close(false);
  }
  close(run.length > 0);
  return out;
}

function finding(engine: EngineHours, run: EngineHour[], litres: number, active: boolean): Finding {
  const start = run[0].ts;
  const device = engine.meter.devcUniqueId;
  const rpm = Math.max(...run.map((h) => h.rpm!.max));
  return {
    rule: 'flow_engine_stopped',
    key: `flow_engine_stopped:${engine.meter.devcId}:${start}`,
    start,
    end: run[run.length - 1].ts + HOUR,
    active,
    oldData: { [device]: { flow: { litres: 0 } } },
    newData: { [device]: { flow: { litres: r2(litres), hours: run.length, rpm: r2(rpm) } } },
    threshold: {
      [`${engine.side}_IN`]: {
        conditions_operator: 'and',
        data: { litres: { operator: '>=', value: FLOW_STOPPED.runLitres } },
      },
    },
    reason: { key: 'flow_engine_stopped', values: { engine: engine.side, litres: r2(litres), hours: run.length } },
  };
}
