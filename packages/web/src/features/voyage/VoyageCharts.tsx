import type { Summary } from '@fleet/shared/answers/summary.ts';
import { Empty, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTexts } from '../../api/i18n.ts';
import { pointsOf, UNIT_MS } from '../../api/summary.ts';
import { CHART_HEIGHT } from '../../components/charts/rules.ts';
import { TimeChart, type TimeSeries } from '../../components/charts/TimeChart.tsx';
import { chartSeries, rpmFuelSpeed } from '../../components/summary/SummaryCharts.tsx';
import { voyageTexts } from './texts.ts';

type Axes = Parameters<typeof TimeChart>[0]['axes'];

type T = (key: keyof typeof voyageTexts.en) => string;

/**
 * The four selectors of the datalog menu's chart mode (spec 002 §2.7), in the spec's order (selector 0 to 3): their
 * texts' keys.
 */
export const VOYAGE_CHARTS = [
  'chartRpmFuelSpeed',
  'chartPortFuel',
  'chartStarboardFuel',
  'chartAuxiliaryEngines',
] as const satisfies (keyof typeof voyageTexts.en)[];

/** One engine side's supply meter: flow rate, density and temperature per hour. */
function fuelCharacteristic(s: Summary, side: 'PORT' | 'STARBOARD', t: T): { axes: Axes; series: TimeSeries[] } {
  const meter = `${side}_IN` as const;
  const fm = s.flowmeter?.data;
  return {
    axes: [{ name: 'L/h', kind: 'litres' }, { name: 'kg/m³' }, { name: '°C' }],
    series: [
      { name: t('seriesFlowrate'), points: pointsOf(fm, (r) => r[meter]?.volumeFlowrate), color: '#d4380d' },
      { name: t('seriesDensity'), points: pointsOf(fm, (r) => r[meter]?.density), axis: 1, color: '#ad6800' },
      { name: t('seriesTemperature'), points: pointsOf(fm, (r) => r[meter]?.temperature), axis: 2, color: '#006d75' },
    ],
  };
}

/** The voyage's hourly summary as the chart the selector names. */
function chartOf(s: Summary, index: number, t: T): { axes: Axes; series: TimeSeries[] } {
  if (index === 1) return fuelCharacteristic(s, 'PORT', t);
  if (index === 2) return fuelCharacteristic(s, 'STARBOARD', t);
  if (index === 3) {
    const c = chartSeries(s);
    return {
      axes: [{ name: t('hours') }],
      series: [
        // running time per hour bucket, in hours (docs/api.md "summary" ae data)
        { name: 'AE 1', points: c.ae1, type: 'bar', color: '#1677ff' },
        { name: 'AE 2', points: c.ae2, type: 'bar', color: '#13c2c2' },
        { name: 'AE 3', points: c.ae3, type: 'bar', color: '#fa8c16' },
      ],
    };
  }
  return {
    axes: [{ name: 'RPM', kind: 'rpm' }, { name: 'Liter', kind: 'litres' }, { name: 'knot' }],
    series: rpmFuelSpeed(s),
  };
}

/** Chart mode of the voyage datalog menu: one of four charts of the voyage's hourly data. */
export function VoyageCharts({ summary }: { summary: Summary }) {
  const t = useTexts(voyageTexts);
  const [selected, setSelected] = useState(0);
  const chart = useMemo(() => chartOf(summary, selected, t), [summary, selected, t]);
  return (
    <div className="voyage-charts">
      <Select
        size="small"
        value={selected}
        onChange={setSelected}
        aria-label={t('chart')}
        style={{ minWidth: 240, marginBottom: 8 }}
        options={VOYAGE_CHARTS.map((key, value) => ({ value, label: t(key) }))}
      />
      {chart.series.some((x) => x.points.some((p) => p[1] !== null)) ? (
        <TimeChart
          aria-label={t(VOYAGE_CHARTS[selected])}
          height={CHART_HEIGHT.report}
          stepMs={UNIT_MS.HOUR}
          axes={chart.axes}
          series={chart.series}
        />
      ) : (
        <Empty description={t('noData')} />
      )}
    </div>
  );
}
