import { axisTick } from '../../components/charts/rules.ts';
import { num } from '../../components/format.ts';

/** One series of a trend chart: its name, the value of each month (null: no figure), its decimals. */
export interface TrendSeries {
  name: string;
  values: (number | null)[];
  digits: number;
  kind: 'bar' | 'line';
}

/**
 * A monthly trend chart (docs/domain.md §38) as an ECharts option: the months on a category axis, the first series
 * on the left axis and the second on the right (each scaled to its own figures: L/NM beside L/h, litres beside NM).
 * A month without a figure is a gap, never a 0. On a phone the axes' labels give way to the plot.
 */
export function trendOption(months: string[], series: [TrendSeries, TrendSeries], narrow: boolean) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: narrow ? 8 : 64, right: narrow ? 8 : 64, top: 40, bottom: 28, containLabel: narrow },
    xAxis: { type: 'category', data: months, axisLabel: { hideOverlap: true } },
    yAxis: series.map((s, i) => ({
      type: 'value',
      name: narrow ? undefined : s.name,
      position: i === 0 ? 'left' : 'right',
      axisLine: { show: true },
      axisLabel: { show: !narrow, formatter: (v: number) => axisTick(v) },
      splitLine: { show: i === 0 },
    })),
    series: series.map((s, i) => ({
      name: s.name,
      type: s.kind,
      yAxisIndex: i,
      data: s.values,
      connectNulls: false,
      tooltip: { valueFormatter: (v: number | null) => num(v, s.digits) },
    })),
  };
}
