import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import { asset } from '@fleet/shared/resources/asset.ts';
import { columnLabel } from '@fleet/shared/resources/define.ts';
import { Empty, Input, Pagination, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ASSET_TEXTS, useAssetList } from '../../api/assets.ts';
import { useTexts } from '../../api/i18n.ts';
import { RESOURCE_TEXTS, useResourceMutation } from '../../api/resources.ts';
import { toast } from '../../api/toast.ts';
import { useCan } from '../../auth/permissions.ts';
import { ButtonGroup } from '../../components/ButtonGroup.tsx';
import { ExportButtons } from '../../components/ExportButtons.tsx';
import { Page } from '../../components/Page.tsx';
import { DeleteConfirm } from '../../components/resource/DeleteConfirm.tsx';
import { resourceExport, resourceFileName } from '../../components/resource/export.ts';
import { useResourceDef } from '../../components/resource/language.ts';
import { routeNames } from '../../routing/route-names.ts';
import { AssetCard } from './AssetCard.tsx';
import { AssetFormModal } from './AssetFormModal.tsx';
import { assetsTexts } from './texts.ts';
import './assets.css';

const PAGE_SIZE = asset.pageSize;
/** what a card shows, as the columns of the list's download (issue 31) */
const CARD_COLUMNS = ['massName', 'massSystemType', 'massMaty.matyName'];
/** Search by name or by type (spec 000 §7: findField/findValue). */
const SEARCH_FIELDS = [
  { value: 'massName', label: 'searchName' },
  { value: 'massMaty.matyName', label: 'searchAssetType' },
] as const;

/**
 * Asset List (spec 000 §2): cards three per row, ten per page; search by name or type; Add / Refresh; the
 * schema-driven add/edit form with the optional image; delete asks 'Delete this item ?' (naming what goes with the
 * asset and that the Audit Trail restores it, as the generic lists do) and goes to page 1.
 */
export default function Asset() {
  const t = useTexts(assetsTexts);
  const view = useResourceDef(asset);
  const navigate = useNavigate();
  const canRead = useCan('master_asset', 'read');
  const [page, setPage] = useState(1);
  const [findField, setFindField] = useState<string>(SEARCH_FIELDS[0].value);
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [editing, setEditing] = useState<{ row: AssetRow | null } | null>(null);
  const [deleting, setDeleting] = useState<AssetRow | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const listParams = { findField, findValue: applied.trim() || undefined, orders: { massName: 'asc' as const } };
  const list = useAssetList({ page, pageSize: PAGE_SIZE, ...listParams }, canRead);
  const mutation = useResourceMutation(asset, { deleted: ASSET_TEXTS.deleted });
  const rows = canRead ? (list.data?.rows ?? []) : [];
  const total = canRead ? (list.data?.total ?? 0) : 0;

  const refresh = async () => {
    setRefreshing(true);
    try {
      const r = await list.refetch();
      if (!r.error) toast.success(RESOURCE_TEXTS.refreshed);
    } finally {
      setRefreshing(false);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await mutation.remove.mutateAsync(deleting.massId);
      setPage(1);
    } catch {
      // the client has shown the server's message
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Page
      title={view.texts.title}
      extra={
        <Space wrap>
          {canRead && (
            <ExportButtons
              disabled={total === 0}
              sheet={() =>
                resourceExport(
                  asset,
                  view,
                  listParams,
                  CARD_COLUMNS,
                  CARD_COLUMNS.map((c) => columnLabel(view, c)),
                )
              }
              fileName={(ext) => resourceFileName(view.texts.title, [applied.trim()], ext)}
            />
          )}
          <ButtonGroup
            permission="master_asset"
            onRefresh={refresh}
            refreshing={refreshing}
            onAdd={() => setEditing({ row: null })}
          />
        </Space>
      }
    >
      <div className="page-card">
        <Space.Compact className="asset-search">
          <Select
            aria-label={t('searchBy')}
            value={findField}
            options={SEARCH_FIELDS.map((f) => ({ value: f.value, label: t(f.label) }))}
            onChange={setFindField}
            style={{ width: 140 }}
          />
          <Input.Search
            aria-label={t('searchAssets')}
            placeholder={t('search')}
            allowClear
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => {
              setApplied(v);
              setPage(1);
            }}
          />
        </Space.Compact>
        <Spin spinning={canRead && (list.isLoading || (list.isFetching && !refreshing))}>
          {rows.length === 0 && !list.isLoading ? (
            <Empty description={canRead ? t('noData') : t('noAccess')} />
          ) : (
            <div className="asset-grid">
              {rows.map((a) => (
                <AssetCard
                  key={a.massId}
                  asset={a}
                  onOpen={() => navigate(routeNames.AssetDetail(a.massId))}
                  onDevices={() => navigate(routeNames.AssetDevice(a.massId))}
                  onEdit={() => setEditing({ row: a })}
                  onDelete={() => setDeleting(a)}
                />
              ))}
            </div>
          )}
        </Spin>
        <div className="asset-pager">
          <Pagination
            current={page}
            pageSize={PAGE_SIZE}
            total={total}
            onChange={setPage}
            showSizeChanger={false}
            showTotal={(n) => t(n === 1 ? 'oneItem' : 'items', { count: n })}
          />
        </div>
      </div>
      <AssetFormModal
        open={editing !== null}
        row={editing?.row ?? null}
        fields={list.data?.fields ?? []}
        onClose={() => setEditing(null)}
        onSaved={() => void mutation.refresh()}
      />
      <DeleteConfirm
        def={asset}
        id={deleting?.massId}
        subject={deleting?.massName}
        confirming={mutation.remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Page>
  );
}
