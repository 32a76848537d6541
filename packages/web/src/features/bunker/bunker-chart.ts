import { axesByUnit, axisTick, formatValue } from '../../components/charts/rules.ts';

/** One line of the Bunker Dashboard's combined chart: its name, unit and [epoch ms, value] points. */
export interface BunkerLine {
  name: string;
  unit: string;
  points: [number, number | null][];
}

/** Room for one y-axis with its labels beside the plot. */
const AXIS_WIDTH = 64;

/**
 * The Bunker Dashboard's combined chart (spec 002 §2.14) as an ECharts option: one y-axis per unit, named by it
 * (issue 28: the flow rate in KL/h no longer sits on the totaliser's KL axis, nor density in g/cm³ on the
 * temperature's °C axis). Axes alternate left and right, each further one set off outwards; each scales to its
 * own values (a totaliser far from zero stays readable).
 */
export function combinedChartOption(lines: BunkerLine[], narrow: boolean) {
  const { axes, axisOf } = axesByUnit(lines.map((l) => l.unit));
  const left = Math.ceil(axes.length / 2);
  const right = Math.floor(axes.length / 2);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: {
      left: narrow ? 8 : Math.max(1, left) * AXIS_WIDTH,
      right: narrow ? 8 : Math.max(1, right) * AXIS_WIDTH,
      top: 56,
      bottom: 60,
    },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 10 }],
    xAxis: { type: 'time' },
    yAxis: axes.map((a, i) => ({
      type: 'value',
      name: a.name,
      show: !narrow,
      scale: true,
      position: i % 2 === 0 ? 'left' : 'right',
      offset: Math.floor(i / 2) * AXIS_WIDTH,
      axisLine: { show: true },
      axisLabel: { formatter: (v: number) => axisTick(v) },
      splitLine: { show: i === 0 },
    })),
    series: lines.map((l, i) => ({
      name: l.name,
      type: 'line',
      yAxisIndex: axisOf[i],
      showSymbol: false,
      data: l.points,
      tooltip: { valueFormatter: (v: number) => formatValue(v) },
    })),
  };
}
