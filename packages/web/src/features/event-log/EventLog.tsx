import { ReloadOutlined } from '@ant-design/icons';
import type { EventRow } from '@fleet/shared/answers/events.ts';
import type { DeviceRow, MasterEventRow } from '@fleet/shared/answers/resource-rows.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Modal, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { type DateRange, daysRange, periodSeconds } from '../../api/period.ts';
import { DROPDOWN_MAX } from '../../api/resources.ts';
import { toast } from '../../api/toast.ts';
import { at, now } from '../../api/zone.ts';
import { FilterBar, FilterField, FilterSelect } from '../../components/FilterBar.tsx';
import { Page } from '../../components/Page.tsx';
import { PeriodPicker } from '../../components/PeriodPicker.tsx';
import { EventMailSwitch } from './EventMailSwitch.tsx';
import { compareData, formatDuration, thresholdGroups } from './event-log-format.ts';
import './event-log.css';

/** Texts of spec 002 §2.17, §5 and §8 (verbatim). */
export const EVENT_LOG_TEXTS = {
  selectDevice: 'Please select a device to view the event log.',
  empty: 'No data to show.',
  loadFailed: 'Something Wrong',
  endAfterStart: 'The "end" timestamp must be greater than "start" timestamp.',
  thresholds: 'Thresholds Data',
} as const;

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

const DIRECTIONS = [
  { value: '', label: 'Default' },
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

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
  const events = useQuery({
    queryKey: ['event-log', 'events', applied, start, end, page],
    enabled: applied.device !== null && end > start,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const orders: Record<string, string> = {};
      if (applied.orderPriority) orders.evntIsPriority = applied.orderPriority;
      if (applied.orderStatus) orders.evntStatus = applied.orderStatus;
      orders.evntTimestamp = applied.orderTime;
      try {
        return await api.list<EventRow>(`/log/event/event/period/${start}/${end}`, {
          signal,
          silent: true,
          query: {
            page,
            max: PAGE_SIZE,
            finds: {
              evntDeviceId: applied.device ?? undefined,
              evntIsPriority: applied.priority,
              evntStatus: applied.status,
              evntMevtId: applied.mevtId ?? undefined,
            },
            orders,
          },
        });
      } catch (e) {
        if ((e as { kind?: string }).kind !== 'cancelled') toast.error(EVENT_LOG_TEXTS.loadFailed);
        throw e;
      }
    },
  });

  const apply = () => {
    if (draft.range.end <= draft.range.start) {
      toast.error(EVENT_LOG_TEXTS.endAfterStart);
      return;
    }
    setApplied(draft);
    setPage(1);
  };

  const rows = applied.device ? (events.data?.rows ?? []) : [];
  const total = events.data?.total ?? 0;
  const columns: ColumnsType<EventRow> = [
    {
      title: 'Date Time',
      dataIndex: 'evntTimestamp',
      render: (v: string) => at(Date.parse(v)).format('YYYY-MM-DD, HH:mm:ss'),
    },
    { title: 'Event Type', key: 'type', render: (_v, r) => r.evntMevt?.mevtType ?? '-' },
    {
      title: 'Status',
      dataIndex: 'evntStatus',
      render: (v: number) => (v === 1 ? <Tag color="red">Active</Tag> : <Tag color="default">Non Active</Tag>),
    },
    {
      title: 'Priority',
      dataIndex: 'evntIsPriority',
      render: (v: number) => (v === 1 ? <Tag color="volcano">High</Tag> : <Tag color="blue">Normal</Tag>),
    },
    { title: 'Duration', dataIndex: 'evntDuration', render: (v: number) => formatDuration(v) },
    {
      title: 'Action',
      key: 'action',
      render: (_v, r) => (
        <Space size={4} wrap>
          <Button size="small" aria-label={`View Data of event ${r.evntId}`} onClick={() => setViewData(r)}>
            View Data
          </Button>
          <Button size="small" aria-label={`View Threshold of event ${r.evntId}`} onClick={() => setViewThreshold(r)}>
            View Threshold
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Page
      title="Event Log"
      extra={
        <Space size={16} wrap>
          <EventMailSwitch />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void qc.invalidateQueries({ queryKey: ['event-log', 'events'] })}
          >
            Refresh
          </Button>
        </Space>
      }
    >
      <FilterBar>
        <FilterField id="event-range" label="Date Time">
          <PeriodPicker id="event-range" value={draft.range} onChange={(range) => setDraft({ ...draft, range })} />
        </FilterField>
        <FilterSelect
          id="event-order-time"
          label="Order Time"
          width={130}
          value={draft.orderTime}
          options={[
            { value: 'asc', label: 'Ascending' },
            { value: 'desc', label: 'Descending' },
          ]}
          onChange={(orderTime) => setDraft({ ...draft, orderTime })}
        />
        <FilterSelect
          id="event-order-priority"
          label="Order Priority"
          width={130}
          value={draft.orderPriority}
          options={DIRECTIONS}
          onChange={(orderPriority) => setDraft({ ...draft, orderPriority })}
        />
        <FilterSelect
          id="event-order-status"
          label="Order Status"
          width={130}
          value={draft.orderStatus}
          options={DIRECTIONS}
          onChange={(orderStatus) => setDraft({ ...draft, orderStatus })}
        />
        <FilterSelect
          id="event-device"
          label="Device"
          width={220}
          placeholder="Select a device"
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
          label="Event Type"
          width={200}
          value={draft.mevtId ?? 'all'}
          showSearch={{ optionFilterProp: 'label' }}
          options={[
            { value: 'all', label: 'All Event' },
            ...(types.data ?? []).map((t) => ({ value: Number(t.mevtId), label: t.mevtType })),
          ]}
          onChange={(v) => setDraft({ ...draft, mevtId: v === 'all' ? null : Number(v) })}
        />
        <FilterSelect
          id="event-priority"
          label="Priority"
          width={130}
          value={draft.priority}
          options={[
            { value: '', label: 'All Priority' },
            { value: '1', label: 'High' },
            { value: '0', label: 'Normal' },
          ]}
          onChange={(priority) => setDraft({ ...draft, priority })}
        />
        <FilterSelect
          id="event-status"
          label="Status"
          width={130}
          value={draft.status}
          options={[
            { value: '', label: 'All Status' },
            { value: '0', label: 'Non Active' },
            { value: '1', label: 'Active' },
          ]}
          onChange={(status) => setDraft({ ...draft, status })}
        />
        <Button type="primary" onClick={apply}>
          Apply All
        </Button>
      </FilterBar>
      {applied.device === null ? (
        <Empty className="event-log-select" description={EVENT_LOG_TEXTS.selectDevice} />
      ) : (
        <Table<EventRow>
          className="event-log-table"
          rowKey="evntId"
          size="small"
          loading={events.isFetching}
          dataSource={rows}
          columns={columns}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: EVENT_LOG_TEXTS.empty }}
          pagination={
            total > 0 ? { current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false } : false
          }
        />
      )}
      <Modal open={viewData !== null} title="View Data" footer={null} width={720} onCancel={() => setViewData(null)}>
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: EVENT_LOG_TEXTS.empty }}
          dataSource={viewData ? compareData(viewData.evntOldData, viewData.evntNewData) : []}
          columns={[
            { title: 'Device', dataIndex: 'device' },
            { title: 'Type', dataIndex: 'type' },
            { title: 'Data Name', dataIndex: 'name' },
            { title: 'Old Value', dataIndex: 'oldValue' },
            { title: 'New Value', dataIndex: 'newValue' },
          ]}
        />
      </Modal>
      <Modal
        open={viewThreshold !== null}
        title={EVENT_LOG_TEXTS.thresholds}
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
                  { title: 'Parameter', dataIndex: 'parameter' },
                  { title: 'Operator', dataIndex: 'operator' },
                  { title: 'Value', dataIndex: 'value' },
                ]}
              />
            </Card>
          ))}
        </Space>
      </Modal>
    </Page>
  );
}
