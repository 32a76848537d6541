import {
  bucketStart,
  convert,
  countedSeconds,
  type HourSamples,
  hourInterval,
  type SummaryUnit,
  sampleInterval,
  sumPresent,
  totaliserStep,
  UNIT_SECONDS,
  utcHour,
} from './summary-domain.ts';
import { AE_NAMES, type AeName, type MeterLabel, type Side, type VesselPlan } from './summary-vessel.ts';

/**
 * One vessel over one period, bucketed (docs/domain.md §1). Pure: the loader hands in per-device
 * bucket statistics at a base resolution (MINUTE or HOUR); this derives running seconds, flow seconds
 * and totaliser deltas at that resolution (§5, §9–§11), then merges them into the requested buckets
 * and the period total. The summary and combined answers are built from the result.
 *
 * A statistic record holds, per key: `n` samples present, `c:<point>` count and `s:<point>` sum of a
 * data point, `gt` samples above the threshold, `first*`/`last*` the first/last value, `min*`/`max*`
 * extremes, and the derived `run` / `flow` seconds, `delta` litres and `est` estimated AE litres.
 */
export type Stat = Record<string, number>;

export interface BaseBucket {
  ts: number;
  stat: Stat;
}
export interface DeviceData {
  /** in time order, at the base resolution */
  buckets: BaseBucket[];
  /**
   * Records already carrying `run`, `flow`, `gt` and the totaliser `delta` (computed in the database
   * over whole hours, summary-rollup.ts), named by their output bucket; in time order, contiguous, and
   * after every base bucket that precedes them in time.
   */
  derived?: BaseBucket[];
  /** where the derived records lie in time (the first whole hour they cover) */
  derivedFrom?: number;
  /** the sample interval P when the loader measured it (else from `hours`) */
  interval?: number;
  /** per UTC hour: samples and their first/last times (§5) */
  hours: HourSamples[];
  /** first and last sample time in the period */
  firstTs: number | null;
  lastTs: number | null;
}

export interface PeriodInput {
  plan: VesselPlan;
  start: number;
  end: number;
  unit: SummaryUnit;
  tz: number;
  now: number;
  /** length of the loaded buckets: 60 (MINUTE) or 3600 (HOUR) */
  baseSeconds: number;
  data: Map<number, DeviceData>;
  /** time of the vessel's last GPS fix, any time (§19) */
  lastGpsTs: number | null;
}

export interface DevicePeriod {
  /** the sample interval P of §5 */
  interval: number;
  total: Stat;
  buckets: Map<number, Stat>;
  firstTs: number | null;
  lastTs: number | null;
}

/** Combines two records of the same device: counts and sums add, first/last keep the earlier/later. */
export function mergeStat(into: Stat, later: Stat): Stat {
  for (const [k, v] of Object.entries(later)) {
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

type Role = { kind: 'rpm' } | { kind: 'ae'; rate: number } | { kind: 'meter'; label: MeterLabel } | { kind: 'other' };

function rolesOf(plan: VesselPlan): Map<number, Role> {
  const roles = new Map<number, Role>();
  for (const d of plan.devices) roles.set(d.devcId, { kind: 'other' });
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
  const flagged = stat['c:running'] ?? 0;
  const samples = stat['c:rpm'] ?? 0;
  const flags = stat['s:running'] ?? 0;
  if (flagged >= samples) return flags;
  const unflagged = samples - flagged;
  return flags + ((stat.gt ?? 0) * unflagged) / samples;
}

/** §5, §9–§11 at the base resolution; derived records only get their AE estimate and their stitch. */
function deriveBase(role: Role, data: DeviceData, interval: number, baseSeconds: number) {
  const hours = new Map(data.hours.map((h) => [h.hour, h]));
  const weight = (ts: number) => hourInterval(hours.get(utcHour(ts)), interval);
  const derived = data.derived ?? [];
  if (role.kind === 'meter') {
    // one chain over base and derived records in time order: each baseline is the previous last reading
    const at = data.derivedFrom ?? 0;
    const chain = [
      ...data.buckets.map((b) => ({ b, derived: false, time: b.ts })),
      ...derived.map((b, i) => ({ b, derived: true, time: at + i / (derived.length + 1) })),
    ].sort((x, y) => x.time - y.time);
    let prevLast: number | null = null;
    let prevDerived = false;
    for (const { b, derived: isDerived } of chain) {
      const { firstTotal: first, lastTotal: last } = b.stat;
      if (first === undefined || last === undefined) continue;
      if (!isDerived) {
        b.stat.delta = totaliserStep(prevLast ?? first, {
          last,
          min: b.stat.minTotal ?? Math.min(first, last),
          max: b.stat.maxTotal ?? Math.max(first, last),
        });
      } else if (!prevDerived && prevLast !== null && first >= prevLast) {
        // the database chained the body from its own first reading: add what flowed since the last base bucket
        b.stat.delta = (b.stat.delta ?? 0) + (first - prevLast);
      }
      prevLast = last;
      prevDerived = isDerived;
    }
  }
  for (const b of data.buckets) {
    if (role.kind === 'rpm') b.stat.run = countedSeconds(b.stat.gt ?? 0, weight(b.ts), baseSeconds);
    if (role.kind === 'ae') b.stat.run = countedSeconds(aeRunningSamples(b.stat), weight(b.ts), baseSeconds);
    if (role.kind === 'meter' && b.stat.gt !== undefined)
      b.stat.flow = countedSeconds(b.stat.gt, weight(b.ts), baseSeconds);
  }
  if (role.kind === 'ae')
    for (const b of [...data.buckets, ...derived]) b.stat.est = convert.secondsToHours(b.stat.run ?? 0) * role.rate;
}

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
    const bucketSeconds = UNIT_SECONDS[input.unit];
    const times = new Set<number>();
    for (const d of input.plan.devices) {
      const data = input.data.get(d.devcId);
      if (!data) continue;
      const interval = data.interval ?? sampleInterval(data.hours);
      deriveBase(roles.get(d.devcId) ?? { kind: 'other' }, data, interval, input.baseSeconds);
      const period: DevicePeriod = {
        interval,
        total: {},
        buckets: new Map(),
        firstTs: data.firstTs,
        lastTs: data.lastTs,
      };
      const named = [
        ...data.buckets.map((b) => ({ ts: bucketStart(b.ts, bucketSeconds, input.tz), stat: b.stat })),
        ...(data.derived ?? []),
      ].sort((x, y) => x.ts - y.ts);
      for (const b of named) {
        const out = b.ts;
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

  private meterDelta(label: MeterLabel, ts?: number): number | null {
    const d = this.plan.meters[label];
    if (!d) return null;
    return this.stat(d.devcId, ts)?.delta ?? 0;
  }

  /**
   * §11: an engine side's fuel, supply minus return; null when the side has no supply meter.
   * Bucket values are not clamped; the period value is at least 0.
   */
  sideFuel(side: Side, ts?: number): number | null {
    const supply = this.meterDelta(`${side}_IN`, ts);
    if (supply === null) return null;
    const net = supply - (this.meterDelta(`${side}_OUT`, ts) ?? 0);
    return ts === undefined ? Math.max(0, net) : net;
  }

  /** §12 */
  mainEngineFuel(ts?: number): number | null {
    return sumPresent(this.sideFuel('PORT', ts), this.sideFuel('STARBOARD', ts));
  }

  /** §13: AE fuel, metered when the vessel has an AE_IN meter, else the estimates; per AE apportioned. */
  aeFuel(ts?: number): AeFuel {
    const key = ts ?? -1;
    const fuel = this.aeFuelMemo.get(key) ?? this.computeAeFuel(ts);
    this.aeFuelMemo.set(key, fuel);
    return fuel;
  }
  private readonly aeFuelMemo = new Map<number, AeFuel>();

  private computeAeFuel(ts?: number): AeFuel {
    const aeIn = this.meterDelta('AE_IN', ts);
    const aeOut = this.meterDelta('AE_OUT', ts);
    const estimates: Partial<Record<AeName, number>> = {};
    let estimateSum = 0;
    for (const name of AE_NAMES) {
      const d = this.plan.ae[name];
      if (!d) continue;
      estimates[name] = this.stat(d.devcId, ts)?.est ?? 0;
      estimateSum += estimates[name];
    }
    if (aeIn === null) {
      const hasAe = Object.keys(estimates).length > 0;
      return { total: hasAe ? estimateSum : null, metered: false, aeIn: null, aeOut: null, perAe: estimates };
    }
    const net = aeIn - (aeOut ?? 0);
    const total = ts === undefined ? Math.max(0, net) : net;
    const perAe: Partial<Record<AeName, number>> = {};
    for (const [name, e] of Object.entries(estimates) as [AeName, number][])
      perAe[name] = estimateSum > 0 ? (total * e) / estimateSum : 0;
    return { total, metered: true, aeIn, aeOut, perAe };
  }

  /** §14: port + starboard + auxiliary over the parts that exist. */
  totalFuel(ts?: number): number | null {
    return sumPresent(this.mainEngineFuel(ts), this.aeFuel(ts).total);
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
