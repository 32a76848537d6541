import Dexie, { type Table } from 'dexie';
import { periodSeconds } from '../../api/period.ts';
import { fetchAggregated } from '../../api/telemetry.ts';
import { zoneHours } from '../../api/zone.ts';
import type { Point } from '../../components/charts/rules.ts';

/** Data points per device type (spec 002 §3.4); `field` is the API's data key, `side` limits it to one device. */
export interface DataPoint {
  key: string;
  label: string;
  field: string;
  /** the device's side or label this point belongs to (rpm, ae, temperature devices are one side each) */
  side?: string;
}
const plain = (keys: string[]): DataPoint[] => keys.map((k) => ({ key: k, label: k, field: k }));
export const DATA_POINTS: Record<string, DataPoint[]> = {
  flowmeter: plain([
    'massFlowrate',
    'density',
    'temperature',
    'volumeFlowrate',
    'massTotal',
    'volumeTotal',
    'massInventory',
    'volumeInventory',
  ]),
  gateway: plain(['cpuUsage', 'memoryFree', 'spaceFree']),
  gps: plain(['track', 'satellites', 'altitude', 'geoidal', 'latitude', 'longitude', 'speed', 'distance']),
  rpm: [
    { key: 'port', label: 'port', field: 'rpm', side: 'PORT' },
    { key: 'starboard', label: 'starboard', field: 'rpm', side: 'STARBOARD' },
  ],
  ae: [1, 2, 3].map((n) => ({ key: `ae ${n}`, label: `ae ${n}`, field: 'rpm', side: `AE${n}` })),
  temperature: [
    { key: 'port', label: 'port', field: 'temperature', side: 'PORT' },
    { key: 'starboard', label: 'starboard', field: 'temperature', side: 'STARBOARD' },
  ],
  power: plain(['onAc', 'batteryFail', 'batteryVoltage']),
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
        name: `${d.devcName} · ${p.label}`,
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
