import { CopyOutlined } from '@ant-design/icons';
import type { AssetEventRow, ConfigEventRow, MasterEventRow } from '@fleet/shared/answers/resource-rows.ts';
import { assetEvent } from '@fleet/shared/resources/asset-event.ts';
import { configEvent } from '@fleet/shared/resources/config-event.ts';
import { masterEvent } from '@fleet/shared/resources/master-event.ts';
import { Badge, Button, Skeleton, Space, Transfer, Typography } from 'antd';
import type { TransferKey } from 'antd/es/transfer/interface';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../api/client.ts';
import { resourcePath, useReloadResources, useResourceList, useResourceRow } from '../../../api/resources.ts';
import { toast } from '../../../api/toast.ts';
import { useCan } from '../../../auth/permissions.ts';
import { ButtonGroup } from '../../../components/ButtonGroup.tsx';
import { Page } from '../../../components/Page.tsx';
import { routeNames } from '../../../routing/route-names.ts';
import { isNotFound, NotFoundState } from '../NotFoundState.tsx';
import { DuplicateFromModal } from './DuplicateFromModal.tsx';
import { PriorityTag } from './PriorityTag.tsx';
import '../admin.css';

const KEY = assetEvent.permission;

/** A Transfer list's header: '1 event', '3 events', '1/3 events' while some are ticked. */
export function eventCount({ selectedCount, totalCount }: { selectedCount: number; totalCount: number }) {
  const unit = totalCount === 1 ? 'event' : 'events';
  return selectedCount > 0 ? `${selectedCount}/${totalCount} ${unit}` : `${totalCount} ${unit}`;
}

/** Links of one configuration to master events, the lists the screen moves between. */
export function useConfigurationEvents(mcevId: number | undefined, enabled: boolean) {
  return useResourceList<AssetEventRow>(
    assetEvent,
    { page: 1, pageSize: 1000, finds: { asevMcevId: mcevId } },
    enabled && mcevId !== undefined,
    'Could not load configuration data.',
  );
}

/**
 * The events of one event configuration (spec 001 §2 "Asset event configuration screen"): Available Events
 * (every master event not linked yet) and Selected Events; Add and Remove create and delete the links.
 */
export default function AssetEvent() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const canRead = useCan(KEY, 'read');
  const canCreate = useCan(KEY, 'create');
  const canDelete = useCan(KEY, 'delete');
  const [busy, setBusy] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const reload = useReloadResources();

  const config = useResourceRow<ConfigEventRow>(configEvent, id, canRead, 'Could not load configuration data.');
  const links = useConfigurationEvents(id, canRead);
  const events = useResourceList<MasterEventRow>(
    masterEvent,
    { page: 1, pageSize: 1000, orders: { mevtType: 'asc' } },
    canRead,
  );

  const linkByEvent = useMemo(() => new Map(links.rows.map((l) => [l.asevMevtId, l])), [links.rows]);
  const selected = useMemo(() => links.rows.map((l) => String(l.asevMevtId)), [links.rows]);
  const source = useMemo(
    () =>
      events.rows.map((e) => ({
        key: String(e.mevtId),
        title: e.mevtType,
        description: e.mevtDescription ?? '',
        priority: e.mevtIsPriority,
      })),
    [events.rows],
  );

  const move = async (direction: 'left' | 'right', keys: TransferKey[]) => {
    setBusy(true);
    try {
      if (direction === 'right') {
        await Promise.all(
          keys.map((k) => api.post(resourcePath(assetEvent), { asevMcevId: id, asevMevtId: Number(k) })),
        );
        toast.success(`${keys.length} event(s) added.`);
      } else {
        const ids = keys.map((k) => linkByEvent.get(Number(k))?.asevId).filter((x): x is number => !!x);
        await Promise.all(ids.map((asevId) => api.delete(resourcePath(assetEvent, asevId))));
        toast.success(`${ids.length} event(s) removed.`);
      }
    } catch {
      // the failing call has been toasted; show what is stored now
    } finally {
      await reload(assetEvent);
      setBusy(false);
    }
  };

  const row = config.data;
  const title = row
    ? `${assetEvent.texts.title}: ${row.mcevAssetId} · Version ${row.mcevVersion}`
    : assetEvent.texts.title;

  if (isNotFound(config.error)) {
    return (
      <Page title={assetEvent.texts.title}>
        <NotFoundState what="Event configuration" onBack={() => navigate(routeNames.MasterConfigEvent(''))} />
      </Page>
    );
  }

  return (
    <Page
      title={title}
      extra={
        <Space wrap>
          <ButtonGroup
            permission={KEY}
            onBack={() => navigate(routeNames.MasterConfigEvent(row?.mcevAssetId ?? ''))}
            onRefresh={() =>
              Promise.all([links.refetch(), events.refetch(), config.refetch()]).then(() => toast.success('Refreshed'))
            }
            refreshing={links.refreshing || events.refreshing}
          />
          {canCreate && (
            <Button icon={<CopyOutlined />} onClick={() => setDuplicating(true)} disabled={!row}>
              Duplicate From...
            </Button>
          )}
        </Space>
      }
    >
      {config.isLoading ? (
        <Skeleton active />
      ) : (
        <div className="page-card">
          {row && (
            <div className="asset-event-summary">
              <Space size="large" wrap>
                <span>
                  Asset ID <Typography.Text strong>{row.mcevAssetId}</Typography.Text>
                </span>
                <span>
                  Version <Typography.Text strong>{row.mcevVersion}</Typography.Text>
                </span>
                {row.mcevIsActive === 1 ? (
                  <Badge status="success" text="Active" />
                ) : (
                  <Badge status="default" text="Inactive" />
                )}
              </Space>
              {row.mcevDescription && (
                <Typography.Paragraph type="secondary" className="asset-event-description">
                  {row.mcevDescription}
                </Typography.Paragraph>
              )}
            </div>
          )}
          <Transfer
            className="asset-event-transfer"
            dataSource={source}
            targetKeys={selected}
            titles={['Available Events', 'Selected Events']}
            actions={['Add', 'Remove']}
            showSearch
            disabled={busy || !canCreate || !canDelete}
            styles={{ section: { flex: 1, height: 420 } }}
            selectAllLabels={[eventCount, eventCount]}
            locale={{
              itemUnit: 'event',
              itemsUnit: 'events',
              searchPlaceholder: 'Search events',
              notFoundContent: 'No events',
            }}
            render={(item) => (
              <span className="asset-event-item">
                <span>{item.title}</span>
                <PriorityTag value={item.priority} />
              </span>
            )}
            onChange={(_, direction, keys) => move(direction, keys)}
          />
        </div>
      )}
      {row && (
        <DuplicateFromModal
          open={duplicating}
          target={row}
          existingEventIds={links.rows.map((l) => l.asevMevtId)}
          onClose={() => setDuplicating(false)}
          onDone={() => {
            setDuplicating(false);
            reload(assetEvent);
          }}
        />
      )}
    </Page>
  );
}
