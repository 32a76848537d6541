import type { Summary } from '@fleet/shared/answers/summary.ts';
import { Alert, Card, Empty, Spin } from 'antd';
import { Suspense } from 'react';
import { useAssets } from '../../api/assets.ts';
import { useTexts } from '../../api/i18n.ts';
import { useSummary } from '../../api/summary.ts';
import { duration, num } from '../../components/format.ts';
import { ReportFilterBar } from '../../components/report-filter/ReportFilterBar.tsx';
import { Stat } from '../../components/summary/Stat.tsx';
import { SummaryCharts } from '../../components/summary/SummaryCharts.tsx';
import { hasData, VesselTrackMap } from '../../components/summary/summary-view.ts';
import { summaryTexts } from '../../components/summary/texts.ts';
import { componentsTexts } from '../../components/texts.ts';
import { useFilter } from '../../stores/filter.ts';
import { SensorPercentage } from './SensorPercentage.tsx';
import { ShareLinkButton } from './ShareLinkButton.tsx';
import { downloadSummaryCsv, downloadSummaryXlsx } from './summary-xlsx.ts';
import { reportsTexts } from './texts.ts';

type ReportsText = keyof typeof reportsTexts.en;
type SideName = 'port' | 'starboard' | 'mainEngine';
/** The texts of an engine side's figures (the main engine's on a single-engine vessel). */
const sideTexts = (n: SideName) =>
  ({
    averageRpm: `${n}AverageRpm`,
    runningHours: `${n}RunningHours`,
    avgExhaustTemp: `${n}AvgExhaustTemp`,
    consumption: `${n}Consumption`,
    flowTime: `${n}FlowTime`,
    flowRate: `${n}FlowRate`,
    flowTemp: `${n}FlowTemp`,
    density: `${n}Density`,
    reservoirTemp: `${n}ReservoirTemp`,
  }) as const satisfies Record<string, ReportsText>;

/** Main engine, auxiliary engine, fuel and GPS summary cards (spec 002 §2.10). */
export function SummaryCards({ s }: { s: Summary }) {
  const t = useTexts(reportsTexts);
  const c = useTexts(componentsTexts);
  const rpm = s.rpm?.summary;
  const fm = s.flowmeter?.summary;
  const exh = s.temperature?.EXHAUST_TEMPERATURE?.average;
  const res = s.temperature?.TEMPERATURE?.average;
  const sides = s.singleEngine
    ? ([['PORT', sideTexts('mainEngine')]] as const)
    : ([
        ['PORT', sideTexts('port')],
        ['STARBOARD', sideTexts('starboard')],
      ] as const);
  const fmSide = (side: 'PORT' | 'STARBOARD') =>
    side === 'PORT'
      ? {
          cons: fm?.portEngineCons,
          time: fm?.PORT_IN_flowTime,
          flow: fm?.portAverageFlow,
          temp: fm?.PORT_IN_averageTemp,
          dens: fm?.PORT_IN_averageDens,
        }
      : {
          cons: fm?.starboardEngineCons,
          time: fm?.STARBOARD_IN_flowTime,
          flow: fm?.starboardAverageFlow,
          temp: fm?.STARBOARD_IN_averageTemp,
          dens: fm?.STARBOARD_IN_averageDens,
        };
  return (
    <div className="report-grid">
      <Card size="small" title={t('mainEngineSummary')} data-testid="card-me">
        {sides.map(([side, k]) => (
          <div key={side}>
            <Stat label={t(k.averageRpm)} value={num(rpm?.[side]?.average)} testId={`me-${side}-avg`} />
            <Stat label={t(k.runningHours)} value={num(rpm?.[side]?.runningHours)} testId={`me-${side}-hours`} />
            <Stat label={t(k.avgExhaustTemp)} value={num(exh?.[side])} />
          </div>
        ))}
      </Card>
      <Card size="small" title={t('auxiliaryEngineSummary')} data-testid="card-ae">
        {(['AE1', 'AE2', 'AE3'] as const).map((k, i) => (
          <div key={k}>
            <Stat label={t('aeRunningHours', { number: i + 1 })} value={num(s.ae?.[k]?.runningTime)} />
            <Stat label={t('aeFuel', { number: i + 1 })} value={num(s.ae?.[k]?.fuelConsumption)} />
          </div>
        ))}
        <Stat label={t('totalAeFuel')} value={num(s.ae?.totalFuelConsumption)} testId="ae-total" />
      </Card>
      <Card size="small" title={t('mainEngineFuelSummary')} data-testid="card-mefuel">
        {sides.map(([side, k]) => {
          const f = fmSide(side);
          return (
            <div key={side}>
              <Stat label={t(k.consumption)} value={num(f.cons)} />
              <Stat label={t(k.flowTime)} value={f.time == null ? '-' : duration(f.time)} />
              <Stat label={t(k.flowRate)} value={num(f.flow)} />
              <Stat label={t(k.flowTemp)} value={num(f.temp)} />
              <Stat label={t(k.density)} value={num(f.dens)} />
              <Stat label={t(k.reservoirTemp)} value={num(res?.[side])} />
            </div>
          );
        })}
      </Card>
      <Card size="small" title={t('fuelConsumptionSummary')} data-testid="card-fuel">
        <Stat label={t('meLiter')} value={num(fm?.meEngineCons)} testId="fuel-me" />
        <Stat label={t('aeLiter')} value={num(fm?.aeEngineCons ?? s.ae?.totalFuelConsumption)} testId="fuel-ae" />
        <Stat label={t('totalLiter')} value={num(fm?.totalFuelCons)} testId="fuel-total" />
        <Stat label={t('co2Emitted')} value={num(fm?.co2Emitted, 3)} testId="fuel-co2" />
      </Card>
      <Card size="small" title={t('gpsSummary')} data-testid="card-gps">
        <Stat label={c('averageSpeed')} value={num(s.gps?.summary.averageSpeedKnot)} testId="gps-speed" />
        <Stat label={t('totalCruise')} value={num(s.gps?.summary.totalCruise)} testId="gps-cruise" />
      </Card>
    </div>
  );
}

/** Report Summary tab (spec 002 §2.10). */
export default function ReportSummary() {
  const t = useTexts(reportsTexts);
  const summaryT = useTexts(summaryTexts);
  const { range, interval, currentAsset } = useFilter();
  const assets = useAssets();
  const asset = assets.data?.find((a) => a.massId === currentAsset);
  const summary = useSummary({ massId: currentAsset, start: range.start, end: range.end, interval, showDetails: true });
  const s = summary.data;

  return (
    <div>
      <ReportFilterBar
        report
        onDownloadXlsx={s ? () => downloadSummaryXlsx(s, asset?.massName ?? s.massName) : undefined}
        onDownloadCsv={s ? () => downloadSummaryCsv(s, asset?.massName ?? s.massName) : undefined}
      />
      <div className="report-share">
        <ShareLinkButton massId={currentAsset} start={range.start} end={range.end} />
      </div>
      <SensorPercentage rows={s?.sensorPercentage} loading={summary.isLoading} />
      {summary.isLoading || (currentAsset == null && assets.isLoading) ? (
        <div className="report-empty">
          <Spin />
        </div>
      ) : s?.maintenanceFlag ? (
        <Alert type="warning" showIcon message={summaryT('maintenance')} className="report-section" />
      ) : !hasData(s) ? (
        <div className="report-empty">
          <Empty description={t('noData')} />
        </div>
      ) : (
        <>
          <SummaryCards s={s} />
          <Card size="small" title={t('vesselTracking')} className="report-section">
            <Suspense fallback={<Spin />}>
              <VesselTrackMap summary={s} name={asset?.massName ?? s.massName} height={360} />
            </Suspense>
          </Card>
          <SummaryCharts summary={s} massId={s.massId} interval={interval} />
        </>
      )}
    </div>
  );
}
