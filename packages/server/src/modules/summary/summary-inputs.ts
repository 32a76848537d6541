import type { BucketUnit } from '@fleet/shared';
import type { SummaryGroup } from '@fleet/shared/answers/summary.ts';
import {
  type DeviceType,
  findMetric,
  type MetricDef,
  TELEMETRY_TYPES,
  telemetryType,
} from '@fleet/shared/telemetry.ts';
import { ROLLUPS, rollupTable, type StatName, statColumn } from '../telemetry/rollup.ts';
import type { Stat as Statistics } from '../telemetry/stats-read.ts';
import { MOVING_KMH } from './summary-domain.ts';
import { type MeanPoint, type StatKey, TOTALISERS, type TotaliserKeys } from './summary-period.ts';
import { groupDevices, type MeterLabel, type VesselDevice, type VesselPlan } from './summary-vessel.ts';

/**
 * What the summary reads of each device type, stated once (docs/domain.md, section per entry): the reader
 * (summary-read.ts) reads these for the whole hours of a period from the hourly rollups and for its partial hours
 * from the raw rows.
 */

export const SUMMARY_TYPES = ['gps', 'rpm', 'ae', 'flowmeter', 'temperature'] as const;
export type SummaryType = (typeof SUMMARY_TYPES)[number];

export const typeOf = (d: VesselDevice) => telemetryType(d.devcType) as DeviceType;

/** A data point of a type by any of its names (`volumeInventory`, `volume_inventory`). */
export function metricOf(type: DeviceType, point: string): MetricDef {
  const m = findMetric(TELEMETRY_TYPES[type], point);
  if (!m) throw new Error(`no data point ${point} in ${type}`);
  return m;
}

/** The hourly rollup level: the summary reads whole hours from it, never from the daily one (sums by the hour). */
export const HOURLY = ROLLUPS[0];
/** The hourly rollup table of a type, and a data point's statistic column in it. */
export const hourlyTable = (type: DeviceType) => rollupTable(TELEMETRY_TYPES[type], HOURLY);
export const hourlyColumn = (type: DeviceType, point: string) => (stat: StatName) =>
  statColumn(metricOf(type, point), stat);

/** A statistic of a data point (telemetry/stats-read.ts) and the key it is kept under (summary-period.ts `Stat`). */
export interface Wanted {
  point: string;
  field: Exclude<keyof Statistics, 'fts' | 'lts'>;
  key: StatKey;
}
const count = (point: string, key: StatKey): Wanted => ({ point, field: 'n', key });
const sum = (point: MeanPoint): Wanted => ({ point, field: 'total', key: `s:${point}` });
const mean = (point: MeanPoint) => [count(point, `c:${point}`), sum(point)];
/** §11: a totaliser's first, last, lowest and highest reading */
const readings = (point: string, k: TotaliserKeys): Wanted[] => [
  { point, field: 'fv', key: k.first },
  { point, field: 'lv', key: k.last },
  { point, field: 'min', key: k.min },
  { point, field: 'max', key: k.max },
];

/** §11: the totalisers of a meter — the data point and the keys of its readings and its litres (or kg). */
export const TOTALISER_POINTS = [
  { point: 'volumeInventory', keys: TOTALISERS.volume },
  { point: 'massInventory', keys: TOTALISERS.mass },
] as const;

/** §15: return and AE meters — presence, density and temperature (litres at 15 °C, §11) and their totalisers. */
const METER: Wanted[] = [
  count('volumeFlowrate', 'n'),
  ...mean('density'),
  ...mean('temperature'),
  ...TOTALISER_POINTS.flatMap((t) => readings(t.point, t.keys)),
];

/** The statistics of each type: `n` counts the samples of its presence data point (§5, §20). */
export const STATISTICS: Record<SummaryType, Wanted[]> = {
  // §6–§8: position, speed, distance
  gps: [
    count('latitude', 'n'),
    ...mean('speed'),
    sum('distance'),
    { point: 'latitude', field: 'fv', key: 'firstLatitude' },
    { point: 'longitude', field: 'fv', key: 'firstLongitude' },
    { point: 'latitude', field: 'lv', key: 'lastLatitude' },
    { point: 'longitude', field: 'lv', key: 'lastLongitude' },
  ],
  // §9
  rpm: [count('rpm', 'n'), ...mean('rpm')],
  // §10
  ae: [count('rpm', 'n'), ...mean('rpm')],
  // §11–§15: the supply meters, also their flow rate
  flowmeter: [METER[0], ...mean('volumeFlowrate'), ...METER.slice(1)],
  // §16
  temperature: [count('temperature', 'n'), ...mean('temperature')],
};

const SUPPLY: MeterLabel[] = ['PORT_IN', 'STARBOARD_IN'];
const supplyMeters = (plan: VesselPlan, ids: number[]) =>
  SUPPLY.map((l) => plan.meters[l]?.devcId).filter((id): id is number => id !== undefined && ids.includes(id));

/** The devices of a type with the statistics each reads. */
export function asks(plan: VesselPlan, type: SummaryType, ids: number[]): { ids: number[]; wanted: Wanted[] }[] {
  if (type !== 'flowmeter') return [{ ids, wanted: STATISTICS[type] }];
  const supply = supplyMeters(plan, ids);
  return [
    { ids: supply, wanted: STATISTICS.flowmeter },
    { ids: ids.filter((id) => !supply.includes(id)), wanted: METER },
  ];
}

/** Samples above a threshold, credited with time by §5 as `run` or `flow` seconds (their count: `gt`). */
export interface Above {
  point: string;
  seconds: 'run' | 'flow';
  /** the devices of the type (among `ids`) counted, each with its threshold (values strictly above count) */
  devices: (plan: VesselPlan, ids: number[]) => { devcId: number; threshold: number }[];
}
export const ABOVE: Partial<Record<SummaryType, Above>> = {
  // §7: the GPS's moving time, fixes faster than MOVING_KMH
  gps: {
    point: 'speed',
    seconds: 'run',
    devices: (_, ids) => ids.map((devcId) => ({ devcId, threshold: MOVING_KMH })),
  },
  // §9: running time, above each engine's own threshold
  rpm: {
    point: 'rpm',
    seconds: 'run',
    devices: (plan, ids) =>
      Object.values(plan.rpm)
        .filter((r) => ids.includes(r.devcId))
        .map((r) => ({ devcId: r.devcId, threshold: r.threshold })),
  },
  // §15: flow time of the supply meters
  flowmeter: {
    point: 'volumeFlowrate',
    seconds: 'flow',
    devices: (plan, ids) => supplyMeters(plan, ids).map((devcId) => ({ devcId, threshold: 0 })),
  },
};

/** §10: AE running — its running flags; samples without a flag count when their rpm is above 0. */
export const AE_RUNNING = { flags: mean('running'), point: 'rpm', threshold: 0 };

/** The data point whose samples count as "present" for each type (§5, §20); rpm and ae share one. */
export const PRESENCE: Partial<Record<DeviceType, string>> = {
  gps: 'latitude',
  rpm: 'rpm',
  ae: 'rpm',
  flowmeter: 'volume_flowrate',
  temperature: 'temperature',
};

/** The devices a group's numbers read: its own, and the AE meters for AE fuel, the AEs for the fuel totals (§13). */
export function devicesFor(plan: VesselPlan, group: SummaryGroup): VesselDevice[] {
  const own = groupDevices(plan, group);
  if (group === 'ae') return [...own, ...[plan.meters.AE_IN, plan.meters.AE_OUT].filter((d): d is VesselDevice => !!d)];
  if (group === 'flowmeter') return [...own, ...groupDevices(plan, 'ae')];
  return own;
}

/**
 * The parts of a period: its whole UTC hours when every bucket is a union of them (HOUR and DAY buckets in a
 * whole-hour timezone), and the rest — the partial hours at its edges, or the whole period.
 */
export function splitPeriod(o: { start: number; end: number; unit: BucketUnit; tz: number }) {
  const h1 = Math.ceil(o.start / 3600) * 3600;
  const h2 = Math.floor(o.end / 3600) * 3600;
  if (o.unit === 'MINUTE' || !Number.isInteger(o.tz) || h1 >= h2)
    return { hours: null, ranges: [[o.start, o.end]] as [number, number][] };
  const edges: [number, number][] = [
    [o.start, h1],
    [h2, o.end],
  ];
  return { hours: [h1, h2] as [number, number], ranges: edges.filter(([a, b]) => a < b) };
}
