import { masterEvent } from '@fleet/shared/resources/master-event.ts';
import { Button, Input, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { toast } from '../../api/toast.ts';
import { useCan } from '../../auth/permissions.ts';
import { ButtonGroup } from '../../components/ButtonGroup.tsx';
import { Page } from '../../components/Page.tsx';
import { useMasterList, useReloadMaster } from './admin-queries.ts';
import type { MasterEventRow } from './admin-types.ts';
import { formatDate } from './admin-ui.ts';
import { MasterEventDetail } from './MasterEventDetail.tsx';
import { MasterEventForm } from './MasterEventForm.tsx';
import { PriorityTag } from './PriorityTag.tsx';
import { parseThresholds } from './thresholds.ts';
import { useDeleteConfirm } from './useDeleteConfirm.tsx';
import './admin.css';

const PATH = masterEvent.path;
const KEY = masterEvent.permission;
const PRIORITY_FILTER = [{ value: 'all', label: 'All' }, ...(masterEvent.fields.mevtIsPriority.options ?? [])];

/** Master Event list (spec 001 §2): search on event type, priority filter, Apply; add/edit modal; detail; delete. */
export default function MasterEvent() {
  const canRead = useCan(KEY, 'read');
  const [draft, setDraft] = useState({ type: '', priority: 'all' as string | number });
  const [applied, setApplied] = useState(draft);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<MasterEventRow | null | undefined>(undefined);
  const [detail, setDetail] = useState<MasterEventRow | null>(null);
  const reload = useReloadMaster();
  const confirmDelete = useDeleteConfirm();

  const list = useMasterList<MasterEventRow>(
    PATH,
    {
      page,
      max: masterEvent.pageSize,
      findField: applied.type ? 'mevtType' : undefined,
      findValue: applied.type || undefined,
      finds: { mevtIsPriority: applied.priority === 'all' ? undefined : applied.priority },
    },
    canRead,
  );

  const apply = () => {
    setApplied({ type: draft.type.trim(), priority: draft.priority });
    setPage(1);
  };

  return (
    <Page
      title={masterEvent.texts.title}
      extra={
        <ButtonGroup
          permission={KEY}
          onRefresh={() => list.refetch().then(() => toast.success('Refreshed'))}
          refreshing={list.refreshing}
          onAdd={() => setEditing(null)}
        />
      }
    >
      <div className="admin-filters">
        <Input
          aria-label="Search event type"
          placeholder="Search event type"
          allowClear
          value={draft.type}
          onChange={(e) => setDraft({ ...draft, type: e.target.value })}
          onPressEnter={apply}
          style={{ width: 260 }}
        />
        <Select
          aria-label="Priority"
          value={draft.priority}
          options={PRIORITY_FILTER}
          onChange={(priority) => setDraft({ ...draft, priority })}
          style={{ width: 140 }}
        />
        <Button type="primary" onClick={apply}>
          Apply
        </Button>
      </div>

      <Table<MasterEventRow>
        className="admin-table"
        rowKey="mevtId"
        dataSource={list.rows}
        loading={list.loading || list.refreshing}
        pagination={{
          current: page,
          pageSize: masterEvent.pageSize,
          total: list.total,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: false,
        }}
        columns={[
          {
            title: 'Event Type',
            dataIndex: 'mevtType',
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
          {
            title: 'Priority',
            dataIndex: 'mevtIsPriority',
            width: 110,
            render: (v: number) => <PriorityTag value={v} />,
          },
          { title: 'Trigger Duration (s)', dataIndex: 'mevtTriggerDuration', width: 190, align: 'right' },
          {
            title: 'Devices',
            dataIndex: 'mevtThresholds',
            render: (v: string) =>
              parseThresholds(v)
                .map((d) => `${d.name} (${d.rows.length})`)
                .join(', ') || '—',
          },
          { title: 'Description', dataIndex: 'mevtDescription', ellipsis: true },
          { title: 'Created Date', dataIndex: 'mevtCreatedTime', width: 170, render: formatDate },
          {
            title: 'Action',
            key: 'action',
            width: 140,
            render: (_, row) => (
              <ButtonGroup
                compact
                permission={KEY}
                subject={row.mevtType}
                onDetail={() => setDetail(row)}
                onEdit={() => setEditing(row)}
                onDelete={() =>
                  confirmDelete({
                    subject: row.mevtType,
                    remove: () => api.delete(`/master/${PATH}/${row.mevtId}`),
                    deleted: masterEvent.texts.deleted,
                    onDeleted: () => {
                      setPage(1);
                      reload(PATH);
                    },
                  })
                }
              />
            ),
          },
        ]}
      />

      <MasterEventForm
        open={editing !== undefined}
        record={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          reload(PATH);
        }}
      />
      <MasterEventDetail record={detail} onClose={() => setDetail(null)} />
    </Page>
  );
}
