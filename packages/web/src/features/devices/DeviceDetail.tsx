import type { Summary } from '@fleet/shared/answers/summary.ts';
import { deviceDetailQuery } from '@fleet/shared/device-detail.ts';
import { device } from '@fleet/shared/resources/device.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, Spin, Statistic, Tag } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { useLanguage, useTexts } from '../../api/i18n.ts';
import { periodText } from '../../api/period.ts';
import { type Row, useResourceRow } from '../../api/resources.ts';
import { fetchAggregated } from '../../api/telemetry.ts';
import { toast } from '../../api/toast.ts';
import { zoneHours } from '../../api/zone.ts';
import { ButtonGroup } from '../../components/ButtonGroup.tsx';
import { EChart } from '../../components/charts/EChart.tsx';
import { chartsFor, timeChart } from '../../components/device/device-charts.ts';
import {
  bucketLength,
  fromQuery,
  type Interval,
  type Selection,
  toQuery,
} from '../../components/device/device-range.ts';
import { fn, hasWidget, lastOf, val } from '../../components/device/device-series.ts';
import { typeLabel } from '../../components/device/device-types.ts';
import { LinearGauge } from '../../components/gauges/LinearGauge.tsx';
import { OFFLINE_AFTER_SECONDS, temperatureGauge } from '../../components/gauges/scales.ts';
import { TrackMap, type TrackPoint } from '../../components/map/TrackMap.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { Page } from '../../components/Page.tsx';
import { routeNames } from '../../routing/route-names.ts';
import { DeviceLogTable } from './DeviceLogTable.tsx';
import { figuresOf, type SummaryFigures, summaryGroupOf, tilesFor } from './device-tiles.ts';
import { RANGE_NOTE_FORMAT, RangeBar } from './RangeBar.tsx';
import { devicesTexts } from './texts.ts';
import './devices.css';

/** The data interval as the range note names it. */
const POINT_UNIT = {
  MINUTE: 'pointMinute',
  HOUR: 'pointHour',
  DAY: 'pointDay',
  WEEK: 'pointWeek',
  MONTH: 'pointMonth',
} as const satisfies Record<Interval, keyof typeof devicesTexts.en>;

/**
 * The device's figures for the range from the summary API (docs/domain.md §22): its vessel's summary asked for the
 * device's group, as the Report Summary asks it, so distance, average speed, litres and running / flow time are the
 * Report Summary's for the same vessel and period.
 */
function useSummaryFigures(dev: Row | undefined, sel: Selection, tz: number): SummaryFigures {
  const group = summaryGroupOf((dev?.devcType as string | undefined) ?? '');
  const q = useQuery({
    queryKey: ['summary', 'device-figures', dev?.devcId, sel.start, sel.end, tz],
    enabled: !!dev && group !== null,
    queryFn: async ({ signal }) => {
      const d = await api.get<Summary>(`/summary/aggregated/period/${sel.start}/${sel.end}`, {
        signal,
        query: { devcMassId: dev!.devcMassId, devcType: group, timezone: tz },
      });
      return figuresOf(d, {
        devcId: dev!.devcId as number,
        devcType: dev!.devcType as string,
        devcLabel: dev!.devcLabel as string | null,
      });
    },
  });
  if (group === null) return { state: 'none' };
  // a failed call shows '—', never a figure of another source
  return q.data ?? (q.isError ? { state: 'ok' } : { state: 'loading' });
}

/**
 * Device Log Detail (spec 000 §2, §4, §9): preset, range and data interval held in the query string; a widget per
 * device type on the range's real data (charts, the GPS track on the map, the temperature line gauge), summary tiles,
 * and the raw log table; 'No widget available' for a type without one.
 */
export default function DeviceDetail() {
  const t = useTexts(devicesTexts);
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const valid = Number.isInteger(id) && id > 0;
  const row = useResourceRow<Row>(device, valid ? id : undefined);
  const dev = row.data;
  const tz = zoneHours();
  // the selection is read from the link once per change of the query string (and of the language: `problem`)
  const language = useLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` is taken when the link changes, not on every render
  const { selection, problem } = useMemo(
    () => fromQuery(params, Math.floor(Date.now() / 1000), tz),
    [params.toString(), tz, language],
  );
  const length = bucketLength(selection.start, selection.end, selection.aggregatedUnit);
  const type = (dev?.devcType as string | undefined) ?? '';

  const series = useQuery({
    queryKey: ['telemetry', 'device-detail', dev?.devcUniqueId, selection, length, tz],
    enabled: !!dev && hasWidget(type),
    queryFn: ({ signal }) =>
      fetchAggregated(
        type,
        selection.start,
        selection.end,
        deviceDetailQuery(type, dev!.devcUniqueId, selection.start, selection.end, selection.aggregatedUnit, tz),
        signal,
      ),
  });
  const figures = useSummaryFigures(dev, selection, tz);
  const rows = series.data?.series ?? [];
  const fullResolution = selection.aggregatedUnit === 'MINUTE' && length === 1;
  // the charts' titles and names are in the language in force when they are built: built again when it changes
  // biome-ignore lint/correctness/useExhaustiveDependencies: language: chartsFor and timeChart read it (text())
  const charts = useMemo(
    () =>
      chartsFor(type, fullResolution, dev?.devcLabel).map((c) => ({
        title: c.title,
        option: timeChart(rows, c.lines, { markAbove: c.markAbove }),
      })),
    [type, fullResolution, rows, dev?.devcLabel, language],
  );
  const track: TrackPoint[] = useMemo(
    () =>
      type === 'gps'
        ? rows.flatMap((r) => {
            const lat = fn(r, 3);
            const lng = fn(r, 4);
            return lat === null || lng === null ? [] : [{ lat, lng, timestamp: r.timestamp, speed: val(r, 'speed') }];
          })
        : [],
    [type, rows],
  );
  const tiles = tilesFor(type, rows, figures);

  const back = () => navigate(dev ? routeNames.AssetDevice(dev.devcMassId) : routeNames.Device());
  if (!valid || row.isError) {
    return (
      <Page title={t('detailTitle')}>
        <NotFound title={t('notFound')} onBack={() => navigate(routeNames.Device())} />
      </Page>
    );
  }
  const apply = (s: Selection) => setParams(toQuery(s));

  return (
    <Page
      title={t('detailTitle')}
      extra={
        <ButtonGroup
          permission="master_device"
          onBack={back}
          onRefresh={async () => {
            const r = await series.refetch();
            if (!r.error) toast.success(t('refreshed'));
          }}
          refreshing={series.isFetching}
        />
      }
    >
      <Spin spinning={row.isLoading}>
        {dev && (
          <Descriptions size="small" bordered column={{ xs: 1, md: 4 }} className="device-facts">
            <Descriptions.Item label={t('deviceName')}>{dev.devcName}</Descriptions.Item>
            <Descriptions.Item label={t('deviceType')}>
              <Tag>{typeLabel(dev.devcType)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('uniqueId')}>{dev.devcUniqueId}</Descriptions.Item>
            <Descriptions.Item label={t('asset')}>{dev.devcMass?.massName ?? '—'}</Descriptions.Item>
          </Descriptions>
        )}
      </Spin>
      <div className="page-card device-range">
        <RangeBar value={selection} onApply={apply} />
        <div className="device-range-note">
          {periodText({ start: selection.start * 1000, end: selection.end * 1000 }, RANGE_NOTE_FORMAT)}
          {' · '}
          {length > 1
            ? t('onePointPerN', { length, unit: t(POINT_UNIT[selection.aggregatedUnit]) })
            : t('onePointPer', { unit: t(POINT_UNIT[selection.aggregatedUnit]) })}
        </div>
        {problem && <Alert type="warning" showIcon message={problem} style={{ marginTop: 8 }} />}
      </div>

      {dev && !hasWidget(type) && (
        <div className="page-card">
          <Empty description={t('noWidget')} />
        </div>
      )}

      {dev && hasWidget(type) && (
        <Spin spinning={series.isFetching}>
          <div className="device-tiles">
            {tiles.map((t) => (
              <Card key={t.label} size="small" data-testid="summary-tile">
                <Statistic title={t.label} value={t.value} />
              </Card>
            ))}
          </div>
          {series.isSuccess && rows.length === 0 && (
            <Alert type="info" showIcon message={t('noReadings')} style={{ marginBottom: 16 }} />
          )}
          {type === 'gps' && (
            <Card size="small" title={t('gpsTrack')} className="device-widget">
              <TrackMap
                points={track}
                online={
                  track.length > 0 && Date.now() / 1000 - track[track.length - 1].timestamp <= OFFLINE_AFTER_SECONDS
                }
                fitKey={`${dev.devcId}-${selection.start}-${selection.end}-${track.length}`}
              />
            </Card>
          )}
          {type === 'temperature' && (
            <Card size="small" title={t('lastTemperature')} className="device-widget">
              <LinearGauge value={lastOf(rows, 3)} {...temperatureGauge(dev.devcLabel)} label={t('temperature')} />
            </Card>
          )}
          {charts.map((c) => (
            <Card key={c.title} size="small" title={c.title} className="device-widget">
              <EChart option={c.option} height={280} aria-label={c.title} />
            </Card>
          ))}
        </Spin>
      )}

      {dev && (
        <Card size="small" title={t('log')} className="device-widget">
          <DeviceLogTable uniqueId={dev.devcUniqueId} start={selection.start} end={selection.end} />
        </Card>
      )}
    </Page>
  );
}
