import { BUCKET_SECONDS, type BucketUnit, bucketStart } from '@fleet/shared';
import { rho15FromObserved, vcf } from '../bunker/bunker-domain.ts';
import {
  averageSpeed,
  circularMean,
  convert,
  countedSeconds,
  GAP_LIMIT,
  GPS_GAP_LIMIT,
  type HourSamples,
  hourInterval,
  mean,
  runningSamples,
  sampleInterval,
  sumPresent,
  totaliserStep,
  utcHour,
} from './summary-domain.ts';
import { AE_NAMES, type AeName, type MeterLabel, SIDES, type Side, type VesselPlan } from './summary-vessel.ts';

/**
 * One vessel over one period, bucketed (docs/domain.md §1). Pure: the loader hands in per-device
 * bucket statistics at a base resolution (MINUTE or HOUR); this derives running seconds, flow seconds
 * and totaliser deltas at that resolution (§5, §9–§11), then merges them into the requested buckets
 * and the period total. The summary and combined answers are built from the result.
 *
 * Statistics travel as `Stat` records, one per device and bucket (or period), every field declared below.
 */

/** The data points whose count and sum a record keeps (their mean is sum ÷ count), by catalogue data key. */
export type MeanPoint = 'speed' | 'distance' | 'rpm' | 'running' | 'volumeFlowrate' | 'density' | 'temperature';
/** `c:<point>`: samples of the data point; `s:<point>`: their sum. */
type PointSums = { [K in MeanPoint as `c:${K}` | `s:${K}`]?: number };

/**
 * One device's statistics over a bucket or the period. Merging two (mergeStat) adds counts, sums and seconds, keeps
 * the earlier `first*` and the later `last*`, and the extremes of `min*` / `max*`.
 */
export interface Stat extends PointSums {
  /** samples present (the type's presence data point, §5) */
  n?: number;
  /** samples above the device's threshold: rpm (§9), moving speed (§7), flow (§15), AE rpm above 0 (§10) */
  gt?: number;
  /** derived: running seconds (§9, §10), the GPS's moving seconds (§7) */
  run?: number;
  /** derived: flow seconds of a supply meter (§15) */
  flow?: number;
  /** derived (§11): litres through the volume totaliser; at 15 °C; kg through the mass totaliser */
  delta?: number;
  delta15?: number;
  massDelta?: number;
  /** records with litres but without density or temperature (no litres at 15 °C for them) */
  uncorrected?: number;
  /** derived (§13): estimated AE litres */
  est?: number;
  /** GPS: first and last position */
  firstLatitude?: number;
  firstLongitude?: number;
  lastLatitude?: number;
  lastLongitude?: number;
  /** volume totaliser (`volumeInventory`) readings: first, last, lowest, highest */
  firstTotal?: number;
  lastTotal?: number;
  minTotal?: number;
  maxTotal?: number;
  /** mass totaliser (`massInventory`) readings */
  firstMass?: number;
  lastMass?: number;
  minMass?: number;
  maxMass?: number;
}
export type StatKey = keyof Stat;

export interface BaseBucket {
  ts: number;
  stat: Stat;
}
export interface DeviceData {
  /** in time order, at the base resolution */
  buckets: BaseBucket[];
  /**
   * Records already carrying `run`, `flow`, `gt` and the totaliser `delta` (computed in the database
   * over whole hours, summary-read.ts), named by their output bucket; in time order, contiguous, and
   * after every base bucket that precedes them in time.
   */
  derived?: BaseBucket[];
  /** where the derived records lie in time (the first whole hour they cover) */
  derivedFrom?: number;
  /** the reporting interval P of §20 when the loader measured it (else from `hours`) */
  interval?: number;
  /** per UTC hour: samples and their first/last times (§5) */
  hours: HourSamples[];
  /**
   * Totaliser meters: the last `volumeInventory` reading before the period (docs/domain.md §11), the baseline of the
   * period's first bucket, so that adjacent periods add up; absent when the meter has no earlier reading
   */
  baseline?: number;
  /** the same for the mass totaliser `massInventory` (kg) */
  massBaseline?: number;
  /** first and last sample time in the period */
  firstTs: number | null;
  lastTs: number | null;
}

export interface PeriodInput {
  plan: VesselPlan;
  start: number;
  end: number;
  unit: BucketUnit;
  tz: number;
  now: number;
  /** length of the loaded buckets: 60 (MINUTE) or 3600 (HOUR) */
  baseSeconds: number;
  data: Map<number, DeviceData>;
  /** time of the vessel's last GPS fix, any time (§19) */
  lastGpsTs: number | null;
  /** §7 track: Σ sin and Σ cos of the GPS track per requested bucket (only when buckets were asked for) */
  tracks?: Map<number, { sin: number; cos: number }>;
}

export interface DevicePeriod {
  /** the reporting interval P of §20 (the expected count; time is credited by §5) */
  interval: number;
  total: Stat;
  buckets: Map<number, Stat>;
  firstTs: number | null;
  lastTs: number | null;
}

/** Combines two records of the same device: counts and sums add, first/last keep the earlier/later. */
export function mergeStat(into: Stat, later: Stat): Stat {
  for (const [k, v] of Object.entries(later) as [StatKey, number][]) {
    const have = into[k];
    if (have === undefined) into[k] = v;
    else if (k.startsWith('first')) continue;
    else if (k.startsWith('last')) into[k] = v;
    else if (k.startsWith('min')) into[k] = Math.min(have, v);
    else if (k.startsWith('max')) into[k] = Math.max(have, v);
    else into[k] = have + v;
  }
  return into;
}

type Role =
  | { kind: 'gps' }
  | { kind: 'rpm' }
  | { kind: 'ae'; rate: number }
  | { kind: 'meter'; label: MeterLabel }
  | { kind: 'other' };

function rolesOf(plan: VesselPlan): Map<number, Role> {
  const roles = new Map<number, Role>();
  for (const d of plan.devices) roles.set(d.devcId, { kind: 'other' });
  if (plan.gps) roles.set(plan.gps.devcId, { kind: 'gps' });
  for (const d of Object.values(plan.rpm)) roles.set(d.devcId, { kind: 'rpm' });
  for (const d of Object.values(plan.ae)) roles.set(d.devcId, { kind: 'ae', rate: d.rate });
  for (const [label, d] of Object.entries(plan.meters))
    roles.set(d.devcId, { kind: 'meter', label: label as MeterLabel });
  return roles;
}

/**
 * §10: running samples of an AE bucket — the running flags; samples without a flag count when their
 * rpm is above 0 (`gt`), in proportion when only some carry it.
 */
export function aeRunningSamples(stat: Stat): number {
  return runningSamples(stat['c:rpm'] ?? 0, stat['c:running'] ?? 0, stat['s:running'] ?? 0, stat.gt ?? 0);
}

/**
 * A device's base buckets and derived records in the order of time. Base buckets carry their own start; the derived
 * records (whole hours, named by output bucket) lie from `derivedFrom` on, in their order, before any base bucket
 * that follows them (the trailing partial hour).
 */
function inTimeOrder(data: DeviceData): { ts: number; stat: Stat; derived: boolean }[] {
  const derived = data.derived ?? [];
  const at = data.derivedFrom ?? 0;
  return [
    ...data.buckets.map((b) => ({ ts: b.ts, stat: b.stat, derived: false, time: b.ts })),
    ...derived.map((b, i) => ({ ts: b.ts, stat: b.stat, derived: true, time: at + i / (derived.length + 1) })),
  ].sort((x, y) => x.time - y.time);
}

/** The statistic keys of one totaliser: readings in, litres (or kg) out. */
export interface TotaliserKeys {
  first: StatKey;
  last: StatKey;
  min: StatKey;
  max: StatKey;
  out: StatKey;
}
export const TOTALISERS = {
  volume: { first: 'firstTotal', last: 'lastTotal', min: 'minTotal', max: 'maxTotal', out: 'delta' },
  mass: { first: 'firstMass', last: 'lastMass', min: 'minMass', max: 'maxMass', out: 'massDelta' },
} satisfies Record<string, TotaliserKeys>;

/**
 * §11: one chain over a meter's base and derived records in time order; each baseline is the previous last reading
 * (the first: the last reading before the period). Base records get their delta here; derived records (whole hours,
 * chained in the database from their own first reading) get what flowed since the last base record added.
 */
export function chainTotaliser(
  chain: { stat: Stat; derived: boolean }[],
  k: TotaliserKeys,
  baseline: number | undefined,
) {
  let prevLast: number | null = baseline ?? null;
  let prevDerived = false;
  for (const { stat, derived: isDerived } of chain) {
    const first = stat[k.first];
    const last = stat[k.last];
    if (first === undefined || last === undefined) continue;
    if (!isDerived) {
      stat[k.out] = totaliserStep(prevLast ?? first, {
        last,
        min: stat[k.min] ?? Math.min(first, last),
        max: stat[k.max] ?? Math.max(first, last),
      });
    } else if (!prevDerived && prevLast !== null && first >= prevLast) {
      stat[k.out] = (stat[k.out] ?? 0) + (first - prevLast);
    }
    prevLast = last;
    prevDerived = isDerived;
  }
}

/** §5, §9–§11 at the base resolution; derived records only get their AE estimate and their stitch. */
function deriveBase(role: Role, data: DeviceData, baseSeconds: number) {
  const hours = new Map(data.hours.map((h) => [h.hour, h]));
  const limit = role.kind === 'gps' ? GPS_GAP_LIMIT : GAP_LIMIT;
  const weight = (ts: number) => hourInterval(hours.get(utcHour(ts)), limit);
  const derived = data.derived ?? [];
  if (role.kind === 'meter') {
    const chain = inTimeOrder(data);
    chainTotaliser(chain, TOTALISERS.volume, data.baseline);
    chainTotaliser(chain, TOTALISERS.mass, data.massBaseline);
    // §11 litres at 15 °C: each record's litres corrected with its mean density and temperature
    for (const { stat } of chain) {
      if (!stat.delta) continue;
      const rho = mean(stat['s:density'], stat['c:density']);
      const t = mean(stat['s:temperature'], stat['c:temperature']);
      if (rho === null || t === null || rho <= 0) stat.uncorrected = (stat.uncorrected ?? 0) + 1;
      else stat.delta15 = stat.delta * vcf(rho15FromObserved(rho, t), t);
    }
  }
  for (const b of data.buckets) {
    // §7 moving time of the GPS, §9 running time: samples above the threshold, each credited by §5
    if (role.kind === 'rpm' || role.kind === 'gps')
      b.stat.run = countedSeconds(b.stat.gt ?? 0, weight(b.ts), baseSeconds);
    if (role.kind === 'ae') b.stat.run = countedSeconds(aeRunningSamples(b.stat), weight(b.ts), baseSeconds);
    if (role.kind === 'meter' && b.stat.gt !== undefined)
      b.stat.flow = countedSeconds(b.stat.gt, weight(b.ts), baseSeconds);
  }
  if (role.kind === 'ae')
    for (const b of [...data.buckets, ...derived]) b.stat.est = convert.secondsToHours(b.stat.run ?? 0) * role.rate;
}

/** §11: fuel in litres as metered, litres at 15 °C, or kilograms */
export type FuelBasis = 'L' | 'L15' | 'kg';

export interface AeFuel {
  total: number | null;
  metered: boolean;
  /** the AE meters' deltas (L), null without meters */
  aeIn: number | null;
  aeOut: number | null;
  perAe: Partial<Record<AeName, number>>;
}

export class VesselPeriod {
  readonly devices = new Map<number, DevicePeriod>();
  /** every requested bucket that holds data of any device, in time order */
  readonly bucketTimes: number[];

  constructor(readonly input: PeriodInput) {
    const roles = rolesOf(input.plan);
    const bucketSeconds = BUCKET_SECONDS[input.unit];
    const times = new Set<number>();
    for (const d of input.plan.devices) {
      const data = input.data.get(d.devcId);
      if (!data) continue;
      const interval = data.interval ?? sampleInterval(data.hours);
      deriveBase(roles.get(d.devcId) ?? { kind: 'other' }, data, input.baseSeconds);
      const period: DevicePeriod = {
        interval,
        total: {},
        buckets: new Map(),
        firstTs: data.firstTs,
        lastTs: data.lastTs,
      };
      // merged in the order of time, not of output bucket: in a DAY bucket the leading and trailing partial hours
      // and the whole hours share one name, and first/last must come from the earliest and latest of them
      for (const b of inTimeOrder(data)) {
        const out = b.derived ? b.ts : bucketStart(b.ts, bucketSeconds, input.tz);
        times.add(out);
        const stat = period.buckets.get(out);
        if (stat) mergeStat(stat, b.stat);
        else period.buckets.set(out, { ...b.stat });
        mergeStat(period.total, b.stat);
      }
      this.devices.set(d.devcId, period);
    }
    this.bucketTimes = [...times].sort((a, b) => a - b);
  }

  get plan() {
    return this.input.plan;
  }

  /** A device's record for one bucket, or for the whole period when ts is undefined. */
  stat(devcId: number | undefined, ts?: number): Stat | undefined {
    if (devcId === undefined) return undefined;
    const p = this.devices.get(devcId);
    if (!p) return undefined;
    return ts === undefined ? p.total : p.buckets.get(ts);
  }

  /** Does the device have any sample in the period? */
  hasData(devcId: number | undefined): boolean {
    return devcId !== undefined && (this.devices.get(devcId)?.firstTs ?? null) !== null;
  }

  private meterDelta(label: MeterLabel, ts?: number, basis: FuelBasis = 'L'): number | null {
    const d = this.plan.meters[label];
    if (!d) return null;
    const s = this.stat(d.devcId, ts);
    if (basis === 'L') return s?.delta ?? 0;
    if (basis === 'L15') return s?.uncorrected ? null : (s?.delta15 ?? 0);
    // kg needs the meter's mass totaliser somewhere in the period
    return this.stat(d.devcId)?.firstMass === undefined ? null : (s?.massDelta ?? 0);
  }

  /**
   * §11: an engine side's fuel, supply minus return; null when the side has no supply meter (or, for L15 and kg,
   * when a meter of the side cannot give that basis). Bucket values are not clamped; the period value is at least 0.
   */
  sideFuel(side: Side, ts?: number, basis: FuelBasis = 'L'): number | null {
    if (!this.plan.meters[`${side}_IN`]) return null;
    const supply = this.meterDelta(`${side}_IN`, ts, basis);
    const ret = this.plan.meters[`${side}_OUT`] ? this.meterDelta(`${side}_OUT`, ts, basis) : 0;
    if (supply === null || ret === null) return null;
    const net = supply - ret;
    return ts === undefined ? Math.max(0, net) : net;
  }

  /** §11, §13: the AE meters' fuel in a basis (metered vessels only; null otherwise). */
  aeMeteredFuel(basis: FuelBasis, ts?: number): number | null {
    if (!this.plan.meters.AE_IN) return null;
    const supply = this.meterDelta('AE_IN', ts, basis);
    const ret = this.plan.meters.AE_OUT ? this.meterDelta('AE_OUT', ts, basis) : 0;
    if (supply === null || ret === null) return null;
    return ts === undefined ? Math.max(0, supply - ret) : supply - ret;
  }

  /** §12 */
  mainEngineFuel(ts?: number, basis: FuelBasis = 'L'): number | null {
    const sides = SIDES.filter((side) => this.plan.meters[`${side}_IN`]).map((side) => this.sideFuel(side, ts, basis));
    // a measured side that cannot give this basis leaves the engine's figure unknown, not smaller
    if (basis !== 'L' && sides.some((v) => v === null)) return null;
    return sumPresent(...sides);
  }

  /** §13: AE fuel, metered when the vessel has an AE_IN meter, else the estimates; per AE apportioned. */
  aeFuel(ts?: number): AeFuel {
    const key = ts ?? -1;
    const fuel = this.aeFuelMemo.get(key) ?? this.computeAeFuel(ts);
    this.aeFuelMemo.set(key, fuel);
    return fuel;
  }
  private readonly aeFuelMemo = new Map<number, AeFuel>();

  /** §13: each AE's estimate (L) in a bucket, or the period when ts is undefined. */
  private aeEstimates(ts?: number): Partial<Record<AeName, number>> {
    const estimates: Partial<Record<AeName, number>> = {};
    for (const name of AE_NAMES) {
      const d = this.plan.ae[name];
      if (d) estimates[name] = this.stat(d.devcId, ts)?.est ?? 0;
    }
    return estimates;
  }

  private computeAeFuel(ts?: number): AeFuel {
    const aeIn = this.meterDelta('AE_IN', ts);
    const aeOut = this.meterDelta('AE_OUT', ts);
    const estimates = this.aeEstimates(ts);
    const names = Object.keys(estimates) as AeName[];
    const share = (e: Partial<Record<AeName, number>>) => names.reduce((t, n) => t + (e[n] ?? 0), 0);
    if (aeIn === null)
      return {
        total: names.length ? share(estimates) : null,
        metered: false,
        aeIn: null,
        aeOut: null,
        perAe: estimates,
      };
    const net = aeIn - (aeOut ?? 0);
    const total = ts === undefined ? Math.max(0, net) : net;
    // the metered litres go to the AEs by their estimates; a bucket where none ran uses the period's shares and a
    // period where none ran splits evenly, so the AEs' litres always add up to the metered litres (§13)
    let weights = estimates;
    if (share(weights) <= 0 && ts !== undefined) weights = this.aeEstimates();
    if (share(weights) <= 0) weights = Object.fromEntries(names.map((n) => [n, 1]));
    const sum = share(weights);
    const perAe: Partial<Record<AeName, number>> = {};
    for (const name of names) perAe[name] = sum > 0 ? (total * (weights[name] ?? 0)) / sum : 0;
    return { total, metered: true, aeIn, aeOut, perAe };
  }

  /** §14: port + starboard + auxiliary over the parts that exist. */
  totalFuel(ts?: number): number | null {
    return sumPresent(this.mainEngineFuel(ts), this.aeFuel(ts).total);
  }

  /** §7: average speed (km/h) of the period or a bucket: distance over moving time. */
  averageSpeed(ts?: number): number | null {
    const s = this.stat(this.plan.gps?.devcId, ts);
    return averageSpeed(s?.['s:distance'] ?? 0, s?.run ?? 0, s?.['c:speed'] ?? 0);
  }

  /** §7: the circular mean of the GPS track in a bucket (degrees), null without a track. */
  track(ts: number): number | null {
    const t = this.input.tracks?.get(ts);
    return t ? circularMean(t.sin, t.cos) : null;
  }

  /** First and last sample time over the given devices (all when omitted). */
  dataRange(devcIds?: number[]): { firstData: number | null; lastData: number | null } {
    let firstData: number | null = null;
    let lastData: number | null = null;
    for (const [id, p] of this.devices) {
      if (devcIds && !devcIds.includes(id)) continue;
      if (p.firstTs !== null && (firstData === null || p.firstTs < firstData)) firstData = p.firstTs;
      if (p.lastTs !== null && (lastData === null || p.lastTs > lastData)) lastData = p.lastTs;
    }
    return { firstData, lastData };
  }
}
