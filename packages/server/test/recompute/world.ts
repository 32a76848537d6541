import type { TestApp } from '../helpers/app.ts';
import { createAsset, createDevice, twoTenants } from '../helpers/fixtures.ts';
import { seededRandom } from '../helpers/random.ts';

/**
 * The fleet of the recomputation suite (issue 25): two vessels whose devices report through POST /api/ingest as
 * devices do, generated from one seed. Everything the recomputation needs (devices, configuration, every stored
 * reading) is returned here; nothing is read back from the server.
 *
 * Time: A = 10 March 2025 00:00 UTC; readings from A − 8 h to A + 36 h, so that every local day of 10 March (zones
 * −3.75 … +7) and the day from 06:30 local are covered. What the data holds, by design:
 * - 60 s readings, 10 s readings in some windows (live rate), each device on its own phase (not on the minute);
 * - gaps of 90–900 s on RPM, GPS, meters and temperature sensors, one across an hour boundary, one GPS drop-out of
 *   90 minutes (vessel 1) and of 2.5 hours (vessel 2, beyond G_GPS);
 * - GPS readings without a position (single ones and a 20-minute run), fixes without speed or track, speeds around
 *   the 1-knot line (one exactly 1.852 km/h), a track that crosses north;
 * - rpm exactly at the threshold; AE running flags that disagree with rpm; an AE without running flags; an AE that
 *   is off the air for two whole UTC hours; a UTC hour in which no AE runs;
 * - meters with volume and mass totalisers, density and temperature; a totaliser reset; a reading without density
 *   (vessel 1 STARBOARD_IN, vessel 2 PORT_OUT), a reading without a flow rate, a return meter without mass totaliser;
 * - a late batch: readings of a 25-minute window sent after everything newer.
 */
export const H = 3600;
export const MIN = 60;
export const A = Date.UTC(2025, 2, 10) / 1000;
export const W0 = A - 8 * H;
export const W1 = A + 36 * H;

export type Data = Record<string, number>;
export interface Reading {
  device: string;
  ts: number;
  data: Data;
}
export type Kind = 'gps' | 'rpm' | 'ae' | 'flowmeter' | 'temperature';
export type MeterLabel = 'PORT_IN' | 'PORT_OUT' | 'STARBOARD_IN' | 'STARBOARD_OUT' | 'AE_IN' | 'AE_OUT';

export interface DeviceSpec {
  uid: string;
  type: Kind;
  label: string | null;
  /** Config RPM row: type and running threshold (mcrpMinValue) */
  configRpm?: { type: 'PORT' | 'STARBOARD'; min: number };
  /** Config AE row: number and rate (null: a row without a rate) */
  configAe?: { no: 1 | 2 | 3; rate: number | null };
  devcId?: number;
}

export interface VesselSpec {
  name: string;
  devices: DeviceSpec[];
  fuelType?: { name: string; co2: number; density: number };
  /** every reading as stored (one per device and time) */
  readings: Reading[];
  /** the readings held back and sent after all the others */
  late: Reading[];
  massId?: number;
}

const r7 = (v: number) => Math.round(v * 1e7) / 1e7;
const r3 = (v: number) => Math.round(v * 1e3) / 1e3;
const r2 = (v: number) => Math.round(v * 100) / 100;
const r1 = (v: number) => Math.round(v * 10) / 10;

type Window = readonly [number, number];
const inside = (t: number, ws: readonly Window[]) => ws.some(([a, b]) => t >= a && t < b);

/** A device's reading times: every 60 s from W0 + phase, every 10 s inside `fast`; `all` before gaps, `kept` after. */
function grid(phase: number, fast: readonly Window[] = [], gaps: readonly Window[] = []) {
  const all: number[] = [];
  for (let t = W0 + phase; t < W1; t += MIN) if (!inside(t, fast)) all.push(t);
  for (const [a, b] of fast) for (let t = a + (phase % 10); t < b; t += 10) all.push(t);
  all.sort((x, y) => x - y);
  return { all, kept: all.filter((t) => !inside(t, gaps)) };
}

function hashOf(s: string): number {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

interface GpsPlan {
  uid: string;
  phase: number;
  fast: Window[];
  gaps: Window[];
  /** runs of readings without a position */
  noFix: Window[];
  /** every n-th reading has no position */
  noFixEvery: number;
  /** speed (km/h) the vessel makes at time t */
  speed: (t: number, rnd: () => number) => number;
  start: { lat: number; lon: number; heading: number };
}

function gpsReadings(seed: number, p: GpsPlan): Reading[] {
  const rnd = seededRandom(seed ^ hashOf(p.uid));
  const { all, kept } = grid(p.phase, p.fast, p.gaps);
  const keep = new Set(kept);
  let { lat, lon, heading } = p.start;
  let prev = all[0];
  const out: Reading[] = [];
  all.forEach((t, k) => {
    const v = p.speed(t, rnd);
    const dt = t - prev;
    prev = t;
    // the true track: heading drifts, and swings across north between A+1h and A+3h
    if (t >= A + H && t < A + 3 * H) heading = (355 + 12 * Math.sin((t - A) / 900) + 360) % 360;
    else heading = (heading + (rnd() - 0.5) * 8 + 360) % 360;
    const metres = (v / 3.6) * dt;
    lat += (metres * Math.cos((heading * Math.PI) / 180)) / 111320;
    lon += (metres * Math.sin((heading * Math.PI) / 180)) / (111320 * Math.cos((lat * Math.PI) / 180));
    if (!keep.has(t)) return;
    const data: Data = {};
    const fix = !inside(t, p.noFix) && k % p.noFixEvery !== 5;
    if (fix) {
      data.latitude = r7(lat);
      data.longitude = r7(lon);
    }
    // the receiver reports speed and track with or without a position; some fixes lack one or the other
    if (k % 41 !== 3) data.speed = r3(v);
    if (k % 37 !== 2) data.track = r1(heading);
    data.satellites = fix ? 9 : 0;
    out.push({ device: p.uid, ts: t, data });
  });
  return out;
}

function simple(
  seed: number,
  uid: string,
  phase: number,
  o: { fast?: Window[]; gaps?: Window[] },
  data: (t: number, k: number, rnd: () => number) => Data | null,
): Reading[] {
  const rnd = seededRandom(seed ^ hashOf(uid));
  const { kept } = grid(phase, o.fast, o.gaps);
  const out: Reading[] = [];
  kept.forEach((t, k) => {
    const d = data(t, k, rnd);
    if (d) out.push({ device: uid, ts: t, data: d });
  });
  return out;
}

interface MeterPlan {
  uid: string;
  phase: number;
  fast?: Window[];
  gaps?: Window[];
  /** L/h at time t */
  rate: (t: number, rnd: () => number) => number;
  density: (t: number) => number;
  temperature: (t: number) => number;
  v0: number;
  /** the totalisers fall back to these at the first reading at or after `at` */
  reset?: { at: number; volume: number; mass: number };
  /** the reading at or after this time reports no density */
  noDensityAt?: number;
  /** the reading at or after this time reports no volume flow rate (its totaliser still counts) */
  noFlowrateAt?: number;
  /** no mass totaliser at all */
  noMass?: boolean;
}

function meterReadings(seed: number, p: MeterPlan): Reading[] {
  const rnd = seededRandom(seed ^ hashOf(p.uid));
  const { all, kept } = grid(p.phase, p.fast, p.gaps);
  const keep = new Set(kept);
  let volume = p.v0;
  let mass = p.v0 * 0.85;
  let prev = all[0];
  let resetDone = false;
  let noDensityDone = false;
  let noFlowDone = false;
  const out: Reading[] = [];
  for (const t of all) {
    const rate = Math.max(0, p.rate(t, rnd));
    const rho = p.density(t) + (rnd() - 0.5) * 0.6;
    const dv = (rate * (t - prev)) / 3600;
    prev = t;
    volume += dv;
    mass += (dv * rho) / 1000;
    if (!keep.has(t)) continue; // off the air: the totalisers keep counting
    if (p.reset && !resetDone && t >= p.reset.at) {
      resetDone = true;
      volume = p.reset.volume;
      mass = p.reset.mass;
    }
    const data: Data = {
      volumeFlowrate: r3(rate),
      massFlowrate: r3((rate * rho) / 1000),
      density: r2(rho),
      temperature: r2(p.temperature(t) + (rnd() - 0.5) * 0.4),
      volumeInventory: r3(volume),
      volumeTotal: r3(volume),
    };
    if (!p.noMass) {
      data.massInventory = r3(mass);
      data.massTotal = r3(mass);
    }
    if (p.noDensityAt !== undefined && !noDensityDone && t >= p.noDensityAt) {
      noDensityDone = true;
      delete data.density;
    }
    if (p.noFlowrateAt !== undefined && !noFlowDone && t >= p.noFlowrateAt) {
      noFlowDone = true;
      delete data.volumeFlowrate;
      delete data.massFlowrate;
    }
    out.push({ device: p.uid, ts: t, data });
  }
  return out;
}

const wave = (t: number, period: number) => Math.sin((2 * Math.PI * (t - A)) / period);

/** Vessel 1: twin engine, 3 AEs with an AE meter, all six meters, temperature sensors, a fuel type. */
function vesselOne(seed: number): VesselSpec {
  const sailing = (t: number) => t < A + 15 * H || t >= A + 19 * H;
  const portRunning = (t: number) => sailing(t) && !(t >= A + 13 * H && t < A + 13 * H + 1200);
  const ae1Runs = (t: number) => !(t >= A + 20 * H && t < A + 21 * H + 600);
  const ae2Runs = (t: number) =>
    (t >= A + 8 * H && t < A + 15 * H + 1800) || (t >= A + 21 * H + 2 * MIN && t < A + 23 * H);
  const ae3Runs = (t: number) => (t >= A - 2 * H && t < A + 6 * H) || (t >= A + 12 * H && t < A + 14 * H);
  const fast: Window[] = [[A + 3 * H, A + 4 * H]];
  const late: Window = [A + 6 * H + 20 * MIN, A + 6 * H + 45 * MIN];

  const gps = gpsReadings(seed, {
    uid: 'gps-r1',
    phase: 17,
    fast: [[A + 3 * H, A + 5 * H]],
    gaps: [
      [A + H + 100, A + H + 220],
      [A + 9 * H + 10 * MIN, A + 10 * H + 40 * MIN],
      [A + 12 * H - 300, A + 12 * H + 400],
    ],
    noFix: [[A + 7 * H, A + 7 * H + 20 * MIN]],
    noFixEvery: 29,
    speed: (t, rnd) => {
      if (t === A + 17 * H + 17) return 1.852; // exactly one knot: not moving (§7, strictly above)
      if (!sailing(t)) return 0.2 + 1.5 * rnd() + (rnd() < 0.05 ? 1 : 0);
      if (t >= A + 2 * H && t < A + 2 * H + 20 * MIN) return 1 + 2 * rnd(); // manoeuvring around the line
      return 16 + 4 * wave(t, 5400) + rnd();
    },
    start: { lat: -6.1, lon: 106.8, heading: 40 },
  });

  const rpm = (uid: string, phase: number, gaps: Window[], running: (t: number) => boolean, atLine: number) =>
    simple(seed, uid, phase, { fast, gaps }, (t, k, rnd) => {
      if (k === 777) return { rpm: atLine }; // exactly at the threshold: not running (§9, strictly above)
      if (running(t)) return { rpm: r1(850 + 200 * wave(t, 7200) + 30 * rnd()) };
      return { rpm: rnd() < 0.3 ? 0 : r1(280 + 200 * rnd()) };
    });

  const ae = (uid: string, phase: number, runs: (t: number) => boolean, o: { flags: boolean; gaps?: Window[] }) =>
    simple(seed, uid, phase, { fast: uid.endsWith('-1') ? fast : [], gaps: o.gaps }, (t, k, rnd): Data => {
      const on = runs(t);
      const quirks = t < A + 19 * H; // none in the UTC hour 20:00 where no AE runs
      if (!o.flags) return { rpm: on ? r1(1480 + 40 * rnd()) : quirks && k % 31 === 0 ? 40 : 0 }; // 40 > 0: running
      if (quirks && k % 53 === 0) return { rpm: 0, running: 1 }; // the flag decides (§10)
      if (quirks && k % 47 === 0) return { rpm: 1500, running: 0 };
      return on ? { rpm: r1(1480 + 40 * rnd()), running: 1 } : { rpm: 0, running: 0 };
    });

  const aeLoad = (t: number) => (ae1Runs(t) ? 6 : 0) + (ae2Runs(t) ? 5 : 0) + (ae3Runs(t) ? 8 : 0);
  const readings = [
    ...gps,
    ...rpm(
      'rpm-r1-1',
      5,
      [
        [A + 2 * H - 150, A + 2 * H + 150],
        [A + 14 * H, A + 14 * H + 900],
        [A + 20 * H + 30, A + 20 * H + 120],
      ],
      portRunning,
      400,
    ),
    ...rpm('rpm-r1-3', 25, [[A + 6 * H + 500, A + 6 * H + 1100]], sailing, 300),
    ...ae('ae-r1-1', 13, ae1Runs, { flags: true }),
    ...ae('ae-r1-2', 40, ae2Runs, { flags: true, gaps: [[A + 16 * H, A + 18 * H]] }),
    ...ae('ae-r1-3', 52, ae3Runs, { flags: false }),
    ...meterReadings(seed, {
      uid: 'fm-r1-PORT_IN',
      phase: 11,
      fast,
      gaps: [[A + 5 * H + 55 * MIN, A + 6 * H + 5 * MIN]],
      rate: (t, rnd) =>
        t >= A + 15 * H && t < A + 17 * H ? 0 : portRunning(t) ? 190 + 30 * wave(t, 3000) + 5 * rnd() : 35,
      density: () => 858,
      temperature: () => 42,
      v0: 120000,
      reset: { at: A + 13 * H + 11 * MIN, volume: 12.5, mass: 10.7 },
    }),
    ...meterReadings(seed, {
      uid: 'fm-r1-PORT_OUT',
      phase: 31,
      fast,
      rate: (t, rnd) => (t >= A + 15 * H && t < A + 17 * H ? 0 : portRunning(t) ? 80 + 10 * rnd() : 20),
      density: () => 855,
      temperature: () => 47,
      v0: 60000,
    }),
    ...meterReadings(seed, {
      uid: 'fm-r1-STARBOARD_IN',
      phase: 43,
      gaps: [[A + 11 * H + 30 * MIN, A + 11 * H + 33 * MIN]],
      rate: (t, rnd) => (sailing(t) ? 185 + 25 * wave(t, 4000) + 5 * rnd() : 30),
      density: () => 861,
      temperature: () => 41,
      v0: 98000,
      noDensityAt: A + 20 * H + 10 * MIN,
      noFlowrateAt: A + 2 * H + 30 * MIN,
    }),
    ...meterReadings(seed, {
      uid: 'fm-r1-STARBOARD_OUT',
      phase: 53,
      rate: (t, rnd) => (sailing(t) ? 75 + 10 * rnd() : 18),
      density: () => 857,
      temperature: () => 46,
      v0: 51000,
    }),
    ...meterReadings(seed, {
      uid: 'fm-r1-AE_IN',
      phase: 2,
      rate: (t, rnd) => 1.1 * aeLoad(t) + 2 + rnd(),
      density: () => 858,
      temperature: () => 38,
      v0: 7000,
    }),
    ...meterReadings(seed, {
      uid: 'fm-r1-AE_OUT',
      phase: 47,
      rate: (_, rnd) => 1.5 + rnd(),
      density: () => 857,
      temperature: () => 43,
      v0: 2500,
    }),
    ...simple(seed, 'tmp-r1-1', 7, { gaps: [[A + 4 * H + 10 * MIN, A + 4 * H + 22 * MIN]] }, (t, _k, rnd) => ({
      temperature: r2(sailing(t) ? 380 + 20 * rnd() : 120 + 10 * rnd()),
    })),
    ...simple(seed, 'tmp-r1-3', 37, {}, (t, _k, rnd) => ({
      temperature: r2(sailing(t) ? 372 + 20 * rnd() : 118 + 10 * rnd()),
    })),
    ...simple(seed, 'tmpc-r1-1', 29, {}, (_t, _k, rnd) => ({ temperature: r2(45 + 5 * rnd()) })),
  ];
  const lateUids = ['gps-r1', 'rpm-r1-1', 'fm-r1-PORT_IN', 'fm-r1-PORT_OUT', 'ae-r1-1'];
  return {
    name: 'RC Twin Metered',
    fuelType: { name: 'RC HSD', co2: 3.206, density: 845 },
    devices: [
      { uid: 'gps-r1', type: 'gps', label: null },
      { uid: 'rpm-r1-1', type: 'rpm', label: 'PORT', configRpm: { type: 'PORT', min: 400 } },
      { uid: 'rpm-r1-3', type: 'rpm', label: 'STARBOARD', configRpm: { type: 'STARBOARD', min: 300 } },
      { uid: 'ae-r1-1', type: 'ae', label: 'AE1', configAe: { no: 1, rate: 6 } },
      { uid: 'ae-r1-2', type: 'ae', label: 'AE2' },
      { uid: 'ae-r1-3', type: 'ae', label: 'AE3', configAe: { no: 3, rate: 8 } },
      ...(['PORT_IN', 'PORT_OUT', 'STARBOARD_IN', 'STARBOARD_OUT', 'AE_IN', 'AE_OUT'] as const).map((l) => ({
        uid: `fm-r1-${l}`,
        type: 'flowmeter' as const,
        label: l,
      })),
      { uid: 'tmp-r1-1', type: 'temperature', label: 'EXHAUST_TEMPERATURE' },
      { uid: 'tmp-r1-3', type: 'temperature', label: 'EXHAUST_TEMPERATURE' },
      { uid: 'tmpc-r1-1', type: 'temperature', label: 'TEMPERATURE' },
    ],
    readings: readings.filter((r) => !(lateUids.includes(r.device) && r.ts >= late[0] && r.ts < late[1])),
    late: readings.filter((r) => lateUids.includes(r.device) && r.ts >= late[0] && r.ts < late[1]),
  };
}

/** Vessel 2: twin engine without Config RPM, AEs without an AE meter (estimates), supply-only starboard, gas oil. */
function vesselTwo(seed: number): VesselSpec {
  const sailing = (t: number) => t < A + 3 * H || (t >= A + 7 * H && t < A + 22 * H);
  const late: Window = [A + 8 * H, A + 8 * H + 10 * MIN];
  const readings = [
    ...gpsReadings(seed, {
      uid: 'gps-r2',
      phase: 41,
      fast: [[A + 7 * H, A + 8 * H]],
      gaps: [
        [A + 4 * H, A + 6 * H + 30 * MIN],
        [A + 11 * H + 59 * MIN, A + 12 * H + 2 * MIN],
      ],
      noFix: [],
      noFixEvery: 23,
      speed: (t, rnd) => (sailing(t) ? 18 + 3 * wave(t, 6000) + rnd() : 0.5 * rnd()),
      start: { lat: 1.2, lon: 103.9, heading: 200 },
    }),
    ...simple(seed, 'rpm-r2-1', 3, { gaps: [[A + 9 * H + 58 * MIN, A + 10 * H + 4 * MIN]] }, (t, _k, rnd) => ({
      rpm: sailing(t) ? r1(900 + 100 * rnd()) : r1(390 + 20 * rnd()),
    })),
    ...simple(seed, 'rpm-r2-3', 33, {}, (t, _k, rnd) => ({ rpm: sailing(t) ? r1(880 + 100 * rnd()) : 0 })),
    ...simple(seed, 'ae-r2-1', 9, {}, (t, k) =>
      k % 61 === 0 ? { rpm: 1500, running: 0 } : t < A + 12 * H ? { rpm: 1500, running: 1 } : { rpm: 0, running: 0 },
    ),
    ...simple(seed, 'ae-r2-2', 21, { gaps: [[A + 2 * H + 10, A + 2 * H + 610]] }, (t) =>
      t >= A + 10 * H ? { rpm: 1500, running: 1 } : { rpm: 0, running: 0 },
    ),
    ...simple(seed, 'ae-r2-3', 45, {}, (t, _k, rnd) => ({
      rpm: (t - A) % (4 * H) < 90 * MIN ? r1(1400 + 50 * rnd()) : 0,
    })),
    ...meterReadings(seed, {
      uid: 'fm-r2-PORT_IN',
      phase: 15,
      fast: [[A + 7 * H, A + 8 * H]],
      rate: (t, rnd) => (sailing(t) ? 160 + 20 * rnd() : 25),
      density: () => 815,
      temperature: () => 30,
      v0: 40000,
    }),
    ...meterReadings(seed, {
      uid: 'fm-r2-PORT_OUT',
      phase: 35,
      rate: (t, rnd) => (sailing(t) ? 60 + 10 * rnd() : 15),
      density: () => 812,
      temperature: () => 34,
      v0: 21000,
      noMass: true,
      noDensityAt: A + 10 * H + 10 * MIN,
    }),
    ...meterReadings(seed, {
      uid: 'fm-r2-STARBOARD_IN',
      phase: 55,
      gaps: [[A + 16 * H + 20 * MIN, A + 16 * H + 35 * MIN]],
      rate: (t, rnd) => (sailing(t) ? 110 + 15 * rnd() : 20),
      density: () => 816,
      temperature: () => 31,
      v0: 30000,
      reset: { at: A + 9 * H + 3 * MIN, volume: 3.25, mass: 2.7 },
    }),
  ];
  const lateUids = ['gps-r2', 'fm-r2-PORT_IN', 'rpm-r2-1'];
  return {
    name: 'RC Twin Estimated',
    devices: [
      { uid: 'gps-r2', type: 'gps', label: null },
      { uid: 'rpm-r2-1', type: 'rpm', label: 'PORT' },
      { uid: 'rpm-r2-3', type: 'rpm', label: 'STARBOARD' },
      { uid: 'ae-r2-1', type: 'ae', label: 'AE1', configAe: { no: 1, rate: 7 } },
      { uid: 'ae-r2-2', type: 'ae', label: 'AE2' },
      { uid: 'ae-r2-3', type: 'ae', label: 'AE3', configAe: { no: 3, rate: null } },
      { uid: 'fm-r2-PORT_IN', type: 'flowmeter', label: 'PORT_IN' },
      { uid: 'fm-r2-PORT_OUT', type: 'flowmeter', label: 'PORT_OUT' },
      { uid: 'fm-r2-STARBOARD_IN', type: 'flowmeter', label: 'STARBOARD_IN' },
    ],
    readings: readings.filter((r) => !(lateUids.includes(r.device) && r.ts >= late[0] && r.ts < late[1])),
    late: readings.filter((r) => lateUids.includes(r.device) && r.ts >= late[0] && r.ts < late[1]),
  };
}

export const SEED = 25;
export function generateFleet(seed = SEED): VesselSpec[] {
  return [vesselOne(seed), vesselTwo(seed)];
}

async function post(t: TestApp, key: string, readings: Reading[]) {
  for (let i = 0; i < readings.length; i += 5000) {
    const r = await t.call({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-device-key': key },
      payload: { readings: readings.slice(i, i + 5000) },
    });
    if (r.statusCode !== 200 || r.json.data.rejected > 0 || r.json.data.duplicate > 0)
      throw new Error(`ingest failed: ${JSON.stringify(r.json).slice(0, 500)}`);
  }
}

export interface Seeded {
  token: string;
  compId: number;
  vessels: VesselSpec[];
}

/**
 * Creates the tenants, the vessels and their devices and configuration, issues each vessel's gateway key through the
 * device-key API, and sends the readings through POST /api/ingest in time order, then the late batches.
 */
export async function seedFleet(t: TestApp, vessels: VesselSpec[]): Promise<Seeded> {
  const db = t.database.db;
  const tenants = await twoTenants(db, ['master_asset', 'master_device']);
  const token = tenants.adminA;
  const keys: string[] = [];
  for (const v of vessels) {
    let extra: Record<string, unknown> = {};
    if (v.fuelType) {
      const f = await db
        .insertInto('fuel_type')
        .values({ mftyName: v.fuelType.name, mftyCo2Factor: v.fuelType.co2, mftyDensity: v.fuelType.density })
        .returning('mftyId')
        .executeTakeFirstOrThrow();
      extra = { massMftyId: f.mftyId };
    }
    v.massId = await createAsset(db, tenants.compA1, v.name, extra);
    const gw = await createDevice(db, v.massId, `gw-${v.name.replace(/\W+/g, '-')}`, 'gateway', {
      devcLabel: 'GATEWAY',
    });
    for (const d of v.devices) {
      d.devcId = await createDevice(db, v.massId, d.uid, d.type, { devcLabel: d.label });
      if (d.configRpm)
        await db
          .insertInto('config_rpm')
          .values({
            mcrpDevcId: d.devcId,
            mcrpType: d.configRpm.type,
            mcrpMinValue: d.configRpm.min,
            mcrpIsSingleEngine: 0,
          })
          .execute();
      if (d.configAe)
        await db
          .insertInto('config_ae')
          .values({ mcaeDevcId: d.devcId, mcaeNo: d.configAe.no, mcaeConsumptRateByTime: d.configAe.rate })
          .execute();
    }
    const issued = await t.call({ method: 'POST', url: `/api/master/device/${gw}/keys`, token, payload: {} });
    if (issued.statusCode !== 200) throw new Error(`key: ${JSON.stringify(issued.json)}`);
    keys.push(issued.json.data.key);
  }
  for (const [i, v] of vessels.entries())
    await post(
      t,
      keys[i],
      [...v.readings].sort((a, b) => a.ts - b.ts),
    );
  for (const [i, v] of vessels.entries())
    await post(
      t,
      keys[i],
      [...v.late].sort((a, b) => a.ts - b.ts),
    );
  return { token, compId: tenants.compA1, vessels };
}

/** Every stored reading of a vessel (the late ones included), by device, in time order. */
export function storedByDevice(v: VesselSpec): Map<string, Reading[]> {
  const by = new Map<string, Reading[]>(v.devices.map((d) => [d.uid, []]));
  for (const r of [...v.readings, ...v.late]) by.get(r.device)?.push(r);
  for (const list of by.values()) list.sort((a, b) => a.ts - b.ts);
  return by;
}
