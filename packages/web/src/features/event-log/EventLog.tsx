import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { EventRow } from '@fleet/shared/answers/events.ts';
import type { DeviceRow, MasterEventRow } from '@fleet/shared/answers/resource-rows.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Modal, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { downloadExport } from '../../api/exports.ts';
import { text, useTexts } from '../../api/i18n.ts';
import { type DateRange, daysRange, periodSeconds } from '../../api/period.ts';
import { DROPDOWN_MAX } from '../../api/resources.ts';
import { toast } from '../../api/toast.ts';
import { at, now } from '../../api/zone.ts';
import { FilterBar, FilterField, FilterSelect } from '../../components/FilterBar.tsx';
import { Page } from '../../components/Page.tsx';
import { PeriodPicker } from '../../components/PeriodPicker.tsx';
import { EventMailSwitch } from './EventMailSwitch.tsx';
import { compareData, formatDuration, reasonValues, thresholdGroups } from './event-log-format.ts';
import { eventLogTexts } from './texts.ts';
import './event-log.css';

export const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;

type Direction = '' | 'asc' | 'desc';
interface Filters {
  /** [start, end) in epoch ms (docs/domain.md §1) */
  range: DateRange;
  orderTime: 'asc' | 'desc';
  orderPriority: Direction;
  orderStatus: Direction;
  device: string | null;
  mevtId: number | null;
  priority: '' | '0' | '1';
  status: '' | '0' | '1';
}

const defaults = (): Filters => ({
  range: daysRange(now()),
  orderTime: 'desc',
  orderPriority: '',
  orderStatus: '',
  device: null,
  mevtId: null,
  priority: '',
  status: '',
});

/** The order choices of priority and status, with their texts' keys. */
const DIRECTIONS = [
  { value: '', label: 'orderDefault' },
  { value: 'asc', label: 'ascending' },
  { value: 'desc', label: 'descending' },
] as const;

/** The gateways matching a search (spec 002 §7.8: finds[devcType]=gateway), searched on the server. */
function useGateways(search: string) {
  return useQuery({
    queryKey: ['event-log', 'gateways', search],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await api.list<DeviceRow>('/master/device', {
          signal,
          silent: true,
          query: {
            max: DROPDOWN_MAX,
            finds: { devcType: 'gateway' },
            findField: search ? 'devcUniqueId' : undefined,
            findValue: search || undefined,
            orders: { devcUniqueId: 'asc' },
          },
        })
      ).rows,
  });
}

function useEventTypes() {
  return useQuery({
    queryKey: ['event-log', 'types'],
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      try {
        return (
          await api.list<MasterEventRow>('/master/events', {
            signal,
            silent: true,
            query: { max: DROPDOWN_MAX, orders: { mevtType: 'asc' } },
          })
        ).rows;
      } catch {
        return []; // without master_events read only 'All Event' is offered
      }
    },
  });
}

/** Event Log (spec 002 §2.17): the events of one gateway in a period, with their data and thresholds. */
export default function EventLog() {
  const t = useTexts(eventLogTexts);
  const [draft, setDraft] = useState<Filters>(defaults);
  const [applied, setApplied] = useState<Filters>(defaults);
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [viewData, setViewData] = useState<EventRow | null>(null);
  const [viewThreshold, setViewThreshold] = useState<EventRow | null>(null);
  const qc = useQueryClient();
  useEffect(() => {
    const t = setTimeout(() => setSearch(searchText.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [searchText]);
  const gateways = useGateways(search);
  const types = useEventTypes();

  const { start, end } = periodSeconds(applied.range);
  /** the filters and orders applied: the list's query, and the download's (issue 31) */
  const orders: Record<string, string> = {};
  if (applied.orderPriority) orders.evntIsPriority = applied.orderPriority;
  if (applied.orderStatus) orders.evntStatus = applied.orderStatus;
  orders.evntTimestamp = applied.orderTime;
  const selection = {
    finds: {
      evntDeviceId: applied.device ?? undefined,
      evntIsPriority: applied.priority,
      evntStatus: applied.status,
      evntMevtId: applied.mevtId ?? undefined,
    },
    orders,
  };
  const listPath = `/log/event/event/period/${start}/${end}`;
  /** one page of the events the filters applied select */
  const fetchEvents = async (page: number, max: number, signal?: AbortSignal) => {
    try {
      return await api.list<EventRow>(listPath, { signal, silent: true, query: { page, max, ...selection } });
    } catch (e) {
      if ((e as { kind?: string }).kind !== 'cancelled') toast.error(text(eventLogTexts, 'loadFailed'));
      throw e;
    }
  };
  const events = useQuery({
    queryKey: ['event-log', 'events', applied, start, end, page],
    enabled: applied.device !== null && end > start,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchEvents(page, PAGE_SIZE, signal),
  });
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  /** the whole list as a file, streamed by the server (issue 31): every row, the period and filters in its name */
  const download = async (ext: 'xlsx' | 'csv') => {
    if (!applied.device) return;
    setExporting(ext);
    try {
      await downloadExport(`${listPath}/export.${ext}`, selection);
    } catch {
      // a refused ticket has been toasted by the client
    } finally {
      setExporting(null);
    }
  };

  const apply = () => {
    if (draft.range.end <= draft.range.start) {
      toast.error(t('endAfterStart'));
      return;
    }
    setApplied(draft);
    setPage(1);
  };

  const directions = DIRECTIONS.map((d) => ({ value: d.value as Direction, label: t(d.label) }));
  const rows = applied.device ? (events.data?.rows ?? []) : [];
  const total = events.data?.total ?? 0;
  const columns: ColumnsType<EventRow> = [
    {
      title: t('dateTime'),
      dataIndex: 'evntTimestamp',
      render: (v: string) => at(Date.parse(v)).format('YYYY-MM-DD, HH:mm:ss'),
    },
    {
      title: t('eventType'),
      key: 'type',
      render: (_v, r) => (
        <>
          <div>{r.evntMevt?.mevtType ?? '-'}</div>
          {/* a fuel-watch event says why, with its numbers (docs/domain.md §41) */}
          {r.evntReason && (
            <div className="event-log-reason">
              {t(
                r.evntReason.key,
                reasonValues(r.evntReason, (side) => (side === 'PORT' || side === 'STARBOARD' ? t(side) : side)),
              )}
            </div>
          )}
        </>
      ),
    },
    {
      title: t('status'),
      dataIndex: 'evntStatus',
      render: (v: number) =>
        v === 1 ? <Tag color="red">{t('active')}</Tag> : <Tag color="default">{t('nonActive')}</Tag>,
    },
    {
      title: t('priority'),
      dataIndex: 'evntIsPriority',
      render: (v: number) => (v === 1 ? <Tag color="volcano">{t('high')}</Tag> : <Tag color="blue">{t('normal')}</Tag>),
    },
    { title: t('duration'), dataIndex: 'evntDuration', render: (v: number) => formatDuration(v) },
    {
      title: t('action'),
      key: 'action',
      render: (_v, r) => (
        <Space size={4} wrap>
          <Button size="small" aria-label={t('viewDataOf', { id: r.evntId })} onClick={() => setViewData(r)}>
            {t('viewData')}
          </Button>
          <Button size="small" aria-label={t('viewThresholdOf', { id: r.evntId })} onClick={() => setViewThreshold(r)}>
            {t('viewThreshold')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Page
      title={t('title')}
      extra={
        <Space size={16} wrap>
          <EventMailSwitch />
          <Button
            icon={<DownloadOutlined />}
            disabled={!applied.device}
            loading={exporting === 'xlsx'}
            onClick={() => void download('xlsx')}
          >
            {t('downloadXlsx')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={!applied.device}
            loading={exporting === 'csv'}
            onClick={() => void download('csv')}
          >
            {t('downloadCsv')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void qc.invalidateQueries({ queryKey: ['event-log', 'events'] })}
          >
            {t('refresh')}
          </Button>
        </Space>
      }
    >
      <FilterBar>
        <FilterField id="event-range" label={t('dateTime')}>
          <PeriodPicker id="event-range" value={draft.range} onChange={(range) => setDraft({ ...draft, range })} />
        </FilterField>
        <FilterSelect
          id="event-order-time"
          label={t('orderTime')}
          width={130}
          value={draft.orderTime}
          options={[
            { value: 'asc', label: t('ascending') },
            { value: 'desc', label: t('descending') },
          ]}
          onChange={(orderTime) => setDraft({ ...draft, orderTime })}
        />
        <FilterSelect
          id="event-order-priority"
          label={t('orderPriority')}
          width={130}
          value={draft.orderPriority}
          options={directions}
          onChange={(orderPriority) => setDraft({ ...draft, orderPriority })}
        />
        <FilterSelect
          id="event-order-status"
          label={t('orderStatus')}
          width={130}
          value={draft.orderStatus}
          options={directions}
          onChange={(orderStatus) => setDraft({ ...draft, orderStatus })}
        />
        <FilterSelect
          id="event-device"
          label={t('device')}
          width={220}
          placeholder={t('selectADevice')}
          value={draft.device ?? undefined}
          showSearch={{ filterOption: false, onSearch: setSearchText }}
          loading={gateways.isFetching}
          options={(gateways.data ?? []).map((g) => ({
            value: g.devcUniqueId,
            label: g.devcMass?.massName ? `${g.devcUniqueId} (${g.devcMass.massName})` : g.devcUniqueId,
          }))}
          onChange={(device) => setDraft({ ...draft, device })}
        />
        <FilterSelect
          id="event-type"
          label={t('eventType')}
          width={200}
          value={draft.mevtId ?? 'all'}
          showSearch={{ optionFilterProp: 'label' }}
          options={[
            { value: 'all', label: t('allEvent') },
            ...(types.data ?? []).map((t) => ({ value: Number(t.mevtId), label: t.mevtType })),
          ]}
          onChange={(v) => setDraft({ ...draft, mevtId: v === 'all' ? null : Number(v) })}
        />
        <FilterSelect
          id="event-priority"
          label={t('priority')}
          width={130}
          value={draft.priority}
          options={[
            { value: '', label: t('allPriority') },
            { value: '1', label: t('high') },
            { value: '0', label: t('normal') },
          ]}
          onChange={(priority) => setDraft({ ...draft, priority })}
        />
        <FilterSelect
          id="event-status"
          label={t('status')}
          width={130}
          value={draft.status}
          options={[
            { value: '', label: t('allStatus') },
            { value: '0', label: t('nonActive') },
            { value: '1', label: t('active') },
          ]}
          onChange={(status) => setDraft({ ...draft, status })}
        />
        <Button type="primary" onClick={apply}>
          {t('applyAll')}
        </Button>
      </FilterBar>
      {applied.device === null ? (
        <Empty className="event-log-select" description={t('selectDevice')} />
      ) : (
        <Table<EventRow>
          className="event-log-table"
          rowKey="evntId"
          size="small"
          loading={events.isFetching}
          dataSource={rows}
          columns={columns}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('empty') }}
          pagination={
            total > 0 ? { current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false } : false
          }
        />
      )}
      <Modal
        open={viewData !== null}
        title={t('viewData')}
        footer={null}
        width={720}
        onCancel={() => setViewData(null)}
      >
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('empty') }}
          dataSource={viewData ? compareData(viewData.evntOldData, viewData.evntNewData) : []}
          columns={[
            { title: t('device'), dataIndex: 'device' },
            { title: t('type'), dataIndex: 'type' },
            { title: t('dataName'), dataIndex: 'name' },
            { title: t('oldValue'), dataIndex: 'oldValue' },
            { title: t('newValue'), dataIndex: 'newValue' },
          ]}
        />
      </Modal>
      <Modal
        open={viewThreshold !== null}
        title={t('thresholds')}
        footer={null}
        width={640}
        onCancel={() => setViewThreshold(null)}
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {(viewThreshold ? thresholdGroups(viewThreshold.evntThreshold) : []).map((g) => (
            <Card
              key={g.name}
              size="small"
              title={g.name}
              extra={<Tag color={g.operator === 'OR' ? 'gold' : 'geekblue'}>{g.operator}</Tag>}
            >
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={g.rows}
                columns={[
                  { title: t('parameter'), dataIndex: 'parameter' },
                  { title: t('operator'), dataIndex: 'operator' },
                  { title: t('value'), dataIndex: 'value' },
                ]}
              />
            </Card>
          ))}
        </Space>
      </Modal>
    </Page>
  );
}
