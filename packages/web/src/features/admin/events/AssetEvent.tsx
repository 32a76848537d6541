import { CopyOutlined } from '@ant-design/icons';
import type { AssetEventRow, ConfigEventRow, MasterEventRow } from '@fleet/shared/answers/resource-rows.ts';
import { assetEvent } from '@fleet/shared/resources/asset-event.ts';
import { CONFIG_EVENT_ACTIVE, configEvent } from '@fleet/shared/resources/config-event.ts';
import { columnLabel } from '@fleet/shared/resources/define.ts';
import { masterEvent } from '@fleet/shared/resources/master-event.ts';
import { Badge, Button, Skeleton, Space, Transfer, Typography } from 'antd';
import type { TransferKey } from 'antd/es/transfer/interface';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../api/client.ts';
import { text, useTexts } from '../../../api/i18n.ts';
import { resourcePath, useReloadResources, useResourceList, useResourceRow } from '../../../api/resources.ts';
import { toast, toastRefreshed } from '../../../api/toast.ts';
import { useCan } from '../../../auth/permissions.ts';
import { ButtonGroup } from '../../../components/ButtonGroup.tsx';
import { ExportButtons } from '../../../components/ExportButtons.tsx';
import { Page } from '../../../components/Page.tsx';
import { resourceFileName, resourceSheet } from '../../../components/resource/export.ts';
import { useResourceDef } from '../../../components/resource/language.ts';
import { routeNames } from '../../../routing/route-names.ts';
import { useSession } from '../../../stores/session.ts';
import { optionLabel } from '../admin-ui.ts';
import { isNotFound, NotFoundState } from '../NotFoundState.tsx';
import { adminTexts } from '../texts.ts';
import { DuplicateFromModal } from './DuplicateFromModal.tsx';
import { PriorityTag } from './PriorityTag.tsx';
import { eventsTexts } from './texts.ts';
import '../admin.css';
import './events.css';

const KEY = assetEvent.permission;
/** what an item of Selected Events shows: the event's type (the list's title heads it) and its priority */
const SHEET_FIELDS = ['mevtType', 'mevtIsPriority'];

/** A Transfer list's header: '1 event', '3 events', '1/3 events' while some are ticked (language in force). */
export function eventCount({ selectedCount, totalCount }: { selectedCount: number; totalCount: number }) {
  const one = totalCount === 1;
  return selectedCount > 0
    ? text(eventsTexts, one ? 'someOfOneEvent' : 'someOfEvents', { selected: selectedCount, count: totalCount })
    : text(eventsTexts, one ? 'oneEvent' : 'manyEvents', { count: totalCount });
}

/** Links of one configuration to master events, the lists the screen moves between. */
export function useConfigurationEvents(mcevId: number | undefined, enabled: boolean) {
  return useResourceList<AssetEventRow>(
    assetEvent,
    { page: 1, pageSize: 1000, finds: { asevMcevId: mcevId } },
    enabled && mcevId !== undefined,
    text(eventsTexts, 'loadConfigFailed'),
  );
}

/**
 * The events of one event configuration (spec 001 §2 "Asset event configuration screen"): Available Events
 * (every master event not linked yet) and Selected Events; Add and Remove create and delete the links.
 */
export default function AssetEvent() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const t = useTexts(eventsTexts);
  const admin = useTexts(adminTexts);
  const titleText = useResourceDef(assetEvent).texts.title;
  const configFields = useResourceDef(configEvent).fields;
  const canRead = useCan(KEY, 'read');
  const canCreate = useCan(KEY, 'create');
  const canDelete = useCan(KEY, 'delete');
  const [busy, setBusy] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const reload = useReloadResources();

  const config = useResourceRow<ConfigEventRow>(configEvent, id, canRead, t('loadConfigFailed'));
  const links = useConfigurationEvents(id, canRead);
  const events = useResourceList<MasterEventRow>(
    masterEvent,
    { page: 1, pageSize: 1000, orders: { mevtType: 'asc' } },
    canRead,
  );

  const eventView = useResourceDef(masterEvent);
  // the Selected Events list as the screen's download (issue 31): each linked event's type and priority
  const selectedEvents = useMemo(
    () => events.rows.filter((e) => links.rows.some((l) => l.asevMevtId === e.mevtId)),
    [events.rows, links.rows],
  );
  const linkByEvent = useMemo(() => new Map(links.rows.map((l) => [l.asevMevtId, l])), [links.rows]);
  const selected = useMemo(() => links.rows.map((l) => String(l.asevMevtId)), [links.rows]);
  // a configuration takes shared events and those of its company — the active one (issue 28); the server refuses
  // another company's, and the user's other companies' own events are listed on the Master Event screen only
  const companyId = useSession((s) => s.activeCompany?.compId ?? null);
  const source = useMemo(
    () =>
      events.rows
        .filter((e) => !e.mevtSystem) // written by the server itself, never part of a configuration
        .filter((e) => e.mevtCompId === null || e.mevtCompId === companyId || selected.includes(String(e.mevtId)))
        .map((e) => ({
          key: String(e.mevtId),
          title: e.mevtType,
          description: e.mevtDescription ?? '',
          priority: e.mevtIsPriority,
        })),
    [events.rows, companyId, selected],
  );

  const move = async (direction: 'left' | 'right', keys: TransferKey[]) => {
    setBusy(true);
    try {
      if (direction === 'right') {
        await Promise.all(
          keys.map((k) => api.post(resourcePath(assetEvent), { asevMcevId: id, asevMevtId: Number(k) })),
        );
        toast.success(text(eventsTexts, 'eventsAdded', { count: keys.length }));
      } else {
        const ids = keys.map((k) => linkByEvent.get(Number(k))?.asevId).filter((x): x is number => !!x);
        await Promise.all(ids.map((asevId) => api.delete(resourcePath(assetEvent, asevId))));
        toast.success(text(eventsTexts, 'eventsRemoved', { count: ids.length }));
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
    ? t('assetEventTitle', { title: titleText, assetId: row.mcevAssetId, version: row.mcevVersion })
    : titleText;

  if (isNotFound(config.error)) {
    return (
      <Page title={titleText}>
        <NotFoundState title={t('configNotFound')} onBack={() => navigate(routeNames.MasterConfigEvent(''))} />
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
              Promise.all([links.refetch(), events.refetch(), config.refetch()]).then(
                toastRefreshed(admin('refreshed')),
              )
            }
            refreshing={links.refreshing || events.refreshing}
          />
          {canRead && (
            <ExportButtons
              disabled={!row || selectedEvents.length === 0}
              sheet={() =>
                resourceSheet(
                  eventView,
                  SHEET_FIELDS,
                  [t('selectedEvents'), ...SHEET_FIELDS.slice(1).map((f) => columnLabel(eventView, f))],
                  selectedEvents,
                )
              }
              fileName={(ext) => resourceFileName(titleText, row ? [row.mcevAssetId, `v${row.mcevVersion}`] : [], ext)}
            />
          )}
          {canCreate && (
            <Button icon={<CopyOutlined />} onClick={() => setDuplicating(true)} disabled={!row}>
              {t('duplicateFrom')}
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
                  {configFields.mcevAssetId.label} <Typography.Text strong>{row.mcevAssetId}</Typography.Text>
                </span>
                <span>
                  {configFields.mcevVersion.label} <Typography.Text strong>{row.mcevVersion}</Typography.Text>
                </span>
                <Badge
                  status={row.mcevIsActive === 1 ? 'success' : 'default'}
                  text={optionLabel(CONFIG_EVENT_ACTIVE, row.mcevIsActive === 1 ? 1 : 0)}
                />
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
            titles={[t('availableEvents'), t('selectedEvents')]}
            actions={[t('add'), t('remove')]}
            showSearch
            disabled={busy || !canCreate || !canDelete}
            selectAllLabels={[eventCount, eventCount]}
            locale={{
              itemUnit: t('eventUnit'),
              itemsUnit: t('eventsUnit'),
              searchPlaceholder: t('searchEvents'),
              notFoundContent: t('noEvents'),
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
