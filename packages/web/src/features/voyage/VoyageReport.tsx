import type { Summary } from '@fleet/shared/answers/summary.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Descriptions, Empty, Image, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api/client.ts';
import { FleetMap, useOpenVessel } from '../../components/fleet-map/FleetMap.tsx';
import { useFleet } from '../../components/fleet-map/useFleet.ts';
import { fmtTime } from '../../components/fleet-map/VesselPopup.tsx';
import { FitToPoints, TrailLayer } from '../../components/map/index.ts';
import { routeNames } from '../../routing/route-names.ts';
import { useFilter } from '../../stores/filter.ts';
import { VoyageDatalog } from './VoyageDatalog.tsx';
import { fmtNum, latLngDms } from './voyage-format.ts';
import './voyage.css';

const RANGE_FORMAT = 'DD-MM-YYYY HH:mm';

/**
 * The voyage report (spec 002 §2.7): filter sidebar, the vessel's map with its trail for the range (voyage button
 * hidden), the summary of the range from `GET /api/summary/aggregated/period` and the datalog menu. Rendered at
 * /voyage and as the VoyageReport tab of /report.
 */
export default function VoyageReport() {
  const { vessels } = useFleet();
  const filter = useFilter();
  const go = useOpenVessel();
  // on mount a minute interval becomes hour (spec 002 §4)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (filter.interval === 'minute') filter.setInterval('hour');
  }, []);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs(filter.range.start), dayjs(filter.range.end)]);
  const [massId, setMassId] = useState<number | null>(filter.currentAsset);
  const [applied, setApplied] = useState<{ massId: number; start: number; end: number } | null>(null);
  const [datalogOpen, setDatalogOpen] = useState(false);

  // the first asset by default
  useEffect(() => {
    if (massId === null && vessels.length) setMassId(vessels[0].massId);
  }, [massId, vessels]);
  // first load: apply what the filter holds
  useEffect(() => {
    if (!applied && massId !== null) setApplied({ massId, start: range[0].unix(), end: range[1].unix() });
  }, [applied, massId, range]);

  const apply = () => {
    if (massId === null) return;
    filter.setCurrentAsset(massId);
    filter.setRange({ start: range[0].valueOf(), end: range[1].valueOf() });
    setApplied({ massId, start: range[0].unix(), end: range[1].unix() });
  };

  const summaryQ = useQuery({
    queryKey: ['voyage', 'summary', applied],
    enabled: applied !== null,
    queryFn: ({ signal }) =>
      api.get<Summary>(`/summary/aggregated/period/${applied!.start}/${applied!.end}`, {
        signal,
        query: { devcMassId: applied!.massId, aggregatedUnit: 'HOUR', showDetails: 'true' },
      }),
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
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format={RANGE_FORMAT}
            value={range}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            allowClear={false}
            style={{ width: '100%' }}
          />
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="Select Asset"
            value={massId ?? undefined}
            onChange={setMassId}
            options={vessels.map((v) => ({ value: v.massId, label: v.name }))}
            style={{ width: '100%' }}
            aria-label="Asset"
          />
          <Button type="primary" block onClick={apply}>
            Apply
          </Button>
        </Space>
        {summaryQ.isLoading && <Spin />}
        {summaryQ.isError && <Alert type="error" showIcon title="The voyage summary could not be loaded." />}
        {s && <VoyageSummary s={s} vessel={vessel} />}
        {s && (
          <Button block onClick={() => setDatalogOpen(!datalogOpen)}>
            View Datalog
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

function VoyageSummary({ s, vessel }: { s: Summary; vessel: ReturnType<typeof useFleet>['vessels'][number] | null }) {
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
        <Empty description="No image" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Type">{vessel?.typeName || '-'}</Descriptions.Item>
        <Descriptions.Item label="Device Type">{vessel?.systemType || '-'}</Descriptions.Item>
        <Descriptions.Item label="Total Cruise (NM)">{fmtNum(s.gps?.summary.totalCruise)}</Descriptions.Item>
        <Descriptions.Item label="Average Speed (KNOT)">{fmtNum(s.gps?.summary.averageSpeedKnot)}</Descriptions.Item>
        <Descriptions.Item label="Total Engine Cons (LITER)">{fmtNum(fm?.meEngineCons)}</Descriptions.Item>
      </Descriptions>
      <h4>Vessel Summary</h4>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Last Updated">{fmtTime(vessel?.lastUpdate ?? null)}</Descriptions.Item>
        <Descriptions.Item label="First Position">{latLngDms(s.gps?.summary.firstPosition)}</Descriptions.Item>
        <Descriptions.Item label="Last Position">{latLngDms(s.gps?.summary.lastPosition)}</Descriptions.Item>
        <Descriptions.Item label="Duration (hours)">{fmtNum((s.end - s.start) / 3600)}</Descriptions.Item>
      </Descriptions>
      {(['PORT', 'STARBOARD'] as const).map((side) => {
        const r = rpm?.[side];
        const key = side === 'PORT' ? 'port' : 'starboard';
        return (
          <div key={side}>
            <h4>{side === 'PORT' ? 'Port Engine' : 'Starboard Engine'}</h4>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label="Average RPM">{fmtNum(r?.average, 0)}</Descriptions.Item>
              <Descriptions.Item label="Engine Running (hours)">{fmtNum(r?.runningHours)}</Descriptions.Item>
              <Descriptions.Item label="Fuel Cons (Liter)">{fmtNum(fm?.[`${key}EngineCons`])}</Descriptions.Item>
              <Descriptions.Item label="Fuel Flowrate (L/H)">{fmtNum(fm?.[`${key}AverageFlow`])}</Descriptions.Item>
            </Descriptions>
          </div>
        );
      })}
      <h4>Auxiliary Engines</h4>
      <Descriptions size="small" column={1} bordered>
        {(['AE1', 'AE2', 'AE3'] as const).map((k, i) => (
          <Descriptions.Item key={k} label={`AE ${i + 1}`}>
            {ae?.[k] ? `${fmtNum(hours(ae[k].runningSeconds))} h · ${fmtNum(ae[k].fuelConsumption)} L` : '-'}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </div>
  );
}
