import { useQueries } from '@tanstack/react-query';
import { Segmented, Typography } from 'antd';
import { useTexts } from '../../api/i18n.ts';
import type { Row } from '../../api/resources.ts';
import { fetchAggregated } from '../../api/telemetry.ts';
import type { Point } from '../../components/charts/rules.ts';
import { Sparkline } from '../../components/charts/Sparkline.tsx';
import { KMH_TO_KNOTS } from '../../components/gauges/scales.ts';
import { assetsTexts } from './texts.ts';

/** Analytics range options of Asset Device (spec 000 §2, §9): the last 1 to 5 days. */
export const TREND_DAYS = [1, 2, 3, 4, 5] as const;
export type TrendDays = (typeof TREND_DAYS)[number];

/** The quantity each device type's trend shows: its data point, the chart label's text, and a unit conversion. */
const TREND_METRIC: Record<string, { key: string; label: keyof typeof assetsTexts.en; scale?: number }> = {
  rpm: { key: 'rpm', label: 'metricRpm' },
  ae: { key: 'rpm', label: 'metricRpm' },
  flowmeter: { key: 'volumeFlowrate', label: 'metricFlow' },
  temperature: { key: 'temperature', label: 'metricTemperature' },
  gps: { key: 'speed', label: 'metricSpeed', scale: KMH_TO_KNOTS },
  tracker: { key: 'speed', label: 'metricSpeed', scale: KMH_TO_KNOTS },
  gateway: { key: 'cpuUsage', label: 'metricCpu' },
  power: { key: 'batteryVoltage', label: 'metricBattery' },
  tank: { key: 'level', label: 'metricLevel' },
};

/** Buckets per trend: `days` hours each, so every range draws 24 points. */
const POINTS = 24;

/**
 * Hourly means (buckets of `days` hours) of each device's main quantity over the last `days` days, one aggregated
 * call per device type on the page; a bucket without readings stays a gap.
 */
export function useDeviceTrends(devices: Row[], days: TrendDays, enabled: boolean) {
  const byType = new Map<string, string[]>();
  for (const d of devices) {
    if (!TREND_METRIC[String(d.devcType)]) continue;
    const list = byType.get(String(d.devcType)) ?? [];
    list.push(String(d.devcUniqueId));
    byType.set(String(d.devcType), list);
  }
  const results = useQueries({
    queries: [...byType].map(([type, ids]) => ({
      queryKey: ['telemetry', 'trend', type, ids, days],
      enabled,
      staleTime: 60_000,
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const end = Math.floor(Date.now() / 1000);
        const start = end - days * 86400;
        const d = await fetchAggregated(
          type,
          start,
          end,
          { 'device[]': ids, aggregatedUnit: 'HOUR', aggregatedLength: days },
          signal,
        );
        const metric = TREND_METRIC[type];
        const out = new Map<string, Point[]>();
        for (const r of d.series) {
          const v = r[metric.key];
          const points = out.get(r.deviceId) ?? [];
          points.push([r.timestamp * 1000, typeof v === 'number' ? v * (metric.scale ?? 1) : null]);
          out.set(r.deviceId, points);
        }
        return out;
      },
    })),
  });
  const trends = new Map<string, Point[]>();
  for (const r of results) for (const [id, points] of r.data ?? []) trends.set(id, points);
  return { trends, loading: results.some((r) => r.isFetching), error: results.some((r) => r.isError) };
}

/** The range selector of the Analytics section. */
export function TrendRange({ value, onChange }: { value: TrendDays; onChange: (days: TrendDays) => void }) {
  const t = useTexts(assetsTexts);
  return (
    <div className="trend-range">
      <Typography.Text strong>{t('analytics')}</Typography.Text>
      <Segmented<TrendDays>
        aria-label={t('analyticsRange')}
        value={value}
        onChange={onChange}
        options={TREND_DAYS.map((d) => ({ value: d, label: d === 1 ? t('oneDay') : t('days', { count: d }) }))}
      />
    </div>
  );
}

/** A device card's trend line, or a plain note when the device sent nothing in the range. */
export function DeviceTrend({ type, points, days }: { type: string; points: Point[] | undefined; days: TrendDays }) {
  const t = useTexts(assetsTexts);
  const metric = TREND_METRIC[type];
  if (!metric) return <Typography.Text type="secondary">{t('noTrend')}</Typography.Text>;
  if (!points?.some((p) => p[1] !== null))
    return (
      <Typography.Text type="secondary">
        {days === 1 ? t('noReadingsDay') : t('noReadingsDays', { count: days })}
      </Typography.Text>
    );
  return (
    <Sparkline
      points={points.slice(-POINTS)}
      stepMs={days * 3600_000}
      label={
        days === 1
          ? t('trendDay', { metric: t(metric.label) })
          : t('trendDays', { metric: t(metric.label), count: days })
      }
    />
  );
}
