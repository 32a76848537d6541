import type { ReportPage } from '@fleet/shared/answers/daily-report.ts';
import type { ChartSeries } from '../charts.ts';
import { COLORS, type PageContext } from './context.ts';

/** The chart pages (docs/domain.md §31 "Chart series"): per-bucket summary figures, with their tables. */

/** RPM vs Fuel Cons vs AE Running Time vs Speed vs Distance. */
export function rpmSpeedPages(c: PageContext): ReportPage[] {
  const series: ChartSeries[] = c.twin
    ? [
        { name: 'Port RPM', type: 'line', axis: 0, values: c.rpmOf('PORT'), color: COLORS.port },
        { name: 'Starboard RPM', type: 'line', axis: 0, values: c.rpmOf('STARBOARD'), color: COLORS.stb },
      ]
    : [{ name: 'ME RPM', type: 'line', axis: 0, values: c.rpmOf(c.side1), color: COLORS.port }];
  series.push(
    { name: 'ME Fuel Cons (L)', type: 'bar', axis: 1, values: c.meFuel, color: COLORS.fuel },
    { name: 'AE Running Time (h)', type: 'bar', axis: 2, values: c.aeRun, color: COLORS.ae },
    { name: 'Speed (knot)', type: 'line', axis: 2, values: c.speed, color: COLORS.speed },
    { name: 'Distance (NM)', type: 'bar', axis: 2, values: c.distance, color: COLORS.distance },
  );
  return [
    {
      key: 'rpm_speed',
      title: 'RPM vs Fuel Cons vs AE Running Time vs Speed vs Distance',
      blocks: c.chartBlocks(series, [{ name: 'RPM', kind: 'rpm' }, { name: 'L' }, { name: 'h / kn / NM' }]),
    },
  ];
}

/**
 * With a flow meter (spec 002 §2.3): ME Fuel Consumption, then per engine side (one ME page for a single engine) the
 * fuel used and running hours per bucket with their running totals.
 */
export function fuelPages(c: PageContext): ReportPage[] {
  if (!c.s.hasFlowmeter) return [];
  const series: ChartSeries[] = c.twin
    ? [
        { name: 'Port ME (L)', type: 'bar', axis: 0, values: c.fuelOf('portFuelCons'), color: COLORS.port },
        { name: 'Starboard ME (L)', type: 'bar', axis: 0, values: c.fuelOf('stbFuelCons'), color: COLORS.stb },
        { name: 'ME Total (L)', type: 'line', axis: 0, values: c.meFuel, color: COLORS.fuel },
      ]
    : [{ name: 'ME (L)', type: 'bar', axis: 0, values: c.meFuel, color: COLORS.port }];
  const pages: ReportPage[] = [
    { key: 'fuel_characteristics', title: 'ME Fuel Consumption', blocks: c.chartBlocks(series, [{ name: 'L' }]) },
  ];
  const sides = c.s.singleEngine
    ? [{ title: 'ME Total Fuel Used vs Running Hours', fuel: c.meFuel, hours: c.runHoursOf(c.side1) }]
    : [
        {
          title: 'Port ME Total Fuel Used vs Running Hours',
          fuel: c.fuelOf('portFuelCons'),
          hours: c.runHoursOf('PORT'),
        },
        {
          title: 'Starboard ME Total Fuel Used vs Running Hours',
          fuel: c.fuelOf('stbFuelCons'),
          hours: c.runHoursOf('STARBOARD'),
        },
      ];
  for (const { title, fuel, hours } of sides) {
    let f = 0;
    let h = 0;
    const series: ChartSeries[] = [
      { name: 'Fuel Used (L)', type: 'bar', axis: 0, values: fuel, color: COLORS.fuel },
      {
        name: 'Total Fuel Used (L)',
        type: 'line',
        axis: 0,
        values: fuel.map((v) => (f += v ?? 0)),
        color: COLORS.port,
      },
      { name: 'Running Hours (h)', type: 'bar', axis: 1, values: hours, color: COLORS.hours },
      {
        name: 'Total Running Hours (h)',
        type: 'line',
        axis: 1,
        values: hours.map((v) => (h += v ?? 0)),
        color: COLORS.stb,
      },
    ];
    pages.push({ key: 'fuel_characteristics', title, blocks: c.chartBlocks(series, [{ name: 'L' }, { name: 'h' }]) });
  }
  return pages;
}

/** AE Fuel Consumption: each AE's litres, their total and the AEs' running time. */
export function aeUsagePages(c: PageContext): ReportPage[] {
  const aeColors = { AE1: COLORS.ae1, AE2: COLORS.ae2, AE3: COLORS.ae3 };
  const series: ChartSeries[] = c.aeNames.map((n) => ({
    name: `${n} Fuel (L)`,
    type: 'bar' as const,
    axis: 0,
    values: c.aeFuelPer(n),
    color: aeColors[n],
  }));
  series.push(
    { name: 'AE Total Fuel (L)', type: 'line', axis: 0, values: c.aeFuelSeries, color: COLORS.fuel },
    { name: 'AE Running Time (h)', type: 'line', axis: 1, values: c.aeRun, color: COLORS.hours },
  );
  return [
    { key: 'ae_usage', title: 'AE Fuel Consumption', blocks: c.chartBlocks(series, [{ name: 'L' }, { name: 'h' }]) },
  ];
}
