import { useQuery } from '@tanstack/react-query';
import { Empty, Spin } from 'antd';
import { useTexts } from '../../api/i18n.ts';
import { summaryQuery, UNIT_MS } from '../../api/summary.ts';
import { CHART_HEIGHT } from '../../components/charts/rules.ts';
import { TimeChart } from '../../components/charts/TimeChart.tsx';
import { rpmFuelSpeed } from '../../components/summary/SummaryCharts.tsx';
import { voyagesTexts } from './texts.ts';

/** Up to this long a leg is drawn by the minute, longer ones by the hour (at most 720 minute buckets). */
const MINUTE_CHART_SECONDS = 12 * 3600;

/**
 * The leg's (or period's) RPM, ME fuel and speed over time, from the vessel summary of that span — the same series
 * and chart as the report screens (spec 002 §9 rules).
 */
export function LegCharts({ assetId, start, end }: { assetId: number; start: number; end: number }) {
  const t = useTexts(voyagesTexts);
  const minute = end - start <= MINUTE_CHART_SECONDS;
  const q = useQuery(
    summaryQuery({
      massId: assetId,
      start: start * 1000,
      end: end * 1000,
      interval: minute ? 'minute' : 'hour',
      showDetails: true,
    }),
  );
  if (q.isLoading) return <Spin />;
  const series = q.data ? rpmFuelSpeed(q.data) : [];
  if (!series.some((s) => s.points.some((p) => p[1] !== null))) return <Empty description={t('noChartData')} />;
  return (
    <TimeChart
      aria-label={t('chartTitle')}
      height={CHART_HEIGHT.report}
      stepMs={minute ? UNIT_MS.MINUTE : UNIT_MS.HOUR}
      axes={[{ name: 'RPM', kind: 'rpm' }, { name: 'Liter', kind: 'litres' }, { name: 'knot' }]}
      series={series}
    />
  );
}
