import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import type { AggregatedRow } from '@fleet/shared/answers/series.ts';
import type { Combined } from '@fleet/shared/answers/summary.ts';
import { asset } from '@fleet/shared/resources/asset.ts';
import { device } from '@fleet/shared/resources/device.ts';
import { APPROVAL_NUMBER } from '@fleet/shared/resources/options.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Input, Segmented, Select, Space, Spin, Table, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ASSET_TEXTS, assetImageUrl } from '../../api/assets.ts';
import { api } from '../../api/client.ts';
import { useLanguage, useTexts } from '../../api/i18n.ts';
import { type Row, useResourceList, useResourceMutation, useResourceRow } from '../../api/resources.ts';
import { toast } from '../../api/toast.ts';
import { zoneHours } from '../../api/zone.ts';
import { useCan } from '../../auth/permissions.ts';
import { ButtonGroup } from '../../components/ButtonGroup.tsx';
import { EChart } from '../../components/charts/EChart.tsx';
import { timeChart } from '../../components/device/device-charts.ts';
import { hms, localMidnight } from '../../components/device/device-range.ts';
import { typeLabel } from '../../components/device/device-types.ts';
import { TrackMap } from '../../components/map/TrackMap.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { Page } from '../../components/Page.tsx';
import { optionIn } from '../../components/resource/language.ts';
import { routeNames } from '../../routing/route-names.ts';
import { type DataLogRow, dataLogRows } from './asset-log.ts';
import { ShipPicture } from './ShipPicture.tsx';
import { assetsTexts } from './texts.ts';
import './assets.css';
import { num } from '../../components/format.ts';

type RangeChoice = 'Week' | 'Month';
const TAB_KEYS = ['data-log', 'gps', 'analysis'] as const;
type TabKey = (typeof TAB_KEYS)[number];
/** The tab a link asks for (`?tab=analysis`: route name AssetAnalytics, docs/spec-deviations.md), else Data Log. */
export const tabOf = (wanted: string | null): TabKey => TAB_KEYS.find((k) => k === wanted) ?? 'data-log';
const PAGE_SIZE = 10;
/** A Data Log field of a row handed to the chart builder. */
const pick = (k: keyof DataLogRow) => (r: AggregatedRow) => (r as unknown as DataLogRow)[k] as number | null;
const fixed = (v: number | null, d: number) => (v === null ? '—' : num(v, d));

/** Week = the last 7 local days including today, Month = the last 30 (docs/domain.md §22). */
function rangeOf(choice: RangeChoice, now: number, tz: number) {
  const days = choice === 'Week' ? 7 : 30;
  return { start: localMidnight(now, tz) - (days - 1) * 86400, end: now };
}

/** The in-place edit of name and status (spec 000 §2 "The asset name, data id and type can be updated"). */
function InlineEdit({ row }: { row: AssetRow }) {
  const t = useTexts(assetsTexts);
  const language = useLanguage();
  const canUpdate = useCan('master_asset', 'update');
  const [name, setName] = useState(row.massName);
  const [type, setType] = useState(row.massType);
  useEffect(() => {
    setName(row.massName);
    setType(row.massType);
  }, [row]);
  const mutation = useResourceMutation(asset, { updated: ASSET_TEXTS.saved });
  // the status options in the language in force
  const statuses = APPROVAL_NUMBER.map((o) => optionIn(o, language));
  const changed = name.trim() !== row.massName || type !== row.massType;
  return (
    <Descriptions size="small" bordered column={1} className="asset-detail-facts">
      <Descriptions.Item label={t('assetName')}>
        {canUpdate ? (
          <Input aria-label={t('assetName')} value={name} onChange={(e) => setName(e.target.value)} maxLength={255} />
        ) : (
          row.massName
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('dataId')}>{row.massDataId}</Descriptions.Item>
      <Descriptions.Item label={t('status')}>
        {canUpdate ? (
          <Select aria-label={t('status')} value={type} onChange={setType} options={statuses} style={{ width: 180 }} />
        ) : (
          (statuses.find((o) => o.value === row.massType)?.label ?? row.massType)
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('assetType')}>{row.massMaty?.matyName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('installationType')}>{row.massSystemType ?? '—'}</Descriptions.Item>
      {canUpdate && (
        <Descriptions.Item label=" ">
          <Button
            type="primary"
            disabled={!changed || !name.trim()}
            loading={mutation.update.isPending}
            onClick={() => mutation.update.mutate({ id: row.massId, body: { massName: name.trim(), massType: type } })}
          >
            {t('update')}
          </Button>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/**
 * Asset Detail (spec 000 §2): the asset (name and status updated in place), its devices ten per page (a click opens
 * Device Detail), and the tabs 'Data Log' (hourly table), 'GPS Process Log' (the track on the map) and 'Data
 * Analysis' (RPM, fuel and speed charts) for the last Week or Month.
 */
export default function AssetDetail() {
  const t = useTexts(assetsTexts);
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const valid = Number.isInteger(id) && id > 0;
  const row = useResourceRow<AssetRow>(asset, valid ? id : undefined);
  const [page, setPage] = useState(1);
  // the tab is in the link (issue 28: ?tab=analysis opened Data Log); choosing one writes it there, for a reload
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const setTab = (k: TabKey) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', k);
        return next;
      },
      { replace: true },
    );
  const [choice, setChoice] = useState<RangeChoice>('Week');
  const tz = zoneHours();
  const range = useMemo(() => rangeOf(choice, Math.floor(Date.now() / 1000), tz), [choice, tz]);
  const devices = useResourceList(
    device,
    { page, pageSize: PAGE_SIZE, finds: { devcMassId: id }, orders: { devcName: 'asc' } },
    valid && !!row.data,
  );
  const combined = useQuery({
    queryKey: ['summary', 'combined', id, range, tz],
    enabled: valid && !!row.data,
    queryFn: ({ signal }) =>
      api.get<Combined>(`/summary/combined/period/${range.start}/${range.end}`, {
        signal,
        query: { devcMassId: id, aggregatedUnit: 'HOUR', timezone: tz },
      }),
  });
  const log = useMemo(() => dataLogRows(combined.data?.datas ?? {}), [combined.data]);
  const asRows = useMemo(
    () => log.map((r) => ({ ...r, deviceId: '', devcId: 0, datetime: '' }) as unknown as AggregatedRow),
    [log],
  );
  const analysis = useMemo(
    () => [
      {
        key: 'rpm',
        title: t('chartRpm'),
        option: timeChart(asRows, [
          { name: t('port'), unit: 'rpm', value: pick('portRpm'), decimals: 0 },
          { name: t('starboard'), unit: 'rpm', value: pick('starboardRpm'), decimals: 0 },
        ]),
      },
      {
        key: 'fuel',
        title: t('chartFuel'),
        option: timeChart(asRows, [
          { name: t('mainEngine'), unit: 'L', value: pick('meFuel'), type: 'bar' },
          { name: t('auxiliaryEngine'), unit: 'L', value: pick('aeFuel'), type: 'bar' },
        ]),
      },
      {
        key: 'speed',
        title: t('chartSpeed'),
        option: timeChart(asRows, [{ name: t('averageSpeed'), unit: 'kn', value: pick('speedKnots') }]),
      },
    ],
    [asRows, t],
  );
  const track = useMemo(
    () =>
      log.flatMap((r) =>
        r.latitude === null || r.longitude === null
          ? []
          : [
              {
                lat: r.latitude,
                lng: r.longitude,
                timestamp: r.timestamp,
                speed: r.speedKnots === null ? null : r.speedKnots / 0.539957,
              },
            ],
      ),
    [log],
  );

  if (!valid || row.isError) {
    return (
      <Page title={t('detailTitle')}>
        <NotFound title={ASSET_TEXTS.notFound} onBack={() => navigate(routeNames.Asset())} />
      </Page>
    );
  }
  const a = row.data;
  const image = a ? assetImageUrl(a) : null;

  return (
    <Page
      title={a ? a.massName : t('detailTitle')}
      extra={
        <ButtonGroup
          permission="master_asset"
          onBack={() => navigate(routeNames.Asset())}
          onRefresh={async () => {
            const r = await Promise.all([row.refetch(), devices.refetch(), combined.refetch()]);
            if (!r.some((x) => x.error)) toast.success(t('refreshed'));
          }}
          refreshing={row.isFetching || combined.isFetching}
        />
      }
    >
      <Spin spinning={row.isLoading}>
        {a && (
          <div className="asset-detail-head">
            {image ? (
              <img className="asset-detail-image" src={image} alt={a.massName} />
            ) : (
              <ShipPicture className="asset-detail-image" />
            )}
            <InlineEdit row={a} />
          </div>
        )}
      </Spin>
      <Card size="small" title={t('devices')} className="asset-detail-card">
        <Table<Row>
          size="small"
          rowKey="devcId"
          scroll={{ x: 'max-content' }}
          loading={devices.loading}
          dataSource={devices.rows}
          locale={{ emptyText: ASSET_TEXTS.noDevice }}
          onRow={(d) => ({ onClick: () => navigate(routeNames.DeviceDetail(d.devcId)), style: { cursor: 'pointer' } })}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: devices.total,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            { key: 'name', title: t('deviceName'), dataIndex: 'devcName' },
            { key: 'type', title: t('deviceType'), render: (_, d) => <Tag>{typeLabel(d.devcType)}</Tag> },
            { key: 'label', title: t('label'), render: (_, d) => d.devcLabel ?? '—' },
            { key: 'uid', title: t('uniqueId'), dataIndex: 'devcUniqueId' },
          ]}
        />
      </Card>
      <Card size="small" className="asset-detail-card">
        <Space className="asset-detail-range">
          <Segmented<RangeChoice>
            aria-label={t('range')}
            options={[
              { value: 'Week', label: t('week') },
              { value: 'Month', label: t('month') },
            ]}
            value={choice}
            onChange={setChoice}
          />
          <span className="device-range-note">
            {dayjs.unix(range.start).format('DD MMM YYYY')} – {dayjs.unix(range.end).format('DD MMM YYYY HH:mm')}
          </span>
        </Space>
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as TabKey)}
          items={[
            { key: 'data-log', label: t('dataLog') },
            { key: 'gps', label: t('gpsLog') },
            { key: 'analysis', label: t('dataAnalysis') },
          ]}
        />
        <Spin spinning={combined.isFetching}>
          {tab === 'data-log' && (
            <Table<DataLogRow>
              size="small"
              rowKey="timestamp"
              dataSource={log}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('noDataInRange') }}
              pagination={{ pageSize: 24, showSizeChanger: false }}
              columns={[
                { key: 't', title: t('hour'), render: (_, r) => dayjs.unix(r.timestamp).format('DD MMM YYYY HH:mm') },
                { key: 'lat', title: t('latitude'), align: 'right', render: (_, r) => fixed(r.latitude, 5) },
                { key: 'lng', title: t('longitude'), align: 'right', render: (_, r) => fixed(r.longitude, 5) },
                { key: 'spd', title: t('speedKnots'), align: 'right', render: (_, r) => fixed(r.speedKnots, 2) },
                { key: 'dst', title: t('distanceNm'), align: 'right', render: (_, r) => fixed(r.distanceNm, 2) },
                { key: 'prpm', title: t('portRpm'), align: 'right', render: (_, r) => fixed(r.portRpm, 0) },
                { key: 'srpm', title: t('starboardRpm'), align: 'right', render: (_, r) => fixed(r.starboardRpm, 0) },
                {
                  key: 'me',
                  title: t('meRunning'),
                  align: 'right',
                  render: (_, r) => (r.meRunningSeconds === null ? '—' : hms(r.meRunningSeconds)),
                },
                { key: 'mef', title: t('meFuel'), align: 'right', render: (_, r) => fixed(r.meFuel, 2) },
                { key: 'aef', title: t('aeFuel'), align: 'right', render: (_, r) => fixed(r.aeFuel, 2) },
                {
                  key: 'ae',
                  title: t('aeRunning'),
                  align: 'right',
                  render: (_, r) => (r.aeRunningSeconds === null ? '—' : hms(r.aeRunningSeconds)),
                },
              ]}
            />
          )}
          {tab === 'gps' && (
            <TrackMap points={track} online={false} fitKey={`${id}-${choice}-${track.length}`} height={440} />
          )}
          {tab === 'analysis' &&
            analysis.map((c) => (
              <Card key={c.key} size="small" title={c.title} className="device-widget">
                <EChart option={c.option} height={260} aria-label={c.title} />
              </Card>
            ))}
        </Spin>
      </Card>
    </Page>
  );
}
