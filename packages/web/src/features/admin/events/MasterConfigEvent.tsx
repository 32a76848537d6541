import { CheckCircleOutlined, PoweroffOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { ConfigEventRow } from '@fleet/shared/answers/resource-rows.ts';
import { CONFIG_EVENT_ACTIVE, configEvent } from '@fleet/shared/resources/config-event.ts';
import { columnLabel } from '@fleet/shared/resources/define.ts';
import { Badge, Button, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../api/client.ts';
import { text, useTexts } from '../../../api/i18n.ts';
import { resourcePath, useReloadResources, useResourceList } from '../../../api/resources.ts';
import { toast, toastRefreshed } from '../../../api/toast.ts';
import { useCan } from '../../../auth/permissions.ts';
import { ButtonGroup } from '../../../components/ButtonGroup.tsx';
import { ExportButtons } from '../../../components/ExportButtons.tsx';
import { FilterBar, FilterSelect } from '../../../components/FilterBar.tsx';
import { Page } from '../../../components/Page.tsx';
import { resourceExport, resourceFileName } from '../../../components/resource/export.ts';
import { resourceIn, useResourceDef } from '../../../components/resource/language.ts';
import { resourceTexts } from '../../../components/resource/texts.ts';
import { routeNames } from '../../../routing/route-names.ts';
import { formatDateTime, optionLabel } from '../admin-ui.ts';
import { adminTexts } from '../texts.ts';
import { useDeleteConfirm } from '../useDeleteConfirm.tsx';
import { ConfigEventForm } from './ConfigEventForm.tsx';
import { eventsTexts } from './texts.ts';
import { useGatewayOptions } from './useGatewayOptions.ts';
import '../admin.css';

const KEY = configEvent.permission;
const DESCRIPTION_LIMIT = 50;
/** the table's columns but the actions, in its download (issue 31): the whole description, the table shortens it */
const SHEET_COLUMNS = ['mcevAssetId', 'mcevVersion', 'mcevDescription', 'mcevIsActive', 'mcevAppliedTime'];

// texts.ts: noDeviceForAdd, noDeviceForList (spec 001 §8); deactivated is beyond spec 001: deactivation leaves the
// gateway without an active configuration (so it can be deleted)

/**
 * Event configurations of one gateway (spec 001 §2 "Event configuration"): the gateway selection is the
 * route param; versions with their description, active badge and applied time; two-step activation, and
 * two-step deactivation of the active one (issue 23: a gateway with an active configuration cannot be deleted).
 */
export default function MasterConfigEvent() {
  const { id: assetId = '' } = useParams();
  const navigate = useNavigate();
  const t = useTexts(eventsTexts);
  const admin = useTexts(adminTexts);
  const common = useTexts(resourceTexts);
  const view = useResourceDef(configEvent);
  const canRead = useCan(KEY, 'read');
  const canActivate = useCan(KEY, 'update');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ConfigEventRow | null | undefined>(undefined);
  const [fullDescription, setFullDescription] = useState<string | null>(null);
  /** the row whose Activate was clicked once and now shows Confirm? */
  const [pending, setPending] = useState<number | null>(null);
  const [activating, setActivating] = useState<number | null>(null);
  const reload = useReloadResources();
  const del = useDeleteConfirm();
  const gateways = useGatewayOptions();

  const listParams = { finds: { mcevAssetId: assetId }, orders: { mcevVersion: 'desc' as const } };
  const list = useResourceList<ConfigEventRow>(
    configEvent,
    { page, pageSize: configEvent.pageSize, ...listParams },
    canRead && !!assetId,
  );
  const newest = useResourceList<ConfigEventRow>(
    configEvent,
    { page: 1, pageSize: 1, finds: { mcevAssetId: assetId }, orders: { mcevVersion: 'desc' } },
    canRead && !!assetId,
  );
  const nextVersion = (newest.rows[0]?.mcevVersion ?? 0) + 1;

  const selectDevice = (next: string | undefined) => {
    setPending(null);
    setPage(1);
    navigate(routeNames.MasterConfigEvent(next ?? ''), { replace: true });
    if (next) toast.success(text(eventsTexts, 'deviceSelected'));
  };

  const add = () => {
    if (!assetId) {
      toast.warning(text(eventsTexts, 'noDeviceForAdd'));
      return;
    }
    setPending(null);
    setEditing(null);
  };

  /** Activate (inactive row) or Deactivate (active row): the first click asks Confirm?, the second does it */
  const activate = async (row: ConfigEventRow) => {
    if (pending !== row.mcevId) {
      setPending(row.mcevId);
      return;
    }
    const on = row.mcevIsActive !== 1;
    setActivating(row.mcevId);
    try {
      await api.post(`${resourcePath(configEvent, row.mcevId)}/${on ? 'activate' : 'deactivate'}`);
      toast.success(text(eventsTexts, on ? 'activated' : 'deactivated'));
      reload(configEvent);
    } catch {
      // the client has shown the server's refusal (no events yet)
    } finally {
      setActivating(null);
      setPending(null);
    }
  };

  return (
    <Page
      title={view.texts.title}
      extra={
        <Space wrap>
          {canRead && (
            <ExportButtons
              disabled={!assetId || list.total === 0}
              sheet={() =>
                resourceExport(
                  configEvent,
                  view,
                  listParams,
                  SHEET_COLUMNS,
                  SHEET_COLUMNS.map((c) => columnLabel(view, c)),
                )
              }
              fileName={(ext) => resourceFileName(view.texts.title, [assetId], ext)}
            />
          )}
          <ButtonGroup
            permission={KEY}
            onRefresh={assetId ? () => list.refetch().then(toastRefreshed(admin('refreshed'))) : undefined}
            refreshing={list.refreshing}
            onAdd={add}
          />
        </Space>
      }
    >
      <div className="page-card">
        <FilterBar>
          <FilterSelect
            id="config-event-asset"
            label={view.fields.mcevAssetId.label}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            placeholder={t('selectGateway')}
            loading={gateways.loading}
            options={gateways.options}
            value={assetId || undefined}
            onChange={selectDevice}
            // never wider than the phone's screen (issue 28: it overflowed at 390 px)
            style={{ width: 380, maxWidth: '100%' }}
          />
        </FilterBar>

        <Table<ConfigEventRow>
          rowKey="mcevId"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: assetId ? t('noConfiguration') : t('noDeviceForList') }}
          dataSource={list.rows}
          loading={list.loading || list.refreshing}
          pagination={{
            current: page,
            pageSize: configEvent.pageSize,
            total: list.total,
            onChange: setPage,
            showSizeChanger: false,
            showTotal: (total) => common(total === 1 ? 'oneItem' : 'items', { count: total }),
          }}
          columns={[
            { title: view.fields.mcevAssetId.label, dataIndex: 'mcevAssetId', width: 140 },
            { title: view.fields.mcevVersion.label, dataIndex: 'mcevVersion', width: 100, align: 'right' },
            {
              title: view.fields.mcevDescription.label,
              dataIndex: 'mcevDescription',
              render: (v: string | null) => (
                <Description text={v ?? ''} onExpand={setFullDescription} expandTitle={t('showFullDescription')} />
              ),
            },
            {
              title: view.fields.mcevIsActive.label,
              dataIndex: 'mcevIsActive',
              width: 120,
              render: (v: number) => (
                <Badge
                  status={v === 1 ? 'success' : 'default'}
                  text={optionLabel(CONFIG_EVENT_ACTIVE, v === 1 ? 1 : 0)}
                />
              ),
            },
            {
              title: view.fields.mcevAppliedTime.label,
              dataIndex: 'mcevAppliedTime',
              width: 210,
              render: (v: string | null) => <span className="nowrap">{formatDateTime(v) || '-'}</span>,
            },
            {
              title: common('action'),
              key: 'action',
              align: 'right',
              width: 1,
              render: (_, row) => (
                <div className="config-actions">
                  {canActivate && (
                    <Button
                      size="small"
                      type={pending === row.mcevId ? 'primary' : 'default'}
                      danger={pending === row.mcevId}
                      icon={
                        pending === row.mcevId ? (
                          <CheckCircleOutlined />
                        ) : row.mcevIsActive === 1 ? (
                          <PoweroffOutlined />
                        ) : (
                          <ThunderboltOutlined />
                        )
                      }
                      loading={activating === row.mcevId}
                      onClick={() => activate(row)}
                    >
                      {pending === row.mcevId ? t('confirm') : row.mcevIsActive === 1 ? t('deactivate') : t('activate')}
                    </Button>
                  )}
                  <ButtonGroup
                    compact
                    permission={KEY}
                    subject={t('versionSubject', { version: row.mcevVersion })}
                    onDetail={() => navigate(routeNames.AssetEvent(row.mcevId))}
                    onEdit={() => {
                      setPending(null);
                      setEditing(row);
                    }}
                    onDelete={
                      row.mcevIsActive === 1
                        ? undefined
                        : () => {
                            setPending(null);
                            del.ask({
                              subject: t('configSubject', { assetId: row.mcevAssetId, version: row.mcevVersion }),
                              remove: () => api.delete(resourcePath(configEvent, row.mcevId)),
                              record: { def: configEvent, id: row.mcevId },
                              deleted: resourceIn(configEvent).texts.deleted,
                              onDeleted: () => {
                                setPage(1);
                                reload(configEvent);
                              },
                            });
                          }
                    }
                  />
                </div>
              ),
            },
          ]}
        />
      </div>
      <ConfigEventForm
        open={editing !== undefined}
        record={editing ?? null}
        assetId={assetId}
        nextVersion={nextVersion}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          reload(configEvent);
        }}
      />
      <Modal
        open={fullDescription !== null}
        title={view.fields.mcevDescription.label}
        footer={null}
        onCancel={() => setFullDescription(null)}
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{fullDescription}</Typography.Paragraph>
      </Modal>
      {del.modal}
    </Page>
  );
}

/** A description cut at 50 characters with an ellipsis; a click opens the whole text (spec 001 §2, §9). */
function Description({
  text,
  onExpand,
  expandTitle,
}: {
  text: string;
  onExpand: (text: string) => void;
  expandTitle: string;
}) {
  if (text.length <= DESCRIPTION_LIMIT) return <span>{text}</span>;
  return (
    <Typography.Link className="config-description" onClick={() => onExpand(text)} title={expandTitle}>
      {text.slice(0, DESCRIPTION_LIMIT)}…
    </Typography.Link>
  );
}
