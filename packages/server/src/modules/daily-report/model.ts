import { BUCKET_SECONDS, type BucketUnit, bucketStart } from '@fleet/shared';
import { co2Tonnes } from '@fleet/shared/co2.ts';
import { CHART_HEIGHT, CHART_WIDTH, type ChartSeries, chartSvg } from './charts.ts';
import type { ReportKey } from './keys.ts';
import { MAP_HEIGHT, MAP_WIDTH, mapSvg, type TrackPoint } from './map.ts';
import type { SummaryAnswer } from './summary-source.ts';

/**
 * The daily report as data (spec 002 §2.3): the pages, each a list of blocks (tables, chart SVGs, map SVGs).
 * The PDF (pdf.ts) and the Daily Report screen (GET …/report/pages, drawn by the web app) both draw this one
 * model, so the screen and the file show the same numbers, charts and map. Every number is a summary API number
 * for the same period (docs/domain.md §31).
 */
export { REPORT_KEYS, type ReportKey } from './keys.ts';

export type Block =
  | { kind: 'table'; title?: string; columns: string[]; rows: string[][]; width?: number }
  | { kind: 'chart'; svg: string; width: number; height: number }
  | { kind: 'maps'; maps: { title: string; svg: string; width: number; height: number }[] }
  | { kind: 'row'; blocks: Block[] }
  | { kind: 'notice'; text: string };

export interface ReportPage {
  key: ReportKey | 'maintenance';
  title: string;
  blocks: Block[];
}

export interface ReportModel {
  massId: number;
  massName: string;
  start: number;
  end: number;
  timezone: number;
  /** "GMT +007" for +7 (spec 002 §2.3) */
  timezoneLabel: string;
  /** the analysed period and the data found in it, local time */
  rangeText: string;
  dataText: string;
  generatedAt: number;
  generatedText: string;
  maintenance: boolean;
  fileName: string;
  pages: ReportPage[];
}

export interface ModelInput {
  summary: SummaryAnswer;
  /** GPS at a finer unit for the track (falls back to the summary's buckets) */
  track?: SummaryAnswer;
  fuelType: { mftyCo2Factor: number | null; mftyDensity: number | null } | null;
  reports: readonly ReportKey[];
  dataTables: boolean;
  now: number;
}

// ---- formatting (spec 002 §5: missing values '-'; §9 numbers 2 decimals)

const grouping = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const grouping3 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
/** A number with 2 decimals and thousands separators; '-' when missing. */
export const num = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? '-' : grouping.format(v));
export const num3 = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? '-' : grouping3.format(v));
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** "GMT +007" for +7, "GMT -005" for -5, "GMT +005:30" for +5.5 (spec 002 §2.3, §9). */
export function timezoneLabel(tz: number): string {
  const sign = tz < 0 ? '-' : '+';
  const abs = Math.abs(tz);
  const h = Math.floor(abs);
  const m = Math.round((abs - h) * 60);
  return `GMT ${sign}${pad(h, 3)}${m ? `:${pad(m)}` : ''}`;
}

const MONTHS = 'January February March April May June July August September October November December'.split(' ');
const local = (ts: number, tz: number) => new Date((ts + tz * 3600) * 1000);
/** DD MMMM YYYY HH:mm in the report's timezone (spec 002 §9 display format). */
export function dateTime(ts: number | null, tz: number): string {
  if (ts == null) return '-';
  const d = local(ts, tz);
  return `${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
const stamp = (ts: number, tz: number) => {
  const d = local(ts, tz);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
};
function bucketLabel(ts: number, tz: number, unit: BucketUnit): string {
  const d = local(ts, tz);
  if (unit === 'DAY') return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}`;
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
const position = (p: TrackPoint | null | undefined) =>
  p ? `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}` : '-';

/** The file name: vessel and period (local time), safe for every file system. */
export function reportFileName(massName: string, start: number, end: number, tz: number): string {
  const name =
    massName
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'vessel';
  return `Daily-Report_${name}_${stamp(start, tz)}_${stamp(end, tz)}.pdf`;
}

/** Which pages a vessel gets (spec 002 §2.3: 4 without a flow meter, 6 single engine, else 7). */
export function pageTitles(s: Pick<SummaryAnswer, 'hasFlowmeter' | 'singleEngine'>, reports: readonly ReportKey[]) {
  const pages: { key: ReportKey; title: string; side?: 'PORT' | 'STARBOARD' | 'ME' }[] = [];
  const want = (k: ReportKey) => reports.includes(k);
  if (want('summary')) pages.push({ key: 'summary', title: 'Summary' });
  if (want('vessel_tracking')) pages.push({ key: 'vessel_tracking', title: 'Vessel Tracking' });
  if (want('rpm_speed'))
    pages.push({ key: 'rpm_speed', title: 'RPM vs Fuel Cons vs AE Running Time vs Speed vs Distance' });
  if (want('fuel_characteristics') && s.hasFlowmeter) {
    pages.push({ key: 'fuel_characteristics', title: 'ME Fuel Consumption' });
    if (s.singleEngine)
      pages.push({ key: 'fuel_characteristics', title: 'ME Total Fuel Used vs Running Hours', side: 'ME' });
    else {
      pages.push({ key: 'fuel_characteristics', title: 'Port ME Total Fuel Used vs Running Hours', side: 'PORT' });
      pages.push({
        key: 'fuel_characteristics',
        title: 'Starboard ME Total Fuel Used vs Running Hours',
        side: 'STARBOARD',
      });
    }
  }
  if (want('ae_usage')) pages.push({ key: 'ae_usage', title: 'AE Fuel Consumption' });
  return pages;
}

const COLORS = {
  port: '#1f6fd1',
  stb: '#e8590c',
  fuel: '#7b2cbf',
  ae: '#2b8a3e',
  speed: '#c92a2a',
  distance: '#868e96',
  ae1: '#2b8a3e',
  ae2: '#74b816',
  ae3: '#0b7285',
  hours: '#d6336c',
};

/** The summary's single-engine side: the one RPM side with data (PORT when neither). */
const singleSide = (s: SummaryAnswer): 'PORT' | 'STARBOARD' =>
  s.rpm?.summary.PORT == null && s.rpm?.summary.STARBOARD != null ? 'STARBOARD' : 'PORT';

export function buildModel(input: ModelInput): ReportModel {
  const { summary: s, now } = input;
  const tz = s.timezone;
  const unit = s.aggregatedUnit;
  const size = BUCKET_SECONDS[unit];
  const buckets: number[] = [];
  for (let t = bucketStart(s.start, size, tz); t < s.end; t += size) buckets.push(t);
  const labels = buckets.map((t) => bucketLabel(t, tz, unit));
  const at = <T>(map: Record<string, T> | undefined, t: number): T | undefined => map?.[String(t)];

  const gps = s.gps;
  const rpm = s.rpm;
  const fm = s.flowmeter;
  const ae = s.ae;
  const aeFuel = fm?.summary.aeEngineCons ?? ae?.totalFuelConsumption ?? null;

  // per-bucket series (each the summary's own bucket figure)
  const rpmOf = (side: 'PORT' | 'STARBOARD') => buckets.map((t) => at(rpm?.data[side], t)?.rpm ?? null);
  const runHoursOf = (side: 'PORT' | 'STARBOARD') =>
    buckets.map((t) => {
      const p = at(rpm?.data[side], t);
      return p ? p.runningTime / 3600 : null;
    });
  const fuelOf = (field: 'portFuelCons' | 'stbFuelCons' | 'meFuelCons' | 'aeFuelCons' | 'totalFuelCons') =>
    buckets.map((t) => at(fm?.data, t)?.[field] ?? null);
  const aeNames = (['AE1', 'AE2', 'AE3'] as const).filter((n) => ae?.[n]);
  const aeRun = buckets.map((t) => {
    const p = at(ae?.data, t);
    if (!p) return null;
    return aeNames.reduce((sum, n) => sum + (p[n]?.runningTime ?? 0), 0);
  });
  const aeFuelPer = (n: 'AE1' | 'AE2' | 'AE3') => buckets.map((t) => at(ae?.data, t)?.[n]?.fuelConsumption ?? null);
  const speed = buckets.map((t) => {
    const v = at(gps?.data, t)?.speed;
    return v == null ? null : v * 0.539957; // km/h → knots (spec 002 §9)
  });
  const distance = buckets.map((t) => {
    const p = at(gps?.data, t);
    return p ? p.distance / 1852 : null; // metres → NM
  });
  const twin = !s.singleEngine;
  const side1 = s.singleEngine ? singleSide(s) : 'PORT';
  const meFuel = fuelOf('meFuelCons');
  const aeFuelSeries = fm
    ? fuelOf('aeFuelCons')
    : buckets.map((t) => {
        const p = at(ae?.data, t);
        return p ? aeNames.reduce((sum, n) => sum + (p[n]?.fuelConsumption ?? 0), 0) : null;
      });

  const table = (columns: string[], cols: (number | null)[][], fmt = num): Block => ({
    kind: 'table',
    columns: ['Time', ...columns],
    rows: buckets.map((_, i) => [labels[i], ...cols.map((c) => fmt(c[i]))]),
  });
  // a page whose series hold no value at all says so (spec 002 §8 'No Data') instead of an empty chart
  const withTable = (chart: Block, columns: string[], cols: (number | null)[][]): Block[] =>
    !cols.some((c) => c.some((v) => v != null))
      ? [{ kind: 'notice', text: 'No Data' }]
      : input.dataTables
        ? [chart, table(columns, cols)]
        : [chart];
  const chart = (series: ChartSeries[], axes: { name: string; kind?: 'rpm' }[]): Block => ({
    kind: 'chart',
    svg: chartSvg({ labels, axes, series, height: input.dataTables ? 200 : 380 }),
    width: CHART_WIDTH,
    height: input.dataTables ? 200 : 380,
  });

  const pages: ReportPage[] = [];
  if (s.maintenance) {
    pages.push({
      key: 'maintenance',
      title: 'Under Maintenance',
      blocks: [
        {
          kind: 'notice',
          text: `${s.massName} is under maintenance: ${
            s.maintenanceFlag
              ? 'the vessel is flagged as under maintenance'
              : 'no RPM, auxiliary engine or flow meter data in this period'
          }. The daily report is not made for it.`,
        },
      ],
    });
  } else
    for (const p of pageTitles(s, input.reports)) {
      const blocks: Block[] = [];
      switch (p.title) {
        case 'Summary': {
          const g = gps?.summary;
          const sideRow = (label: string, side: 'PORT' | 'STARBOARD') => {
            const r = rpm?.summary[side];
            return [label, num(r?.average), num(r?.runningHours)];
          };
          const engines = s.singleEngine
            ? [sideRow('Main Engine', side1)]
            : [sideRow('Port', 'PORT'), sideRow('Starboard', 'STARBOARD')];
          const co2 = fm
            ? co2Tonnes({
                fuelType: input.fuelType,
                flows: [
                  { litres: fm.summary.portEngineCons, density: fm.summary.PORT_IN_averageDens },
                  { litres: fm.summary.starboardEngineCons, density: fm.summary.STARBOARD_IN_averageDens },
                  { litres: aeFuel, density: null },
                ],
              })
            : null;
          const fuelRows: string[][] = s.singleEngine
            ? [['Main Engine', num(fm?.summary.meEngineCons)]]
            : [
                ['Port ME', num(fm?.summary.portEngineCons)],
                ['Starboard ME', num(fm?.summary.starboardEngineCons)],
                ['ME Total', num(fm?.summary.meEngineCons)],
              ];
          fuelRows.push(
            [`Auxiliary Engines${ae?.metered ? '' : ' (estimated)'}`, num(aeFuel)],
            ['Total Fuel', num(fm?.summary.totalFuelCons ?? aeFuel)],
            ['CO₂ Emitted (t)', num3(co2)],
          );
          const aeRows = aeNames.map((n) => [n, num(ae?.[n]?.runningTime), num(ae?.[n]?.fuelConsumption)]);
          aeRows.push(['Total', num(aeNames.reduce((a, n) => a + (ae?.[n]?.runningTime ?? 0), 0)), num(aeFuel)]);
          blocks.push(
            {
              kind: 'row',
              blocks: [
                {
                  kind: 'table',
                  title: 'GPS',
                  columns: ['Item', 'Value'],
                  rows: [
                    ['Total Cruise (NM)', num(g?.totalCruise)],
                    ['Average Speed (knot)', num(g?.averageSpeedKnot)],
                    ['First Position', position(g?.firstPosition)],
                    ['Last Position', position(g?.lastPosition)],
                  ],
                },
                {
                  kind: 'table',
                  title: 'Main Engine',
                  columns: ['Engine', 'Average RPM', 'Running Hours'],
                  rows: engines,
                },
              ],
            },
            {
              kind: 'row',
              blocks: [
                {
                  kind: 'table',
                  title: 'Fuel Consumption (L)',
                  columns: ['Consumer', 'Litres'],
                  rows: s.hasFlowmeter || aeFuel != null ? fuelRows : [['No Data', '-']],
                },
                {
                  kind: 'table',
                  title: 'Auxiliary Engines',
                  columns: ['Engine', 'Running Hours', 'Fuel (L)'],
                  rows: aeNames.length ? aeRows : [['No Data', '-', '-']],
                },
              ],
            },
          );
          if (s.hasAeFlowmeter)
            blocks.push({
              kind: 'table',
              title: 'Auxiliary Engine Flow Meters (L)',
              columns: ['AE_IN', 'AE_OUT'],
              rows: [[num(fm?.summary.AE_IN), num(fm?.summary.AE_OUT)]],
            });
          break;
        }
        case 'Vessel Tracking': {
          const src = input.track?.gps ?? gps;
          const points = Object.values(src?.data ?? {})
            .sort((a, b) => a.timestamp - b.timestamp)
            .filter((p): p is typeof p & TrackPoint => p.latitude != null && p.longitude != null);
          const last = points[points.length - 1] ?? gps?.summary.lastPosition ?? null;
          if (!last) {
            blocks.push({ kind: 'notice', text: 'No Data: no GPS position in this period.' });
            break;
          }
          const lats = points.map((p) => p.latitude);
          const lons = points.map((p) => p.longitude);
          const mid = points.length
            ? {
                latitude: (Math.min(...lats) + Math.max(...lats)) / 2,
                longitude: (Math.min(...lons) + Math.max(...lons)) / 2,
              }
            : last;
          blocks.push({
            kind: 'maps',
            maps: [
              {
                title: 'Last position (zoom 11)',
                svg: mapSvg({ zoom: 11, center: last, track: points }),
                width: MAP_WIDTH,
                height: MAP_HEIGHT,
              },
              {
                title: 'Track (zoom 6)',
                svg: mapSvg({ zoom: 6, center: mid, track: points }),
                width: MAP_WIDTH,
                height: MAP_HEIGHT,
              },
            ],
          });
          blocks.push({
            kind: 'table',
            columns: ['Start', 'Start Position', 'End', 'End Position', 'Total Cruise (NM)', 'Average Speed (knot)'],
            rows: [
              [
                dateTime(points[0]?.timestamp ?? null, tz),
                position(gps?.summary.firstPosition),
                dateTime(points[points.length - 1]?.timestamp ?? null, tz),
                position(gps?.summary.lastPosition),
                num(gps?.summary.totalCruise),
                num(gps?.summary.averageSpeedKnot),
              ],
            ],
          });
          break;
        }
        case 'RPM vs Fuel Cons vs AE Running Time vs Speed vs Distance': {
          const series: ChartSeries[] = twin
            ? [
                { name: 'Port RPM', type: 'line', axis: 0, values: rpmOf('PORT'), color: COLORS.port },
                { name: 'Starboard RPM', type: 'line', axis: 0, values: rpmOf('STARBOARD'), color: COLORS.stb },
              ]
            : [{ name: 'ME RPM', type: 'line', axis: 0, values: rpmOf(side1), color: COLORS.port }];
          series.push(
            { name: 'ME Fuel Cons (L)', type: 'bar', axis: 1, values: meFuel, color: COLORS.fuel },
            { name: 'AE Running Time (h)', type: 'bar', axis: 2, values: aeRun, color: COLORS.ae },
            { name: 'Speed (knot)', type: 'line', axis: 2, values: speed, color: COLORS.speed },
            { name: 'Distance (NM)', type: 'bar', axis: 2, values: distance, color: COLORS.distance },
          );
          blocks.push(
            ...withTable(
              chart(series, [{ name: 'RPM', kind: 'rpm' }, { name: 'L' }, { name: 'h / kn / NM' }]),
              series.map((x) => x.name),
              series.map((x) => x.values),
            ),
          );
          break;
        }
        case 'ME Fuel Consumption': {
          const series: ChartSeries[] = twin
            ? [
                { name: 'Port ME (L)', type: 'bar', axis: 0, values: fuelOf('portFuelCons'), color: COLORS.port },
                { name: 'Starboard ME (L)', type: 'bar', axis: 0, values: fuelOf('stbFuelCons'), color: COLORS.stb },
                { name: 'ME Total (L)', type: 'line', axis: 0, values: meFuel, color: COLORS.fuel },
              ]
            : [{ name: 'ME (L)', type: 'bar', axis: 0, values: meFuel, color: COLORS.port }];
          blocks.push(
            ...withTable(
              chart(series, [{ name: 'L' }]),
              series.map((x) => x.name),
              series.map((x) => x.values),
            ),
          );
          break;
        }
        case 'AE Fuel Consumption': {
          const aeColors = { AE1: COLORS.ae1, AE2: COLORS.ae2, AE3: COLORS.ae3 };
          const series: ChartSeries[] = aeNames.map((n) => ({
            name: `${n} Fuel (L)`,
            type: 'bar' as const,
            axis: 0,
            values: aeFuelPer(n),
            color: aeColors[n],
          }));
          series.push(
            { name: 'AE Total Fuel (L)', type: 'line', axis: 0, values: aeFuelSeries, color: COLORS.fuel },
            { name: 'AE Running Time (h)', type: 'line', axis: 1, values: aeRun, color: COLORS.hours },
          );
          blocks.push(
            ...withTable(
              chart(series, [{ name: 'L' }, { name: 'h' }]),
              series.map((x) => x.name),
              series.map((x) => x.values),
            ),
          );
          break;
        }
        default: {
          // Port / Starboard / single ME: fuel used per bucket and running hours, with running totals
          const fuel =
            p.side === 'PORT' ? fuelOf('portFuelCons') : p.side === 'STARBOARD' ? fuelOf('stbFuelCons') : meFuel;
          const hours = runHoursOf(p.side === 'STARBOARD' ? 'STARBOARD' : p.side === 'PORT' ? 'PORT' : side1);
          let f = 0;
          let h = 0;
          const fuelTotal = fuel.map((v) => (f += v ?? 0));
          const hoursTotal = hours.map((v) => (h += v ?? 0));
          const series: ChartSeries[] = [
            { name: 'Fuel Used (L)', type: 'bar', axis: 0, values: fuel, color: COLORS.fuel },
            { name: 'Total Fuel Used (L)', type: 'line', axis: 0, values: fuelTotal, color: COLORS.port },
            { name: 'Running Hours (h)', type: 'bar', axis: 1, values: hours, color: COLORS.hours },
            { name: 'Total Running Hours (h)', type: 'line', axis: 1, values: hoursTotal, color: COLORS.stb },
          ];
          blocks.push(
            ...withTable(
              chart(series, [{ name: 'L' }, { name: 'h' }]),
              series.map((x) => x.name),
              series.map((x) => x.values),
            ),
          );
        }
      }
      pages.push({ key: p.key, title: p.title, blocks });
    }

  return {
    massId: s.massId,
    massName: s.massName,
    start: s.start,
    end: s.end,
    timezone: tz,
    timezoneLabel: timezoneLabel(tz),
    rangeText: `${dateTime(s.start, tz)} – ${dateTime(s.end, tz)}`,
    dataText: s.firstData == null ? 'No Data' : `${dateTime(s.firstData, tz)} – ${dateTime(s.lastData, tz)}`,
    generatedAt: now,
    generatedText: dateTime(now, tz),
    maintenance: s.maintenance,
    fileName: reportFileName(s.massName, s.start, s.end, tz),
    pages,
  };
}
export { CHART_HEIGHT, CHART_WIDTH };
