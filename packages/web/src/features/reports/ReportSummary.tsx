import type { Summary } from '@fleet/shared/answers/summary.ts';
import { Alert, Card, Empty, Spin } from 'antd';
import { Suspense } from 'react';
import { useAssets } from '../../api/assets.ts';
import { useSummary } from '../../api/summary.ts';
import { AVERAGE_SPEED_LABEL, duration, num } from '../../components/format.ts';
import { ReportFilterBar } from '../../components/report-filter/ReportFilterBar.tsx';
import { Stat } from '../../components/summary/Stat.tsx';
import { SummaryCharts } from '../../components/summary/SummaryCharts.tsx';
import { hasData, MAINTENANCE_TEXT, VesselTrackMap } from '../../components/summary/summary-view.ts';
import { useFilter } from '../../stores/filter.ts';
import { SensorPercentage } from './SensorPercentage.tsx';
import { ShareLinkButton } from './ShareLinkButton.tsx';
import { downloadSummaryXlsx } from './summary-xlsx.ts';

/** Main engine, auxiliary engine, fuel and GPS summary cards (spec 002 §2.10). */
export function SummaryCards({ s }: { s: Summary }) {
  const rpm = s.rpm?.summary;
  const fm = s.flowmeter?.summary;
  const exh = s.temperature?.EXHAUST_TEMPERATURE?.average;
  const res = s.temperature?.TEMPERATURE?.average;
  const sides = s.singleEngine
    ? ([['PORT', 'Main Engine']] as const)
    : ([
        ['PORT', 'Port'],
        ['STARBOARD', 'Starboard'],
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
      <Card size="small" title="Main Engine Summary" data-testid="card-me">
        {sides.map(([side, label]) => (
          <div key={side}>
            <Stat label={`${label} Average RPM`} value={num(rpm?.[side]?.average)} testId={`me-${side}-avg`} />
            <Stat label={`${label} Running Hours`} value={num(rpm?.[side]?.runningHours)} testId={`me-${side}-hours`} />
            <Stat label={`${label} Avg Exhaust Temp (°C)`} value={num(exh?.[side])} />
          </div>
        ))}
      </Card>
      <Card size="small" title="Auxiliary Engine Summary" data-testid="card-ae">
        {(['AE1', 'AE2', 'AE3'] as const).map((k, i) => (
          <div key={k}>
            <Stat label={`AE ${i + 1} Running Hours`} value={num(s.ae?.[k]?.runningTime)} />
            <Stat label={`AE ${i + 1} Fuel (Liter)`} value={num(s.ae?.[k]?.fuelConsumption)} />
          </div>
        ))}
        <Stat label="Total AE Fuel (Liter)" value={num(s.ae?.totalFuelConsumption)} testId="ae-total" />
      </Card>
      <Card size="small" title="Main Engine Fuel Summary" data-testid="card-mefuel">
        {sides.map(([side, label]) => {
          const f = fmSide(side);
          return (
            <div key={side}>
              <Stat label={`${label} Consumption (Liter)`} value={num(f.cons)} />
              <Stat label={`${label} Flow Time`} value={f.time == null ? '-' : duration(f.time)} />
              <Stat label={`${label} Flow Rate (L/h)`} value={num(f.flow)} />
              <Stat label={`${label} Flow Temp (°C)`} value={num(f.temp)} />
              <Stat label={`${label} Density (kg/m³)`} value={num(f.dens)} />
              <Stat label={`${label} Reservoir Temp (°C)`} value={num(res?.[side])} />
            </div>
          );
        })}
      </Card>
      <Card size="small" title="Fuel Consumption Summary" data-testid="card-fuel">
        <Stat label="ME (Liter)" value={num(fm?.meEngineCons)} testId="fuel-me" />
        <Stat label="AE (Liter)" value={num(fm?.aeEngineCons ?? s.ae?.totalFuelConsumption)} testId="fuel-ae" />
        <Stat label="Total (Liter)" value={num(fm?.totalFuelCons)} testId="fuel-total" />
        <Stat label="CO₂ emitted (t)" value={num(fm?.co2Emitted, 3)} testId="fuel-co2" />
      </Card>
      <Card size="small" title="GPS Summary" data-testid="card-gps">
        <Stat label={AVERAGE_SPEED_LABEL} value={num(s.gps?.summary.averageSpeedKnot)} testId="gps-speed" />
        <Stat label="Total Cruise (NM)" value={num(s.gps?.summary.totalCruise)} testId="gps-cruise" />
      </Card>
    </div>
  );
}

/** Report Summary tab (spec 002 §2.10). */
export default function ReportSummary() {
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
        <Alert type="warning" showIcon message={MAINTENANCE_TEXT} className="report-section" />
      ) : !hasData(s) ? (
        <div className="report-empty">
          <Empty description="No Data" />
        </div>
      ) : (
        <>
          <SummaryCards s={s} />
          <Card size="small" title="Vessel Tracking" className="report-section">
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
