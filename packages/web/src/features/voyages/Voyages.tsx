import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAssets } from '../../api/assets.ts';
import { useTexts } from '../../api/i18n.ts';
import { periodSeconds } from '../../api/period.ts';
import { toast } from '../../api/toast.ts';
import { useCan } from '../../auth/permissions.ts';
import { saveCsv } from '../../components/csv.ts';
import { dateTime } from '../../components/format.ts';
import { Page } from '../../components/Page.tsx';
import { ReportFilterBar } from '../../components/report-filter/ReportFilterBar.tsx';
import { TrackReplay } from '../../components/track-replay/TrackReplay.tsx';
import { saveXlsx, xlsxFileName } from '../../components/xlsx.ts';
import { useFilter } from '../../stores/filter.ts';
import { CorrectionsList } from './CorrectionsList.tsx';
import { LegCorrections, MergeButton } from './LegActions.tsx';
import { LegCharts } from './LegCharts.tsx';
import { LegsTable } from './LegsTable.tsx';
import { legKindText, legRows } from './legs-export.ts';
import { voyagesTexts } from './texts.ts';
import { saveTrackFile, useTrack, useVoyages } from './voyages-api.ts';
import './voyages.css';

/**
 * The Voyages screen (issue 30): a vessel's legs in a period as the server detected and operators corrected them,
 * with totals and exports; the selected leg (or the whole period) on the map with its track replay and charts; the
 * corrections (merge, split, rename; undo) for users with update on `voyages`.
 */
export default function Voyages() {
  const t = useTexts(voyagesTexts);
  const filter = useFilter();
  const { start, end } = periodSeconds(filter.range);
  const assetId = filter.currentAsset;
  const assets = useAssets();
  const vesselName = assets.data?.find((a) => a.massId === assetId)?.massName ?? '';
  const canCorrect = useCan('voyages', 'update');
  const voyages = useVoyages(assetId, start, end);
  const legs = voyages.data?.legs ?? [];
  const [selected, setSelected] = useState<string | null>(null);
  const [ticked, setTicked] = useState<string[]>([]);
  // the replay's time, read when a split opens (a ref: playing must not draw the whole screen every frame)
  const time = useRef(0);

  // another vessel or period: nothing selected
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new vessel or period only
  useEffect(() => {
    setSelected(null);
    setTicked([]);
  }, [assetId, start, end]);

  const leg = legs.find((l) => l.id === selected) ?? null;
  const legNo = leg ? legs.indexOf(leg) + 1 : 0;
  // a leg's end is its last fix: its track and charts run one second past it (periods are [start, end))
  const span = leg ? { start: leg.start, end: leg.end + 1 } : { start, end };
  const track = useTrack(assetId, span.start, span.end);
  const onTime = useCallback((ts: number) => {
    time.current = Math.floor(ts);
  }, []);

  const exportRows = () => (voyages.data ? legRows(voyages.data) : []);
  const fileBase = xlsxFileName(vesselName, filter.range.start, filter.range.end).replace(/\.xlsx$/, '');
  const download = (format: 'gpx' | 'kml') => {
    if (assetId == null) return;
    saveTrackFile(assetId, span.start, span.end, format).catch((e: Error) =>
      toast.error(t('downloadFailed', { message: e.message })),
    );
  };

  return (
    <Page title={t('title')} className="voyages">
      <ReportFilterBar interval={false} />
      <Card
        size="small"
        className="voyages-card"
        title={
          <span className="voyages-card-title">
            {vesselName ? t('legsOf', { vessel: vesselName }) : t('legs')}
            {voyages.data && (
              <Typography.Text type="secondary" className="voyages-detected">
                {voyages.data.detectedAt == null
                  ? t('notDetected')
                  : t('detectedAt', { time: dateTime(voyages.data.detectedAt) })}
              </Typography.Text>
            )}
          </span>
        }
        extra={
          <Space wrap size={8}>
            {canCorrect && assetId != null && (
              <MergeButton assetId={assetId} legs={legs} ticked={ticked} onDone={() => setTicked([])} />
            )}
            <Button
              icon={<DownloadOutlined />}
              disabled={!legs.length}
              onClick={() => saveXlsx(exportRows(), 'Data', `${fileBase}_voyages.xlsx`)}
            >
              {t('downloadXlsx')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              disabled={!legs.length}
              onClick={() => saveCsv(exportRows(), `${fileBase}_voyages.csv`)}
            >
              {t('downloadCsv')}
            </Button>
          </Space>
        }
      >
        {voyages.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
        {voyages.isLoading && <Spin />}
        {voyages.data && (
          <LegsTable
            answer={voyages.data}
            selected={selected}
            onSelect={(id) => setSelected(id === selected ? null : id)}
            ticked={ticked}
            onTick={canCorrect ? setTicked : null}
          />
        )}
      </Card>

      {assetId != null && (
        <div className="voyages-detail">
          <Card
            size="small"
            className="voyages-card voyages-replay"
            title={leg ? t('legDetail', { n: legNo, kind: legKindText(leg.kind) }) : t('periodDetail')}
            extra={
              <Space wrap size={8}>
                {leg && canCorrect && <LegCorrections assetId={assetId} leg={leg} replayTime={() => time.current} />}
                {leg && <Button onClick={() => setSelected(null)}>{t('wholePeriod')}</Button>}
              </Space>
            }
          >
            {track.isLoading ? (
              <Spin />
            ) : (
              <TrackReplay
                points={track.data?.points ?? []}
                thinned={track.data?.thinned}
                vesselName={vesselName}
                trackKey={`${assetId}-${span.start}-${span.end}`}
                onTime={onTime}
                extra={
                  <Space size={4}>
                    {(['gpx', 'kml'] as const).map((f) => (
                      <Button
                        key={f}
                        icon={<DownloadOutlined />}
                        aria-label={t('downloadTrack', { format: f.toUpperCase() })}
                        onClick={() => download(f)}
                      >
                        {f === 'gpx' ? t('downloadGpx') : t('downloadKml')}
                      </Button>
                    ))}
                  </Space>
                }
              />
            )}
          </Card>
          <Card size="small" className="voyages-card voyages-charts" title={t('charts')}>
            <LegCharts assetId={assetId} start={span.start} end={span.end} />
          </Card>
        </div>
      )}

      {assetId != null && (
        <Card size="small" className="voyages-card" title={t('corrections')}>
          {!canCorrect && <Typography.Paragraph type="secondary">{t('noPermission')}</Typography.Paragraph>}
          <CorrectionsList assetId={assetId} canCorrect={canCorrect} />
        </Card>
      )}
    </Page>
  );
}
