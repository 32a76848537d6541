import { type DeviceSpec, type Reading, storedByDevice, type VesselSpec } from './world.ts';

/**
 * An independent recomputation of the summary figures from the raw readings, written from docs/domain.md (§1,
 * §5–§16, §23, §24.3) only: nothing here comes from packages/server/src or packages/shared. Constants are re-declared
 * with the section that gives them.
 */

/** §5: gap limits (s) */
export const G = 60;
export const G_GPS = 3600;
/** §7: moving above 1 knot, in km/h */
const MOVING_KMH = 1.852;
/** §4, §7: km/h → knots as the sections state it (× 0.539957) */
export const KMH_TO_KNOTS = 0.539957;
/** §6 haversine radius (m) */
const R_EARTH = 6371000;
/** §9: running threshold without a Config RPM row */
const DEFAULT_THRESHOLD = 400;
/** §13: AE rate without a Config AE rate (L/h) */
const DEFAULT_AE_RATE = 5;

export type Unit = 'MINUTE' | 'HOUR' | 'DAY';
export const UNIT_SECONDS: Record<Unit, number> = { MINUTE: 60, HOUR: 3600, DAY: 86400 };

/** §1: the bucket holding t, named by the epoch second of its first instant, aligned to local time in tz. */
export function bucketOf(t: number, size: number, tz: number): number {
  const shift = Math.round(tz * 3600);
  return Math.floor((t + shift) / size) * size - shift;
}

// ---------- §24.3 ASTM D1250 / ISO 91-1 Table 54B ----------
function alpha(rho15: number): number {
  if (rho15 >= 838.5) return (186.9696 + 0.48618 * rho15) / (rho15 * rho15);
  if (rho15 >= 787.5) return 594.5418 / (rho15 * rho15);
  return -0.00336312 + 2680.3206 / (rho15 * rho15);
}
export function vcf(rho15: number, t: number): number {
  const a = alpha(rho15);
  const dT = t - 15;
  return Math.exp(-a * dT * (1 + 0.8 * a * dT));
}
/** ρ15 from the density observed at T: ρ15 = ρobs ÷ VCF(ρ15, T), by iteration to convergence */
export function rho15Of(rhoObs: number, t: number): number {
  let r = rhoObs;
  for (let i = 0; i < 200; i++) {
    const next = rhoObs / vcf(r, t);
    if (Math.abs(next - r) < 1e-12) return next;
    r = next;
  }
  return r;
}

function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const p1 = lat1 * rad;
  const p2 = lat2 * rad;
  const dp = (lat2 - lat1) * rad;
  const dl = (lon2 - lon1) * rad;
  const a = Math.sin(dp / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) ** 2;
  return 2 * R_EARTH * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
}

// ---------- devices ----------
export type Side = 'PORT' | 'STARBOARD';
export const SIDES: Side[] = ['PORT', 'STARBOARD'];
export const AE_NAMES = ['AE1', 'AE2', 'AE3'] as const;
export type AeName = (typeof AE_NAMES)[number];

/** §5 sample b: its segment L (0 for the first), credited span, state, and for GPS fixes distance per second */
interface Sample {
  t: number;
  L: number;
  span: number;
  on: boolean;
  /** GPS: d_b / L_b (m/s) */
  dps: number;
  reading: Reading;
}
/** §11 one totaliser reading */
interface Tot {
  t: number;
  /** δ (L) or null when the reading has no volume totaliser */
  d: number | null;
  /** δ at 15 °C; null when δ > 0 and the reading lacks density or temperature */
  d15: number | null;
  /** δ of the mass totaliser (kg), null without one */
  dm: number | null;
}

export interface DevModel {
  spec: DeviceSpec;
  readings: Reading[];
  samples: Sample[];
  gap: number;
  tots: Tot[];
  /** the readings' times, for searching */
  samplesOfReadings: { t: number }[];
  threshold?: number;
  rate?: number;
}

const has = (d: Record<string, number>, k: string) => typeof d[k] === 'number';

/** §5 which readings are samples, §7/§9/§10/§15 their state */
function presence(spec: DeviceSpec, r: Reading): boolean {
  const d = r.data;
  if (spec.type === 'gps') return has(d, 'latitude') && has(d, 'longitude');
  if (spec.type === 'rpm' || spec.type === 'ae') return has(d, 'rpm');
  if (spec.type === 'flowmeter') return has(d, 'volumeFlowrate');
  return has(d, 'temperature');
}

function buildDevice(spec: DeviceSpec, readings: Reading[]): DevModel {
  const gap = spec.type === 'gps' ? G_GPS : G;
  const threshold = spec.type === 'rpm' ? (spec.configRpm?.min ?? DEFAULT_THRESHOLD) : undefined;
  const rate = spec.type === 'ae' ? (spec.configAe?.rate ?? DEFAULT_AE_RATE) : undefined;
  const state = (r: Reading): boolean => {
    const d = r.data;
    if (spec.type === 'gps') return has(d, 'speed') && d.speed > MOVING_KMH;
    if (spec.type === 'rpm') return d.rpm > (threshold as number);
    if (spec.type === 'ae') return has(d, 'running') ? d.running === 1 : d.rpm > 0;
    if (spec.type === 'flowmeter') return d.volumeFlowrate > 0;
    return true;
  };
  const samples: Sample[] = [];
  let prev: Reading | null = null;
  for (const r of readings) {
    if (!presence(spec, r)) continue;
    let L = 0;
    let dps = 0;
    if (prev) {
      L = r.ts - prev.ts;
      if (spec.type === 'gps') {
        const d = has(r.data, 'distance')
          ? r.data.distance
          : haversine(prev.data.latitude, prev.data.longitude, r.data.latitude, r.data.longitude);
        dps = d / L;
      }
    }
    samples.push({ t: r.ts, L, span: Math.min(L, gap), on: state(r), dps, reading: r });
    prev = r;
  }
  const tots: Tot[] = [];
  if (spec.type === 'flowmeter') {
    let lastV: number | null = null;
    let lastM: number | null = null;
    for (const r of readings) {
      const d = r.data;
      let dv: number | null = null;
      let d15: number | null = null;
      let dm: number | null = null;
      if (has(d, 'volumeInventory')) {
        dv = lastV === null || d.volumeInventory < lastV ? 0 : d.volumeInventory - lastV;
        lastV = d.volumeInventory;
        if (dv === 0) d15 = 0;
        else if (has(d, 'density') && has(d, 'temperature') && d.density > 0)
          d15 = dv * vcf(rho15Of(d.density, d.temperature), d.temperature);
      }
      if (has(d, 'massInventory')) {
        dm = lastM === null || d.massInventory < lastM ? 0 : d.massInventory - lastM;
        lastM = d.massInventory;
      }
      tots.push({ t: r.ts, d: dv, d15, dm });
    }
  }
  return { spec, readings, samples, gap, tots, samplesOfReadings: readings.map((r) => ({ t: r.ts })), threshold, rate };
}

export interface VesselModel {
  spec: VesselSpec;
  devices: DevModel[];
  gps?: DevModel;
  rpm: Partial<Record<Side, DevModel>>;
  ae: Partial<Record<AeName, DevModel>>;
  meters: Partial<Record<string, DevModel>>;
  temps: Record<'EXHAUST_TEMPERATURE' | 'TEMPERATURE', Partial<Record<Side, DevModel>>>;
  /** §13 shares per UTC hour (memo) */
  shares: Map<number, Record<AeName, number>>;
}

/** §2 roles: GPS, RPM by Config RPM type else label, AE by Config AE number else label, meters by label. */
export function buildVessel(spec: VesselSpec): VesselModel {
  const by = storedByDevice(spec);
  const devices = spec.devices.map((d) => buildDevice(d, by.get(d.uid) ?? []));
  const v: VesselModel = {
    spec,
    devices,
    rpm: {},
    ae: {},
    meters: {},
    temps: { EXHAUST_TEMPERATURE: {}, TEMPERATURE: {} },
    shares: new Map(),
  };
  for (const d of devices) {
    const s = d.spec;
    if (s.type === 'gps' && !v.gps) v.gps = d;
    if (s.type === 'rpm') v.rpm[(s.configRpm?.type ?? s.label) as Side] = d;
    if (s.type === 'ae') v.ae[(s.configAe ? `AE${s.configAe.no}` : s.label) as AeName] = d;
    if (s.type === 'flowmeter' && s.label) v.meters[s.label] = d;
    if (s.type === 'temperature') {
      const seg = s.uid.split('-').at(-1);
      const side: Side | null = seg === '1' ? 'PORT' : seg === '3' ? 'STARBOARD' : null;
      if (side) v.temps[s.label as 'EXHAUST_TEMPERATURE' | 'TEMPERATURE'][side] = d;
    }
  }
  return v;
}

/** first index whose t is > x */
function firstAfter(samples: { t: number }[], x: number): number {
  let lo = 0;
  let hi = samples.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (samples[mid].t > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
function firstAtOrAfter(samples: { t: number }[], x: number): number {
  return firstAfter(samples, x - 0.5); // times are whole seconds
}

/** §5: seconds in state credited to [lo, hi) (all samples, not limited to a period) */
function onSeconds(d: DevModel, lo: number, hi: number): number {
  let s = 0;
  for (let i = firstAfter(d.samples, lo); i < d.samples.length; i++) {
    const x = d.samples[i];
    if (x.t - x.span >= hi) break;
    if (!x.on || x.span === 0) continue;
    s += Math.max(0, Math.min(x.t, hi) - Math.max(x.t - x.span, lo));
  }
  return s;
}

/** §13: AE shares of the UTC hour h: estimates over the whole hour, even split when no AE ran. */
export function sharesOf(v: VesselModel, h: number): Record<AeName, number> {
  const memo = v.shares.get(h);
  if (memo) return memo;
  const names = AE_NAMES.filter((n) => v.ae[n]);
  const est: Record<AeName, number> = { AE1: 0, AE2: 0, AE3: 0 };
  for (const n of names) {
    const d = v.ae[n] as DevModel;
    est[n] = (onSeconds(d, h, h + 3600) / 3600) * (d.rate as number);
  }
  const sum = names.reduce((a, n) => a + est[n], 0);
  const out: Record<AeName, number> = { AE1: 0, AE2: 0, AE3: 0 };
  for (const n of names) out[n] = sum > 0 ? est[n] / sum : 1 / names.length;
  v.shares.set(h, out);
  return out;
}

// ---------- accumulators over a bucket or the period ----------
export interface Acc {
  /** samples (§5) with ts in the bucket */
  n: number;
  /** readings of the device in the bucket (any data point) */
  readings: number;
  sums: Record<string, [number, number]>;
  /** samples in state (COUNTGT) */
  gt: number;
  /** credited seconds in state */
  on: number;
  /** GPS credited metres */
  dist: number;
  firstFix?: Reading;
  lastFix?: Reading;
  sin: number;
  cos: number;
  tracks: number;
  /** totalisers */
  d: number;
  d15: number;
  unc: number;
  dm: number;
  massReadings: number;
  firstTot: number | null;
  lastTot: number | null;
  /** AE: sum of rpm samples; per-AE metered litres (meters of the AE pair add theirs here, signed) */
  aeFuel: Record<AeName, number>;
}
const newAcc = (): Acc => ({
  n: 0,
  readings: 0,
  sums: {},
  gt: 0,
  on: 0,
  dist: 0,
  sin: 0,
  cos: 0,
  tracks: 0,
  d: 0,
  d15: 0,
  unc: 0,
  dm: 0,
  massReadings: 0,
  firstTot: null,
  lastTot: null,
  aeFuel: { AE1: 0, AE2: 0, AE3: 0 },
});
export const meanOf = (a: Acc | undefined, k: string): number | null => {
  const p = a?.sums[k];
  return p && p[1] > 0 ? p[0] / p[1] : null;
};

export interface DevPeriod {
  total: Acc;
  buckets: Map<number, Acc>;
}

export interface PeriodModel {
  v: VesselModel;
  start: number;
  end: number;
  unit: Unit;
  tz: number;
  size: number;
  dev: Map<DevModel, DevPeriod>;
  /** all bucket names of the period, in order */
  allBuckets: number[];
}

const MEAN_POINTS = ['rpm', 'volumeFlowrate', 'density', 'temperature', 'speed'];

/** One vessel over [start, end) in buckets of unit/tz: every device's per-bucket and period accumulators. */
export function computePeriod(v: VesselModel, start: number, end: number, unit: Unit, tz: number): PeriodModel {
  const size = UNIT_SECONDS[unit];
  const dev = new Map<DevModel, DevPeriod>();
  const allBuckets: number[] = [];
  for (let b = bucketOf(start, size, tz); b < end; b += size) allBuckets.push(b);
  const aeMeterSign: Record<string, number> = { AE_IN: 1, AE_OUT: -1 };
  for (const d of v.devices) {
    const p: DevPeriod = { total: newAcc(), buckets: new Map() };
    const acc = (ts: number) => {
      const b = bucketOf(ts, size, tz);
      let a = p.buckets.get(b);
      if (!a) {
        a = newAcc();
        p.buckets.set(b, a);
      }
      return a;
    };
    const both = (ts: number, f: (a: Acc) => void) => {
      f(p.total);
      f(acc(ts));
    };
    // readings inside the period: means and counts
    const r0 = firstAtOrAfter(d.samplesOfReadings, start);
    for (let i = r0; i < d.readings.length && d.readings[i].ts < end; i++) {
      const r = d.readings[i];
      const data = r.data;
      both(r.ts, (a) => {
        a.readings++;
        for (const k of MEAN_POINTS) {
          if (d.spec.type === 'gps' && k !== 'speed') continue;
          if (has(data, k)) {
            const s = a.sums[k] ?? [0, 0];
            s[0] += data[k];
            s[1]++;
            a.sums[k] = s;
          }
        }
      });
    }
    for (let i = firstAtOrAfter(d.samples, start); i < d.samples.length && d.samples[i].t < end; i++) {
      const s = d.samples[i];
      both(s.t, (a) => {
        a.n++;
        if (s.on) a.gt++;
        if (d.spec.type === 'gps') {
          if (!a.firstFix) a.firstFix = s.reading;
          a.lastFix = s.reading;
          if (has(s.reading.data, 'track')) {
            const th = (s.reading.data.track * Math.PI) / 180;
            a.sin += Math.sin(th);
            a.cos += Math.cos(th);
            a.tracks++;
          }
        }
      });
    }
    // §5/§6 credited spans split at bucket and period boundaries
    for (let i = firstAfter(d.samples, start); i < d.samples.length; i++) {
      const s = d.samples[i];
      if (s.t - s.span >= end) break;
      if (s.span === 0) continue;
      const lo = Math.max(s.t - s.span, start);
      const hi = Math.min(s.t, end);
      if (hi <= lo) continue;
      let cur = lo;
      while (cur < hi) {
        const b = bucketOf(cur, size, tz);
        const next = Math.min(hi, b + size);
        const secs = next - cur;
        const a = acc(cur);
        if (s.on) {
          a.on += secs;
          p.total.on += secs;
        }
        if (d.spec.type === 'gps') {
          a.dist += s.dps * secs;
          p.total.dist += s.dps * secs;
        }
        cur = next;
      }
    }
    // §11 totaliser deltas of the readings inside the period
    for (let i = firstAtOrAfter(d.tots, start); i < d.tots.length && d.tots[i].t < end; i++) {
      const tot = d.tots[i];
      const data = d.readings[i].data; // one Tot per reading, same order
      both(tot.t, (a) => {
        if (tot.d !== null) {
          a.d += tot.d;
          if (tot.d15 === null) a.unc++;
          else a.d15 += tot.d15;
          if (a.firstTot === null) a.firstTot = data.volumeInventory;
          a.lastTot = data.volumeInventory;
        }
        if (tot.dm !== null) {
          a.dm += tot.dm;
          a.massReadings++;
        }
      });
      // §13 metered AE litres apportioned per UTC hour of the reading
      const sign = aeMeterSign[d.spec.label ?? ''];
      if (sign && tot.d !== null && tot.d !== 0) {
        const sh = sharesOf(v, bucketOf(tot.t, 3600, 0));
        both(tot.t, (a) => {
          for (const n of AE_NAMES) a.aeFuel[n] += sign * tot.d! * sh[n];
        });
      }
    }
    dev.set(d, p);
  }
  return { v, start, end, unit, tz, size, dev, allBuckets };
}

/** A device's accumulator of one bucket (undefined: nothing there), or of the period when ts is undefined. */
export function accOf(p: PeriodModel, d: DevModel | undefined, ts?: number): Acc | undefined {
  if (!d) return undefined;
  const dp = p.dev.get(d);
  if (!dp) return undefined;
  return ts === undefined ? dp.total : dp.buckets.get(ts);
}

/**
 * Does the device have figures in the bucket: a reading there (for a GPS: a fix), or time or distance credited to it
 * (§5: a span reaching back into a bucket without a sample of its own)?
 */
export function hasFigures(d: DevModel, a: Acc | undefined): boolean {
  if (!a) return false;
  return (d.spec.type === 'gps' ? a.n > 0 : a.readings > 0) || a.on > 0 || a.dist > 0;
}
