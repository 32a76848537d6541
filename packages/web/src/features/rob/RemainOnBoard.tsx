import { PlusOutlined } from '@ant-design/icons';
import type { RobRow } from '@fleet/shared/answers/resource-rows.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Table, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useEffect, useState } from 'react';
import { useAssets } from '../../api/assets.ts';
import { api } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { now } from '../../api/zone.ts';
import { useCan } from '../../auth/permissions.ts';
import { downloadName } from '../../components/csv.ts';
import { ExportButtons } from '../../components/ExportButtons.tsx';
import { FilterBar, FilterSelect } from '../../components/FilterBar.tsx';
import { formatDateTime, ROB_DIGITS, robLitres } from '../../components/format.ts';
import { Page } from '../../components/Page.tsx';
import { type SheetColumn, tableSheet } from '../../components/table-sheet.ts';
import { xlsxNumber } from '../../components/xlsx.ts';
import './rob.css';
import { ROB_TEXTS } from '../../api/rob.ts';
import { RobDetail } from './RobDetail.tsx';
import { RobProfileForm } from './RobForms.tsx';
import { sheetTime } from './rob-sheet.ts';
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
  // the profiles' columns, in the table and in its download (issue 31)
  const profileColumns: (ColumnType<RobRow> & SheetColumn<RobRow>)[] = [
    {
      title: t('startTime'),
      dataIndex: 'mrobStartTime',
      render: (v) => formatDateTime(v),
      sheet: (p) => sheetTime(p.mrobStartTime),
    },
    {
      title: t('endTime'),
      dataIndex: 'mrobEndTime',
      render: (v) => formatDateTime(v),
      sheet: (p) => sheetTime(p.mrobEndTime),
    },
    {
      title: t('initialValue'),
      dataIndex: 'mrobInitialValue',
      align: 'right',
      render: (v) => robLitres(v),
      sheet: (p) => xlsxNumber(p.mrobInitialValue, ROB_DIGITS[1]),
    },
    {
      title: t('createdBy'),
      dataIndex: 'mrobCreatedUserId',
      render: (v) => v ?? '-',
      sheet: (p) => p.mrobCreatedUserId ?? null,
    },
    {
      title: t('createdAt'),
      dataIndex: 'mrobCreatedTime',
      render: (v) => formatDateTime(v),
      sheet: (p) => sheetTime(p.mrobCreatedTime),
    },
  ];

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
              <Space wrap>
                <ExportButtons
                  disabled={!profiles.data?.length}
                  sheet={() => tableSheet(profileColumns, profiles.data ?? [])}
                  fileName={(ext) =>
                    downloadName([asset?.massName ?? `asset-${massId}`, t('title'), now().format('YYYYMMDD')], ext)
                  }
                />
                {canCreate && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, profile: null })}>
                    {t('addNew')}
                  </Button>
                )}
              </Space>
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
                  ...profileColumns,
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
