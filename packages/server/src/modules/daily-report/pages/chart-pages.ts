import type { ChartSeries } from '../charts.ts';
import type { DraftPage } from '../draft.ts';
import { COLORS, type PageContext, type Side } from './context.ts';

/** The chart pages (docs/domain.md §31 "Chart series"): per-bucket summary figures, with their tables. */

/** RPM vs Fuel Cons vs AE Running Time vs Speed vs Distance. */
export function rpmSpeedPages(c: PageContext): DraftPage[] {
  const { t } = c;
  const series: ChartSeries[] = c.twin
    ? [
        { name: t('portRpm'), type: 'line', axis: 0, values: c.rpmOf('PORT'), color: COLORS.port },
        { name: t('starboardRpm'), type: 'line', axis: 0, values: c.rpmOf('STARBOARD'), color: COLORS.stb },
      ]
    : [{ name: t('meRpm'), type: 'line', axis: 0, values: c.rpmOf(c.side1), color: COLORS.port }];
  series.push(
    { name: t('meFuelCons'), type: 'bar', axis: 1, values: c.meFuel, color: COLORS.fuel },
    { name: t('aeRunningTime'), type: 'bar', axis: 2, values: c.aeRun, color: COLORS.ae },
    { name: t('speedKnot'), type: 'line', axis: 2, values: c.speed, color: COLORS.speed },
    { name: t('distanceNm'), type: 'bar', axis: 2, values: c.distance, color: COLORS.distance },
  );
  return [
    {
      key: 'rpm_speed',
      title: t('rpmSpeedTitle'),
      blocks: c.chartBlocks(series, [{ name: 'RPM', kind: 'rpm' }, { name: 'L' }, { name: 'h / kn / NM' }]),
    },
  ];
}

/**
 * With a flow meter (spec 002 §2.3): ME Fuel Consumption, then per engine side (one ME page for a single engine) the
 * fuel used and running hours per bucket with their running totals.
 */
export function fuelPages(c: PageContext): DraftPage[] {
  if (!c.s.hasFlowmeter) return [];
  const { t } = c;
  const series: ChartSeries[] = c.twin
    ? [
        { name: t('portMeL'), type: 'bar', axis: 0, values: c.fuelOf('portFuelCons'), color: COLORS.port },
        { name: t('starboardMeL'), type: 'bar', axis: 0, values: c.fuelOf('stbFuelCons'), color: COLORS.stb },
        { name: t('meTotalL'), type: 'line', axis: 0, values: c.meFuel, color: COLORS.fuel },
      ]
    : [{ name: t('meL'), type: 'bar', axis: 0, values: c.meFuel, color: COLORS.port }];
  const pages: DraftPage[] = [
    { key: 'fuel_characteristics', title: t('meFuelConsumption'), blocks: c.chartBlocks(series, [{ name: 'L' }]) },
  ];
  const sides: { name: string; fuel: (number | null)[]; side: Side }[] = c.s.singleEngine
    ? [{ name: t('me'), fuel: c.meFuel, side: c.side1 }]
    : [
        { name: t('portMe'), fuel: c.fuelOf('portFuelCons'), side: 'PORT' },
        { name: t('starboardMe'), fuel: c.fuelOf('stbFuelCons'), side: 'STARBOARD' },
      ];
  /** a series and its running total */
  const withTotal = (name: string, unit: string, values: (number | null)[], axis: number, colors: string[]) => {
    let total = 0;
    return [
      { name: t('withUnit', { name, unit }), type: 'bar', axis, values, color: colors[0] },
      {
        name: t('totalWithUnit', { name, unit }),
        type: 'line',
        axis,
        values: values.map((v) => (total += v ?? 0)),
        color: colors[1],
      },
    ] satisfies ChartSeries[];
  };
  for (const { name, fuel, side } of sides) {
    const title = t('sideFuelTitle', { side: name });
    const series: ChartSeries[] = [
      ...withTotal(t('fuelUsed'), 'L', fuel, 0, [COLORS.fuel, COLORS.port]),
      ...withTotal(t('runningHours'), 'h', c.runHoursOf(side), 1, [COLORS.hours, COLORS.stb]),
    ];
    pages.push({ key: 'fuel_characteristics', title, blocks: c.chartBlocks(series, [{ name: 'L' }, { name: 'h' }]) });
  }
  return pages;
}

/** AE Fuel Consumption: each AE's litres, their total and the AEs' running time. */
export function aeUsagePages(c: PageContext): DraftPage[] {
  const { t } = c;
  const aeColors = { AE1: COLORS.ae1, AE2: COLORS.ae2, AE3: COLORS.ae3 };
  const series: ChartSeries[] = c.aeNames.map((n) => ({
    name: t('aeFuelL', { ae: n }),
    type: 'bar' as const,
    axis: 0,
    values: c.aeFuelPer(n),
    color: aeColors[n],
  }));
  series.push(
    { name: t('aeTotalFuelL'), type: 'line', axis: 0, values: c.aeFuelSeries, color: COLORS.fuel },
    { name: t('aeRunningTime'), type: 'line', axis: 1, values: c.aeRun, color: COLORS.hours },
  );
  return [
    { key: 'ae_usage', title: t('aeFuelConsumption'), blocks: c.chartBlocks(series, [{ name: 'L' }, { name: 'h' }]) },
  ];
}
