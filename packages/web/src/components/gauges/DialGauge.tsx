import { useMemo } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { EChart } from '../charts/EChart.tsx';
import { qty } from '../format.ts';
import { gaugeTexts } from './texts.ts';

export interface DialBand {
  /** the band ends at this value (bands run from 0 upwards in order) */
  to: number;
  color: string;
}

/** A round dial from 0 to `max` with coloured bands and the value in the middle; null draws an empty dial. */
export function DialGauge({
  value,
  max,
  unit,
  label,
  bands,
  decimals = 0,
  height = 170,
}: {
  value: number | null;
  max: number;
  unit: string;
  label: string;
  bands?: DialBand[];
  decimals?: number;
  height?: number;
}) {
  const t = useTexts(gaugeTexts);
  const option = useMemo(() => {
    const stops: [number, string][] = (bands?.length ? bands : [{ to: max, color: '#1677ff' }]).map((b) => [
      Math.min(1, Math.max(0, b.to / max)),
      b.color,
    ]);
    if (stops[stops.length - 1][0] < 1) stops.push([1, stops[stops.length - 1][1]]);
    return {
      series: [
        {
          type: 'gauge',
          min: 0,
          max,
          radius: '88%',
          center: ['50%', '52%'],
          splitNumber: 4,
          axisLine: { lineStyle: { width: 10, color: stops } },
          axisTick: { show: false },
          splitLine: { length: 10, lineStyle: { width: 1, color: '#999' } },
          axisLabel: {
            distance: 14,
            fontSize: 10,
            color: '#666',
            formatter: (v: number) => (v === 0 || v === max ? '' : String(v)),
          },
          pointer: { show: value !== null, width: 4, length: '60%' },
          anchor: { show: value !== null, size: 8 },
          title: { show: false },
          detail: {
            valueAnimation: false,
            offsetCenter: [0, '78%'],
            fontSize: 16,
            fontWeight: 600,
            formatter: () => (value === null ? '—' : qty(value, unit, decimals)),
          },
          data: [{ value: value === null ? 0 : Math.min(max, Math.max(0, value)), name: label }],
        },
      ],
    };
  }, [value, max, unit, label, bands, decimals]);
  return (
    <EChart
      option={option}
      height={height}
      aria-label={
        value === null ? t('gaugeNoReading', { label }) : t('gaugeValue', { label, value: qty(value, unit, decimals) })
      }
    />
  );
}
