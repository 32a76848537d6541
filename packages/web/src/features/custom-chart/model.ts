import Dexie, { type Table } from 'dexie';
import { periodSeconds } from '../../api/period.ts';
import { fetchAggregated } from '../../api/telemetry.ts';
import { zoneHours } from '../../api/zone.ts';
import { axesByUnit, type Point } from '../../components/charts/rules.ts';

/** Data points per device type (spec 002 §3.4); `field` is the API's data key, `side` limits it to one device. */
export interface DataPoint {
  key: string;
  label: string;
  field: string;
  /** its unit (docs/domain.md §3); 'count' is written in the language in force (customChartTexts unitCount) */
  unit: string;
  /** the device's side or label this point belongs to (rpm, ae, temperature devices are one side each) */
  side?: string;
}
const plain = (units: Record<string, string>): DataPoint[] =>
  Object.entries(units).map(([k, unit]) => ({ key: k, label: k, field: k, unit }));
/** The unit of an RPM axis (its axis gets the RPM maximum). */
export const RPM_UNIT = 'RPM';
export const DATA_POINTS: Record<string, DataPoint[]> = {
  flowmeter: plain({
    massFlowrate: 'kg/h',
    density: 'kg/m³',
    temperature: '°C',
    volumeFlowrate: 'L/h',
    massTotal: 'kg',
    volumeTotal: 'L',
    massInventory: 'kg',
    volumeInventory: 'L',
  }),
  gateway: plain({ cpuUsage: '%', memoryFree: '%', spaceFree: '%' }),
  gps: plain({
    track: '°',
    satellites: 'count',
    altitude: 'm',
    geoidal: 'm',
    latitude: '°',
    longitude: '°',
    speed: 'km/h',
    distance: 'm',
  }),
  rpm: [
    { key: 'port', label: 'port', field: 'rpm', unit: RPM_UNIT, side: 'PORT' },
    { key: 'starboard', label: 'starboard', field: 'rpm', unit: RPM_UNIT, side: 'STARBOARD' },
  ],
  ae: [1, 2, 3].map((n) => ({ key: `ae ${n}`, label: `ae ${n}`, field: 'rpm', unit: RPM_UNIT, side: `AE${n}` })),
  temperature: [
    { key: 'port', label: 'port', field: 'temperature', unit: '°C', side: 'PORT' },
    { key: 'starboard', label: 'starboard', field: 'temperature', unit: '°C', side: 'STARBOARD' },
  ],
  // on AC and battery fail are 0/1; a bucket holds their mean, the share of the time
  power: plain({ onAc: '0–1', batteryFail: '0–1', batteryVoltage: 'V' }),
};

export interface ChartDevice {
  devcId: number;
  devcName: string;
  devcUniqueId: string;
  devcType: string;
  devcLabel?: string | null;
  selectedDataPoints: string[];
}

/** The side of a device: its label (PORT, AE1 …), else the last dash segment of its id (1 port, 3 starboard). */
export function sideOf(d: Pick<ChartDevice, 'devcUniqueId' | 'devcLabel'>): string | null {
  if (d.devcLabel && /^(PORT|STARBOARD|AE[123])$/.test(d.devcLabel)) return d.devcLabel;
  const last = d.devcUniqueId.split('-').at(-1);
  return last === '1' ? 'PORT' : last === '3' ? 'STARBOARD' : null;
}

/** The data points offered for a device. */
export function pointsFor(d: Pick<ChartDevice, 'devcType' | 'devcUniqueId' | 'devcLabel'>): DataPoint[] {
  const all = DATA_POINTS[d.devcType] ?? [];
  const side = sideOf(d);
  return all.filter((p) => !p.side || p.side === side);
}

export type IntervalUnit = 'MINUTE' | 'HOUR' | 'DAY' | 'WEEK' | 'MONTH';
export interface ChartSeries {
  name: string;
  points: Point[];
  /** the data point's unit (charts saved before issue 28 have none: `seriesUnits` finds it) */
  unit?: string;
}

/** A saved chart (spec 002 §3.4). */
export interface SavedChart {
  id: number;
  asset: { massId: number; massName: string };
  devicesData: ChartDevice[];
  /** epoch ms */
  dateRange: { start: number; end: number };
  intervalUnit: IntervalUnit;
  intervalLength: number;
  order: number;
  width: 'full' | 'half';
  combinedChart: { series: ChartSeries[] } | null;
}

export type ChartDraft = Omit<SavedChart, 'id' | 'combinedChart' | 'width'> & { width?: SavedChart['width'] };

/** Spec 002 §5: an asset, a range with start and end, a device with a data point, an interval length above 0. */
export function isValid(d: Partial<ChartDraft>): boolean {
  return (
    !!d.asset &&
    !!d.dateRange &&
    Number.isFinite(d.dateRange.start) &&
    Number.isFinite(d.dateRange.end) &&
    d.dateRange.end > d.dateRange.start &&
    !!d.devicesData?.some((x) => x.selectedDataPoints.length > 0) &&
    (d.intervalLength ?? 0) > 0
  );
}

/** Spec 002 §9 interval seconds, for gaps. */
export const UNIT_SECONDS: Record<IntervalUnit, number> = {
  MINUTE: 60,
  HOUR: 3600,
  DAY: 86400,
  WEEK: 604800,
  MONTH: 2592000,
};

const seriesName = (d: Pick<ChartDevice, 'devcName'>, p: DataPoint) => `${d.devcName} · ${p.label}`;

/**
 * The unit of each of a saved chart's lines: its own, else the one of the data point its name names (a chart saved
 * before units were kept); '' when none is known.
 */
export function seriesUnits(c: Pick<SavedChart, 'devicesData' | 'combinedChart'>): string[] {
  return (c.combinedChart?.series ?? []).map((s) => {
    if (s.unit !== undefined) return s.unit;
    for (const d of c.devicesData)
      for (const p of pointsFor(d))
        if (seriesName(d, p) === s.name && d.selectedDataPoints.includes(p.key)) return p.unit;
    return '';
  });
}

/**
 * A saved chart's axes and lines: one y-axis per unit, named by it (issue 28: RPM, km/h and L/h no longer share one
 * unnamed axis); `label` writes a unit in the language in force.
 */
export function chartAxes(c: SavedChart, label: (unit: string) => string) {
  const series = c.combinedChart?.series ?? [];
  const { axes, axisOf } = axesByUnit(seriesUnits(c), (u) => (u === RPM_UNIT ? 'rpm' : undefined));
  return {
    axes: axes.map((a) => ({ ...a, name: label(a.name) })),
    series: series.map((s, i) => ({ ...s, axis: axisOf[i] })),
  };
}

/** Fetches every device's aggregated series (GET /api/series/aggregated/{type}/period/…) and names its lines. */
export async function fetchChartSeries(
  c: Pick<SavedChart, 'devicesData' | 'dateRange' | 'intervalUnit' | 'intervalLength'>,
) {
  const { start, end } = periodSeconds(c.dateRange);
  const out: ChartSeries[] = [];
  for (const d of c.devicesData) {
    if (!d.selectedDataPoints.length) continue;
    const ans = await fetchAggregated(d.devcType, start, end, {
      'device[]': [d.devcUniqueId],
      aggregatedUnit: c.intervalUnit,
      aggregatedLength: c.intervalLength,
      timezone: zoneHours(start * 1000),
    });
    const pts = pointsFor(d);
    for (const key of d.selectedDataPoints) {
      const p = pts.find((x) => x.key === key);
      if (!p) continue;
      out.push({
        name: seriesName(d, p),
        unit: p.unit,
        points: ans.series.map((r) => [Number(r.timestamp) * 1000, r[p.field] == null ? null : Number(r[p.field])]),
      });
    }
  }
  return out;
}

// ---- browser storage (spec 002 §3.8: a second database holding saved charts)
class ChartDb extends Dexie {
  charts!: Table<SavedChart, number>;
  constructor() {
    super('custom-chart');
    this.version(1).stores({ charts: 'id, order' });
  }
}
let db: ChartDb | null = null;
const open = () => {
  db ??= new ChartDb();
  return db;
};
export const chartStore = {
  all: async () => (await open().charts.toArray()).sort((a, b) => a.order - b.order || a.id - b.id),
  put: (c: SavedChart) => open().charts.put(c),
  remove: (id: number) => open().charts.delete(id),
  reorder: async (ids: number[]) => {
    const t = open();
    await t.transaction('rw', t.charts, async () => {
      for (const [i, id] of ids.entries()) await t.charts.update(id, { order: i });
    });
  },
};
