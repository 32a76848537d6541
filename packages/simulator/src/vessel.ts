import { type TankSpec, tankVolumeAt } from '@fleet/fleet-catalog';
import { findPort, LANES, neighbours, PORTS, type Port } from './geography.ts';
import { hashString, Rng } from './random.ts';
import type { Scenarios } from './scenarios.ts';

/**
 * The vessel catalogue the simulator reads: the shape of the demo seed's `DemoVessel`
 * (packages/fleet-catalog/src/demo-fleet.ts), of which it needs only these fields. Optional fields
 * fall back to a typical harbour tug, so a hand-written catalogue can be short.
 */
export interface VesselDeviceSpec {
  uniqueId: string;
  type: string;
  label: string | null;
}

export interface VesselSpec {
  code: string;
  name: string;
  assetType?: string;
  fuelType?: string;
  homePort: { key?: string; name?: string } | string;
  tradingPorts?: ({ key?: string; name?: string } | string)[];
  variant?: Partial<{
    engines: 1 | 2;
    engineFlowMeters: boolean;
    aeFlowMeter: boolean;
    bunkerFlowMeter: boolean;
    maintenance: boolean;
  }>;
  engine?: Partial<{ ratedRpm: number; minRpm: number; serviceFuelLph: number; fuelPerKwh: number; powerKw: number }>;
  aes?: { no: number; rateLph: number; powerKw?: number }[];
  tanks?: TankSpec[];
  serviceSpeedKn?: number;
  devices: VesselDeviceSpec[];
  /** what goes wrong on board from a given time (a fouled hull, a siphon at anchor; scenarios.ts) */
  scenarios?: Scenarios;
}

export type VesselKind = 'tug' | 'tanker' | 'supply';

export interface EngineModel {
  side: 'PORT' | 'STARBOARD';
  /** this engine's rpm relative to the telegraph order (twin engines never run exactly alike) */
  rpmFactor: number;
  /** L/h burnt running without load */
  idleFlow: number;
  /** propeller law: flow = idleFlow + k · rpm³ (L/h) */
  k: number;
  /** share of the supply flow that the return line sends back */
  returnFraction: number;
}

/** What a device reports, from its type and label (docs/domain.md §2). */
export type DeviceRole =
  | { kind: 'gateway' | 'gps' | 'power' }
  | { kind: 'rpm'; engine: number }
  | { kind: 'ae'; ae: number }
  | { kind: 'supply' | 'return'; engine: number }
  | { kind: 'aeSupply' | 'aeReturn' | 'bunker' }
  | { kind: 'exhaust' | 'reservoir'; engine: number }
  | { kind: 'tank'; tank: number };

export interface SimDevice {
  uniqueId: string;
  type: string;
  role: DeviceRole;
  /** per-device hash key for noise and drop-outs */
  key: number;
}

export interface VesselModel {
  spec: VesselSpec;
  code: string;
  key: number;
  kind: VesselKind;
  home: string;
  trading: string[];
  maintenance: boolean;
  ratedRpm: number;
  idleRpm: number;
  serviceRpm: number;
  /** metres per second of speed through the water per rpm, free running */
  mpsPerRpm: number;
  engines: EngineModel[];
  aes: { no: number; rate: number }[];
  aeReturnFraction: number;
  tanks: TankSpec[];
  /** litres the tanks hold when full */
  capacity: number;
  /** density at 15 °C of the fuel this vessel buys, kg/m³ */
  rho15: [number, number];
  /** fuel line temperature when the engines run, °C */
  fuelTemp: number;
  devices: SimDevice[];
  /** devices the catalogue names that the simulator cannot feed (unknown type or label) */
  ignored: VesselDeviceSpec[];
}

const portOf = (p: { key?: string; name?: string } | string): Port | undefined =>
  typeof p === 'string' ? findPort(p) : (findPort(p.key) ?? findPort(p.name));

function kindOf(spec: VesselSpec): VesselKind {
  const t = `${spec.assetType ?? ''} ${spec.name}`.toLowerCase();
  if (/tanker|\bmt\b|oil/.test(t)) return 'tanker';
  if (/supply|\bsb\b|\bosv\b|ahts|\bmv\b|crew/.test(t)) return 'supply';
  return 'tug';
}

const labelOf = (d: VesselDeviceSpec) => (d.label ?? '').trim().toUpperCase();
/** docs/domain.md §2: the side of a temperature or flow meter is the last dash segment of the unique id. */
const sideSegment = (d: VesselDeviceSpec) => d.uniqueId.split('-').pop();

/** Builds the simulation model of a catalogue vessel; deterministic in (seed, code). */
export function vesselModel(seed: string | number, spec: VesselSpec): VesselModel {
  const key = hashString(`${seed}|${spec.code}`);
  const rng = new Rng(key);
  const kind = kindOf(spec);
  const home = (portOf(spec.homePort) ?? PORTS[key % PORTS.length]).id;
  const trading = [
    ...new Set([home, ...(spec.tradingPorts ?? []).map(portOf).flatMap((p) => (p ? [p.id] : []))]),
  ].filter((id) => id === home || LANES.has(id));
  if (trading.length === 1 && kind !== 'tug') trading.push(...neighbours(home).slice(0, 1));

  const defaults = {
    tug: { ratedRpm: 1600, serviceFuelLph: 120, powerKw: 900, fuelPerKwh: 0.24, kn: 10.5 },
    tanker: { ratedRpm: 1000, serviceFuelLph: 210, powerKw: 1100, fuelPerKwh: 0.23, kn: 11 },
    supply: { ratedRpm: 1800, serviceFuelLph: 160, powerKw: 970, fuelPerKwh: 0.24, kn: 12 },
  }[kind];
  const e = spec.engine ?? {};
  const ratedRpm = e.ratedRpm ?? defaults.ratedRpm;
  const minRpm = e.minRpm ?? 400;
  // idle sits clearly above the Config RPM minimum, so an idling engine counts as running (§9)
  const idleRpm = Math.round(Math.max(ratedRpm * 0.375, minRpm + 80));
  const serviceRpm = Math.round(ratedRpm * 0.9);
  const serviceFuel = e.serviceFuelLph ?? defaults.serviceFuelLph;
  const idleFlow = 0.03 * (e.powerKw ?? defaults.powerKw) * (e.fuelPerKwh ?? defaults.fuelPerKwh);
  const kn = spec.serviceSpeedKn ?? defaults.kn;

  const rpmDevices = spec.devices.filter((d) => d.type.toLowerCase() === 'rpm');
  const engineCount = spec.variant?.engines ?? (rpmDevices.length === 1 ? 1 : 2);
  const sides: EngineModel['side'][] = engineCount === 1 ? ['PORT'] : ['PORT', 'STARBOARD'];
  const engines: EngineModel[] = sides.map((side, i) => {
    const k = ((serviceFuel - idleFlow) / serviceRpm ** 3) * (1 + rng.range(-0.03, 0.03));
    return {
      side,
      rpmFactor: i === 0 ? 1 : 1 + rng.range(-0.006, 0.006),
      idleFlow: idleFlow * (1 + rng.range(-0.05, 0.05)),
      k,
      returnFraction: rng.range(0.28, 0.4),
    };
  });
  const engineOfSide = (side: string | undefined): number | undefined => {
    if (side === 'PORT' || side === '1' || side === 'MAINENGINE' || side === 'ME') return 0;
    if (side === 'STARBOARD' || side === '3') return engines.length > 1 ? 1 : undefined;
    return undefined;
  };

  const aes = (
    spec.aes?.length
      ? spec.aes
      : [
          { no: 1, rateLph: 5 },
          { no: 2, rateLph: 5 },
        ]
  ).map((a) => ({
    no: a.no,
    rate: a.rateLph,
  }));
  const tanks = spec.tanks ?? [];
  const capacity = tanks.length
    ? tanks.reduce((s, t) => s + tankVolumeAt(t, t.heightM), 0)
    : (kind === 'tanker' ? 160_000 : 50_000) * (1 + rng.range(-0.1, 0.1));
  const fuel = (spec.fuelType ?? 'HSD').toUpperCase();
  const rho15: [number, number] = /MFO|MDF|IFO|HFO/.test(fuel)
    ? [905, 950]
    : /B\d|BIO/.test(fuel)
      ? [853, 866]
      : [848, 862];
  const fuelTemp = /MFO|IFO|HFO/.test(fuel) ? 58 : 36;

  const devices: SimDevice[] = [];
  const ignored: VesselDeviceSpec[] = [];
  let aeOrder = 0;
  let tankOrder = 0;
  for (const d of spec.devices) {
    const type = d.type.toLowerCase();
    const label = labelOf(d);
    let role: DeviceRole | undefined;
    if (type === 'gateway' || type === 'gps' || type === 'power') role = { kind: type };
    else if (type === 'rpm') {
      const engine = engineOfSide(label || sideSegment(d)) ?? (engines.length === 1 ? 0 : undefined);
      if (engine !== undefined) role = { kind: 'rpm', engine };
    } else if (type === 'ae') {
      const no = Number(/AE\s*(\d)/.exec(label)?.[1] ?? aes[aeOrder]?.no);
      aeOrder++;
      const ae = aes.findIndex((a) => a.no === no);
      if (ae >= 0) role = { kind: 'ae', ae };
    } else if (type === 'flowmeter') {
      const m = /^(PORT|STARBOARD|AE|BUNKER|ME|MAINENGINE)_(IN|OUT)$/.exec(label);
      if (m && m[1] === 'BUNKER' && m[2] === 'IN') role = { kind: 'bunker' };
      else if (m && m[1] === 'AE') role = { kind: m[2] === 'IN' ? 'aeSupply' : 'aeReturn' };
      else if (m) {
        const engine = engineOfSide(m[1]);
        if (engine !== undefined) role = { kind: m[2] === 'IN' ? 'supply' : 'return', engine };
      }
    } else if (type === 'temperature') {
      const engine = engineOfSide(sideSegment(d));
      if (engine !== undefined && label === 'EXHAUST_TEMPERATURE') role = { kind: 'exhaust', engine };
      else if (engine !== undefined && label === 'TEMPERATURE') role = { kind: 'reservoir', engine };
    } else if (type === 'tank') {
      const side = Number(sideSegment(d));
      let tank = tanks.findIndex((t) => t.side === side);
      if (tank < 0 && tanks.length) tank = tankOrder % tanks.length;
      tankOrder++;
      if (tank >= 0) role = { kind: 'tank', tank };
    }
    if (role) devices.push({ uniqueId: d.uniqueId, type, role, key: hashString(`${seed}|${d.uniqueId}`) });
    else ignored.push(d);
  }

  return {
    spec,
    code: spec.code,
    key,
    kind,
    home,
    trading,
    maintenance: spec.variant?.maintenance === true,
    ratedRpm,
    idleRpm,
    serviceRpm,
    mpsPerRpm: (kn * 1852) / 3600 / serviceRpm,
    engines,
    aes,
    aeReturnFraction: rng.range(0.35, 0.5),
    tanks,
    capacity,
    rho15,
    fuelTemp,
    devices,
    ignored,
  };
}

/** The engine's fuel flow in L/h at an rpm: idle flow plus the propeller law (∝ rpm³); 0 when stopped. */
export function engineFuelRate(engine: EngineModel, rpm: number): number {
  return rpm > 0 ? engine.idleFlow + engine.k * rpm ** 3 : 0;
}
