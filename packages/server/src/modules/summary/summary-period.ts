import type { BucketUnit } from '@fleet/shared';
import {
  averageSpeed,
  bucketIn,
  circularMean,
  convert,
  type Frame,
  litres15,
  sampleInterval,
  sumPresent,
  utcHour,
} from './summary-domain.ts';
import { AE_NAMES, type AeName, type MeterLabel, SIDES, type Side, type VesselPlan } from './summary-vessel.ts';

/**
 * One vessel over one period, bucketed (docs/domain.md §1). Pure: the loader hands in, per device and bucket, the
 * statistics of the samples inside the bucket and the time and distance credited to it (summary-read.ts); this keeps
 * them per bucket and adds them up into the period (every figure is a sum over buckets or a ratio of such sums, so a
 * period's figure does not depend on its unit), and derives §11–§14 from them. The summary and combined answers are
 * built from the result.
 *
 * Statistics travel as `Stat` records, one per device and bucket (or period), every field declared below.
 */

/** The data points whose count and sum a record keeps (their mean is sum ÷ count), by catalogue data key. */
export type MeanPoint = 'rpm' | 'volumeFlowrate' | 'density' | 'temperature';
/** `c:<point>`: samples of the data point; `s:<point>`: their sum. */
type PointSums = { [K in MeanPoint as `c:${K}` | `s:${K}`]?: number };

/**
 * One device's figures over a bucket or the period. Merging two (mergeStat) adds counts, sums and seconds, keeps
 * the earlier `first*` and the later `last*`.
 */
export interface Stat extends PointSums {
  /** samples present (the type's presence data point, §5) */
  n?: number;
  /** samples in the state: rpm above the threshold (§9 `COUNTGT_dlrpRpm_1`) */
  gt?: number;
  /** §5: seconds credited by the spans of the samples, in any state */
  span?: number;
  /** §5: running seconds (§9, §10), the GPS's moving seconds (§7) */
  run?: number;
  /** §15: flow seconds of a supply meter */
  flow?: number;
  /** §6: metres credited to the bucket (the GPS's span distances, split like time) */
  dist?: number;
  /** §11: litres of the readings in the bucket (volume totaliser); at 15 °C; kg (mass totaliser) — and how many
   * readings carry each */
  delta?: number;
  delta15?: number;
  massDelta?: number;
  nDelta?: number;
  nDelta15?: number;
  nMass?: number;
  /** §13: estimated AE litres (running hours × rate) */
  est?: number;
  /** GPS: first and last position */
  firstLatitude?: number;
  firstLongitude?: number;
  lastLatitude?: number;
  lastLongitude?: number;
  /** volume totaliser (`volumeInventory`): first and last reading */
  firstTotal?: number;
  lastTotal?: number;
}
export type StatKey = keyof Stat;

export interface DeviceData {
  /** by bucket of the frame (any order): the statistics of its samples in it and its credited time and distance */
  buckets: Map<number, Stat>;
  /** figures answered for the period only (§11 at 15 °C, kg), read for the whole period when buckets were read */
  period?: Stat;
  /** the reporting interval P of §20 */
  interval?: number;
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
  /** the period and its buckets as read (no grid: the period's totals only, one bucket named `start`) */
  frame: Frame;
  data: Map<number, DeviceData>;
  /** time of the vessel's last GPS fix, any time (§19) */
  lastGpsTs: number | null;
  /** §7 track: Σ sin, Σ cos and the count of the GPS track per bucket (only when buckets were asked for) */
  tracks?: Map<number, { sin: number; cos: number; n: number }>;
  /** §13 with an AE meter: its litres per cell (inside one bucket and one UTC hour), by the cell's start */
  aeCells?: Map<number, number>;
  /** §13: each AE's share of every UTC hour the period touches (when per-AE litres are wanted) */
  aeShares?: Map<number, Partial<Record<AeName, number>>>;
  /**
   * §13 from stored days (summary-ae-days.ts): each AE's litres of whole days already split by their hours' shares,
   * by the day's start; their hours are then in neither `aeCells` nor `aeShares`
   */
  aeDays?: Map<number, Partial<Record<AeName, number>>>;
}

export interface DevicePeriod {
  /** the reporting interval P of §20 (the expected count; time is credited by §5) */
  interval: number;
  total: Stat;
  /** in time order (summary-build.ts reads them so) */
  buckets: Map<number, Stat>;
  firstTs: number | null;
  lastTs: number | null;
}

/** Combines two records of the same device: counts, sums and seconds add, first/last keep the earlier/later. */
export function mergeStat(into: Stat, later: Stat): Stat {
  // for…in, not Object.entries: the same keys in the same order without an array of pairs per record (issue 29: a
  // 30-day hourly summary merges ~11 000 records, and their garbage was a third of its collector's work)
  for (const key in later) {
    const k = key as StatKey;
    const v = later[k] as number;
    const have = into[k];
    if (have === undefined) into[k] = v;
    else if (k.startsWith('first')) continue;
    else if (k.startsWith('last')) into[k] = v;
    else into[k] = have + v;
  }
  return into;
}

/** Keys of the time credited by span (summary-read.ts `readCredits`); every other key comes from a sample. */
const CREDITED = new Set<string>(['span', 'gt', 'run', 'flow', 'dist']);

/**
 * Does a device have figures in a bucket: a sample there, or time in its state or distance credited to it (§5: a
 * span reaching back into a bucket without a sample of its own)? Only the part of a span that is neither (a stopped
 * engine's segment before its next sample) leaves a bucket without a sample empty, as it was.
 */
export function hasFigures(s: Stat): boolean {
  if ((s.run ?? 0) > 0 || (s.flow ?? 0) > 0 || (s.dist ?? 0) > 0) return true;
  for (const k in s) if (!CREDITED.has(k)) return true;
  return false;
}

/** §11: fuel in litres as metered, litres at 15 °C, or kilograms */
export type FuelBasis = 'L' | 'L15' | 'kg';

export interface AeFuel {
  total: number | null;
  metered: boolean;
  /** the AE meters' litres (L), null without meters */
  aeIn: number | null;
  aeOut: number | null;
  perAe: Partial<Record<AeName, number>>;
}

export class VesselPeriod {
  readonly devices = new Map<number, DevicePeriod>();
  /** every bucket that holds figures of any device, in time order */
  readonly bucketTimes: number[];
  /** §13 metered: each AE's litres per bucket (and the period under -1) */
  private readonly aeLitres = new Map<number, Partial<Record<AeName, number>>>();

  constructor(readonly input: PeriodInput) {
    const rates = new Map(Object.values(input.plan.ae).map((d) => [d.devcId, d.rate]));
    const times = new Set<number>();
    for (const d of input.plan.devices) {
      const data = input.data.get(d.devcId);
      if (!data) continue;
      const rate = rates.get(d.devcId);
      const period: DevicePeriod = {
        interval: data.interval ?? sampleInterval([]),
        total: {},
        buckets: new Map(),
        firstTs: data.firstTs,
        lastTs: data.lastTs,
      };
      // buckets are disjoint: in the order of time, the period's first/last are its earliest and latest bucket's
      for (const ts of [...data.buckets.keys()].sort((a, b) => a - b)) {
        const stat = data.buckets.get(ts)!;
        if (!hasFigures(stat)) continue;
        // §13: an AE's estimate of the bucket, from its running time there
        if (rate !== undefined) stat.est = convert.secondsToHours(stat.run ?? 0) * rate;
        times.add(ts);
        period.buckets.set(ts, stat);
        mergeStat(period.total, stat);
      }
      if (data.period) Object.assign(period.total, data.period);
      this.devices.set(d.devcId, period);
    }
    this.bucketTimes = [...times].sort((a, b) => a - b);
    this.apportionAe();
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

  /** §11, §22: a meter's litres in the period (Device Log Detail's 'Volume'); null when the vessel has no such meter. */
  meterLitres(label: MeterLabel): number | null {
    return this.meterDelta(label);
  }

  /** §11: a meter's litres (or kg) of the readings in a bucket or the period; null where the basis has no figure. */
  private meterDelta(label: MeterLabel, ts?: number, basis: FuelBasis = 'L'): number | null {
    const d = this.plan.meters[label];
    if (!d) return null;
    const s = this.stat(d.devcId, ts);
    if (basis === 'L') return s?.delta ?? 0;
    if (basis === 'L15') return litres15(s?.delta15, s?.nDelta15, s?.nDelta);
    // kg needs the meter's mass totaliser somewhere in the period
    return (this.stat(d.devcId)?.nMass ?? 0) > 0 ? (s?.massDelta ?? 0) : null;
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

  /** The vessel's AEs in name order. */
  private get aeNames(): AeName[] {
    return AE_NAMES.filter((n) => this.plan.ae[n]);
  }

  /**
   * §13 with an AE meter: each cell's litres to the AEs by the shares of its UTC hour, summed per bucket and over the
   * period; so a period's per-AE litres are the sum of its buckets'.
   */
  private apportionAe() {
    const { aeCells, aeShares, aeDays, frame } = this.input;
    if (!aeCells || !aeShares) return;
    const names = this.aeNames;
    const period: Partial<Record<AeName, number>> = {};
    for (const [day, litres] of aeDays ?? []) {
      const bucket = bucketIn(frame, day);
      const inBucket = this.aeLitres.get(bucket) ?? {};
      for (const n of names) {
        inBucket[n] = (inBucket[n] ?? 0) + (litres[n] ?? 0);
        period[n] = (period[n] ?? 0) + (litres[n] ?? 0);
      }
      this.aeLitres.set(bucket, inBucket);
    }
    for (const [cell, litres] of aeCells) {
      const shares = aeShares.get(utcHour(cell)) ?? {};
      const bucket = bucketIn(frame, cell);
      const inBucket = this.aeLitres.get(bucket) ?? {};
      for (const n of names) {
        const l = litres * (shares[n] ?? 1 / names.length);
        inBucket[n] = (inBucket[n] ?? 0) + l;
        period[n] = (period[n] ?? 0) + l;
      }
      this.aeLitres.set(bucket, inBucket);
    }
    this.aeLitres.set(-1, period);
  }

  /** `aeFuel` by bucket (the period under NaN): a bucket's is asked for by several figures of its record */
  private readonly aeFuels = new Map<number, AeFuel>();

  /** §13: AE fuel, metered when the vessel has an AE_IN meter, else the estimates; per AE apportioned. Read-only. */
  aeFuel(ts?: number): AeFuel {
    const key = ts ?? Number.NaN;
    let fuel = this.aeFuels.get(key);
    if (!fuel) {
      fuel = this.computeAeFuel(ts);
      this.aeFuels.set(key, fuel);
    }
    return fuel;
  }

  private computeAeFuel(ts?: number): AeFuel {
    const names = this.aeNames;
    const aeIn = this.meterDelta('AE_IN', ts);
    if (aeIn === null) {
      const estimates: Partial<Record<AeName, number>> = {};
      for (const n of names) {
        const s = this.stat(this.plan.ae[n]!.devcId, ts);
        if (s || ts === undefined) estimates[n] = s?.est ?? 0;
      }
      const total = names.length ? names.reduce((t, n) => t + (estimates[n] ?? 0), 0) : null;
      return { total, metered: false, aeIn: null, aeOut: null, perAe: estimates };
    }
    const aeOut = this.meterDelta('AE_OUT', ts);
    const net = aeIn - (aeOut ?? 0);
    const total = ts === undefined ? Math.max(0, net) : net;
    const litres = this.aeLitres.get(ts ?? -1) ?? {};
    const perAe: Partial<Record<AeName, number>> = {};
    // the period's AE fuel is at least 0, and so is each AE's (§13)
    for (const n of names) perAe[n] = ts === undefined && net < 0 ? 0 : (litres[n] ?? 0);
    return { total, metered: true, aeIn, aeOut, perAe };
  }

  /** §14: port + starboard + auxiliary over the parts that exist. */
  totalFuel(ts?: number): number | null {
    return sumPresent(this.mainEngineFuel(ts), this.aeFuel(ts).total);
  }

  /** §7: average speed (km/h) of the period or a bucket: distance over moving time. */
  averageSpeed(ts?: number): number | null {
    const s = this.stat(this.plan.gps?.devcId, ts);
    return averageSpeed(s?.dist ?? 0, s?.run ?? 0, (s?.n ?? 0) > 0);
  }

  /** §7: the circular mean of the GPS track in a bucket (degrees), null without a track or when they cancel. */
  track(ts: number): number | null {
    const t = this.input.tracks?.get(ts);
    return t ? circularMean(t.sin, t.cos, t.n) : null;
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
