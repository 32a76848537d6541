import type { Summary } from '@fleet/shared/answers/summary.ts';
import { Empty, Select } from 'antd';
import { useMemo, useState } from 'react';
import { pointsOf, UNIT_MS } from '../../api/summary.ts';
import { CHART_HEIGHT } from '../../components/charts/rules.ts';
import { TimeChart, type TimeSeries } from '../../components/charts/TimeChart.tsx';
import { chartSeries, rpmFuelSpeed } from '../../components/summary/SummaryCharts.tsx';

type Axes = Parameters<typeof TimeChart>[0]['axes'];

/** The four selectors of the datalog menu's chart mode (spec 002 §2.7), in the spec's order (selector 0 to 3). */
export const VOYAGE_CHARTS = [
  'RPM, Fuel Cons, Speed',
  'Port Fuel Characteristic',
  'STBD Fuel Characteristic',
  'Auxiliary Engine Usage',
] as const;

/** One engine side's supply meter: flow rate, density and temperature per hour. */
function fuelCharacteristic(s: Summary, side: 'PORT' | 'STARBOARD'): { axes: Axes; series: TimeSeries[] } {
  const meter = `${side}_IN` as const;
  const fm = s.flowmeter?.data;
  return {
    axes: [{ name: 'L/h', kind: 'litres' }, { name: 'kg/m³' }, { name: '°C' }],
    series: [
      { name: 'Flowrate (L/h)', points: pointsOf(fm, (r) => r[meter]?.volumeFlowrate), color: '#d4380d' },
      { name: 'Density (kg/m³)', points: pointsOf(fm, (r) => r[meter]?.density), axis: 1, color: '#ad6800' },
      { name: 'Temperature (°C)', points: pointsOf(fm, (r) => r[meter]?.temperature), axis: 2, color: '#006d75' },
    ],
  };
}

/** The voyage's hourly summary as the chart the selector names. */
function chartOf(s: Summary, index: number): { axes: Axes; series: TimeSeries[] } {
  if (index === 1) return fuelCharacteristic(s, 'PORT');
  if (index === 2) return fuelCharacteristic(s, 'STARBOARD');
  if (index === 3) {
    const c = chartSeries(s);
    return {
      axes: [{ name: 'Hours' }],
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
  const [selected, setSelected] = useState(0);
  const chart = useMemo(() => chartOf(summary, selected), [summary, selected]);
  return (
    <div className="voyage-charts">
      <Select
        size="small"
        value={selected}
        onChange={setSelected}
        aria-label="Chart"
        style={{ minWidth: 240, marginBottom: 8 }}
        options={VOYAGE_CHARTS.map((label, value) => ({ value, label }))}
      />
      {chart.series.some((x) => x.points.some((p) => p[1] !== null)) ? (
        <TimeChart
          aria-label={VOYAGE_CHARTS[selected]}
          height={CHART_HEIGHT.report}
          stepMs={UNIT_MS.HOUR}
          axes={chart.axes}
          series={chart.series}
        />
      ) : (
        <Empty description="No Data" />
      )}
    </div>
  );
}
