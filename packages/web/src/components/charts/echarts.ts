import { BarChart, GaugeChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { ECHARTS_LOCALE_ID } from './echarts-locale-id.ts';

/** The ECharts parts the app draws with (tree-shaken build). */
echarts.use([
  LineChart,
  BarChart,
  GaugeChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  CanvasRenderer,
]);

/** ECharts has no Indonesian locale: ours (echarts-locale-id.ts), 'ID' beside ECharts' own 'EN'. */
echarts.registerLocale('ID', ECHARTS_LOCALE_ID);

/** The ECharts locale of an interface language. */
export const echartsLocale = (language: 'en' | 'id') => (language === 'id' ? 'ID' : 'EN');

export { echarts };
export type EChartsOption = echarts.EChartsCoreOption;
