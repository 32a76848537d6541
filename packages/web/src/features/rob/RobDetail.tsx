import { ArrowLeftOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { RobAdjustmentRow, RobRow } from '@fleet/shared/answers/resource-rows.ts';
import type { RobInterval } from '@fleet/shared/bunker.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Descriptions, Empty, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { ENTRY_LABEL, ledgerRows, ROB_TEXTS, type RobSummary } from '../../api/rob.ts';
import { toast } from '../../api/toast.ts';
import { useCan } from '../../auth/permissions.ts';
import { truncate } from '../../components/bunker-format.ts';
import { downloadName, saveCsv } from '../../components/csv.ts';
import { ExportButtons } from '../../components/ExportButtons.tsx';
import { FigureCard } from '../../components/FigureCard.tsx';
import { formatDateTime, ROB_DIGITS, robLitres } from '../../components/format.ts';
import { type SheetColumn, tableSheet } from '../../components/table-sheet.ts';
import { saveXlsx, xlsxNumber } from '../../components/xlsx.ts';
import { belowZeroRowStarts, belowZeroTag, RobBelowZeroAlert } from './RobBelowZero.tsx';
import { RobAdjustmentForm } from './RobForms.tsx';
import { robLedgerSheet } from './rob-ledger-export.ts';
import { sheetTime } from './rob-sheet.ts';
import { robTexts } from './texts.ts';
import { useTwoStepConfirm } from './useTwoStepConfirm.ts';

/** The detail view of a ROB profile (spec 002 §2.16): profile card, summary cards, Summary and Adjustment pills. */
export function RobDetail({ profile, onBack }: { profile: RobRow; onBack: () => void }) {
  const t = useTexts(robTexts);
  const canSummary = useCan('summary_rob', 'read');
  const canAdj = useCan('master_rob_adjustment', 'read');
  const canAdjCreate = useCan('master_rob_adjustment', 'create');
  const canAdjUpdate = useCan('master_rob_adjustment', 'update');
  const canAdjDelete = useCan('master_rob_adjustment', 'delete');
  const [pill, setPill] = useState<'summary' | 'adjustment'>(canSummary ? 'summary' : 'adjustment');
  const [interval, setIntervalChoice] = useState<RobInterval>('daily');
  const [editing, setEditing] = useState<RobAdjustmentRow | null | 'new'>(null);
  const [note, setNote] = useState<string | null>(null);
  const confirm = useTwoStepConfirm<number>();
  const qc = useQueryClient();
  const firstLoad = useRef(true);

  const summary = useQuery({
    queryKey: ['rob', 'summary', profile.mrobId, interval],
    enabled: canSummary,
    queryFn: ({ signal }) =>
      api.get<RobSummary>(`/summary/rob/${profile.mrobId}`, { signal, silent: true, query: { interval } }),
  });
  const adjustments = useQuery({
    queryKey: ['rob', 'adjustments', profile.mrobId],
    enabled: canAdj,
    queryFn: async ({ signal }) =>
      (
        await api.list<RobAdjustmentRow>('/master/rob/adjustment', {
          signal,
          silent: true,
          query: { finds: { robaMrobId: profile.mrobId }, max: 1000, orders: { robaTime: 'desc' } },
        })
      ).rows,
  });
  useEffect(() => {
    if (summary.isError) toast.error(firstLoad.current ? ROB_TEXTS.detailFailed : ROB_TEXTS.refreshFailed);
    if (summary.isSuccess) firstLoad.current = false;
  }, [summary.isError, summary.isSuccess]);
  useEffect(() => {
    if (adjustments.isError) toast.error(ROB_TEXTS.adjustmentsFailed);
  }, [adjustments.isError]);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['rob', 'summary', profile.mrobId] });
    void qc.invalidateQueries({ queryKey: ['rob', 'adjustments', profile.mrobId] });
  };
  const remove = async (a: RobAdjustmentRow) => {
    try {
      await api.delete(`/master/rob/adjustment/${a.robaId}`, { silent: true });
      refresh();
    } catch (e) {
      console.error('ROB adjustment delete failed', e);
    }
  };

  // the adjustments' columns, in the table and in its download (issue 31)
  const adjustmentColumns: (ColumnType<RobAdjustmentRow> & SheetColumn<RobAdjustmentRow>)[] = [
    { title: t('time'), dataIndex: 'robaTime', render: (v) => formatDateTime(v), sheet: (a) => sheetTime(a.robaTime) },
    {
      title: t('type'),
      dataIndex: 'robaType',
      render: (v) => (v === 1 ? t('resetValue') : t('adjustValue')),
      sheet: (a) => (a.robaType === 1 ? t('resetValue') : t('adjustValue')),
    },
    {
      title: t('value'),
      dataIndex: 'robaValue',
      align: 'right',
      render: (v) => robLitres(v),
      sheet: (a) => xlsxNumber(a.robaValue, ROB_DIGITS[1]),
    },
    {
      title: t('note'),
      dataIndex: 'robaNote',
      render: (v: string | null) =>
        v ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setNote(v)}>
            {truncate(v, 20)}
          </Button>
        ) : (
          '-'
        ),
      // the whole note (the table shortens it to 20 characters)
      sheet: (a) => a.robaNote || null,
    },
    {
      title: t('createdBy'),
      dataIndex: 'robaCreatedUserId',
      render: (v) => v ?? '-',
      sheet: (a) => a.robaCreatedUserId ?? null,
    },
    {
      title: t('createdAt'),
      dataIndex: 'robaCreatedTime',
      render: (v) => formatDateTime(v),
      sheet: (a) => sheetTime(a.robaCreatedTime),
    },
  ];

  const rob = summary.data?.summary.rob;
  const count = adjustments.data?.length ?? 0;
  const rows = summary.data ? ledgerRows(summary.data.summary.details) : [];
  // §25.5: the rows after which a period below zero began
  const runStarts = belowZeroRowStarts(rob?.belowZero ?? []);
  const negative = (v: number | null | undefined) => (v ?? 0) < 0;
  // issue 31: the ledger (one answer, every row) as a file named by the vessel, the profile's period and the interval
  const fileName = (ext: 'xlsx' | 'csv') =>
    downloadName(
      [
        profile.mrobMass?.massName ?? `profile-${profile.mrobId}`,
        'rob',
        formatDateTime(profile.mrobStartTime, 'YYYYMMDD'),
        profile.mrobEndTime ? formatDateTime(profile.mrobEndTime, 'YYYYMMDD') : '',
        interval,
      ],
      ext,
    );

  return (
    <div className="rob-detail">
      <Button icon={<ArrowLeftOutlined />} onClick={onBack} style={{ marginBottom: 12 }}>
        {t('back')}
      </Button>
      <Card size="small" title={t('profile')}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 5 }}>
          <Descriptions.Item label={t('startTime')}>{formatDateTime(profile.mrobStartTime)}</Descriptions.Item>
          <Descriptions.Item label={t('endTime')}>{formatDateTime(profile.mrobEndTime)}</Descriptions.Item>
          <Descriptions.Item label={t('initialValue')}>{robLitres(profile.mrobInitialValue)}</Descriptions.Item>
          <Descriptions.Item label={t('createdBy')}>{profile.mrobCreatedUserId ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('createdAt')}>{formatDateTime(profile.mrobCreatedTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      {canSummary && rob && <RobBelowZeroAlert runs={rob.belowZero} />}
      {canSummary &&
        (rob ? (
          <div className="rob-cards">
            <FigureCard label={t('startBalance')} testId="rob-start">
              {robLitres(rob.balances.start)}
            </FigureCard>
            <FigureCard label={t('lastBalance')} testId="rob-last">
              <span className={negative(rob.balances.last) ? 'rob-negative' : undefined}>
                {robLitres(rob.balances.last)}
              </span>
            </FigureCard>
            <FigureCard label={t('consumption')}>{robLitres(rob.consumption.totalVolume)}</FigureCard>
            <FigureCard label={t('totalAdjVol')}>{robLitres(rob.adjustments.totalVolume)}</FigureCard>
            <FigureCard label={t('lastAdjVol')}>{robLitres(rob.adjustments.lastVolume)}</FigureCard>
            <FigureCard label={t('bunkerIn')} testId="rob-bunker-in">
              {rob.bunker.IN ? robLitres(rob.bunker.IN.totalVolume) : '-'}
            </FigureCard>
          </div>
        ) : summary.isLoading ? (
          <Typography.Paragraph>{t('loading')}</Typography.Paragraph>
        ) : (
          <Empty description={ROB_TEXTS.noSummary} />
        ))}
      <Space style={{ margin: '12px 0' }}>
        {canSummary && (
          <Button type={pill === 'summary' ? 'primary' : 'default'} shape="round" onClick={() => setPill('summary')}>
            {t('summary')}
          </Button>
        )}
        {canAdj && (
          <Button
            type={pill === 'adjustment' ? 'primary' : 'default'}
            shape="round"
            onClick={() => setPill('adjustment')}
          >
            <Space size={6}>
              {t('adjustment')}
              {count > 0 && <Badge count={t('adjustedCount', { count })} color="blue" />}
            </Space>
          </Button>
        )}
      </Space>
      {pill === 'summary' && canSummary && (
        <Card
          size="small"
          title={t('detailLog')}
          extra={
            <Space wrap>
              <Button
                size="small"
                icon={<DownloadOutlined />}
                disabled={!rows.length}
                onClick={() => void saveXlsx(robLedgerSheet(rows), 'Data', fileName('xlsx'))}
              >
                {t('downloadXlsx')}
              </Button>
              <Button
                size="small"
                icon={<DownloadOutlined />}
                disabled={!rows.length}
                onClick={() => saveCsv(robLedgerSheet(rows), fileName('csv'))}
              >
                {t('downloadCsv')}
              </Button>
              <Segmented<RobInterval>
                value={interval}
                onChange={setIntervalChoice}
                options={[
                  { value: 'daily', label: t('daily') },
                  { value: 'weekly', label: t('weekly') },
                  { value: 'monthly', label: t('monthly') },
                ]}
              />
            </Space>
          }
        >
          <Table
            rowKey="key"
            size="small"
            className="rob-table"
            rowClassName={(r) => (runStarts.has(r.key) ? 'rob-row-below-zero' : '')}
            loading={summary.isFetching}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
            locale={{ emptyText: ROB_TEXTS.noLogs }}
            columns={[
              {
                title: t('time'),
                dataIndex: 'time',
                render: (time: number, r) => {
                  const start = runStarts.get(r.key);
                  return (
                    <div className="rob-time-cell">
                      {formatDateTime(new Date(time * 1000).toISOString())}
                      {start !== undefined && <Tag color="red">{belowZeroTag(start)}</Tag>}
                    </div>
                  );
                },
              },
              {
                title: t('type'),
                dataIndex: 'type',
                render: (type: keyof typeof ENTRY_LABEL) => (
                  <Tag color={type === 'fuelcons' ? 'default' : type === 'bunker' ? 'green' : 'blue'}>
                    {ENTRY_LABEL[type]}
                  </Tag>
                ),
              },
              {
                title: t('note'),
                key: 'note',
                render: (_v, r) => <span title={r.entry.note}>{truncate(r.entry.note, 50)}</span>,
              },
              {
                title: t('addition'),
                key: 'add',
                align: 'right',
                render: (_v, r) => ((r.entry.inventoryChange ?? 0) > 0 ? robLitres(r.entry.inventoryChange) : '-'),
              },
              {
                title: t('reduction'),
                key: 'reduce',
                align: 'right',
                render: (_v, r) =>
                  (r.entry.inventoryChange ?? 0) < 0 ? robLitres(-(r.entry.inventoryChange ?? 0)) : '-',
              },
              {
                title: t('robBalance'),
                key: 'balance',
                align: 'right',
                render: (_v, r) => (
                  <span className={negative(r.entry.endInventory) ? 'rob-negative' : undefined}>
                    {robLitres(r.entry.endInventory)}
                  </span>
                ),
              },
            ]}
          />
        </Card>
      )}
      {pill === 'adjustment' && canAdj && (
        <Card
          size="small"
          title={t('adjustment')}
          extra={
            canAdjCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {t('addAdjustment')}
              </Button>
            )
          }
        >
          {/* the downloads above the table, not in the card's head: on a phone they would hide its title */}
          <div className="rob-card-tools">
            <ExportButtons
              size="small"
              disabled={!adjustments.data?.length}
              sheet={() => tableSheet(adjustmentColumns, adjustments.data ?? [])}
              fileName={(ext) =>
                downloadName(
                  [
                    profile.mrobMass?.massName ?? `profile-${profile.mrobId}`,
                    'rob',
                    formatDateTime(profile.mrobStartTime, 'YYYYMMDD'),
                    profile.mrobEndTime ? formatDateTime(profile.mrobEndTime, 'YYYYMMDD') : '',
                    t('adjustment'),
                  ],
                  ext,
                )
              }
            />
          </div>
          <Table<RobAdjustmentRow>
            rowKey="robaId"
            size="small"
            loading={adjustments.isFetching}
            dataSource={adjustments.data ?? []}
            scroll={{ x: 'max-content' }}
            pagination={false}
            locale={{ emptyText: ROB_TEXTS.noAdjustments }}
            columns={[
              ...adjustmentColumns,
              {
                title: t('actions'),
                key: 'actions',
                render: (_v, a) => (
                  <Space size={4}>
                    {canAdjUpdate && (
                      <Button
                        size="small"
                        aria-label={t('editAdjustment', { id: a.robaId })}
                        onClick={() => setEditing(a)}
                      >
                        {t('edit')}
                      </Button>
                    )}
                    {canAdjDelete && (
                      <Button
                        size="small"
                        danger
                        aria-label={t(confirm.isArmed(a.robaId) ? 'confirmDeleteAdjustment' : 'deleteAdjustment', {
                          id: a.robaId,
                        })}
                        {...confirm.props(a.robaId, () => void remove(a))}
                      >
                        {confirm.isArmed(a.robaId) ? ROB_TEXTS.confirm : t('delete')}
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      )}
      <RobAdjustmentForm
        open={editing !== null}
        profileId={profile.mrobId}
        adjustment={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <NoteModal note={note} onClose={() => setNote(null)} />
    </div>
  );
}

/** 'Note Detail' keeps the note's line breaks (spec 002 §2.16). */
function NoteModal({ note, onClose }: { note: string | null; onClose: () => void }) {
  const t = useTexts(robTexts);
  return (
    <Modal
      open={note !== null}
      title={t('noteDetail')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{note}</Typography.Paragraph>
    </Modal>
  );
}
