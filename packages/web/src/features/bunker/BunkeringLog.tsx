import { DownloadOutlined, EyeOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { BunkerLogRow } from '@fleet/shared/answers/resource-rows.ts';
import { bunkerLog } from '@fleet/shared/resources/bunker-log.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Space, Switch, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useAssets } from '../../api/assets.ts';
import { TOLERANCE_TEXT } from '../../api/bunker.ts';
import { api } from '../../api/client.ts';
import { text, useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { fromPicker } from '../../api/zone.ts';
import { useCan } from '../../auth/permissions.ts';
import { downloadName, saveCsv } from '../../components/csv.ts';
import { FilterBar, FilterField, FilterSelect } from '../../components/FilterBar.tsx';
import { type BunkerUnit, formatBunker, formatDateTime, formatPercent } from '../../components/format.ts';
import { Page } from '../../components/Page.tsx';
import { useRangeInputNames } from '../../components/range-names.ts';
import { DeleteConfirm } from '../../components/resource/DeleteConfirm.tsx';
import { saveXlsx } from '../../components/xlsx.ts';
import { RANGE_TYPES, type RangeType } from '../../stores/filter.ts';
import { BunkerLogDetail } from './BunkerLogDetail.tsx';
import { BunkerLogForm } from './BunkerLogForm.tsx';
import { bunkerLogSheet } from './bunker-log-export.ts';
import { defaultLogRange, presetDays, rangeTypeOf } from './log-filters.ts';
import { bunkerTexts } from './texts.ts';
import './bunker.css';

interface Filters {
  range: [dayjs.Dayjs, dayjs.Dayjs];
  rangeType: RangeType | 'custom';
  massId: number | null;
  order: 'ASC' | 'DESC';
  unit: BunkerUnit;
}

/** Default period: from the start of the month one year ago to the end of today (spec 002 §2.15), its range type. */
const defaults = (): Filters => ({
  // picker dates: the company's zone's calendar (api/zone.ts)
  ...defaultLogRange(),
  massId: null,
  order: 'DESC',
  unit: 'kl',
});

/** The range types' texts: a readable name, not the spec's code (issue 28; docs/spec-deviations.md). */
const RANGE_LABEL = {
  today: 'rangeToday',
  yesterday: 'rangeYesterday',
  thisWeek: 'rangeThisWeek',
  lastWeek: 'rangeLastWeek',
  thisMonth: 'rangeThisMonth',
  lastMonth: 'rangeLastMonth',
  custom: 'rangeCustom',
} as const satisfies Record<RangeType | 'custom', keyof typeof bunkerTexts.en>;

/** A log as its detail's title names it: vessel - location - end date (spec 002 §2.15). */
const logSubject = (r: BunkerLogRow) =>
  `${r.bklgMass?.massName ?? 'N/A'} - ${r.bklgMblo?.mbloName ?? 'N/A'} - ${formatDateTime(r.bklgEndDatetime, 'DD/MM/YYYY')}`;

/** Bunkering Log (spec 002 §2.15): filters, the list of the period, add/edit, detail and delete. */
export default function BunkeringLog() {
  const t = useTexts(bunkerTexts);
  const canCreate = useCan('master_bunker_log', 'create');
  const canUpdate = useCan('master_bunker_log', 'update');
  const canDelete = useCan('master_bunker_log', 'delete');
  const assets = useAssets({ silent: true });
  const [draft, setDraft] = useState<Filters>(defaults);
  const rangeRef = useRangeInputNames();
  const [applied, setApplied] = useState<Filters>(defaults);
  const [page, setPage] = useState(1);
  const [sounding, setSounding] = useState(false);
  const [form, setForm] = useState<{ open: boolean; log: BunkerLogRow | null }>({ open: false, log: null });
  const [viewing, setViewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<BunkerLogRow | null>(null);
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();

  const assetIds = useMemo(
    () => (applied.massId !== null ? [applied.massId] : (assets.data ?? []).map((a) => a.massId)),
    [applied.massId, assets.data],
  );
  const start = Math.floor(fromPicker(applied.range[0].startOf('day')) / 1000);
  const end = Math.floor(fromPicker(applied.range[1].endOf('day')) / 1000);
  const logs = useQuery({
    queryKey: ['bunker', 'logs', start, end, assetIds],
    enabled: assets.isSuccess,
    queryFn: async ({ signal }) => {
      if (!assetIds.length) return [];
      try {
        return (
          await api.list<BunkerLogRow>(`/master/bunker/log/period/${start}/${end}`, {
            signal,
            silent: true,
            query: { finds: { bklgMassId: assetIds } },
          })
        ).rows;
      } catch (e) {
        if ((e as { kind?: string }).kind !== 'cancelled') toast.error(text(bunkerTexts, 'loadFailed'));
        throw e;
      }
    },
  });
  const rows = useMemo(() => {
    const dir = applied.order === 'ASC' ? 1 : -1;
    return [...(logs.data ?? [])].sort(
      (a, b) => dir * (dayjs(a.bklgStartDatetime).valueOf() - dayjs(b.bklgStartDatetime).valueOf()),
    );
  }, [logs.data, applied.order]);
  const reload = () => qc.invalidateQueries({ queryKey: ['bunker', 'logs'] });

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.delete(`/master/bunker/log/${deleting.bklgId}`, { silent: true });
      toast.success(t('logDeleted'));
      setDeleting(null);
      setPage(1);
      await reload();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const unitLabel = applied.unit === 'kl' ? 'KL' : 'L';
  // issue 31: the list holds the whole period (no server paging), so the download writes the rows it sorted
  const vesselName =
    applied.massId === null ? t('all') : (assets.data ?? []).find((a) => a.massId === applied.massId)?.massName;
  const fileName = (ext: 'xlsx' | 'csv') =>
    downloadName(
      [
        vesselName ?? applied.massId,
        'bunkering-log',
        applied.range[0].format('YYYYMMDD'),
        applied.range[1].format('YYYYMMDD'),
        unitLabel,
      ],
      ext,
    );
  const sheet = () => bunkerLogSheet(rows, applied.unit, sounding);
  const columns: ColumnsType<BunkerLogRow> = [
    { title: t('colNo'), key: 'no', width: 56, render: (_v, _r, i) => (page - 1) * 10 + i + 1 },
    { title: t('vessel'), key: 'vessel', render: (_v, r) => r.bklgMass?.massName ?? 'N/A' },
    { title: t('location'), key: 'location', render: (_v, r) => r.bklgMblo?.mbloName ?? 'N/A' },
    { title: t('fuelType'), key: 'fuel', render: (_v, r) => r.bklgMfty?.mftyName ?? 'N/A' },
    {
      title: t('type'),
      dataIndex: 'bklgType',
      render: (v) => <Tag color={v === 'IN' ? 'green' : 'orange'}>{v}</Tag>,
    },
    { title: t('startTime'), dataIndex: 'bklgStartDatetime', render: (v) => formatDateTime(v) },
    { title: t('endTime'), dataIndex: 'bklgEndDatetime', render: (v) => formatDateTime(v) },
    {
      title: t('colTarget', { unit: unitLabel }),
      dataIndex: 'bklgTargetBunker',
      align: 'right',
      render: (v) => formatBunker(v, applied.unit),
    },
    ...(sounding
      ? ([
          {
            title: t('colStartSounding', { unit: unitLabel }),
            dataIndex: 'bklgStartSounding',
            align: 'right',
            render: (v: number | null) => formatBunker(v, applied.unit),
          },
          {
            title: t('colEndSounding', { unit: unitLabel }),
            dataIndex: 'bklgEndSounding',
            align: 'right',
            render: (v: number | null) => formatBunker(v, applied.unit),
          },
        ] as ColumnsType<BunkerLogRow>)
      : []),
    {
      title: t('colFinalBunker', { unit: unitLabel }),
      key: 'final',
      align: 'right',
      render: (_v, r) => {
        const s = r.bklgSummary;
        return (
          <Space size={2} direction="vertical" align="end">
            <span>{formatBunker(s?.finalBunker, applied.unit)}</span>
            {s?.toleranceBand && (
              <Tooltip title={t('vsTarget', { percent: formatPercent(s.discrepancyPercentage) })}>
                <Tag color={TOLERANCE_TEXT[s.toleranceBand].color}>{TOLERANCE_TEXT[s.toleranceBand].label}</Tag>
              </Tooltip>
            )}
            {s?.flagReset === 1 && <Tag color="warning">{t('reseted')}</Tag>}
          </Space>
        );
      },
    },
    {
      title: t('action'),
      key: 'action',
      fixed: 'right',
      render: (_v, r) => (
        <Space size={4}>
          <Button
            size="small"
            icon={<EyeOutlined />}
            aria-label={t('viewLog', { id: r.bklgId })}
            onClick={() => setViewing(r.bklgId)}
          >
            {t('view')}
          </Button>
          {canUpdate && (
            <Button
              size="small"
              aria-label={t('editLog', { id: r.bklgId })}
              onClick={() => setForm({ open: true, log: r })}
            >
              {t('edit')}
            </Button>
          )}
          {canDelete && (
            <Button size="small" danger aria-label={t('deleteLog', { id: r.bklgId })} onClick={() => setDeleting(r)}>
              {t('delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Page
      title={t('logTitle')}
      extra={
        <Space wrap>
          <Space size={6}>
            <Switch checked={sounding} onChange={setSounding} aria-label={t('showSounding')} />
            <span>{t('showSounding')}</span>
          </Space>
          <Button icon={<ReloadOutlined />} onClick={() => void reload()}>
            {t('refresh')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={!rows.length}
            onClick={() => void saveXlsx(sheet(), 'Data', fileName('xlsx'))}
          >
            {t('downloadExcel')}
          </Button>
          <Button icon={<DownloadOutlined />} disabled={!rows.length} onClick={() => saveCsv(sheet(), fileName('csv'))}>
            {t('downloadCsv')}
          </Button>
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, log: null })}>
              {t('add')}
            </Button>
          )}
        </Space>
      }
    >
      <FilterBar>
        <FilterField id="bunker-range" label={t('dateRange')}>
          <DatePicker.RangePicker
            ref={rangeRef}
            id="bunker-range"
            format="DD-MM-YYYY"
            value={draft.range}
            allowClear={false}
            onChange={(v) =>
              v?.[0] && v[1] && setDraft({ ...draft, range: [v[0], v[1]], rangeType: rangeTypeOf([v[0], v[1]]) })
            }
          />
        </FilterField>
        <FilterSelect
          id="bunker-range-type"
          label={t('rangeType')}
          width={140}
          value={draft.rangeType}
          options={[...RANGE_TYPES, 'custom' as const].map((r) => ({ value: r, label: t(RANGE_LABEL[r]) }))}
          onChange={(type) => {
            if (type === 'custom') return setDraft({ ...draft, rangeType: 'custom' });
            setDraft({ ...draft, rangeType: type as RangeType, range: presetDays(type as RangeType) });
          }}
        />
        <FilterSelect
          id="bunker-asset"
          label={t('asset')}
          width={200}
          value={draft.massId ?? 'all'}
          showSearch={{ optionFilterProp: 'label' }}
          options={[
            { value: 'all', label: t('all') },
            ...(assets.data ?? []).map((a) => ({ value: a.massId, label: a.massName })),
          ]}
          onChange={(v) => setDraft({ ...draft, massId: v === 'all' ? null : Number(v) })}
        />
        <FilterSelect
          id="bunker-order"
          label={t('order')}
          width={110}
          value={draft.order}
          options={[
            { value: 'DESC', label: t('orderDesc') },
            { value: 'ASC', label: t('orderAsc') },
          ]}
          onChange={(order) => setDraft({ ...draft, order })}
        />
        <FilterSelect
          id="bunker-unit"
          label={t('bunkerUnit')}
          width={90}
          value={draft.unit}
          options={[
            { value: 'kl', label: 'kl' },
            { value: 'l', label: 'l' },
          ]}
          onChange={(unit) => setDraft({ ...draft, unit })}
        />
        <Button
          type="primary"
          onClick={() => {
            setApplied(draft);
            setPage(1);
            toast.success(t('filterApplied'));
          }}
        >
          {t('apply')}
        </Button>
        <Button
          onClick={() => {
            setDraft(defaults());
            setApplied(defaults());
            setPage(1);
            toast.info(t('filterReset'));
          }}
        >
          {t('reset')}
        </Button>
      </FilterBar>
      <Table<BunkerLogRow>
        rowKey="bklgId"
        size="small"
        loading={logs.isFetching || assets.isLoading}
        dataSource={rows}
        columns={columns}
        // the columns share the page's width, long names wrapping, and scroll sideways only when their narrowest
        // does not fit (phones): a fixed layout or a max-content width ran Final Bunker under the pinned Action
        // column at 1440 px (issue 28)
        tableLayout="auto"
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: 10, onChange: setPage, showSizeChanger: false, total: rows.length }}
      />
      <BunkerLogForm
        open={form.open}
        log={form.log}
        assets={assets.data ?? []}
        onClose={() => setForm({ open: false, log: null })}
        onSaved={() => void reload()}
      />
      <BunkerLogDetail logId={viewing} onClose={() => setViewing(null)} onChanged={() => void reload()} />
      {/* as the generic lists: names the log, says what goes with it (its adjustments) and that it is restorable */}
      <DeleteConfirm
        def={bunkerLog}
        id={deleting?.bklgId}
        subject={deleting ? logSubject(deleting) : undefined}
        confirming={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </Page>
  );
}
