import type { Summary } from '@fleet/shared/answers/summary.ts';
import { Alert, Card, Empty, Spin, Tag } from 'antd';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { useAssets } from '../../api/assets.ts';
import { useTexts } from '../../api/i18n.ts';
import { aggregatedUnit, pointsOf, UNIT_MS, useSummary } from '../../api/summary.ts';
import { Gauge } from '../../components/charts/Gauge.tsx';
import { CHART_HEIGHT } from '../../components/charts/rules.ts';
import { Sparkline } from '../../components/charts/Sparkline.tsx';
import { TimeChart } from '../../components/charts/TimeChart.tsx';
import { dateTime, num } from '../../components/format.ts';
import { Page } from '../../components/Page.tsx';
import { ReportFilterBar } from '../../components/report-filter/ReportFilterBar.tsx';
import { Stat } from '../../components/summary/Stat.tsx';
import { ResetZoom, rpmFuelSpeed, useMinuteZoom } from '../../components/summary/SummaryCharts.tsx';
import { hasData, VesselTrackMap } from '../../components/summary/summary-view.ts';
import { summaryTexts } from '../../components/summary/texts.ts';
import { componentsTexts } from '../../components/texts.ts';
import { routeNames } from '../../routing/route-names.ts';
import { useFilter } from '../../stores/filter.ts';
import { chartAverages, meAverageFlow } from './averages.ts';
import { currentData, REFRESH_MS, useAssetPulse } from './pulse.ts';
import { dashboardTexts } from './texts.ts';

/** Spec 002 §9: gauge full scale 1600 RPM. */
export const GAUGE_FULL_SCALE = 1600;

/** AE badge (spec 002 §4): ON if the last running time is above 0. */
export function aeOn(s: Summary, key: 'AE1' | 'AE2' | 'AE3'): boolean {
  const data = s.ae?.data ?? {};
  const last = Object.keys(data)
    .map(Number)
    .sort((a, b) => b - a)
    .find((ts) => data[ts]?.[key] != null);
  return last != null && (data[last]?.[key]?.runningSeconds ?? 0) > 0;
}

/** The texts of an engine side's cards: the side itself, or the main engine of a single-engine vessel. */
const SIDE_TEXTS = {
  PORT: { name: 'sidePort', rpm: 'rpmPort', cons: 'consPort', current: 'currentDataPort' },
  STARBOARD: { name: 'sideStarboard', rpm: 'rpmStarboard', cons: 'consStarboard', current: 'currentDataStarboard' },
  MAIN: { name: 'sideMainEngine', rpm: 'rpmMainEngine', cons: 'consMainEngine', current: 'currentDataMainEngine' },
} as const satisfies Record<string, Record<string, keyof typeof dashboardTexts.en>>;

/** FMS dashboard (spec 002 §2.9). */
export default function FmsDashboard() {
  const t = useTexts(dashboardTexts);
  const c = useTexts(componentsTexts);
  const summaryT = useTexts(summaryTexts);
  const { range, interval, currentAsset } = useFilter();
  const assets = useAssets();
  const asset = assets.data?.find((a) => a.massId === currentAsset);
  const summary = useSummary(
    { massId: currentAsset, start: range.start, end: range.end, interval, showDetails: true },
    { refetchInterval: REFRESH_MS },
  );
  const pulse = useAssetPulse(asset);
  const s = summary.data;
  const step = UNIT_MS[aggregatedUnit(interval)];
  // zooming the chart reloads the window at MINUTE (spec 002 §9), as on the Report Summary
  const zoom = useMinuteZoom(s ?? ({} as Summary), currentAsset, interval);

  let body: React.ReactNode;
  if (summary.isLoading || (currentAsset == null && assets.isLoading)) {
    body = (
      <div className="report-empty">
        <Spin />
      </div>
    );
  } else if (s?.maintenanceFlag && !hasData(s)) {
    // a vessel flagged under maintenance (docs/domain.md §18) shows the notice, as the Report Summary does (issue 28)
    body = <Alert type="warning" showIcon message={summaryT('maintenance')} className="report-section" />;
  } else if (!hasData(s)) {
    body = (
      <div className="report-empty">
        <Empty description={t('noData')} />
      </div>
    );
  } else {
    const rpm = s.rpm?.summary;
    const fm = s.flowmeter?.summary;
    const sides = s.singleEngine ? (['PORT'] as const) : (['PORT', 'STARBOARD'] as const);
    const sideTexts = (side: 'PORT' | 'STARBOARD') => SIDE_TEXTS[s.singleEngine ? 'MAIN' : side];
    const fuel = {
      PORT: pointsOf(s.flowmeter?.data, (r) => r.portFuelCons),
      STARBOARD: pointsOf(s.flowmeter?.data, (r) => r.stbFuelCons),
      TOTAL: pointsOf(s.flowmeter?.data, (r) => r.meFuelCons),
    };
    const chart = rpmFuelSpeed(zoom.view);
    body = (
      <>
        {s.maintenanceFlag && (
          <Alert type="warning" showIcon message={summaryT('maintenance')} className="report-section" />
        )}
        <div className="report-grid">
          <Card size="small" title={asset?.massName ?? s.massName} data-testid="dash-vessel">
            {asset?.massImage ? (
              <img className="dashboard-vessel-img" src={`/api/${asset.massImage}`} alt={asset.massName} />
            ) : (
              <div className="dashboard-vessel-img" aria-hidden />
            )}
            <Stat label={t('type')} value={asset?.massMaty?.matyName ?? '-'} />
            <Stat label={t('deviceType')} value={asset?.massSystemType ?? '-'} />
            {asset && (
              <Link to={routeNames.AssetDetail(asset.massId)}>
                <Tag color="blue">{t('seeDetails')}</Tag>
              </Link>
            )}
          </Card>
          <Card size="small" title={t('todaysCruise')} data-testid="dash-cruise">
            <Stat label={t('lastData')} value={dateTime(s.lastData)} />
            <Stat label={t('totalCruise')} value={num(s.gps?.summary.totalCruise)} testId="dash-total-cruise" />
            <Stat label={c('averageSpeed')} value={num(s.gps?.summary.averageSpeedKnot)} testId="dash-avg-speed" />
          </Card>
          {sides.map((side) => {
            const cur = currentData(pulse.data, side);
            return (
              <Card key={side} size="small" title={t(sideTexts(side).name)} data-testid={`dash-gauge-${side}`}>
                <Gauge
                  label={t(sideTexts(side).rpm)}
                  value={cur.rpm == null ? null : (cur.rpm / GAUGE_FULL_SCALE) * 100}
                  max={100}
                  unit="%"
                  height={170}
                />
                <Stat label={t('engineHour')} value={num(rpm?.[side]?.runningHours)} />
                <Stat label={t('averageRpm')} value={num(rpm?.[side]?.average)} testId={`dash-avg-rpm-${side}`} />
              </Card>
            );
          })}
        </div>
        <div className="report-grid">
          {[
            ...sides.map((side) => ({
              key: side,
              title: t(sideTexts(side).cons),
              litres: side === 'PORT' ? fm?.portEngineCons : fm?.starboardEngineCons,
              flow: side === 'PORT' ? fm?.portAverageFlow : fm?.starboardAverageFlow,
              pts: fuel[side],
            })),
            {
              key: 'TOTAL',
              title: t('consTotal'),
              litres: fm?.meEngineCons,
              flow: meAverageFlow(s),
              pts: fuel.TOTAL,
            },
          ].map((c) => (
            <Card key={c.key} size="small" title={c.title} data-testid={`dash-cons-${c.key}`}>
              <Stat label={t('liter')} value={num(c.litres)} />
              <Stat label={t('avgFuelFlow')} value={num(c.flow)} />
              <Sparkline label={t('sparkline', { title: c.title })} points={c.pts} stepMs={step} />
            </Card>
          ))}
        </div>
        <div className="report-grid">
          {sides.map((side) => {
            const cur = currentData(pulse.data, side);
            return (
              <Card key={side} size="small" title={t(sideTexts(side).current)} data-testid={`dash-current-${side}`}>
                <Stat label={t('currentRpm')} value={num(cur.rpm)} />
                <Stat label={t('flowrate')} value={num(cur.flowrate)} />
                <Stat label={t('density')} value={num(cur.density)} />
                <Stat label={t('flowmeterTemp')} value={num(cur.flowTemp)} />
                <Stat label={t('exhaustTemp')} value={num(cur.exhaustTemp)} />
                <Stat label={t('reservoirTemp')} value={num(cur.reservoirTemp)} />
              </Card>
            );
          })}
          {(['AE1', 'AE2', 'AE3'] as const).map((k, i) => {
            const on = aeOn(s, k);
            return (
              <Card
                key={k}
                size="small"
                title={t('auxiliaryEngine', { number: i + 1 })}
                extra={<Tag color={on ? 'green' : 'default'}>{on ? t('on') : t('off')}</Tag>}
                data-testid={`dash-${k}`}
              >
                <Stat label={t('hours')} value={num(s.ae?.[k]?.runningTime)} />
              </Card>
            );
          })}
        </div>
        <Card size="small" title={t('map')} className="report-section">
          <Suspense fallback={<Spin />}>
            <VesselTrackMap summary={s} name={asset?.massName ?? s.massName} height={420} />
          </Suspense>
        </Card>
        <Card
          size="small"
          title={t('rpmFuelSpeed')}
          className="report-section"
          extra={<ResetZoom reset={zoom.reset} />}
        >
          <div className="report-filter-actions" data-testid="dash-averages">
            {chartAverages(zoom.view).map((a) => (
              <Tag key={a.label}>
                {a.label}: {num(a.value)}
              </Tag>
            ))}
          </div>
          <TimeChart
            aria-label={t('rpmFuelSpeed')}
            height={CHART_HEIGHT.dashboard}
            stepMs={zoom.stepMs}
            axes={[{ name: 'RPM', kind: 'rpm' }, { name: 'Liter', kind: 'litres' }, { name: 'knot' }]}
            series={chart}
            onZoom={zoom.onZoom}
          />
        </Card>
      </>
    );
  }

  return (
    <Page title={t('title')}>
      <ReportFilterBar />
      {body}
    </Page>
  );
}
