import { LANES, type Lane, nextHop, portById } from './geography.ts';
import { Rng } from './random.ts';
import type { VesselModel } from './vessel.ts';

/**
 * A vessel's life as a list of segments, planned from a fixed epoch by a PRNG seeded with (seed, vessel).
 * Inside a segment the telegraph rpm changes linearly, so fuel (∝ rpm³), distance (∝ rpm) and the other
 * integrals have closed forms: every segment carries the running totals at its start, and any quantity at
 * time t is that total plus a partial integral. A reading at t therefore does not depend on where generation
 * started, and totalisers never go backwards.
 */

/** The simulated world starts here; before it every vessel lies at its home berth with engines stopped. */
export const EPOCH = Date.UTC(2025, 0, 1) / 1000;

export type Phase =
  | 'berth'
  | 'bunkering'
  | 'standby'
  | 'manoeuvre'
  | 'harbour'
  | 'sea'
  | 'waiting'
  | 'assist'
  | 'anchorage'
  | 'maintenance';

export interface Segment {
  t0: number;
  t1: number;
  phase: Phase;
  /** telegraph rpm at t0 and t1 (linear in between); 0 = engines stopped */
  rpm0: number;
  rpm1: number;
  /** metres per second of speed per rpm (0 = not making way: moored, clutch out or at anchor) */
  mps: number;
  lane: Lane;
  reversed: boolean;
  /** distance along the lane, in the direction of travel, at t0 */
  d0: number;
  /** the port the vessel is in or at (berth, harbour, manoeuvring); null at sea */
  port: string | null;
  towing: boolean;
  /** bit i set = auxiliary engine i runs */
  aeMask: number;
  /** AE load: each running AE burns its Config AE rate × this */
  aeLoad: number;
  shorePower: boolean;
  /** bunker flow received, L/h, at t0 and t1 */
  bunker0: number;
  bunker1: number;
  bunkerRho15: number;
  /** density at 15 °C of the fuel on board */
  rho15: number;
  /** when the main engines last started / stopped, and the rpm they stopped from */
  onSince: number;
  offSince: number;
  stopRpm: number;
  /** running totals at t0: engine-on seconds, ∫rpm³dt, the same weighted by density, AE running seconds, AE litres/kg, bunker litres/kg */
  cOn: number;
  cR3: number;
  cOnRho: number;
  cR3Rho: number;
  cAeRun: number[];
  cAeFuel: number;
  cAeRho: number;
  cBunker: number;
  cBunkerRho: number;
}

/** Where a vessel is and what it does at one instant. */
export interface VesselState {
  t: number;
  segment: Segment;
  phase: Phase;
  /** telegraph rpm (engine i turns rpm × rpmFactor) */
  rpm: number;
  engineOn: boolean;
  /** speed through the water, m/s */
  speed: number;
  lat: number;
  lon: number;
  heading: number;
  port: string | null;
  aeMask: number;
  aeLoad: number;
  shorePower: boolean;
  /** L/h */
  bunkerRate: number;
  rho15: number;
  /** totals since the epoch at t */
  on: number;
  r3: number;
  onRho: number;
  r3Rho: number;
  aeRun: number[];
  aeFuel: number;
  aeRho: number;
  bunker: number;
  bunkerRho: number;
}

const HOUR = 3600;
const MIN = 60;

export class Timeline {
  readonly segments: Segment[] = [];
  private readonly rng: Rng;
  private cursor = 0;
  // builder state: the end of the last segment
  private t = EPOCH;
  private rpm = 0;
  private lane: Lane;
  private reversed = false;
  private d = 0;
  private port: string | null;
  private towing = false;
  private aeMask = 1;
  private aeLoad = 1;
  private shorePower = false;
  private rho15: number;
  private onSince = EPOCH;
  private offSince = EPOCH;
  private stopRpm = 0;
  private berths = 0;
  private readonly robStart: number;
  private c = { on: 0, r3: 0, onRho: 0, r3Rho: 0, aeRun: [0, 0, 0], aeFuel: 0, aeRho: 0, bunker: 0, bunkerRho: 0 };

  /**
   * @param keepFrom segments that end before this time are planned (their totals count) but not kept, so a
   *   long-running simulator holds only the recent past; asking for an earlier time is an error.
   */
  constructor(
    readonly vessel: VesselModel,
    private keepFrom = Number.NEGATIVE_INFINITY,
  ) {
    this.rng = new Rng(vessel.key ^ 0x5eed);
    this.port = vessel.home;
    this.lane = LANES.get(vessel.home) as Lane;
    this.rho15 = this.rng.range(...vessel.rho15);
    this.robStart = vessel.capacity * this.rng.range(0.55, 0.85);
    if (vessel.maintenance) {
      // in dock: engines, gensets and their meters are shut down; the yard supplies power
      this.aeMask = 0;
      this.shorePower = true;
      this.push(Number.POSITIVE_INFINITY, 'maintenance', 0, 0, 0);
    }
  }

  /** Litres on board at the end of what is planned. */
  private rob(): number {
    const v = this.vessel;
    let engines = 0;
    for (const e of v.engines) engines += e.idleFlow * this.c.on + e.k * e.rpmFactor ** 3 * this.c.r3;
    return this.robStart + this.c.bunker - engines / HOUR - this.c.aeFuel;
  }

  private push(
    dur: number,
    phase: Phase,
    rpm0: number,
    rpm1: number,
    mps: number,
    bunker0 = 0,
    bunker1 = 0,
    bunkerRho15 = 0,
  ) {
    if (!(dur > 0)) return;
    const on = rpm0 > 0 || rpm1 > 0;
    if (on && this.rpm === 0) this.onSince = this.t;
    if (!on && this.rpm > 0) {
      this.offSince = this.t;
      this.stopRpm = this.rpm;
    }
    const c = this.c;
    if (this.t + dur > this.keepFrom)
      this.segments.push({
        t0: this.t,
        t1: this.t + dur,
        phase,
        rpm0,
        rpm1,
        mps,
        lane: this.lane,
        reversed: this.reversed,
        d0: this.d,
        port: this.port,
        towing: this.towing,
        aeMask: this.aeMask,
        aeLoad: this.aeLoad,
        shorePower: this.shorePower,
        bunker0,
        bunker1,
        bunkerRho15,
        rho15: this.rho15,
        onSince: this.onSince,
        offSince: this.offSince,
        stopRpm: this.stopRpm,
        cOn: c.on,
        cR3: c.r3,
        cOnRho: c.onRho,
        cR3Rho: c.r3Rho,
        cAeRun: c.aeRun.slice(),
        cAeFuel: c.aeFuel,
        cAeRho: c.aeRho,
        cBunker: c.bunker,
        cBunkerRho: c.bunkerRho,
      });
    if (!Number.isFinite(dur)) {
      this.t = dur;
      return;
    }
    const r3 = (dur * (rpm0 + rpm1) * (rpm0 * rpm0 + rpm1 * rpm1)) / 4;
    const onDur = on ? dur : 0;
    c.on += onDur;
    c.r3 += r3;
    c.onRho += onDur * this.rho15;
    c.r3Rho += r3 * this.rho15;
    const aes = this.vessel.aes;
    for (let i = 0; i < aes.length; i++) {
      if (this.aeMask & (1 << i)) {
        c.aeRun[i] += dur;
        const litres = (aes[i].rate * this.aeLoad * dur) / HOUR;
        c.aeFuel += litres;
        c.aeRho += litres * this.rho15;
      }
    }
    const received = ((bunker0 + bunker1) / 2) * (dur / HOUR);
    c.bunker += received;
    c.bunkerRho += received * bunkerRho15;
    this.d += (mps * dur * (rpm0 + rpm1)) / 2;
    this.rpm = rpm1;
    this.t += dur;
  }

  /** AEs running: n of them, starting from a rotating index (crews share the hours between gensets). */
  private gensets(n: number, load: number) {
    const count = this.vessel.aes.length;
    let mask = 0;
    for (let i = 0; i < Math.min(n, count); i++) mask |= 1 << ((this.berths + i) % count);
    this.aeMask = mask;
    this.aeLoad = load;
  }

  /**
   * Runs the engines along the lane until distance `target` (travel direction): constant-rpm blocks picked by
   * `pick`, joined by short linear ramps; the last block is cut so the section ends exactly at `target`.
   */
  private fill(target: number, phase: Phase, mps: number, pick: () => number, blockMin: number, blockMax: number) {
    const r = this.rng;
    for (let guard = 0; guard < 10_000 && target - this.d > 0.5; guard++) {
      const remaining = target - this.d;
      const next = Math.max(this.vessel.idleRpm, pick());
      const rampDur = r.range(40, 120);
      const rampDist = (mps * rampDur * (this.rpm + next)) / 2;
      if (rampDist >= remaining) {
        this.push(remaining / (mps * this.rpm), phase, this.rpm, this.rpm, mps);
        break;
      }
      this.push(rampDur, phase, this.rpm, next, mps);
      const blockDur = r.range(blockMin, blockMax);
      const left = target - this.d;
      if (mps * next * blockDur >= left) {
        this.push(left / (mps * next), phase, next, next, mps);
        break;
      }
      this.push(blockDur, phase, next, next, mps);
    }
    this.d = target;
  }

  private idle(dur: number, phase: Phase) {
    this.push(dur, phase, this.vessel.idleRpm, this.vessel.idleRpm, 0);
  }

  private stop(dur: number, phase: Phase) {
    this.push(dur, phase, 0, 0, 0);
  }

  private berth() {
    const v = this.vessel;
    const r = this.rng;
    this.berths++;
    this.towing = false;
    this.gensets(1, r.range(0.75, 1.1));
    const away = this.port !== v.home;
    const hours =
      v.kind === 'tanker'
        ? r.range(14, 40)
        : v.kind === 'supply'
          ? r.range(8, 26)
          : away
            ? r.range(6, 22)
            : r.range(2.5, 12);
    let dur = hours * HOUR;
    const rob = this.rob();
    if (rob < 0.5 * v.capacity) {
      // bunkering: an hour or two through the manifold, starting a while after arrival
      dur = Math.max(dur, 5 * HOUR);
      const before = r.range(40, 90) * MIN;
      const ramp = 5 * MIN; // ramps of 5 min at each end
      const maxRate = 80_000; // L/h through the bunker line
      const wanted = v.capacity * r.range(0.88, 0.94) - rob;
      const flowing = Math.min(120 * MIN, Math.max(r.range(60, 120) * MIN, (wanted / maxRate) * HOUR + ramp));
      const volume = Math.min(wanted, (maxRate * (flowing - ramp)) / HOUR);
      const rate = (volume / (flowing - ramp)) * HOUR;
      const rho = r.range(...v.rho15);
      this.stop(before, 'berth');
      this.push(ramp, 'bunkering', 0, 0, 0, 0, rate, rho);
      this.push(flowing - 2 * ramp, 'bunkering', 0, 0, 0, rate, rate, rho);
      this.push(ramp, 'bunkering', 0, 0, 0, rate, 0, rho);
      this.rho15 = (rob * this.rho15 + volume * rho) / (rob + volume);
      this.stop(dur - before - flowing, 'berth');
    } else this.stop(dur, 'berth');
  }

  private startEngines(minutes: [number, number]) {
    this.gensets(2, this.rng.range(0.9, 1.25));
    this.idle(this.rng.range(...minutes) * MIN, 'standby');
  }

  private finishAtBerth() {
    this.gensets(2, this.rng.range(0.9, 1.2));
    this.idle(this.rng.range(5, 20) * MIN, 'standby');
  }

  private voyage(to: string) {
    const v = this.vessel;
    const r = this.rng;
    const lane = LANES.get(`${this.port}-${to}`) as Lane;
    this.lane = lane;
    this.reversed = false;
    this.d = 0;
    this.towing = v.kind === 'tug' && r.chance(0.55);
    const way = this.towing ? r.range(0.55, 0.65) : 1;
    const mps = v.mpsPerRpm;
    const rated = v.ratedRpm;
    const manoeuvre = () => rated * r.range(0.44, 0.55);
    const harbour = () => rated * r.range(0.62, 0.72);
    const cruise = () => (r.chance(0.1) ? rated * r.range(0.93, 0.97) : v.serviceRpm * r.range(0.97, 1.03));

    this.startEngines([15, 30]);
    this.fill(Math.min(1500, lane.harbourStart * 0.5), 'manoeuvre', mps * 0.7, manoeuvre, 120, 300);
    this.gensets(1, r.range(0.8, 1.1));
    this.fill(lane.harbourStart, 'harbour', mps * way, harbour, 600, 1800);
    this.port = null;
    this.fill(lane.length - lane.harbourEnd, 'sea', mps * way, cruise, 20 * MIN, 60 * MIN);
    this.port = to;
    if (r.chance(v.kind === 'tanker' ? 0.4 : 0.15)) {
      // waiting at the anchorage for a berth or the tide
      this.idle(r.range(5, 15) * MIN, 'waiting');
      this.stop(r.range(2, 10) * HOUR, 'anchorage');
      this.startEngines([8, 15]);
      this.gensets(1, r.range(0.8, 1.1));
    }
    this.fill(lane.length - Math.min(1500, lane.harbourEnd * 0.5), 'harbour', mps * way, harbour, 600, 1800);
    this.gensets(2, r.range(0.9, 1.25));
    this.fill(lane.length, 'manoeuvre', mps * 0.7, manoeuvre, 120, 300);
    this.finishAtBerth();
  }

  /** A tug's job in its home port: out to meet a ship, then pushing it in at a walking pace. */
  private assist() {
    const v = this.vessel;
    const r = this.rng;
    const lane = LANES.get(this.port as string) as Lane;
    this.lane = lane;
    this.reversed = false;
    this.d = 0;
    const rated = v.ratedRpm;
    const mps = v.mpsPerRpm;
    const out = r.range(0.4, 0.8) * Math.min(lane.length, 12_000);
    this.startEngines([8, 15]);
    this.fill(Math.min(1200, out / 3), 'manoeuvre', mps * 0.7, () => rated * r.range(0.44, 0.55), 120, 300);
    this.gensets(1, r.range(0.8, 1.1));
    this.fill(out, 'harbour', mps, () => rated * r.range(0.68, 0.8), 300, 900);
    this.idle(r.range(10, 40) * MIN, 'waiting');
    this.reversed = true;
    this.d = lane.length - out;
    this.fill(lane.length - 1200, 'assist', mps * 0.3, () => rated * r.range(0.55, 0.95), 180, 600);
    this.gensets(2, r.range(0.9, 1.25));
    this.fill(lane.length, 'manoeuvre', mps * 0.7, () => rated * r.range(0.44, 0.55), 120, 300);
    this.finishAtBerth();
  }

  /** Down the port's long approach to the anchorage (a barge or a platform) and back. */
  private shuttle() {
    const v = this.vessel;
    const r = this.rng;
    const lane = LANES.get(this.port as string) as Lane;
    this.lane = lane;
    this.reversed = false;
    this.d = 0;
    const rated = v.ratedRpm;
    const mps = v.mpsPerRpm;
    this.towing = v.kind === 'tug';
    const way = this.towing ? r.range(0.55, 0.65) : 1;
    this.startEngines([10, 25]);
    this.fill(1500, 'manoeuvre', mps * 0.7, () => rated * r.range(0.44, 0.55), 120, 300);
    this.gensets(1, r.range(0.8, 1.1));
    this.fill(lane.length, 'harbour', mps * way, () => v.serviceRpm * r.range(0.95, 1.02), 900, 2400);
    this.idle(r.range(5, 15) * MIN, 'waiting');
    this.stop(r.range(2, 6) * HOUR, 'anchorage');
    this.towing = false;
    this.startEngines([8, 15]);
    this.gensets(1, r.range(0.8, 1.1));
    this.reversed = true;
    this.d = 0;
    this.fill(lane.length - 1500, 'harbour', mps, () => rated * r.range(0.7, 0.8), 900, 2400);
    this.gensets(2, r.range(0.9, 1.25));
    this.fill(lane.length, 'manoeuvre', mps * 0.7, () => rated * r.range(0.44, 0.55), 120, 300);
    this.finishAtBerth();
  }

  /** One port call and what follows it. */
  private cycle() {
    const v = this.vessel;
    const r = this.rng;
    this.berth();
    const port = this.port as string;
    const harbourLane = LANES.get(port) as Lane;
    const canLocal =
      port === v.home &&
      v.kind !== 'tanker' &&
      (portById.get(port)?.harbourWork === true ? harbourLane.length > 4000 : harbourLane.length >= 15_000);
    const destinations = v.trading.filter((p) => p !== port);
    let dest: string | undefined;
    if (port !== v.home && r.chance(0.7)) dest = v.home;
    else if (canLocal && (r.chance(0.7) || !destinations.length)) dest = undefined;
    else if (destinations.length) dest = r.pick(destinations);
    const hop = dest && nextHop(port, dest);
    if (hop) this.voyage(hop);
    else if (canLocal) portById.get(port)?.harbourWork ? this.assist() : this.shuttle();
  }

  /** Plans ahead until time t is covered. */
  extendTo(t: number) {
    while (this.t <= t) this.cycle();
  }

  /** Forgets the segments that ended before t (a live simulator calls this as time goes on). */
  prune(t: number) {
    this.keepFrom = Math.max(this.keepFrom, t);
    let n = 0;
    while (n < this.segments.length - 1 && this.segments[n].t1 <= t) n++;
    if (n > 0) {
      this.segments.splice(0, n);
      this.cursor = 0;
    }
  }

  /** The segment that holds time t (t before the epoch: the first one). */
  segmentAt(t: number): Segment {
    this.extendTo(t);
    const segs = this.segments;
    if (!segs.length || (t < segs[0].t0 && segs[0].t0 > EPOCH))
      throw new Error(`time ${t} is before the kept part of the timeline`);
    let i = this.cursor;
    if (!(segs[i].t0 <= t && t < segs[i].t1)) {
      if (i + 1 < segs.length && segs[i + 1].t0 <= t && t < segs[i + 1].t1) i++;
      else {
        let lo = 0;
        let hi = segs.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (segs[mid].t0 <= t) lo = mid;
          else hi = mid - 1;
        }
        i = lo;
      }
      this.cursor = i;
    }
    return segs[i];
  }

  stateAt(time: number): VesselState {
    const t = Math.max(EPOCH, time);
    const s = this.segmentAt(t);
    const T = s.t1 - s.t0;
    const tau = t - s.t0;
    const f = Number.isFinite(T) && T > 0 ? tau / T : 0;
    const rpm = s.rpm0 + (s.rpm1 - s.rpm0) * f;
    const on = s.rpm0 > 0 || s.rpm1 > 0;
    const r3 = (tau * (s.rpm0 + rpm) * (s.rpm0 * s.rpm0 + rpm * rpm)) / 4;
    const pos = s.lane.at(s.d0 + (s.mps * tau * (s.rpm0 + rpm)) / 2, s.reversed);
    const bunkerRate = s.bunker0 + (s.bunker1 - s.bunker0) * f;
    const received = ((s.bunker0 + bunkerRate) / 2) * (tau / HOUR);
    const aeRun = [s.cAeRun[0], s.cAeRun[1], s.cAeRun[2]];
    let aeFuel = s.cAeFuel;
    let aeRho = s.cAeRho;
    const aes = this.vessel.aes;
    for (let i = 0; i < aes.length; i++) {
      if (s.aeMask & (1 << i)) {
        aeRun[i] += tau;
        const litres = (aes[i].rate * s.aeLoad * tau) / HOUR;
        aeFuel += litres;
        aeRho += litres * s.rho15;
      }
    }
    return {
      t,
      segment: s,
      phase: s.phase,
      rpm,
      engineOn: on,
      speed: s.mps * rpm,
      lat: pos.lat,
      lon: pos.lon,
      heading: pos.heading,
      port: s.port,
      aeMask: s.aeMask,
      aeLoad: s.aeLoad,
      shorePower: s.shorePower,
      bunkerRate,
      rho15: s.rho15,
      on: s.cOn + (on ? tau : 0),
      r3: s.cR3 + r3,
      onRho: s.cOnRho + (on ? tau : 0) * s.rho15,
      r3Rho: s.cR3Rho + r3 * s.rho15,
      aeRun,
      aeFuel,
      aeRho,
      bunker: s.cBunker + received,
      bunkerRho: s.cBunkerRho + received * s.bunkerRho15,
    };
  }

  /** Fuel on board (L) at a state: start + received − burnt by main and auxiliary engines. */
  robAt(state: VesselState): number {
    let engines = 0;
    for (const e of this.vessel.engines) engines += e.idleFlow * state.on + e.k * e.rpmFactor ** 3 * state.r3;
    return this.robStart + state.bunker - engines / HOUR - state.aeFuel;
  }

  /** Bunkering windows [start, end) overlapping [from, to). */
  bunkerings(from: number, to: number): { start: number; end: number; litres: number; port: string | null }[] {
    this.extendTo(to);
    const out: { start: number; end: number; litres: number; port: string | null }[] = [];
    for (const s of this.segments) {
      if (s.phase !== 'bunkering' || s.t1 <= from || s.t0 >= to) continue;
      const last = out[out.length - 1];
      const litres = ((s.bunker0 + s.bunker1) / 2) * ((s.t1 - s.t0) / HOUR);
      if (last && Math.abs(last.end - s.t0) < 1e-6) {
        last.end = s.t1;
        last.litres += litres;
      } else out.push({ start: s.t0, end: s.t1, litres, port: s.port });
    }
    return out;
  }
}
