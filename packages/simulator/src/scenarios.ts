import type { Timeline, VesselState } from './timeline.ts';
import type { VesselModel } from './vessel.ts';

const HOUR = 3600;

/**
 * What goes wrong on a vessel from a given time (issue 30; docs/domain.md §41 finds them):
 * - `fouledHull`: from `from`, every main engine burns `factor` × its fuel at the same rpm (a fouled hull needs more
 *   power for the same shaft speed); the meters and the tanks see it, the vessel's plan (speed, bunkering) does not;
 * - `siphon`: from `from`, at every anchorage stop of at least 3 hours with the engines stopped, fuel leaves at
 *   `litresPerHour` from an hour after the stop began, for up to 3 hours (ending at least an hour before the stop
 *   ends). The first such stop draws through the port engine's supply line, after its meter (the meter counts it
 *   while the engine stands, §41.3), the next from the tank itself (only the tank gauges see it, §41.2), and so on.
 */
export interface Scenarios {
  fouledHull?: { from: number; factor: number };
  siphon?: { from: number; litresPerHour: number };
}

interface SiphonWindow {
  start: number;
  end: number;
  /** through the port supply meter (true) or from the tank (false) */
  metered: boolean;
  /** litres of the earlier windows: all of them, and those through the meter */
  before: number;
  beforeMetered: number;
}

/** The litres a vessel's scenarios take, at any time asked in order (the plan's segments are read once). */
export class ScenarioLitres {
  private readonly fouledBase: number[] = [];
  private readonly fouledBaseKg: number[] = [];
  private readonly windows: SiphonWindow[] = [];
  /** segments starting before this have been looked at */
  private scanned: number;

  constructor(
    private readonly model: VesselModel,
    private readonly timeline: Timeline,
    readonly scenarios: Scenarios,
  ) {
    const f = scenarios.fouledHull;
    if (f) {
      const s = timeline.stateAt(f.from);
      for (const e of model.engines) {
        const cube = e.k * e.rpmFactor ** 3;
        this.fouledBase.push((e.idleFlow * s.on + cube * s.r3) / HOUR);
        this.fouledBaseKg.push((e.idleFlow * s.onRho + cube * s.r3Rho) / HOUR / 1000);
      }
    }
    this.scanned = scenarios.siphon?.from ?? Number.POSITIVE_INFINITY;
  }

  /** The earliest time the scenarios need the plan from (the timeline must keep it). */
  static keepFrom(scenarios: Scenarios | undefined): number {
    return Math.min(
      scenarios?.fouledHull?.from ?? Number.POSITIVE_INFINITY,
      scenarios?.siphon?.from ?? Number.POSITIVE_INFINITY,
    );
  }

  /** The fouled hull's factor on the fuel flow at t. */
  flowFactor(t: number): number {
    const f = this.scenarios.fouledHull;
    return f && t >= f.from ? f.factor : 1;
  }

  /** Engine e's extra litres (and kg at 15 °C density) burnt since the hull fouled, at a state. */
  fouledExtra(e: number, s: VesselState): { litres: number; kg: number } {
    const f = this.scenarios.fouledHull;
    if (!f || s.t < f.from) return { litres: 0, kg: 0 };
    const engine = this.model.engines[e];
    const cube = engine.k * engine.rpmFactor ** 3;
    const burnt = (engine.idleFlow * s.on + cube * s.r3) / HOUR;
    const kg = (engine.idleFlow * s.onRho + cube * s.r3Rho) / HOUR / 1000;
    return { litres: (f.factor - 1) * (burnt - this.fouledBase[e]), kg: (f.factor - 1) * (kg - this.fouledBaseKg[e]) };
  }

  /** Siphoned litres up to t: in all, and through the port supply meter; and the rate through the meter at t. */
  siphoned(t: number): { total: number; metered: number; meterRate: number } {
    const rate = this.scenarios.siphon?.litresPerHour ?? 0;
    this.scan(t);
    let total = 0;
    let metered = 0;
    let meterRate = 0;
    // the window holding t or the last one before it
    for (let i = this.windows.length - 1; i >= 0; i--) {
      const w = this.windows[i];
      if (w.start > t) continue;
      const inWindow = (Math.min(t, w.end) - w.start) / HOUR;
      total = w.before + rate * inWindow;
      metered = w.beforeMetered + (w.metered ? rate * inWindow : 0);
      if (w.metered && t < w.end) meterRate = rate;
      break;
    }
    return { total, metered, meterRate };
  }

  private scan(t: number) {
    const siphon = this.scenarios.siphon;
    if (!siphon || t < this.scanned) return;
    this.timeline.extendTo(t);
    for (const s of this.timeline.segments) {
      if (s.t0 < this.scanned || s.t0 > t) continue;
      const length = s.t1 - s.t0;
      if (s.phase !== 'anchorage' || s.rpm0 !== 0 || s.rpm1 !== 0 || length < 3 * HOUR) continue;
      const last = this.windows[this.windows.length - 1];
      const litres = last ? (siphon.litresPerHour * (last.end - last.start)) / HOUR : 0;
      this.windows.push({
        start: s.t0 + HOUR,
        end: s.t0 + HOUR + Math.min(3 * HOUR, length - 2 * HOUR),
        metered: this.windows.length % 2 === 0,
        before: last ? last.before + litres : 0,
        beforeMetered: last ? last.beforeMetered + (last.metered ? litres : 0) : 0,
      });
    }
    this.scanned = t + 1e-6;
  }
}

/** The demo vessels the scenarios happen on (packages/fleet-catalog codes); the short delivery is the seed's. */
export const DEMO_SCENARIO_VESSELS = { fouledHull: 'tb01', siphon: 'sb01', shortDelivery: 'tb02' } as const;

/**
 * The demo fleet's scenarios, from the time the demo was first seeded (so a restart gives the same readings): the
 * hull of TB Samudra Perkasa 01 fouled 3 days before (+30 % fuel at the same rpm), MV Mahakam Express siphoned at
 * anchor from 12 days before (400 L/h).
 */
export function demoScenarios(seededAt: number): Record<string, Scenarios> {
  const hour = (t: number) => Math.floor(t / HOUR) * HOUR;
  return {
    [DEMO_SCENARIO_VESSELS.fouledHull]: { fouledHull: { from: hour(seededAt - 3 * 86_400), factor: 1.3 } },
    [DEMO_SCENARIO_VESSELS.siphon]: { siphon: { from: hour(seededAt - 12 * 86_400), litresPerHour: 400 } },
  };
}
