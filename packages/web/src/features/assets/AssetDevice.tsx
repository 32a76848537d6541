import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import { asset } from '@fleet/shared/resources/asset.ts';
import { configRpm } from '@fleet/shared/resources/config-rpm.ts';
import { device } from '@fleet/shared/resources/device.ts';
import { Card, Empty, Pagination, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ASSET_TEXTS } from '../../api/assets.ts';
import { useTexts } from '../../api/i18n.ts';
import { type Row, useResourceList, useResourceRow } from '../../api/resources.ts';
import { useDevicePulse, useHighest, useRpmThresholds } from '../../api/telemetry.ts';
import { toast } from '../../api/toast.ts';
import { useCan } from '../../auth/permissions.ts';
import { ButtonGroup } from '../../components/ButtonGroup.tsx';
import { typeLabel } from '../../components/device/device-types.ts';
import { DeviceGauge } from '../../components/gauges/DeviceGauge.tsx';
import { ageText, flowScale, isOffline, readingAge, rpmScale } from '../../components/gauges/scales.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { Page } from '../../components/Page.tsx';
import { routeNames } from '../../routing/route-names.ts';
import { DeviceTrend, type TrendDays, TrendRange, useDeviceTrends } from './device-trends.tsx';
import { assetsTexts } from './texts.ts';
import './assets.css';

const PAGE_SIZE = 10;

/**
 * Asset Device (spec 000 §2): 'Device List of {asset name}', device cards four per row, each with the gauge of its
 * type on the device's latest reading and its age (offline past 600 s); Back, Refresh, pagination. Analytics opens
 * the hidden section: each card's trend over the last 1 to 5 days.
 */
export default function AssetDevice() {
  const t = useTexts(assetsTexts);
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  // the Analytics section (spec 000 §2) stays hidden until the Analytics button opens it
  const [analytics, setAnalytics] = useState(false);
  const [trendDays, setTrendDays] = useState<TrendDays>(1);
  const valid = Number.isInteger(id) && id > 0;
  const row = useResourceRow<AssetRow>(asset, valid ? id : undefined);
  const devices = useResourceList(
    device,
    { page, pageSize: PAGE_SIZE, finds: { devcMassId: id }, orders: { devcName: 'asc' } },
    valid && !!row.data,
  );
  const rows: Row[] = devices.rows;
  const ids = useMemo(() => rows.map((d) => String(d.devcUniqueId)), [rows]);
  const of = (t: string) => rows.filter((d) => d.devcType === t).map((d) => String(d.devcUniqueId));
  const pulse = useDevicePulse(ids);
  const rpmHigh = useHighest('rpm', 'rpm', of('rpm'));
  const aeHigh = useHighest('ae', 'rpm', of('ae'));
  const flowHigh = useHighest('flowmeter', 'volumeFlowrate', of('flowmeter'));
  const trends = useDeviceTrends(rows, trendDays, analytics);
  const canReadRpm = useCan(configRpm.permission, 'read');
  const thresholds = useRpmThresholds(
    rows.filter((d) => d.devcType === 'rpm').map((d) => d.devcId as number),
    canReadRpm,
  );
  const now = Date.now() / 1000;

  const back = () => navigate(routeNames.Asset());
  if (!valid || row.isError) {
    return (
      <Page title={t('deviceTitle')}>
        <NotFound title={ASSET_TEXTS.notFound} onBack={back} />
      </Page>
    );
  }

  const refresh = async () => {
    const r = await Promise.all([devices.refetch(), pulse.refetch()]);
    if (!r.some((x) => x.error)) toast.success(t('refreshed'));
  };

  return (
    <Page
      title={t('deviceListOf', { asset: row.data?.massName ?? '' })}
      extra={
        <ButtonGroup
          permission="master_asset"
          onBack={back}
          onRefresh={refresh}
          onAnalytics={() => setAnalytics((open) => !open)}
          refreshing={devices.fetching || pulse.isFetching}
        />
      }
    >
      <Spin spinning={row.isLoading || devices.loading}>
        {analytics && <TrendRange value={trendDays} onChange={setTrendDays} />}
        {rows.length === 0 && !devices.loading && !row.isLoading ? (
          <div className="page-card">
            <Empty description={ASSET_TEXTS.noDevice} />
          </div>
        ) : (
          <div className="device-grid">
            {rows.map((d) => {
              const reading = pulse.data?.get(String(d.devcUniqueId)) ?? null;
              const age = reading ? readingAge(reading.timestamp, now) : null;
              const offline = age === null || isOffline(age);
              const uid = String(d.devcUniqueId);
              const scaleMax =
                d.devcType === 'rpm'
                  ? rpmScale(rpmHigh.data?.get(uid))
                  : d.devcType === 'ae'
                    ? rpmScale(aeHigh.data?.get(uid))
                    : d.devcType === 'flowmeter'
                      ? flowScale(flowHigh.data?.get(uid))
                      : undefined;
              return (
                <Card
                  key={d.devcId}
                  size="small"
                  data-testid="device-card"
                  className={`device-card${offline ? ' is-offline' : ''}`}
                  title={<Link to={routeNames.DeviceDetail(d.devcId)}>{d.devcName}</Link>}
                  extra={<Tag>{typeLabel(d.devcType)}</Tag>}
                >
                  <DeviceGauge
                    type={d.devcType}
                    label={d.devcLabel}
                    reading={reading}
                    scaleMax={scaleMax}
                    threshold={thresholds.data?.get(d.devcId)}
                  />
                  <div className="device-card-age">
                    {reading ? (
                      <Tag color={offline ? 'default' : 'green'} title={reading.datetime as string}>
                        {t(offline ? 'offlineAge' : 'onlineAge', { age: ageText(age ?? 0) })}
                      </Tag>
                    ) : (
                      <Tag>{t('noReading')}</Tag>
                    )}
                    <Typography.Text type="secondary"> {d.devcLabel ?? ''}</Typography.Text>
                  </div>
                  {analytics && (
                    <div className="device-card-trend">
                      <Spin spinning={trends.loading} size="small">
                        <DeviceTrend type={String(d.devcType)} points={trends.trends.get(uid)} days={trendDays} />
                      </Spin>
                    </div>
                  )}
                </Card>
              );
            })}
          </div>
        )}
        <div className="asset-pager">
          <Pagination
            current={page}
            pageSize={PAGE_SIZE}
            total={devices.total}
            onChange={setPage}
            showSizeChanger={false}
            hideOnSinglePage
          />
        </div>
      </Spin>
    </Page>
  );
}
