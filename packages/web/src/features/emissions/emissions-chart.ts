import type { EmissionsVessel } from '@fleet/shared/answers/emissions.ts';
import { num } from '../../components/format.ts';

/** Height of one vessel's bar row, and of the axis under them. */
const ROW = 34;
const AXIS = 40;

export const chartHeight = (bars: number) => AXIS + Math.max(1, bars) * ROW;

/**
 * The period's CO₂ per vessel as horizontal bars (ECharts option), largest first; vessels without a CO₂ figure are
 * left out (the table says why). The value is written at each bar's end, so a phone needs no axis.
 */
export function co2ChartOption(vessels: EmissionsVessel[], narrow: boolean) {
  const bars = vessels
    .filter((v): v is EmissionsVessel & { co2Tonnes: number } => v.co2Tonnes !== null)
    .sort((a, b) => b.co2Tonnes - a.co2Tonnes);
  return {
    bars: bars.length,
    option: {
      grid: { left: 8, right: 64, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `${num(v, 3)} t` },
      xAxis: { type: 'value', show: !narrow, axisLabel: { formatter: (v: number) => num(v, [0, 2]) } },
      yAxis: {
        type: 'category',
        inverse: true,
        data: bars.map((v) => v.massName),
        axisLabel: { width: narrow ? 110 : 220, overflow: 'truncate' },
      },
      series: [
        {
          type: 'bar',
          barMaxWidth: 22,
          data: bars.map((v) => v.co2Tonnes),
          itemStyle: { color: '#2f6f9f' },
          label: { show: true, position: 'right', formatter: (p: { value: number }) => num(p.value, 3) },
        },
      ],
    },
  };
}
