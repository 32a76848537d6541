import type { Summary } from '@fleet/shared/answers/summary.ts';
import { BUCKET_SECONDS, bucketStart } from '@fleet/shared/time.ts';
import type { Language } from '../../../i18n/language.ts';
import { textsIn } from '../../../i18n/texts.ts';
import { CHART_WIDTH, type ChartSeries } from '../charts.ts';
import type { DraftBlock } from '../draft.ts';
import { bucketLabel, num } from '../format.ts';
import type { ModelInput } from '../model-input.ts';
import { reportTexts } from '../report-texts.ts';

/**
 * What the report's pages share: the summary, its buckets and their labels, the per-bucket series of the charts —
 * each the summary's own bucket figure — and the chart and table blocks drawn from them.
 */
export type Side = 'PORT' | 'STARBOARD';
export const AE_NAMES = ['AE1', 'AE2', 'AE3'] as const;

export const COLORS = {
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
const singleSide = (s: Summary): Side =>
  s.rpm?.summary.PORT == null && s.rpm?.summary.STARBOARD != null ? 'STARBOARD' : 'PORT';

type FuelField = 'portFuelCons' | 'stbFuelCons' | 'meFuelCons' | 'aeFuelCons' | 'totalFuelCons';

export function pageContext(input: ModelInput, language: Language = 'en') {
  const { summary: s } = input;
  const t = textsIn(reportTexts, language);
  const tz = s.timezone;
  const unit = s.aggregatedUnit;
  const size = BUCKET_SECONDS[unit];
  const buckets: number[] = [];
  for (let t = bucketStart(s.start, size, tz); t < s.end; t += size) buckets.push(t);
  const labels = buckets.map((t) => bucketLabel(t, tz, unit));
  const at = <T>(map: Record<string, T> | undefined, t: number): T | undefined => map?.[String(t)];
  const { gps, rpm, flowmeter: fm, ae } = s;
  const aeNames = AE_NAMES.filter((n) => ae?.[n]);

  const fuelOf = (field: FuelField) => buckets.map((t) => at(fm?.data, t)?.[field] ?? null);
  const aeRun = buckets.map((t) => {
    const p = at(ae?.data, t);
    if (!p) return null;
    return aeNames.reduce((sum, n) => sum + (p[n]?.runningTime ?? 0), 0);
  });
  const meFuel = fuelOf('meFuelCons');

  const table = (columns: string[], cols: (number | null)[][]): DraftBlock => ({
    kind: 'table',
    columns: [t('time'), ...columns],
    rows: buckets.map((_, i) => [labels[i], ...cols.map((c) => num(c[i], language))]),
  });
  const chart = (series: ChartSeries[], axes: { name: string; kind?: 'rpm' }[]): DraftBlock => ({
    kind: 'chart',
    chart: { labels, axes, series, height: input.dataTables ? 200 : 380, language },
    width: CHART_WIDTH,
    height: input.dataTables ? 200 : 380,
  });

  return {
    input,
    s,
    tz,
    language,
    /** the report's texts in its language */
    t,
    /** a number with 2 decimals in the report's language */
    num: (v: number | null | undefined) => num(v, language),
    twin: !s.singleEngine,
    /** the engine side of a single-engine vessel */
    side1: s.singleEngine ? singleSide(s) : 'PORT',
    aeNames,
    /** the AEs' litres of the period: metered, else estimated (§13) */
    aeFuel: fm?.summary.aeEngineCons ?? ae?.totalFuelConsumption ?? null,
    rpmOf: (side: Side) => buckets.map((t) => at(rpm?.data[side], t)?.rpm ?? null),
    runHoursOf: (side: Side) =>
      buckets.map((t) => {
        const p = at(rpm?.data[side], t);
        return p ? p.runningTime / 3600 : null;
      }),
    fuelOf,
    meFuel,
    aeRun,
    aeFuelPer: (n: (typeof AE_NAMES)[number]) => buckets.map((t) => at(ae?.data, t)?.[n]?.fuelConsumption ?? null),
    aeFuelSeries: fm
      ? fuelOf('aeFuelCons')
      : buckets.map((t) => {
          const p = at(ae?.data, t);
          return p ? aeNames.reduce((sum, n) => sum + (p[n]?.fuelConsumption ?? 0), 0) : null;
        }),
    speed: buckets.map((t) => {
      const v = at(gps?.data, t)?.speed;
      return v == null ? null : v * 0.539957; // km/h → knots (spec 002 §9)
    }),
    distance: buckets.map((t) => {
      const p = at(gps?.data, t);
      return p ? p.distance / 1852 : null; // metres → NM
    }),
    /**
     * A chart page's blocks: the chart, with the table of its series under it (dataTables); a page whose series
     * hold no value at all says so (spec 002 §8 'No Data') instead of an empty chart.
     */
    chartBlocks(series: ChartSeries[], axes: { name: string; kind?: 'rpm' }[]): DraftBlock[] {
      const block = chart(series, axes);
      const cols = series.map((x) => x.values);
      if (!cols.some((c) => c.some((v) => v != null))) return [{ kind: 'notice', text: t('noData') }];
      return input.dataTables
        ? [
            block,
            table(
              series.map((x) => x.name),
              cols,
            ),
          ]
        : [block];
    },
  };
}
export type PageContext = ReturnType<typeof pageContext>;
