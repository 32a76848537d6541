import { DownloadOutlined } from '@ant-design/icons';
import { offsetLabel } from '@fleet/shared/time-zone.ts';
import { Button, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAssets } from '../../api/assets.ts';
import { useTexts } from '../../api/i18n.ts';
import type { Interval } from '../../api/intervals.ts';
import { leavingFor } from '../../routing/pending-navigation.ts';
import {
  filterFromSearch,
  filterToSearch,
  RANGE_TYPES,
  type RangeType,
  rangeOf,
  useFilter,
} from '../../stores/filter.ts';
import { PeriodPicker } from '../PeriodPicker.tsx';
import { ReportDownload } from './ReportDownload.tsx';
import './report.css';
import { zoneHours, zoneName } from '../../api/zone.ts';
import { reportFilterTexts } from './texts.ts';

export interface ReportFilterBarProps {
  /** offers the Minute interval (the datalog) */
  minute?: boolean;
  /** shows the report download dropdown */
  report?: boolean;
  /** shows Download XLSX and runs this when clicked */
  onDownloadXlsx?: () => Promise<void>;
  /** shows Download CSV beside it (the same rows, issue 31) and runs this when clicked */
  onDownloadCsv?: () => void;
  /** false: a screen whose data has no interval (the bunker dashboard's raw readings) hides the field */
  interval?: boolean;
}

/** Keeps the shared filter in the URL: read once when a screen opens, written back on every change. */
function useFilterInUrl() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const read = useRef(false);
  const { range, rangeType, interval, currentAsset } = useFilter();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL is read once, when the screen opens
  useEffect(() => {
    const q = filterFromSearch(params);
    useFilter.setState((s) => ({
      range: q.start != null && q.end != null ? { start: q.start, end: q.end } : s.range,
      rangeType: q.rangeType ?? s.rangeType,
      interval: q.interval ?? s.interval,
      currentAsset: q.massId ?? s.currentAsset,
    }));
    read.current = true;
  }, []);
  useEffect(() => {
    if (!read.current) return;
    // the user is on the way to another screen (its code still loading): writing the query now would cancel that
    // navigation and keep them here
    if (leavingFor(pathname)) return;
    const next = filterToSearch(
      { start: range.start, end: range.end, rangeType, interval, massId: currentAsset },
      new URLSearchParams(window.location.search),
    );
    if (next.toString() !== new URLSearchParams(window.location.search).toString()) {
      setParams(next, { replace: true });
    }
  }, [range, rangeType, interval, currentAsset, setParams, pathname]);
}

/** The catalogue key of each range type's name: the type itself. */
const RANGE_LABELS: Record<RangeType | 'custom', keyof typeof reportFilterTexts.en> = {
  today: 'today',
  yesterday: 'yesterday',
  thisWeek: 'thisWeek',
  lastWeek: 'lastWeek',
  thisMonth: 'thisMonth',
  lastMonth: 'lastMonth',
  custom: 'custom',
};

/**
 * The shared filter bar of spec 002 §2.11: date-time range, Interval, Range Type, Asset, Apply, the optional
 * Download XLSX and the report download dropdown. The fields edit a draft; Apply writes it to the shared store
 * (and so to the URL).
 */
export function ReportFilterBar({
  minute,
  report,
  onDownloadXlsx,
  onDownloadCsv,
  interval = true,
}: ReportFilterBarProps) {
  useFilterInUrl();
  const filter = useFilter();
  const assets = useAssets();
  const t = useTexts(reportFilterTexts);
  const [draft, setDraft] = useState(() => ({
    range: filter.range,
    rangeType: filter.rangeType,
    interval: filter.interval,
    massId: filter.currentAsset,
  }));
  const [xlsxBusy, setXlsxBusy] = useState(false);

  // the store may change from the URL or another screen: the draft follows
  useEffect(() => {
    setDraft({
      range: filter.range,
      rangeType: filter.rangeType,
      interval: filter.interval,
      massId: filter.currentAsset,
    });
  }, [filter.range, filter.rangeType, filter.interval, filter.currentAsset]);

  // a screen without the minute option never runs at minute (spec 002 §4)
  useEffect(() => {
    if (!minute && filter.interval === 'minute') filter.setInterval('hour');
  }, [minute, filter.interval, filter.setInterval]);

  // no asset chosen: the first one (spec 002 §4)
  useEffect(() => {
    const rows = assets.data;
    if (!rows?.length) return;
    if (filter.currentAsset == null || !rows.some((a) => a.massId === filter.currentAsset)) {
      filter.setCurrentAsset(rows[0].massId);
    }
  }, [assets.data, filter.currentAsset, filter.setCurrentAsset]);

  const intervals: { value: Interval; label: string }[] = [
    ...(minute ? [{ value: 'minute' as const, label: t('minute') }] : []),
    { value: 'hour', label: t('hour') },
    { value: 'day', label: t('day') },
  ];

  const apply = () => {
    useFilter.setState({
      range: draft.range,
      rangeType: draft.rangeType,
      interval: draft.interval,
      currentAsset: draft.massId,
    });
  };

  return (
    <search className="report-filter" aria-label={t('reportFilter')}>
      <div className="report-filter-field report-filter-range">
        <span>{t('dateRange')}</span>
        <PeriodPicker
          aria-label={t('dateRange')}
          value={draft.range}
          onChange={(range) => setDraft((d) => ({ ...d, range, rangeType: 'custom' }))}
        />
        {/* the zone the days are cut in: the active company's (docs/domain.md §1) */}
        <span className="report-filter-zone" data-testid="report-filter-zone">
          {offsetLabel(zoneHours(draft.range.start))} · {zoneName()}
        </span>
      </div>
      {interval && (
        <div className="report-filter-field">
          <span>{t('interval')}</span>
          <Select
            aria-label={t('interval')}
            value={draft.interval}
            options={intervals}
            onChange={(value) => setDraft((d) => ({ ...d, interval: value }))}
            style={{ minWidth: 110 }}
          />
        </div>
      )}
      <div className="report-filter-field">
        <span>{t('rangeType')}</span>
        <Select
          aria-label={t('rangeType')}
          value={draft.rangeType}
          style={{ minWidth: 130 }}
          options={[...RANGE_TYPES.slice().reverse(), 'custom' as const].map((type) => ({
            value: type,
            label: t(RANGE_LABELS[type]),
          }))}
          onChange={(type) =>
            setDraft((d) =>
              type === 'custom' ? { ...d, rangeType: type } : { ...d, rangeType: type, range: rangeOf(type) },
            )
          }
        />
      </div>
      <div className="report-filter-field report-filter-asset">
        <span>{t('asset')}</span>
        <Select
          aria-label={t('asset')}
          showSearch
          optionFilterProp="label"
          loading={assets.isLoading}
          value={draft.massId ?? undefined}
          placeholder={t('selectAsset')}
          options={(assets.data ?? []).map((a) => ({ value: a.massId, label: a.massName }))}
          onChange={(massId) => setDraft((d) => ({ ...d, massId }))}
          style={{ minWidth: 200 }}
        />
      </div>
      <div className="report-filter-actions">
        <Button type="primary" onClick={apply}>
          {t('apply')}
        </Button>
        {onDownloadXlsx && (
          <Button
            icon={<DownloadOutlined />}
            loading={xlsxBusy}
            onClick={async () => {
              setXlsxBusy(true);
              try {
                await onDownloadXlsx();
              } catch (e) {
                console.error('Excel export failed', e); // spec 002 §8: logged only
              } finally {
                setXlsxBusy(false);
              }
            }}
          >
            {t('downloadXlsx')}
          </Button>
        )}
        {onDownloadCsv && (
          <Button icon={<DownloadOutlined />} onClick={onDownloadCsv}>
            {t('downloadCsv')}
          </Button>
        )}
        {report && <ReportDownload />}
      </div>
    </search>
  );
}
