import type { Summary } from '@fleet/shared/answers/summary.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Image, Select, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTexts } from '../../api/i18n.ts';
import type { DateRange } from '../../api/period.ts';
import { summaryQuery } from '../../api/summary.ts';
import { FleetMap, useOpenVessel } from '../../components/fleet-map/FleetMap.tsx';
import { useFleet } from '../../components/fleet-map/useFleet.ts';
import { fmtTime } from '../../components/fleet-map/VesselPopup.tsx';
import { num, position, qty } from '../../components/format.ts';
import { FitToPoints, TrailLayer } from '../../components/map/index.ts';
import { PeriodPicker } from '../../components/PeriodPicker.tsx';
import { componentsTexts } from '../../components/texts.ts';
import { routeNames } from '../../routing/route-names.ts';
import { useFilter } from '../../stores/filter.ts';
import { voyageTexts } from './texts.ts';
import { VoyageDatalog } from './VoyageDatalog.tsx';
import './voyage.css';

/**
 * The voyage report (spec 002 §2.7): filter sidebar, the vessel's map with its trail for the range (voyage button
 * hidden), the summary of the range from `GET /api/summary/aggregated/period` — the same request as the Report
 * Summary's at HOUR (period `[start, end)` of docs/domain.md §1, the browser's timezone) — and the datalog menu.
 * Rendered at /voyage and as the VoyageReport tab of /report.
 */
export default function VoyageReport() {
  const t = useTexts(voyageTexts);
  const { vessels } = useFleet();
  const filter = useFilter();
  const go = useOpenVessel();
  // on mount a minute interval becomes hour (spec 002 §4)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (filter.interval === 'minute') filter.setInterval('hour');
  }, []);
  const [range, setRange] = useState<DateRange>(filter.range);
  const [massId, setMassId] = useState<number | null>(filter.currentAsset);
  const [applied, setApplied] = useState<({ massId: number } & DateRange) | null>(null);
  const [datalogOpen, setDatalogOpen] = useState(false);

  // the first asset by default
  useEffect(() => {
    if (massId === null && vessels.length) setMassId(vessels[0].massId);
  }, [massId, vessels]);
  // first load: apply what the filter holds
  useEffect(() => {
    if (!applied && massId !== null) setApplied({ massId, ...range });
  }, [applied, massId, range]);

  const apply = () => {
    if (massId === null) return;
    filter.setCurrentAsset(massId);
    filter.setRange(range);
    setApplied({ massId, ...range });
  };

  const summaryQ = useQuery({
    ...summaryQuery({
      massId: applied?.massId ?? null,
      start: applied?.start ?? 0,
      end: applied?.end ?? 0,
      interval: 'hour',
      showDetails: true,
    }),
    enabled: applied !== null,
  });
  const s = summaryQ.data;
  const vessel = vessels.find((v) => v.massId === applied?.massId) ?? null;
  const trail = useMemo(() => {
    // the first fix, then each hour's last position (the hourly buckets end where the vessel was at the hour's end)
    const data = s?.gps?.data ?? {};
    const first = s?.gps?.summary.firstPosition;
    const hours = Object.keys(data)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => data[k])
      .flatMap((p) => (p.latitude != null && p.longitude != null ? [{ lat: p.latitude, lng: p.longitude }] : []));
    return first ? [{ lat: first.latitude, lng: first.longitude }, ...hours] : hours;
  }, [s]);

  return (
    <div className="voyage">
      <aside className="voyage-side">
        <Space direction="vertical" style={{ width: '100%' }}>
          <PeriodPicker value={range} onChange={setRange} style={{ width: '100%' }} />
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('selectAsset')}
            value={massId ?? undefined}
            onChange={setMassId}
            options={vessels.map((v) => ({ value: v.massId, label: v.name }))}
            style={{ width: '100%' }}
            aria-label={t('asset')}
          />
          <Button type="primary" block onClick={apply}>
            {t('apply')}
          </Button>
        </Space>
        {summaryQ.isLoading && <Spin />}
        {summaryQ.isError && <Alert type="error" showIcon title={t('summaryFailed')} />}
        {s && <VoyageSummary s={s} vessel={vessel} />}
        {s && (
          <Button block onClick={() => setDatalogOpen(!datalogOpen)}>
            {t('viewDatalog')}
          </Button>
        )}
      </aside>
      <div className="voyage-main">
        <div className="voyage-map">
          <FleetMap
            vessels={vessel ? [vessel] : []}
            visible={() => true}
            trails={{}}
            onTrails={() => {}}
            onReport={(id) => go(id, routeNames.ReportWrapper('ReportSummary'))}
            onDashboard={(id) => go(id, routeNames.FmsDashboard())}
          >
            <TrailLayer points={trail} online={vessel?.online ?? false} />
            <FitToPoints
              points={trail.map((p) => [p.lat, p.lng])}
              fitKey={JSON.stringify(applied) + trail.length}
              maxZoom={9}
            />
          </FleetMap>
        </div>
        {datalogOpen && s && (
          <VoyageDatalog summary={s} vesselName={vessel?.name ?? ''} onClose={() => setDatalogOpen(false)} />
        )}
      </div>
    </div>
  );
}

export function VoyageSummary({
  s,
  vessel,
}: {
  s: Summary;
  vessel: ReturnType<typeof useFleet>['vessels'][number] | null;
}) {
  const t = useTexts(voyageTexts);
  const c = useTexts(componentsTexts);
  const rpm = s.rpm?.summary;
  const fm = s.flowmeter?.summary;
  const ae = s.ae;
  const hours = (sec: number | null | undefined) => (sec == null ? null : sec / 3600);
  return (
    <div className="voyage-summary" data-testid="voyage-summary">
      <h3>{s.massName}</h3>
      {vessel?.image ? (
        <Image width="100%" src={`/api/${vessel.image}`} alt={s.massName} />
      ) : (
        <Empty description={t('noImage')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('type')}>{vessel?.typeName || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('deviceType')}>{vessel?.systemType || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('totalCruise')}>{num(s.gps?.summary.totalCruise)}</Descriptions.Item>
        <Descriptions.Item label={c('averageSpeed')}>{num(s.gps?.summary.averageSpeedKnot)}</Descriptions.Item>
        <Descriptions.Item label={t('totalEngineCons')}>{num(fm?.meEngineCons)}</Descriptions.Item>
      </Descriptions>
      <h4>{t('vesselSummary')}</h4>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('lastUpdated')}>{fmtTime(vessel?.lastUpdate ?? null)}</Descriptions.Item>
        <Descriptions.Item label={t('firstPosition')}>{position(s.gps?.summary.firstPosition)}</Descriptions.Item>
        <Descriptions.Item label={t('lastPosition')}>{position(s.gps?.summary.lastPosition)}</Descriptions.Item>
        <Descriptions.Item label={t('durationHours')}>{num((s.end - s.start) / 3600)}</Descriptions.Item>
      </Descriptions>
      {(['PORT', 'STARBOARD'] as const).map((side) => {
        const r = rpm?.[side];
        const key = side === 'PORT' ? 'port' : 'starboard';
        return (
          <div key={side}>
            <h4>{side === 'PORT' ? t('portEngine') : t('starboardEngine')}</h4>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('averageRpm')}>{num(r?.average, 0)}</Descriptions.Item>
              <Descriptions.Item label={t('engineRunning')}>{num(r?.runningHours)}</Descriptions.Item>
              <Descriptions.Item label={t('fuelCons')}>{num(fm?.[`${key}EngineCons`])}</Descriptions.Item>
              <Descriptions.Item label={t('fuelFlowrate')}>{num(fm?.[`${key}AverageFlow`])}</Descriptions.Item>
            </Descriptions>
          </div>
        );
      })}
      <h4>{t('auxiliaryEngines')}</h4>
      <Descriptions size="small" column={1} bordered>
        {(['AE1', 'AE2', 'AE3'] as const).map((k, i) => (
          <Descriptions.Item key={k} label={`AE ${i + 1}`}>
            {ae?.[k] ? `${qty(hours(ae[k].runningSeconds), 'h')} · ${qty(ae[k].fuelConsumption, 'L')}` : '-'}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </div>
  );
}
