import type { Summary } from '@fleet/shared/answers/summary.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useMemo, useState } from 'react';
import { text, useTexts } from '../../api/i18n.ts';
import type { Interval } from '../../api/intervals.ts';
import { aggregatedUnit, pointsOf, summaryQuery, UNIT_MS } from '../../api/summary.ts';
import { CHART_HEIGHT } from '../charts/rules.ts';
import { TimeChart, type TimeSeries } from '../charts/TimeChart.tsx';
import { kmhToKnot } from '../format.ts';
import { summaryTexts } from './texts.ts';

const COLORS = { port: '#d4380d', stbd: '#389e0d', ae: '#1677ff', speed: '#722ed1', ae2: '#13c2c2', ae3: '#fa8c16' };

/** The series the summary answers per bucket, for the four charts of the Report Summary and the dashboard. */
export function chartSeries(s: Summary) {
  const fm = s.flowmeter?.data;
  const rpm = s.rpm?.data;
  return {
    portRpm: pointsOf(rpm?.PORT, (r) => r.rpm),
    stbdRpm: pointsOf(rpm?.STARBOARD, (r) => r.rpm),
    speed: pointsOf(s.gps?.data, (r) => kmhToKnot(r.speed)),
    portFuel: pointsOf(fm, (r) => r.portFuelCons),
    stbdFuel: pointsOf(fm, (r) => r.stbFuelCons),
    meFuel: pointsOf(fm, (r) => r.meFuelCons),
    aeFuel: pointsOf(fm, (r) => r.aeFuelCons),
    portFlow: pointsOf(fm, (r) => r.PORT_IN?.volumeFlowrate),
    stbdFlow: pointsOf(fm, (r) => r.STARBOARD_IN?.volumeFlowrate),
    portDens: pointsOf(fm, (r) => r.PORT_IN?.density),
    stbdDens: pointsOf(fm, (r) => r.STARBOARD_IN?.density),
    ae1: pointsOf(s.ae?.data, (r) => r.AE1?.runningTime),
    ae2: pointsOf(s.ae?.data, (r) => r.AE2?.runningTime),
    ae3: pointsOf(s.ae?.data, (r) => r.AE3?.runningTime),
  };
}

/** RPM, fuel consumption and speed in one chart (dashboard, §2.9); names in the language in force at the call. */
export function rpmFuelSpeed(s: Summary): TimeSeries[] {
  const c = chartSeries(s);
  const single = s.singleEngine;
  const t = (key: keyof typeof summaryTexts.en) => text(summaryTexts, key);
  return [
    { name: single ? t('mainEngineRpm') : t('portRpm'), points: c.portRpm, color: COLORS.port },
    ...(single ? [] : [{ name: t('starboardRpm'), points: c.stbdRpm, color: COLORS.stbd }]),
    { name: t('meFuelCons'), points: c.meFuel, axis: 1, color: COLORS.ae, type: 'bar' as const },
    { name: t('speedKnot'), points: c.speed, axis: 2, color: COLORS.speed },
  ];
}

/**
 * Zooming an hourly or daily chart reloads the zoomed window at MINUTE (spec 002 §4, §9): the summary to draw, its
 * bucket size, the zoom handler, and Reset Zoom (null when not zoomed).
 */
export function useMinuteZoom(summary: Summary, massId: number | null, interval: Interval) {
  const [zoom, setZoom] = useState<{ start: number; end: number } | null>(null);
  const zoomed = useQuery({
    ...summaryQuery({ massId, start: zoom?.start ?? 0, end: zoom?.end ?? 0, interval: 'minute', showDetails: true }),
    enabled: zoom != null && massId != null,
  });
  const view = zoom && zoomed.data ? zoomed.data : summary;
  const unit = zoom ? 'MINUTE' : aggregatedUnit(interval);
  const onZoom = (start: number, end: number) => {
    // at most 10 000 minute buckets per call: only a window that fits is reloaded
    if (end - start > 60_000 && end - start <= 10_000 * 60_000 && unit !== 'MINUTE') setZoom({ start, end });
  };
  return { view, stepMs: UNIT_MS[unit], onZoom, reset: zoom ? () => setZoom(null) : null };
}

/** Reset Zoom of a zoomed chart card. */
export function ResetZoom({ reset }: { reset: (() => void) | null }) {
  const t = useTexts(summaryTexts);
  return reset ? (
    <Button size="small" onClick={reset}>
      {t('resetZoom')}
    </Button>
  ) : null;
}

/**
 * The four charts of the Report Summary (§2.10): RPM vs Speed, Fuel Consumption, Fuel Characteristic, AE Usage.
 * Zooming a chart reloads the zoomed window at MINUTE (spec 002 §4); Reset Zoom goes back.
 */
export function SummaryCharts({ summary, massId, interval }: { summary: Summary; massId: number; interval: Interval }) {
  const { view, stepMs: step, onZoom, reset } = useMinuteZoom(summary, massId, interval);
  const c = useMemo(() => chartSeries(view), [view]);
  const single = view.singleEngine;
  const t = useTexts(summaryTexts);

  const charts: { title: string; axes: Parameters<typeof TimeChart>[0]['axes']; series: TimeSeries[] }[] = [
    {
      title: t('rpmVsSpeed'),
      axes: [{ name: 'RPM', kind: 'rpm' }, { name: 'knot' }],
      series: [
        { name: single ? t('mainEngineRpm') : t('portRpm'), points: c.portRpm, color: COLORS.port },
        ...(single ? [] : [{ name: t('starboardRpm'), points: c.stbdRpm, color: COLORS.stbd }]),
        { name: t('speedKnot'), points: c.speed, axis: 1, color: COLORS.speed },
      ],
    },
    {
      title: t('fuelConsumption'),
      axes: [{ name: 'Liter', kind: 'litres' }],
      series: [
        { name: single ? t('mainEngine') : t('port'), points: c.portFuel, color: COLORS.port, type: 'bar' },
        ...(single ? [] : [{ name: t('starboard'), points: c.stbdFuel, color: COLORS.stbd, type: 'bar' as const }]),
        { name: 'AE', points: c.aeFuel, color: COLORS.ae, type: 'bar' },
      ],
    },
    {
      title: t('fuelCharacteristic'),
      axes: [{ name: 'L/h', kind: 'litres' }, { name: 'kg/m³' }],
      series: [
        { name: t('portFlowrate'), points: c.portFlow, color: COLORS.port },
        ...(single ? [] : [{ name: t('starboardFlowrate'), points: c.stbdFlow, color: COLORS.stbd }]),
        { name: t('portDensity'), points: c.portDens, axis: 1, color: '#ad6800' },
        ...(single ? [] : [{ name: t('starboardDensity'), points: c.stbdDens, axis: 1, color: '#006d75' }]),
      ],
    },
    {
      title: t('aeUsage'),
      axes: [{ name: t('hours') }],
      series: [
        { name: 'AE 1', points: c.ae1, color: COLORS.ae, type: 'bar' },
        { name: 'AE 2', points: c.ae2, color: COLORS.ae2, type: 'bar' },
        { name: 'AE 3', points: c.ae3, color: COLORS.ae3, type: 'bar' },
      ],
    },
  ];

  return (
    <div className="report-grid-wide">
      {charts.map((ch) => (
        <Card key={ch.title} size="small" title={ch.title} extra={<ResetZoom reset={reset} />}>
          <TimeChart
            aria-label={ch.title}
            height={CHART_HEIGHT.report}
            stepMs={step}
            axes={ch.axes}
            series={ch.series}
            onZoom={onZoom}
          />
        </Card>
      ))}
    </div>
  );
}
