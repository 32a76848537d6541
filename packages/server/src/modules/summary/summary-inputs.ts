import type { SummaryGroup } from '@fleet/shared/answers/summary.ts';
import {
  type DeviceType,
  findStoredMetric,
  type MetricDef,
  SPAN_STATE_RULES,
  TELEMETRY_TYPES,
  telemetryType,
} from '@fleet/shared/telemetry.ts';
import { ROLLUPS, rollupTable, type StatName, statColumn } from '../telemetry/rollup.ts';
import { GAP_LIMIT, GPS_GAP_LIMIT } from './summary-domain.ts';
import type { MeanPoint, StatKey } from './summary-period.ts';
import { groupDevices, type MeterLabel, type VesselDevice, type VesselPlan } from './summary-vessel.ts';

/**
 * What the summary reads of each device type, stated once (docs/domain.md, section per entry): the statistics of the
 * samples inside each bucket (`STATISTICS`, summary-read.ts through telemetry's readStats) and the states whose
 * credited spans are time (`SPAN_STATES`, summary-spans.ts).
 */

export const SUMMARY_TYPES = ['gps', 'rpm', 'ae', 'flowmeter', 'temperature'] as const;
export type SummaryType = (typeof SUMMARY_TYPES)[number];

export const typeOf = (d: VesselDevice) => telemetryType(d.devcType) as DeviceType;

/** A stored column of a type (data point or derived: `volumeInventory`, `volume_delta`, `span`). */
export function metricOf(type: DeviceType, point: string): MetricDef {
  const m = findStoredMetric(TELEMETRY_TYPES[type], point);
  if (!m) throw new Error(`no stored column ${point} in ${type}`);
  return m;
}

/** The hourly rollup level: the summary reads whole hours from it. */
export const HOURLY = ROLLUPS[0];
/**
 * The daily rollup level (local days of the product's zone, rollup.ts): whole days inside the period and one bucket
 * come from it (issue 29) — the same sums as their hours, one row instead of 24.
 */
export const DAILY = ROLLUPS[1];
export const dailyTable = (type: DeviceType) => rollupTable(TELEMETRY_TYPES[type], DAILY);
/** The hourly rollup table of a type, and a column's statistic in it. */
export const hourlyTable = (type: DeviceType) => rollupTable(TELEMETRY_TYPES[type], HOURLY);
export const hourlyColumn = (type: DeviceType, point: string) => (stat: StatName) =>
  statColumn(metricOf(type, point), stat);

/** A statistic of a column (telemetry/stats-read.ts) and the key it is kept under (summary-period.ts `Stat`). */
export interface Wanted {
  point: string;
  field: 'n' | 'total' | 'fv' | 'lv';
  key: StatKey;
  /** shown for the period only (no bucket answer carries it): read for the period, not per bucket */
  period?: true;
}
const count = (point: string, key: StatKey): Wanted => ({ point, field: 'n', key });
const total = (point: string, key: StatKey): Wanted => ({ point, field: 'total', key });
const mean = (point: MeanPoint) => [count(point, `c:${point}`), total(point, `s:${point}`)];
/** §11: litres (or kg) of the readings in a bucket, and how many readings carry them */
const deltas = (point: string, sum: StatKey, n: StatKey) => [total(point, sum), count(point, n)];
const periodOnly = (ws: Wanted[]) => ws.map((w): Wanted => ({ ...w, period: true }));

/** §11–§15: every meter — presence, density and temperature, its totaliser's first and last reading, its deltas. */
const METER: Wanted[] = [
  count('volumeFlowrate', 'n'),
  ...mean('density'),
  ...mean('temperature'),
  { point: 'volumeInventory', field: 'fv', key: 'firstTotal' },
  { point: 'volumeInventory', field: 'lv', key: 'lastTotal' },
  total('volumeDelta', 'delta'),
  // litres at 15 °C and kg are answered for the period only (summary flowmeter.summary)
  ...periodOnly([
    count('volumeDelta', 'nDelta'),
    ...deltas('volume15Delta', 'delta15', 'nDelta15'),
    ...deltas('massDelta', 'massDelta', 'nMass'),
  ]),
];

/**
 * The statistics of the samples inside each bucket, per type: `n` counts the samples of its presence data point
 * (§5, §20). Time and distance are not here: they are credited by span (SPAN_STATES).
 */
export const STATISTICS: Record<SummaryType, Wanted[]> = {
  // §6–§8: positions (distance and moving time by span)
  gps: [
    count('latitude', 'n'),
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

/**
 * A state whose samples' credited spans (§5) are time: the sample's own state, in SQL over a raw row (`r`, with its
 * device's threshold `thr`) and, for a whole hour, from the hourly rollup row. A state whose rule is the sample's own
 * values (GPS moving, AE running, flow: @fleet/shared SPAN_STATE_RULES) has its samples' spans in the state stored at
 * ingest (`stored`): a whole hour's state seconds are its rollup sum. The rpm threshold of §9 is each engine's setting,
 * read at query time: a whole hour is all in the state when its lowest rpm is above it (`all`), none of it when its
 * highest is not (`none`); an hour that is neither is summed from its raw rows.
 */
export interface SpanState {
  type: 'gps' | 'rpm' | 'ae' | 'flowmeter';
  /** the record key the state's seconds go to */
  key: 'run' | 'flow';
  /** a raw row is a sample of the device (§5) */
  present: (r: string) => string;
  /** the data point whose rollup count is the hour's samples */
  presence: string;
  inState: (r: string, thr: string) => string;
  /** the derived column (key) holding a sample's span when it is in the state, 0 when not */
  stored?: string;
  /** a state read at query time: the hour's rollup says all of its samples are in it / none is */
  all?: (h: (point: string, stat: StatName) => string, thr: string) => string;
  none?: (h: (point: string, stat: StatName) => string, thr: string) => string;
  /** §6: the GPS's span distance is credited with its span */
  distance: boolean;
  /** the samples in the state are counted per bucket (§9 `count`, `COUNTGT_dlrpRpm_1`) */
  count: boolean;
  /** the gap limit G of its spans (§5): how far after the period the next sample can reach back into it */
  limit: number;
  /** the devices (among `ids`) and their thresholds */
  devices: (plan: VesselPlan, ids: number[]) => { devcId: number; threshold: number }[];
}

/** A state stored at ingest (SPAN_STATE_RULES): a raw row is in it when its stored span in the state is above 0. */
function storedState(type: 'gps' | 'ae' | 'flowmeter') {
  const key = SPAN_STATE_RULES[type]!.key;
  const column = metricOf(type, key).column;
  return { stored: key, inState: (r: string) => `${r}.${column} > 0` };
}

export const SPAN_STATES: Partial<Record<SummaryType, SpanState>> = {
  // §7: moving fixes — speed above 1 kn; a fix without a speed is not moving
  gps: {
    type: 'gps',
    key: 'run',
    present: (r) => `${r}.latitude is not null and ${r}.longitude is not null`,
    presence: 'latitude',
    ...storedState('gps'),
    distance: true,
    count: false,
    limit: GPS_GAP_LIMIT,
    devices: (_, ids) => ids.map((devcId) => ({ devcId, threshold: 0 })),
  },
  // §9: running — rpm above each engine's own threshold
  rpm: {
    type: 'rpm',
    key: 'run',
    present: (r) => `${r}.rpm is not null`,
    presence: 'rpm',
    inState: (r, thr) => `${r}.rpm > ${thr}`,
    all: (h, thr) => `${h('rpm', 'min')} > ${thr}`,
    none: (h, thr) => `${h('rpm', 'max')} <= ${thr}`,
    distance: false,
    count: true,
    limit: GAP_LIMIT,
    devices: (plan, ids) =>
      Object.values(plan.rpm)
        .filter((r) => ids.includes(r.devcId))
        .map((r) => ({ devcId: r.devcId, threshold: r.threshold })),
  },
  // §10: AE running — its running flag when the sample has one, else rpm above 0
  ae: {
    type: 'ae',
    key: 'run',
    present: (r) => `${r}.rpm is not null`,
    presence: 'rpm',
    ...storedState('ae'),
    distance: false,
    count: false,
    limit: GAP_LIMIT,
    devices: (_, ids) => ids.map((devcId) => ({ devcId, threshold: 0 })),
  },
  // §15: flow time of the supply meters — flow rate above 0
  flowmeter: {
    type: 'flowmeter',
    key: 'flow',
    present: (r) => `${r}.volume_flowrate is not null`,
    presence: 'volumeFlowrate',
    ...storedState('flowmeter'),
    distance: false,
    count: false,
    limit: GAP_LIMIT,
    devices: (plan, ids) => supplyMeters(plan, ids).map((devcId) => ({ devcId, threshold: 0 })),
  },
};

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
