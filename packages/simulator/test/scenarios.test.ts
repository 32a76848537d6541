import { describe, expect, it } from 'vitest';
import { DEMO_SCENARIO_VESSELS, demoScenarios, type Reading, VesselSimulator } from '../src/index.ts';
import { DAY, fleet, T0 } from './fleet.ts';

const H = 3600;
const byCode = (code: string) => fleet.find((v) => v.code === code)!;

/** The readings of one device of a simulator at t (null when it does not report then). */
function reading(sim: VesselSimulator, device: string, t: number): Reading['data'] | null {
  const out: Reading[] = [];
  sim.readingsAt(t, out);
  return out.find((r) => r.device === device)?.data ?? null;
}

/** Readings at the first instants from t on at which both simulators report the device. */
function both(a: VesselSimulator, b: VesselSimulator, device: string, t: number) {
  for (let s = t; s < t + 3 * H; s += 60) {
    const x = reading(a, device, s);
    const y = reading(b, device, s);
    if (x && y) return [x, y] as const;
  }
  throw new Error(`${device} silent around ${t}`);
}

describe('simulator scenarios (issue 30)', () => {
  const scenarios = demoScenarios(T0 + 20 * DAY);

  it('a fouled hull burns 30 % more at the same rpm from its start, and the tanks see it', () => {
    const v = byCode(DEMO_SCENARIO_VESSELS.fouledHull);
    const sc = scenarios[v.code];
    const from = sc.fouledHull!.from;
    const plain = new VesselSimulator('demo', v, from - DAY);
    const fouled = new VesselSimulator('demo', { ...v, scenarios: sc }, from - DAY);
    const id = (label: string) => v.devices.find((d) => d.label === label)!.uniqueId;
    const rpmId = v.devices.find((d) => d.type === 'rpm' && d.label === 'PORT')!.uniqueId;
    // before: the same readings
    expect(reading(fouled, id('PORT_IN'), from - 2 * H)).toEqual(reading(plain, id('PORT_IN'), from - 2 * H));
    // over two days after: the same rpm, 1.3 × the litres (supply − return), to the totalisers' 0.01 L
    // supply − return at the first minute from t at which both meters report (the same minute for both simulators)
    const litres = (sim: VesselSimulator, t: number, side = 'PORT') => {
      for (let m = t; ; m += 60) {
        const a = reading(sim, id(`${side}_IN`), m);
        const b = reading(sim, id(`${side}_OUT`), m);
        if (a && b) return a.volumeInventory - b.volumeInventory;
      }
    };
    const t1 = from + 2 * DAY;
    const burnt = litres(plain, t1) - litres(plain, from);
    expect(burnt).toBeGreaterThan(200);
    expect(litres(fouled, t1) - litres(fouled, from)).toBeCloseTo(1.3 * burnt, 0);
    expect(reading(fouled, rpmId, t1)).toEqual(reading(plain, rpmId, t1));
    // the tanks: 30 % of what both engines burnt since
    const both = burnt + litres(plain, t1, 'STARBOARD') - litres(plain, from, 'STARBOARD');
    const s = plain.timeline.stateAt(t1);
    expect(plain.fuelOnBoard(s) - fouled.fuelOnBoard(s)).toBeCloseTo(0.3 * both, -1);
  });

  it('a siphon at anchor: through the supply meter while the engine stands, then from the tank; whatever the start', () => {
    const v = byCode(DEMO_SCENARIO_VESSELS.siphon);
    const sc = scenarios[v.code];
    const sim = new VesselSimulator('demo', { ...v, scenarios: sc }, T0);
    const plain = new VesselSimulator('demo', v, T0);
    const inId = v.devices.find((d) => d.label === 'PORT_IN')!.uniqueId;
    sim.timeline.extendTo(T0 + 25 * DAY);
    const found = sim.timeline.segments.filter(
      (s) => s.phase === 'anchorage' && s.rpm0 === 0 && s.rpm1 === 0 && s.t0 >= sc.siphon!.from && s.t1 - s.t0 >= 3 * H,
    );
    expect(found.length).toBeGreaterThanOrEqual(2);
    const [first, second] = found;
    const hours = (s: { t0: number; t1: number }) => Math.min(3, (s.t1 - s.t0) / H - 2);
    // the first stop: the meter counts 400 L/h while the engine stands
    const meterAt = (x: VesselSimulator, t: number) => both(x, x, inId, t)[0].volumeInventory;
    const counted = meterAt(sim, first.t1 - 5 * 60) - meterAt(sim, first.t0);
    const plainCounted = meterAt(plain, first.t1 - 5 * 60) - meterAt(plain, first.t0);
    expect(counted - plainCounted).toBeCloseTo(400 * hours(first), 0);
    // the second: only the tanks
    const s1 = sim.timeline.stateAt(second.t0);
    const s2 = sim.timeline.stateAt(second.t1);
    const tankDrop = sim.fuelOnBoard(s1) - sim.fuelOnBoard(s2);
    const planDrop = plain.fuelOnBoard(s1) - plain.fuelOnBoard(s2);
    expect(tankDrop - planDrop).toBeCloseTo(400 * hours(second), 6);
    expect(meterAt(sim, second.t1 - 5 * 60) - meterAt(sim, second.t0)).toBeCloseTo(
      meterAt(plain, second.t1 - 5 * 60) - meterAt(plain, second.t0),
      6,
    );
    // a simulator started later gives the same readings
    const later = new VesselSimulator('demo', { ...v, scenarios: sc }, second.t0 - H);
    for (const t of [second.t0 + 2 * H, second.t1 + H]) {
      const a: Reading[] = [];
      const b: Reading[] = [];
      sim.readingsAt(t, a);
      later.readingsAt(t, b);
      expect(b).toEqual(a);
    }
  });
});
