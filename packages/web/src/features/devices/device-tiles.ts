import type { AggregatedRow } from '@fleet/shared/answers/series.ts';
import type { Summary } from '@fleet/shared/answers/summary.ts';
import { text } from '../../api/i18n.ts';
import { hms } from '../../components/device/device-range.ts';
import {
  extremeOf,
  flowTotaliser,
  lastOf,
  meterDelta,
  sumOf,
  weightedMean,
} from '../../components/device/device-series.ts';
import { num, qty } from '../../components/format.ts';
import { KMH_TO_KNOTS } from '../../components/gauges/scales.ts';
import { componentsTexts } from '../../components/texts.ts';
import { devicesTexts } from './texts.ts';

export interface Tile {
  label: string;
  value: string;
}

/** A tile's text in the language in force. */
const say = (key: keyof typeof devicesTexts.en) => text(devicesTexts, key);

const fmt = (v: number | null, decimals: number, unit: string) =>
  v === null ? '—' : unit ? qty(v, unit, decimals) : num(v, decimals);

/**
 * What the summary API (`GET /api/summary/aggregated/period`, the Report Summary's numbers) says of one device for
 * the range (docs/domain.md §22): `loading`; `none` when the device takes no part in its vessel's summary (§2: a
 * second GPS, a meter without an engine label such as BUNKER_IN); else its figures.
 */
export type SummaryFigures =
  | { state: 'loading' }
  | { state: 'none' }
  | {
      state: 'ok';
      /** GPS: distance (m, §6) and the one average speed (kn, §7) */
      distanceM?: number | null;
      averageSpeedKnot?: number | null;
      /** flow meter: litres through its totaliser (§11) */
      litres?: number | null;
      /** RPM / AE running seconds (§9, §10); a supply meter's flow seconds (§15) */
      seconds?: number | null;
    };

type FlowSummary = NonNullable<Summary['flowmeter']>['summary'];
const METER_VOLUME = ['PORT_IN', 'PORT_OUT', 'STARBOARD_IN', 'STARBOARD_OUT', 'AE_IN', 'AE_OUT'] as const;
type MeterLabel = (typeof METER_VOLUME)[number];

/** A meter's litres in the summary: `meterVolume`, and for the AE meters also their `AE_IN` / `AE_OUT` (§13). */
function meterLitres(fm: FlowSummary | undefined, label: MeterLabel): number | null {
  const v = fm?.meterVolume?.[label];
  if (v !== undefined) return v;
  return label === 'AE_IN' ? (fm?.AE_IN ?? null) : label === 'AE_OUT' ? (fm?.AE_OUT ?? null) : null;
}

/** The summary group that holds a device's figures (§22), null for a type the summary has none of. */
export function summaryGroupOf(type: string): 'gps' | 'rpm' | 'ae' | 'flowmeter' | null {
  return type === 'gps' || type === 'rpm' || type === 'ae' || type === 'flowmeter' ? type : null;
}

/** One device's figures from a summary of its vessel asked for the device's group (pure; tested). */
export function figuresOf(
  s: Summary,
  dev: { devcId: number; devcType: string; devcLabel?: string | null },
): SummaryFigures {
  // the devices of the vessel's summary are those with a role (§2); each has its sensor percentage row (§20)
  if (!s.sensorPercentage.some((r) => r.devcId === dev.devcId)) return { state: 'none' };
  switch (dev.devcType) {
    case 'gps':
      return {
        state: 'ok',
        distanceM: s.gps?.summary.totalDistance ?? null,
        averageSpeedKnot: s.gps?.summary.averageSpeedKnot ?? null,
      };
    case 'rpm': {
      const side = [s.rpm?.summary.PORT, s.rpm?.summary.STARBOARD].find((x) => x?.devcId === dev.devcId);
      return { state: 'ok', seconds: side?.runningTime ?? 0 };
    }
    case 'ae': {
      const ae = (['AE1', 'AE2', 'AE3'] as const).map((k) => s.ae?.[k]).find((a) => a?.devcId === dev.devcId);
      return { state: 'ok', seconds: ae?.runningSeconds ?? 0 };
    }
    case 'flowmeter': {
      const label = (dev.devcLabel ?? '').toUpperCase() as MeterLabel;
      const fm = s.flowmeter?.summary;
      const seconds =
        label === 'PORT_IN' ? fm?.PORT_IN_flowTime : label === 'STARBOARD_IN' ? fm?.STARBOARD_IN_flowTime : undefined;
      return {
        state: 'ok',
        litres: METER_VOLUME.includes(label) ? meterLitres(fm, label) : null,
        ...(seconds === undefined ? {} : { seconds }),
      };
    }
    default:
      return { state: 'none' };
  }
}

/**
 * The summary tiles of Device Detail for the range (docs/domain.md §22; spec 000 §2 "Summaries": GPS kilometres and
 * knots, flow meter L/h and litres, durations h:mm:ss, gateway usage in percent with 2 decimals). Distance, average
 * speed, a meter's litres and running / flow time are the summary API's (`figures`), so they equal the Report
 * Summary for the same vessel and period; a device outside its vessel's summary (`none`) gets its distance and
 * litres from its own buckets and no duration. Means and extremes come from the buckets. Labels in the language in
 * force at the call.
 */
export function tilesFor(type: string, rows: AggregatedRow[], figures: SummaryFigures = { state: 'none' }): Tile[] {
  const ok = figures.state === 'ok' ? figures : null;
  const loading = figures.state === 'loading';
  /** the summary's figure; '—' while it loads; `own` for a device outside the summary */
  const pick = <T>(fromSummary: T | null | undefined, own: () => T | null): T | null =>
    ok ? (fromSummary ?? null) : loading ? null : own();
  const duration = (label: string): Tile[] =>
    loading || ok?.seconds !== undefined ? [{ label, value: hms(ok?.seconds ?? null) }] : [];
  switch (type) {
    case 'gps': {
      const distance = pick(ok?.distanceM, () => sumOf(rows, 0));
      const speed = pick(ok?.averageSpeedKnot, () => {
        const kmh = weightedMean(rows, 'speed', 1);
        return kmh === null ? null : kmh * KMH_TO_KNOTS;
      });
      const top = extremeOf(rows, 2, 'max');
      return [
        { label: say('distance'), value: fmt(distance === null ? null : distance / 1000, 2, 'km') },
        { label: text(componentsTexts, 'averageSpeed'), value: fmt(speed, 2, say('unitKnots')) },
        { label: say('highestSpeed'), value: fmt(top === null ? null : top * KMH_TO_KNOTS, 2, say('unitKnots')) },
        { label: say('distanceNm'), value: fmt(distance === null ? null : distance / 1852, 2, 'NM') },
      ];
    }
    case 'rpm':
    case 'ae':
      return [
        { label: say('averageRpm'), value: fmt(weightedMean(rows, 'rpm', 2), 0, 'rpm') },
        { label: say('highestRpm'), value: fmt(extremeOf(rows, 1, 'max'), 0, 'rpm') },
        ...duration(say('runningTime')),
      ];
    case 'flowmeter':
      return [
        { label: say('averageFlowRate'), value: fmt(weightedMean(rows, 'volumeFlowrate', 4), 2, 'L/h') },
        {
          label: say('volume'),
          value: fmt(
            pick(ok?.litres, () => meterDelta(flowTotaliser(rows))),
            2,
            say('unitLiters'),
          ),
        },
        { label: say('averageDensity'), value: fmt(weightedMean(rows, 'density', 4), 2, 'kg/m³') },
        ...duration(say('flowTime')),
      ];
    case 'temperature':
      return [
        { label: say('average'), value: fmt(weightedMean(rows, 'temperature', 2), 1, '°C') },
        { label: say('highest'), value: fmt(extremeOf(rows, 1, 'max'), 1, '°C') },
        { label: say('lowest'), value: fmt(extremeOf(rows, 0, 'min'), 1, '°C') },
      ];
    case 'gateway':
      return [
        { label: say('averageCpu'), value: fmt(weightedMean(rows, 'cpuUsage', 0), 2, '%') },
        { label: say('highestCpu'), value: fmt(extremeOf(rows, 1, 'max'), 2, '%') },
        { label: say('averageMemoryFree'), value: fmt(weightedMean(rows, 'memoryFree', 0), 2, '%') },
        { label: say('averageDiskFree'), value: fmt(weightedMean(rows, 'spaceFree', 0), 2, '%') },
      ];
    case 'power': {
      const ac = weightedMean(rows, 'onAc', 0);
      const fail = weightedMean(rows, 'batteryFail', 0);
      return [
        { label: say('onAc'), value: fmt(ac === null ? null : ac * 100, 2, say('unitOfReadings')) },
        { label: say('batteryFail'), value: fmt(fail === null ? null : fail * 100, 2, say('unitOfReadings')) },
        { label: say('lowestVoltage'), value: fmt(extremeOf(rows, 1, 'min'), 2, 'V') },
      ];
    }
    case 'tank':
      return [
        { label: say('lastLevel'), value: fmt(lastOf(rows, 1), 0, 'mm') },
        { label: say('lastVolume'), value: fmt(lastOf(rows, 2), 0, 'L') },
        {
          label: say('levelRange'),
          value: rows.length
            ? `${fmt(extremeOf(rows, 3, 'min'), 0, '')} – ${fmt(extremeOf(rows, 4, 'max'), 0, 'mm')}`
            : '—',
        },
      ];
    default:
      return [];
  }
}
