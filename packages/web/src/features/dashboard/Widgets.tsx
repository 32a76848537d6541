import { Card, Select } from 'antd';
import { useState } from 'react';
import { Gauge } from '../../components/charts/Gauge.tsx';
import { Page } from '../../components/Page.tsx';
import '../../components/report-filter/report.css';
import { useAssets } from '../../api/assets.ts';
import { useTexts } from '../../api/i18n.ts';
import { dateTime, kmhToKnot, num } from '../../components/format.ts';
import { Stat } from '../../components/summary/Stat.tsx';
import { useAssetPulse } from './pulse.ts';
import { dashboardTexts } from './texts.ts';

/** The speedometer's full scale in knots (tugs and supply boats rarely pass 20). */
export const SPEEDOMETER_MAX_KNOT = 30;

/** /widgets (spec 002 §2.18): a speedometer fed by the live GPS speed of a chosen vessel. */
export default function Widgets() {
  const t = useTexts(dashboardTexts);
  const assets = useAssets();
  const [massId, setMassId] = useState<number | null>(null);
  const asset = assets.data?.find((a) => a.massId === massId) ?? assets.data?.[0];
  const gps = asset?.massDevice.filter((d) => d.devcType === 'gps').map((d) => d.devcUniqueId) ?? [];
  // the vessel's latest readings: pushed live, reconciled every 60 s
  const pulse = useAssetPulse(asset);
  const gpsRow = pulse.data?.find((r) => r.devcType === 'gps');
  const speed = typeof gpsRow?.speed === 'number' ? kmhToKnot(gpsRow.speed) : null;
  return (
    <Page title={t('widgets')}>
      <Card
        size="small"
        title={t('speedometer')}
        style={{ maxWidth: 480 }}
        extra={
          <Select
            aria-label={t('vessel')}
            style={{ minWidth: 200 }}
            loading={assets.isLoading}
            value={asset?.massId}
            options={(assets.data ?? []).map((a) => ({ value: a.massId, label: a.massName }))}
            onChange={setMassId}
          />
        }
      >
        <Gauge label={t('speed')} value={speed} max={SPEEDOMETER_MAX_KNOT} unit="knot" decimals={1} height={260} />
        <Stat label={t('speedKnot')} value={num(speed, 1)} testId="speed-value" />
        <div className="report-stat-label" data-testid="speed-time">
          {gpsRow
            ? t('gpsAt', { time: dateTime(Number(gpsRow.timestamp)) })
            : gps.length
              ? t('noGpsData')
              : t('noGpsDevice')}
        </div>
      </Card>
    </Page>
  );
}
