import { tankLevelOf, tankVolumeAt } from '@fleet/fleet-catalog';
import { gaussAt, smoothAt, unitAt } from './random.ts';
import { ScenarioLitres } from './scenarios.ts';
import { EPOCH, Timeline, type VesselState } from './timeline.ts';
import {
  type EngineModel,
  engineFuelRate,
  type SimDevice,
  type VesselModel,
  type VesselSpec,
  vesselModel,
} from './vessel.ts';

/** One record of `POST /api/ingest` (docs/api.md "Device ingest"). */
export interface Reading {
  device: string;
  ts: number;
  data: Record<string, number>;
}

const HOUR = 3600;
const DAY = 86_400;
/** diesel fuels lose ~0.084 % of their density per °C above 15 °C */
const expansion = (temp: number) => 1 - 0.00084 * (temp - 15);
const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * Window-based outages: each window of `window` s holds, with probability p, one outage of [min, max] s at a
 * random offset. `startAt(t)` is the start of the outage t falls in, else undefined. Caches the window last
 * looked at, since readings are asked for in time order.
 */
class Outages {
  private w = Number.NaN;
  private spans: number[] = [];
  constructor(
    private readonly key: number,
    private readonly window: number,
    private readonly p: number,
    private readonly min: number,
    private readonly max: number,
    private readonly channel: number,
  ) {}

  startAt(t: number): number | undefined {
    const w = Math.floor(t / this.window);
    if (w !== this.w) {
      this.w = w;
      this.spans = [];
      for (let k = w - 1; k <= w; k++) {
        if (unitAt(this.key, k, this.channel) >= this.p) continue;
        const start = k * this.window + unitAt(this.key, k, this.channel + 1) * this.window;
        this.spans.push(start, start + this.min + unitAt(this.key, k, this.channel + 2) * (this.max - this.min));
      }
    }
    const s = this.spans;
    for (let i = 0; i < s.length; i += 2) if (t >= s[i] && t < s[i + 1]) return s[i];
    return undefined;
  }
}

/** Engine room air: warm afternoons, cooler nights (solar time from the longitude), °C. */
function engineRoom(key: number, t: number, lon: number) {
  const solarHour = (((t / HOUR + lon / 15) % 24) + 24) % 24;
  return 33 + 2.5 * Math.cos((2 * Math.PI * (solarHour - 15)) / 24) + smoothAt(key, t, 11, 4 * HOUR);
}

/** Sea water around the tanks, °C. */
function seaTemp(key: number, t: number) {
  return 29.5 + 0.8 * smoothAt(key, t, 12, DAY);
}

/** Simulates one vessel: its devices' readings at any instant. */
export class VesselSimulator {
  readonly model: VesselModel;
  readonly timeline: Timeline;
  /** the gateway's unique id (its key posts for the whole vessel) */
  readonly gateway: string | undefined;
  /** the devices that report: a vessel under maintenance has only its gateway and that gateway's power supply on */
  readonly devices: SimDevice[];
  /** density factor at the fuel line's running temperature */
  private readonly lineExpansion: number;
  /** the uplink is down (no device gets through): a few short outages a month */
  private readonly link: Outages;
  /** AC lost for a few minutes (genset changeover, a tripped breaker): the gateway runs on its battery */
  private readonly blackout: Outages;
  /** per sensor: short drop-outs (loose connector, sensor reboot) */
  private readonly sensorOutages = new Map<string, Outages>();
  private readonly tankShare: number[];
  /** the spec's scenarios (a fouled hull, a siphon at anchor), when it has any */
  private readonly scenario: ScenarioLitres | undefined;

  /** @param keepFrom the earliest time that will be asked for (the older plan is not kept in memory) */
  constructor(seed: string | number, spec: VesselSpec, keepFrom?: number) {
    const m = vesselModel(seed, spec);
    this.model = m;
    // a scenario reads the plan from its start: it is kept from there
    this.timeline = new Timeline(
      m,
      spec.scenarios
        ? Math.min(keepFrom ?? Number.NEGATIVE_INFINITY, ScenarioLitres.keepFrom(spec.scenarios))
        : keepFrom,
    );
    this.scenario = spec.scenarios ? new ScenarioLitres(m, this.timeline, spec.scenarios) : undefined;
    this.gateway = m.devices.find((d) => d.role.kind === 'gateway')?.uniqueId;
    this.devices = m.maintenance
      ? m.devices.filter((d) => d.role.kind === 'gateway' || d.role.kind === 'power')
      : m.devices;
    this.lineExpansion = expansion(m.fuelTemp);
    this.link = new Outages(m.key, 6 * HOUR, 0.02, 5 * 60, 30 * 60, 100);
    this.blackout = new Outages(m.key, 3 * DAY, 0.35, 2 * 60, 9 * 60, 300);
    for (const d of m.devices) {
      if (d.role.kind !== 'gateway')
        this.sensorOutages.set(d.uniqueId, new Outages(d.key, 4 * HOUR, 0.05, 2 * 60, 20 * 60, 200));
    }
    const full = m.tanks.map((x) => tankVolumeAt(x, x.heightM));
    const total = full.reduce((a, b) => a + b, 0);
    this.tankShare = full.map((v) => v / total);
  }

  /** Fuel in the tanks (L): the plan's, less what the scenarios took (a fouled hull's extra burn, a siphon). */
  fuelOnBoard(s: VesselState): number {
    const sc = this.scenario;
    let litres = this.timeline.robAt(s);
    if (!sc) return litres;
    for (let e = 0; e < this.model.engines.length; e++) litres -= sc.fouledExtra(e, s).litres;
    return litres - sc.siphoned(s.t).total;
  }

  /** The vessel's uplink is down at t. */
  linkDown(t: number): boolean {
    return this.link.startAt(t) !== undefined;
  }

  /** A device reports at t unless the link or the sensor itself has dropped out. */
  reports(uniqueId: string, t: number): boolean {
    if (this.linkDown(t)) return false;
    return this.sensorOutages.get(uniqueId)?.startAt(t) === undefined;
  }

  /** Appends the readings of every reporting device at time t. */
  readingsAt(t: number, out: Reading[]): void {
    if (this.linkDown(t)) return;
    const state = this.timeline.stateAt(t);
    for (const d of this.devices) {
      if (this.sensorOutages.get(d.uniqueId)?.startAt(t) !== undefined) continue;
      out.push({ device: d.uniqueId, ts: t, data: this.dataOf(d, state, t) });
    }
  }

  /** Engine e's shaft rpm; `noise` adds the pickup's jitter on top of the drift its fuel flow shares. */
  private engineRpm(e: number, engine: EngineModel, s: VesselState, t: number, noise: boolean) {
    if (!s.engineOn) return 0;
    const drift = 1 + 0.006 * smoothAt(this.model.key + e, t, 21, 300);
    return s.rpm * engine.rpmFactor * drift * (noise ? 1 + 0.003 * gaussAt(this.model.key + e, t, 22) : 1);
  }

  /** Share of rated power by the propeller law. */
  private load(rpm: number) {
    return (rpm / this.model.ratedRpm) ** 3;
  }

  /** Fuel in the service tank: warmed by the return flow while the engines run, cooling to sea temperature after. */
  private reservoirTemp(s: VesselState, t: number, key: number) {
    const sea = seaTemp(this.model.key, t);
    const seg = s.segment;
    const hot = this.model.fuelTemp - sea;
    const tau = 1.5 * HOUR;
    let temp: number;
    if (s.engineOn) temp = sea + hot * (1 - Math.exp(-(t - seg.onSince) / tau));
    else {
      const reached = seg.offSince > seg.onSince ? 1 - Math.exp(-(seg.offSince - seg.onSince) / tau) : 0;
      temp = sea + hot * reached * Math.exp(-(t - seg.offSince) / (3 * HOUR));
    }
    return temp + 0.15 * gaussAt(key, t, 31);
  }

  /** Exhaust gas after the turbocharger at steady load, °C: ~200 idling, ~370 at service speed. */
  private exhaustTarget(rpm: number) {
    return 150 + 270 * this.load(rpm) ** 0.6;
  }

  private exhaustTemp(s: VesselState, t: number, e: number, key: number) {
    const room = engineRoom(this.model.key, t, s.lon);
    const engine = this.model.engines[e];
    const seg = s.segment;
    if (s.engineOn) {
      const rpm = this.engineRpm(e, engine, s, t, false);
      const warm = 1 - Math.exp(-(t - seg.onSince) / 240);
      return room + (this.exhaustTarget(rpm) - room) * warm + 4 * smoothAt(key, t, 32, 600) + 1.5 * gaussAt(key, t, 33);
    }
    const stopped = seg.offSince > EPOCH ? this.exhaustTarget(seg.stopRpm * engine.rpmFactor) : room;
    return room + (stopped - room) * Math.exp(-(t - seg.offSince) / 900) + 0.3 * gaussAt(key, t, 33);
  }

  private dataOf(d: SimDevice, s: VesselState, t: number): Record<string, number> {
    const m = this.model;
    const role = d.role;
    const key = d.key;
    switch (role.kind) {
      case 'gps': {
        const moving = s.speed > 0.05;
        // a moored vessel's fix does not wander (static navigation); under way: a few metres of noise
        const jitter = moving ? 0.00003 : 0;
        // speed over ground: the speed the positions move at, with the receiver's noise and a slow swell
        const swell = 1 + 0.015 * smoothAt(m.key, t, 41, 1800);
        const speed = moving
          ? s.speed * 3.6 * swell * (1 + 0.015 * gaussAt(key, t, 42))
          : Math.abs(0.08 * gaussAt(key, t, 42));
        return {
          latitude: Math.round((s.lat + jitter * gaussAt(key, t, 43)) * 1e6) / 1e6,
          longitude: Math.round((s.lon + jitter * gaussAt(key, t, 44)) * 1e6) / 1e6,
          speed: r2(Math.max(0, speed)),
          track: r1((s.heading + (moving ? 1.5 * gaussAt(key, t, 45) : 0) + 360) % 360),
          altitude: r1(3 + 2 * gaussAt(key, t, 46)),
          satellites: Math.round(clamp(10 + 3 * smoothAt(key, t, 47, 1200), 5, 16)),
        };
      }
      case 'rpm':
        return { rpm: r1(this.engineRpm(role.engine, m.engines[role.engine], s, t, true)) };
      case 'ae':
        // isochronous governor: 1 500 rpm (50 Hz) with a little droop under load
        return (s.aeMask & (1 << role.ae)) !== 0
          ? { rpm: r1(1500 - 6 * s.aeLoad + 2 * gaussAt(key, t, 51)), running: 1 }
          : { rpm: 0, running: 0 };
      case 'supply':
      case 'return': {
        const engine = m.engines[role.engine];
        const rpm = this.engineRpm(role.engine, engine, s, t, false);
        const supply = role.kind === 'supply';
        const f = engine.returnFraction;
        // supply = burnt / (1 − f); the return line carries f of the supply back to the tank
        const share = supply ? 1 / (1 - f) : f / (1 - f);
        const sc = this.scenario;
        let flow =
          engineFuelRate(engine, rpm) *
          (sc ? sc.flowFactor(t) : 1) *
          share *
          (1 + (supply ? 0.008 : 0.012) * gaussAt(key, t, 61));
        const tank = this.reservoirTemp(s, t, m.key + 7 * role.engine);
        const temp = supply ? tank + (s.engineOn ? 1.5 : 0) : tank + (s.engineOn ? 6 + 8 * this.load(rpm) : 0);
        const cube = engine.k * engine.rpmFactor ** 3;
        let burnt = (engine.idleFlow * s.on + cube * s.r3) / HOUR;
        let burntKg = ((engine.idleFlow * s.onRho + cube * s.r3Rho) / HOUR / 1000) * this.lineExpansion;
        // what the scenarios add: the fouled hull's extra burn; a siphon after the port supply meter (counted there)
        let siphoned = 0;
        if (sc) {
          const extra = sc.fouledExtra(role.engine, s);
          burnt += extra.litres;
          burntKg += extra.kg * this.lineExpansion;
          if (supply && role.engine === 0) {
            const sip = sc.siphoned(t);
            siphoned = sip.metered;
            flow += sip.meterRate;
          }
        }
        const pressure = s.engineOn
          ? (supply ? 3.2 + 1.2 * this.load(rpm) : 0.6 + 0.4 * this.load(rpm)) + 0.05 * gaussAt(key, t, 62)
          : 0.15 + 0.02 * gaussAt(key, t, 62);
        const kgPerL = (s.rho15 / 1000) * this.lineExpansion;
        return this.meter(
          key,
          flow,
          s.rho15 * expansion(temp),
          temp,
          pressure,
          burnt * share + siphoned,
          burntKg * share + siphoned * kgPerL,
        );
      }
      case 'aeSupply':
      case 'aeReturn': {
        let burn = 0;
        for (let i = 0; i < m.aes.length; i++) if (s.aeMask & (1 << i)) burn += m.aes[i].rate * s.aeLoad;
        burn *= 1 + 0.03 * smoothAt(key, t, 63, 600);
        const f = m.aeReturnFraction;
        const supply = role.kind === 'aeSupply';
        const share = supply ? 1 / (1 - f) : f / (1 - f);
        const flow = burn * share * (1 + 0.01 * gaussAt(key, t, 61));
        const temp = seaTemp(m.key, t) + 3 + (!supply && burn > 0 ? 7 : 0) + 0.2 * gaussAt(key, t, 64);
        const pressure = burn > 0 ? (supply ? 2.8 : 0.5) + 0.05 * gaussAt(key, t, 62) : 0.1;
        const kg = (s.aeRho / 1000) * this.lineExpansion * share;
        return this.meter(key, flow, s.rho15 * expansion(temp), temp, pressure, s.aeFuel * share, kg);
      }
      case 'bunker': {
        const flowing = s.bunkerRate > 0;
        const temp = 30 + 0.8 * smoothAt(key, t, 65, 1800) + 0.1 * gaussAt(key, t, 64);
        // idle, the meter's pipe holds the fuel last received
        const rho15 = flowing ? s.segment.bunkerRho15 : s.rho15;
        const flow = flowing ? s.bunkerRate * (1 + 0.01 * gaussAt(key, t, 61)) : 0;
        const pressure = flowing ? 3 + 0.6 * (s.bunkerRate / 80_000) + 0.08 * gaussAt(key, t, 62) : 0;
        const kg = (s.bunkerRho / 1000) * expansion(30);
        return this.meter(key, flow, rho15 * expansion(temp), temp, pressure, s.bunker, kg);
      }
      case 'exhaust':
        return { temperature: r1(this.exhaustTemp(s, t, role.engine, key)) };
      case 'reservoir':
        return { temperature: r2(this.reservoirTemp(s, t, m.key + 7 * role.engine)) };
      case 'tank': {
        const tank = m.tanks[role.tank];
        // the engineer transfers between port and starboard now and then: a slow imbalance
        const imbalance = m.tanks.length > 1 ? 0.03 * smoothAt(m.key, t, 71, 6 * HOUR) * (tank.side === 1 ? 1 : -1) : 0;
        const litres = Math.max(0, this.fuelOnBoard(s)) * (this.tankShare[role.tank] + imbalance);
        const slosh = s.speed > 0.05 ? 12 : 1.5;
        const levelMm = clamp(tankLevelOf(tank, litres) * 1000 + slosh * gaussAt(key, t, 72), 0, tank.heightM * 1000);
        // the gauge measures the level; the volume comes from the sounding table
        return {
          level: r1(levelMm),
          volume: r1(tankVolumeAt(tank, levelMm / 1000)),
          temperature: r2(seaTemp(m.key, t) + 1 + 0.2 * gaussAt(key, t, 73)),
        };
      }
      case 'power': {
        const outage = this.blackout.startAt(t);
        const ac = (s.aeMask !== 0 || s.shorePower) && outage === undefined;
        const onBattery = outage === undefined ? 0 : (t - outage) / 60;
        const volts = ac
          ? 13.65 + 0.08 * smoothAt(key, t, 81, HOUR) + 0.02 * gaussAt(key, t, 82)
          : 12.7 - 0.035 * onBattery + 0.02 * gaussAt(key, t, 82);
        return { onAc: ac ? 1 : 0, batteryFail: volts < 11.5 ? 1 : 0, batteryVoltage: r2(volts) };
      }
      case 'gateway': {
        const uptime = Math.max(0, Math.floor(t - this.lastBoot(key, t)));
        const outage = this.blackout.startAt(t);
        const busy = s.speed > 0.05 ? 3 : 0;
        return {
          cpuUsage: r1(
            clamp(7 + 5 * (smoothAt(key, t, 91, 1800) + 1) + 3 * Math.abs(gaussAt(key, t, 92)) + busy, 0, 100),
          ),
          memoryFree: r1(clamp(62 - 12 * Math.min(1, uptime / (30 * DAY)) + 4 * smoothAt(key, t, 93, 3 * HOUR), 5, 95)),
          // logs rotate weekly: free space creeps down, then jumps back
          spaceFree: r1(78 - 7 * ((t / (7 * DAY) + unitAt(key, 0, 94)) % 1) + 0.2 * gaussAt(key, t, 95)),
          uptime,
          battery: r1(outage === undefined ? 100 : Math.max(5, 100 - ((t - outage) / 60) * 1.2)),
          memory: [512, 1024, 2048][key % 3],
        };
      }
    }
  }

  /** The gateway reboots every week or two (updates, watchdog). */
  private lastBoot(key: number, t: number): number {
    const window = 14 * DAY;
    const w = Math.floor(t / window);
    const boot = w * window + unitAt(key, w, 96) * window;
    return boot <= t ? boot : (w - 1) * window + unitAt(key, w - 1, 96) * window;
  }

  /** A flow meter record; the totalisers start from the meter's own history before the epoch. */
  private meter(
    key: number,
    flow: number,
    density: number,
    temp: number,
    pressure: number,
    litres: number,
    kg: number,
  ) {
    const history = 150_000 + unitAt(key, 0, 97) * 2_000_000; // L counted before the epoch (non-resettable)
    const sinceReset = 5_000 + unitAt(key, 0, 98) * 60_000; // L on the resettable total at the epoch
    const kgPerL = (this.model.rho15[0] + this.model.rho15[1]) / 2000;
    return {
      volumeFlowrate: r2(Math.max(0, flow)),
      massFlowrate: r2(Math.max(0, (flow * density) / 1000)),
      density: r2(density),
      temperature: r2(temp),
      pressure: r3(Math.max(0, pressure)),
      volumeInventory: r2(history + litres),
      volumeTotal: r2(sinceReset + litres),
      massInventory: r2(history * kgPerL + kg),
      massTotal: r2(sinceReset * kgPerL + kg),
    };
  }
}

export interface GenerateOptions {
  seed: string | number;
  vessels: VesselSpec[];
  /** epoch seconds; readings at the multiples of stepSeconds in [start, end) */
  start: number;
  end: number;
  /** seconds between readings of a device: 60 for history, 10 live (default 60) */
  stepSeconds?: number;
  /** time steps per yielded batch (default 1) */
  batchSteps?: number;
}

/**
 * Readings of every device of every vessel, in time order, in batches of `batchSteps` time steps.
 * Deterministic: the same seed, vessels and instant give the same readings, whatever the start and batch size.
 */
export function* generateReadings(options: GenerateOptions): Generator<Reading[]> {
  const step = options.stepSeconds ?? 60;
  const batchSteps = Math.max(1, Math.floor(options.batchSteps ?? 1));
  if (!(step > 0)) throw new Error('stepSeconds must be positive');
  const sims = options.vessels.map((v) => new VesselSimulator(options.seed, v, options.start));
  let batch: Reading[] = [];
  let steps = 0;
  for (let t = Math.ceil(options.start / step) * step; t < options.end; t += step) {
    for (const sim of sims) sim.readingsAt(t, batch);
    if (++steps === batchSteps) {
      yield batch;
      batch = [];
      steps = 0;
    }
  }
  if (batch.length) yield batch;
}
