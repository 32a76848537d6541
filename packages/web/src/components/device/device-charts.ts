import type { AggregatedRow } from '@fleet/shared/answers/series.ts';
import { text } from '../../api/i18n.ts';
import { at } from '../../api/zone.ts';
import type { EChartsOption as EChartOption } from '../charts/echarts.ts';
import { num } from '../format.ts';
import { KMH_TO_KNOTS, temperatureGauge } from '../gauges/scales.ts';
import { fn, val } from './device-series.ts';
import { deviceTexts } from './texts.ts';

/** One line of a chart: a name, its unit, and how a bucket gives its value. */
export interface Line {
  name: string;
  unit: string;
  value: (r: AggregatedRow) => number | null;
  decimals?: number;
  /** drawn on the right axis */
  right?: boolean;
  type?: 'line' | 'bar';
}

const COLORS = ['#1677ff', '#fa8c16', '#52c41a', '#722ed1', '#eb2f96', '#13c2c2'];

/**
 * A time chart of buckets (a thin ECharts use; docs/spec-deviations.md: real data instead of the spec's sample
 * charts). Up to two value axes: the left for `lines` without `right`, the right for the others.
 */
export function timeChart(rows: AggregatedRow[], lines: Line[], opts: { markAbove?: number } = {}): EChartOption {
  const units = [...new Set(lines.map((l) => (l.right ? 'right' : 'left')))];
  const axisUnit = (side: 'left' | 'right') =>
    [...new Set(lines.filter((l) => (side === 'right' ? l.right : !l.right)).map((l) => l.unit))].join(' / ');
  return {
    color: COLORS,
    grid: { left: 56, right: units.includes('right') ? 56 : 20, top: 36, bottom: 56 },
    legend: { top: 0, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? num(v, [0, 2]) : '—'),
    },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    xAxis: {
      type: 'time',
      axisLabel: { hideOverlap: true, formatter: (v: number) => at(v).format('DD MMM HH:mm') },
    },
    yAxis: [
      { type: 'value', name: axisUnit('left'), scale: true, nameTextStyle: { align: 'left' } },
      ...(units.includes('right')
        ? [{ type: 'value', name: axisUnit('right'), scale: true, splitLine: { show: false } }]
        : []),
    ],
    series: lines.map((l) => ({
      name: `${l.name} (${l.unit})`,
      type: l.type ?? 'line',
      yAxisIndex: l.right ? 1 : 0,
      showSymbol: rows.length < 60,
      connectNulls: false,
      data: rows.map((r) => {
        const v = l.value(r);
        return [r.timestamp * 1000, v === null ? null : Number(v.toFixed(l.decimals ?? 2))];
      }),
      ...(opts.markAbove !== undefined && !l.right
        ? {
            markLine: {
              symbol: 'none',
              lineStyle: { color: '#ff4d4f', type: 'dashed' },
              data: [{ yAxis: opts.markAbove, name: text(deviceTexts, 'limit') }],
              label: { formatter: `${opts.markAbove}` },
            },
          }
        : {}),
    })),
  };
}

const key = (k: string) => (r: AggregatedRow) => val(r, k);
const f = (i: number) => (r: AggregatedRow) => fn(r, i);

/**
 * The charts of a device type: [title, lines, options] (WIDGET_FUNCTIONS give the function indexes); titles and
 * names in the language in force at the call.
 */
export function chartsFor(
  type: string,
  fullResolution: boolean,
  label?: string | null,
): { title: string; lines: Line[]; markAbove?: number }[] {
  const t = (key: keyof typeof deviceTexts.en) => text(deviceTexts, key);
  switch (type) {
    case 'gps':
      return [
        {
          title: t('speedAndDistance'),
          lines: [
            {
              // the mean of the fixes' speed over ground per bucket; "Average Speed" is distance ÷ moving time
              // (docs/domain.md §7), the tile above
              name: t('meanSog'),
              unit: 'kn',
              value: (r) => (val(r, 'speed') === null ? null : val(r, 'speed')! * KMH_TO_KNOTS),
            },
            {
              name: t('highestSpeed'),
              unit: 'kn',
              value: (r) => (fn(r, 2) === null ? null : fn(r, 2)! * KMH_TO_KNOTS),
            },
            {
              name: t('distance'),
              unit: 'km',
              value: (r) => (fn(r, 0) === null ? null : fn(r, 0)! / 1000),
              right: true,
              type: 'bar',
            },
          ],
        },
      ];
    case 'rpm':
    case 'ae':
      return [
        {
          title: t('rpm'),
          lines: [
            { name: t('average'), unit: 'rpm', value: key('rpm'), decimals: 0 },
            { name: t('lowest'), unit: 'rpm', value: f(0), decimals: 0 },
            { name: t('highest'), unit: 'rpm', value: f(1), decimals: 0 },
            ...(type === 'ae'
              ? [
                  {
                    name: t('running'),
                    unit: '%',
                    value: (r: AggregatedRow) => (val(r, 'running') === null ? null : val(r, 'running')! * 100),
                    right: true,
                  },
                ]
              : []),
          ],
        },
      ];
    case 'flowmeter':
      return [
        {
          title: t('flowDensityTemperature'),
          lines: [
            { name: t('volumeFlowRate'), unit: 'L/h', value: key('volumeFlowrate') },
            { name: t('density'), unit: 'kg/m³', value: key('density'), right: true },
            { name: t('temperature'), unit: '°C', value: key('temperature'), right: true },
          ],
        },
        {
          title: t('totaliser'),
          lines: [{ name: t('volumeInventory'), unit: 'L', value: f(1), decimals: 1 }],
        },
        ...(fullResolution
          ? [
              {
                title: t('fullResolution'),
                lines: [
                  { name: t('massFlowRate'), unit: 'kg/h', value: key('massFlowrate') },
                  { name: t('pressure'), unit: 'bar', value: key('pressure'), right: true },
                ],
              },
              {
                title: t('totals'),
                lines: [
                  { name: t('volumeTotal'), unit: 'L', value: key('volumeTotal'), decimals: 1 },
                  { name: t('massTotal'), unit: 'kg', value: key('massTotal'), decimals: 1, right: true },
                  { name: t('massInventory'), unit: 'kg', value: key('massInventory'), decimals: 1, right: true },
                ],
              },
            ]
          : []),
      ];
    case 'temperature':
      return [
        {
          title: t('temperature'),
          markAbove: temperatureGauge(label).redFrom,
          lines: [
            { name: t('average'), unit: '°C', value: key('temperature'), decimals: 1 },
            { name: t('highest'), unit: '°C', value: f(1), decimals: 1 },
          ],
        },
      ];
    case 'gateway':
      return [
        {
          title: t('usage'),
          lines: [
            { name: t('cpuUsage'), unit: '%', value: key('cpuUsage') },
            { name: t('memoryFree'), unit: '%', value: key('memoryFree') },
            { name: t('diskFree'), unit: '%', value: key('spaceFree') },
            { name: t('battery'), unit: '%', value: key('battery') },
          ],
        },
      ];
    case 'power':
      return [
        {
          title: t('powerSupply'),
          lines: [
            {
              name: t('onAc'),
              unit: t('percentOfReadings'),
              value: (r) => (val(r, 'onAc') === null ? null : val(r, 'onAc')! * 100),
            },
            {
              name: t('batteryFail'),
              unit: t('percentOfReadings'),
              value: (r) => (val(r, 'batteryFail') === null ? null : val(r, 'batteryFail')! * 100),
            },
            { name: t('batteryVoltage'), unit: 'V', value: key('batteryVoltage'), right: true },
          ],
        },
      ];
    case 'tank':
      return [
        {
          title: t('tank'),
          lines: [
            { name: t('level'), unit: 'mm', value: key('level'), decimals: 0 },
            { name: t('volume'), unit: 'L', value: key('volume'), decimals: 0, right: true },
          ],
        },
      ];
    default:
      return [];
  }
}
