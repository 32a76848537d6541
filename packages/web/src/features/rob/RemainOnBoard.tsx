import { PlusOutlined } from '@ant-design/icons';
import type { RobRow } from '@fleet/shared/answers/resource-rows.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useAssets } from '../../api/assets.ts';
import { api } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { useCan } from '../../auth/permissions.ts';
import { FilterBar, FilterSelect } from '../../components/FilterBar.tsx';
import { formatDateTime, robLitres } from '../../components/format.ts';
import { Page } from '../../components/Page.tsx';
import './rob.css';
import { ROB_TEXTS } from '../../api/rob.ts';
import { RobDetail } from './RobDetail.tsx';
import { RobProfileForm } from './RobForms.tsx';
import { robTexts } from './texts.ts';
import { useTwoStepConfirm } from './useTwoStepConfirm.ts';

/**
 * Remain On Board (spec 002 §2.16): asset selector (the first asset auto-selected), the asset's ROB profiles,
 * and a profile's detail. Answers are cached per asset and profile, so a late answer for a previous selection
 * never shows under the current one (§4 "stale responses are ignored").
 */
export default function RemainOnBoard() {
  const t = useTexts(robTexts);
  const canCreate = useCan('master_rob_rob', 'create');
  const canUpdate = useCan('master_rob_rob', 'update');
  const canDelete = useCan('master_rob_rob', 'delete');
  const assets = useAssets({ silent: true });
  const [massId, setMassId] = useState<number | null>(null);
  const [detail, setDetail] = useState<RobRow | null>(null);
  const [form, setForm] = useState<{ open: boolean; profile: RobRow | null }>({ open: false, profile: null });
  const confirm = useTwoStepConfirm<number>();
  const qc = useQueryClient();

  useEffect(() => {
    if (massId === null && assets.data?.length) setMassId(assets.data[0].massId);
  }, [assets.data, massId]);

  const profiles = useQuery({
    queryKey: ['rob', 'profiles', massId],
    enabled: massId !== null,
    queryFn: async ({ signal }) =>
      (
        await api.list<RobRow>('/master/rob/rob', {
          signal,
          silent: true,
          query: { finds: { mrobMassId: massId }, max: 1000, orders: { mrobStartTime: 'desc' } },
        })
      ).rows,
  });
  const reload = () => qc.invalidateQueries({ queryKey: ['rob', 'profiles', massId] });
  const remove = async (p: RobRow) => {
    try {
      await api.delete(`/master/rob/rob/${p.mrobId}`, { silent: true });
      await reload();
    } catch (e) {
      console.error('ROB profile delete failed', e);
    }
  };
  const asset = assets.data?.find((a) => a.massId === massId);

  return (
    <Page title={t('title')}>
      <FilterBar>
        <FilterSelect
          id="rob-asset"
          label={t('asset')}
          style={{ width: 280, maxWidth: '100%' }}
          placeholder={t('selectAsset')}
          value={massId ?? undefined}
          loading={assets.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={(assets.data ?? []).map((a) => ({ value: a.massId, label: `${a.massName} (${a.massId})` }))}
          onChange={(v) => {
            setMassId(v);
            setDetail(null);
          }}
        />
      </FilterBar>
      {massId !== null && detail && detail.mrobMassId === massId ? (
        <RobDetail profile={detail} onBack={() => setDetail(null)} />
      ) : (
        massId !== null && (
          <>
            <div className="page-head" style={{ marginBottom: 12 }}>
              <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                {t('profileOf', { asset: asset?.massName ?? '' })}
              </Typography.Title>
              {canCreate && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, profile: null })}>
                  {t('addNew')}
                </Button>
              )}
            </div>
            {profiles.isError ? (
              <Alert type="error" showIcon message={ROB_TEXTS.loadFailed} />
            ) : profiles.isLoading ? (
              <Typography.Paragraph>{t('loading')}</Typography.Paragraph>
            ) : (
              <Table<RobRow>
                rowKey="mrobId"
                size="small"
                dataSource={profiles.data ?? []}
                scroll={{ x: 'max-content' }}
                pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
                locale={{ emptyText: ROB_TEXTS.empty }}
                columns={[
                  { title: t('startTime'), dataIndex: 'mrobStartTime', render: (v) => formatDateTime(v) },
                  { title: t('endTime'), dataIndex: 'mrobEndTime', render: (v) => formatDateTime(v) },
                  {
                    title: t('initialValue'),
                    dataIndex: 'mrobInitialValue',
                    align: 'right',
                    render: (v) => robLitres(v),
                  },
                  { title: t('createdBy'), dataIndex: 'mrobCreatedUserId', render: (v) => v ?? '-' },
                  { title: t('createdAt'), dataIndex: 'mrobCreatedTime', render: (v) => formatDateTime(v) },
                  {
                    title: t('actions'),
                    key: 'actions',
                    render: (_v, p) => (
                      <Space size={4}>
                        <Button
                          size="small"
                          type="primary"
                          ghost
                          aria-label={t('detailProfile', { id: p.mrobId })}
                          onClick={() => setDetail(p)}
                        >
                          {t('detail')}
                        </Button>
                        {canUpdate && (
                          <Button
                            size="small"
                            aria-label={t('editProfile', { id: p.mrobId })}
                            onClick={() => setForm({ open: true, profile: p })}
                          >
                            {t('edit')}
                          </Button>
                        )}
                        {canDelete && (
                          <Button
                            size="small"
                            danger
                            aria-label={t(confirm.isArmed(p.mrobId) ? 'confirmDeleteProfile' : 'deleteProfile', {
                              id: p.mrobId,
                            })}
                            {...confirm.props(p.mrobId, () => void remove(p))}
                          >
                            {confirm.isArmed(p.mrobId) ? ROB_TEXTS.confirm : t('delete')}
                          </Button>
                        )}
                      </Space>
                    ),
                  },
                ]}
              />
            )}
          </>
        )
      )}
      {massId !== null && (
        <RobProfileForm
          open={form.open}
          massId={massId}
          profile={form.profile}
          onClose={() => setForm({ open: false, profile: null })}
          onSaved={() => void reload()}
        />
      )}
    </Page>
  );
}
