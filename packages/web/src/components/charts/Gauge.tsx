import { useMemo } from 'react';
import { qty } from '../format.ts';
import { EChart } from './EChart.tsx';

/** A half-circle gauge (the dashboard's RPM as % of full scale, the widgets' speedometer). */
export function Gauge({
  value,
  max,
  unit,
  label,
  height = 200,
  decimals = 0,
}: {
  value: number | null;
  max: number;
  unit: string;
  label: string;
  height?: number;
  decimals?: number;
}) {
  const option = useMemo(
    () => ({
      animation: false,
      series: [
        {
          type: 'gauge',
          min: 0,
          max,
          startAngle: 200,
          endAngle: -20,
          progress: { show: true, width: 12 },
          axisLine: { lineStyle: { width: 12 } },
          splitNumber: 4,
          axisLabel: { distance: 16, fontSize: 10 },
          pointer: { width: 4 },
          detail: {
            valueAnimation: false,
            fontSize: 20,
            offsetCenter: [0, '60%'],
            formatter: () => qty(value, unit, decimals),
          },
          data: [{ value: value ?? 0 }],
        },
      ],
    }),
    [value, max, unit, decimals],
  );
  return <EChart option={option} height={height} aria-label={label} />;
}
