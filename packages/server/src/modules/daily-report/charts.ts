import { createRequire } from 'node:module';
import type * as Echarts from 'echarts';
import { formatNumber } from '../../i18n/format.ts';
import type { Language } from '../../i18n/language.ts';

/**
 * ECharts from its one-file CommonJS build (dist/echarts.js, the same full build as the ES modules): loading the
 * ~590 ES module files of `echarts` cost the report worker 46 MB RSS and 1.2 s at start, the one file 21 MB and
 * 0.36 s (measured in a worker thread, issue 15).
 */
const echarts = createRequire(import.meta.url)('echarts/dist/echarts.common.min.js') as typeof Echarts;

/**
 * Report charts as vector SVG made on the server (ECharts server-side rendering, no browser). Spec 002 §9: chart
 * height 320 in reports, 10 % headroom on the value axes, RPM axis max rounded up to the next 100 plus 100 (1000
 * when there is no data).
 */
export const CHART_WIDTH = 780;
export const CHART_HEIGHT = 240;
export const FONT = 'DejaVu Sans';

export interface ChartSeries {
  name: string;
  type: 'line' | 'bar';
  /** index of the value axis */
  axis: number;
  values: (number | null)[];
  color: string;
}
export interface ChartAxis {
  name: string;
  /** 'rpm' applies the RPM maximum rule */
  kind?: 'rpm';
}

export interface ChartSpec {
  labels: string[];
  axes: ChartAxis[];
  series: ChartSeries[];
  width?: number;
  height?: number;
  /** the language of the value axes' numbers (ECharts' own: English) */
  language?: Language;
}

/** RPM axis maximum (spec 002 §9): next 100 above the highest value plus 100; 1000 without data. */
export function rpmAxisMax(values: (number | null)[]): number {
  const top = Math.max(0, ...values.filter((v): v is number => v != null && Number.isFinite(v)));
  return top > 0 ? Math.ceil(top / 100) * 100 + 100 : 1000;
}

/** Axis maximum with 10 % headroom (spec 002 §9). */
function headroom(values: (number | null)[]): number | undefined {
  const top = Math.max(0, ...values.filter((v): v is number => v != null && Number.isFinite(v)));
  if (top <= 0) return 1;
  const raw = top * 1.1;
  const step = 10 ** Math.floor(Math.log10(raw));
  return Math.ceil(raw / (step / 2)) * (step / 2);
}

/**
 * Lays a chart out with ECharts (server-side, SVG renderer) and hands the chart to `use` (which turns it into SVG or
 * PDF paths); the chart is disposed of after.
 */
export function withChart<T>(spec: ChartSpec, use: (chart: Echarts.ECharts) => T): T {
  const width = spec.width ?? CHART_WIDTH;
  const height = spec.height ?? CHART_HEIGHT;
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  const right = Math.max(0, spec.axes.length - 1);
  try {
    chart.setOption({
      animation: false,
      textStyle: { fontFamily: FONT, fontSize: 9 },
      legend: { top: 0, textStyle: { fontFamily: FONT, fontSize: 9 }, itemWidth: 14, itemHeight: 8 },
      grid: { left: 52, right: 20 + right * 48, top: 34, bottom: 36 },
      xAxis: {
        type: 'category',
        data: spec.labels,
        axisLabel: { fontFamily: FONT, fontSize: 8, hideOverlap: true },
      },
      yAxis: spec.axes.map((a, i) => {
        const values = spec.series.filter((s) => s.axis === i).flatMap((s) => s.values);
        return {
          type: 'value',
          name: a.name,
          nameTextStyle: { fontFamily: FONT, fontSize: 8 },
          position: i === 0 ? 'left' : 'right',
          offset: i > 1 ? (i - 1) * 48 : 0,
          min: 0,
          max: a.kind === 'rpm' ? rpmAxisMax(values) : headroom(values),
          splitLine: { show: i === 0 },
          axisLine: { show: i > 0 },
          axisLabel: {
            fontFamily: FONT,
            fontSize: 8,
            ...(spec.language && spec.language !== 'en'
              ? { formatter: (v: number) => formatNumber(v, spec.language ?? 'en', [0, 2]) }
              : {}),
          },
        };
      }),
      series: spec.series.map((s) => ({
        name: s.name,
        type: s.type,
        yAxisIndex: s.axis,
        data: s.values,
        color: s.color,
        showSymbol: s.values.length <= 48,
        symbolSize: 3,
        connectNulls: false,
        lineStyle: { width: 1.5 },
        barMaxWidth: 14,
      })),
    });
    return use(chart);
  } finally {
    chart.dispose();
  }
}

/** The chart as an SVG string (the Daily Report screen). */
export const chartSvg = (spec: ChartSpec): string => withChart(spec, (chart) => chart.renderToSVGString());
