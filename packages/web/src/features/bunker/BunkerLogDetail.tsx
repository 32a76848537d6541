import type { BunkerAdjustmentAnswer, Discrepancy } from '@fleet/shared/bunker.ts';
import { BUNKER_ADJUSTMENT_REASONS, bunkerAdjustment } from '@fleet/shared/resources/bunker-adjustment.ts';
import { Badge, Button, Card, Descriptions, Empty, Modal, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { type BunkerDetail, TOLERANCE_TEXT } from '../../api/bunker.ts';
import { api } from '../../api/client.ts';
import { text, useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { useCan } from '../../auth/permissions.ts';
import { truncate } from '../../components/bunker-format.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { FigureCard } from '../../components/FigureCard.tsx';
import { discrepancy, formatDateTime, formatKl3, formatPercent, kl, percent } from '../../components/format.ts';
import { optionIn, resourceIn } from '../../components/resource/language.ts';
import { BunkerAdjustmentForm } from './BunkerAdjustmentForm.tsx';
import { bunkerTexts } from './texts.ts';

/** A reason's label in the language in force (called at render). */
const reasonLabel = (v: string) => {
  const reason = BUNKER_ADJUSTMENT_REASONS.find((r) => r.value === v);
  return reason ? optionIn(reason).label : v;
};

function DiscrepancyValue({ d }: { d: Discrepancy }) {
  if (d.amount === null) return <span>N/A</span>;
  const color = d.amount >= 0 ? 'var(--ant-color-info, #1677ff)' : 'var(--ant-color-error, #ff4d4f)';
  return <span style={{ color }}>{discrepancy(d.amount, d.percentage)}</span>;
}

/**
 * The bunkering log detail (spec 002 §2.15): not closable by Esc or a click outside; Bunker Summary and,
 * for readers of master_bunker_adjustment, Adjustment History. Figures from the server (docs/domain.md §24).
 */
export function BunkerLogDetail({
  logId,
  onClose,
  onChanged,
}: {
  logId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useTexts(bunkerTexts);
  const [detail, setDetail] = useState<BunkerDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [tab, setTab] = useState('summary');
  const [note, setNote] = useState<string | null>(null);
  const [editing, setEditing] = useState<BunkerAdjustmentAnswer | null | 'new'>(null);
  const [deleting, setDeleting] = useState<BunkerAdjustmentAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const canReadAdj = useCan('master_bunker_adjustment', 'read');
  const canCreateAdj = useCan('master_bunker_adjustment', 'create');
  const canUpdateAdj = useCan('master_bunker_adjustment', 'update');
  const canDeleteAdj = useCan('master_bunker_adjustment', 'delete');

  const load = useCallback(async () => {
    if (logId === null) return;
    setLoading(true);
    try {
      setDetail(await api.get<BunkerDetail>(`/master/bunker/log/detail/${logId}`, { silent: true }));
    } catch {
      setDetail(null);
      toast.error(text(bunkerTexts, 'detailFailed'));
    } finally {
      setLoading(false);
    }
  }, [logId]);

  useEffect(() => {
    setDetail(null);
    setTab('summary');
    void load();
  }, [load]);

  const log = detail?.log;
  const adjustments = detail
    ? Object.values(detail.adjustments).sort(
        (a, b) => dayjs(b.bklaCreatedTime).valueOf() - dayjs(a.bklaCreatedTime).valueOf() || b.bklaId - a.bklaId,
      )
    : [];
  const latest = adjustments[0];
  const title = log?.bklgMass
    ? `${log.bklgMass.massName} - ${log.bklgMblo?.mbloName ?? 'N/A'} - ${formatDateTime(log.bklgEndDatetime, 'DD/MM/YYYY')}`
    : t('detailTitle');
  const product = log?.bklgMfty?.mftyName ?? '';

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.delete(`/master/bunker/adjustment/${deleting.bklaId}`, { silent: true });
      toast.success(resourceIn(bunkerAdjustment).texts.deleted);
      setDeleting(null);
      await load();
      onChanged();
    } catch {
      toast.error(text(bunkerTexts, 'adjustmentDeleteFailed'));
    } finally {
      setBusy(false);
    }
  };

  const summary = detail && (
    <div className="bunker-summary">
      <div className="bunker-figures">
        <FigureCard label={t('finalBunkerReceived')} testId="final-bunker">
          {kl(detail.finalBunker)}
        </FigureCard>
        <FigureCard label={t('targetBunkerKl')}>{kl(detail.targetBunker)}</FigureCard>
        <FigureCard label={t('totalBunkerFlowmeter', { product })} testId="flowmeter-total">
          {kl(detail.totalBunkerFlowmeter)}
        </FigureCard>
        <FigureCard label={t('totalAdjustment')}>
          <span style={{ color: (detail.totalAdjustment ?? 0) >= 0 ? '#1677ff' : '#ff4d4f' }}>
            {kl(detail.totalAdjustment)}
          </span>
        </FigureCard>
        <FigureCard label={t('totalBunkerSounding')}>{kl(detail.totalBunkerSounding)}</FigureCard>
        <FigureCard label={t('discrepancyTarget')} testId="discrepancy-target">
          <DiscrepancyValue d={detail.discrepancyToTarget} />
        </FigureCard>
        <FigureCard label={t('discrepancySounding')} testId="discrepancy-sounding">
          <DiscrepancyValue d={detail.discrepancyToSounding} />
        </FigureCard>
        <FigureCard label={t('at15')}>
          {kl(detail.standard.totalBunkerFlowmeter15)} / {kl(detail.standard.finalBunker15)}
        </FigureCard>
        <FigureCard label={t('tolerance')} testId="tolerance">
          {detail.tolerance.band ? (
            <Tag color={TOLERANCE_TEXT[detail.tolerance.band].color}>{TOLERANCE_TEXT[detail.tolerance.band].label}</Tag>
          ) : (
            'N/A'
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(detail.tolerance.basis === '15C' ? 'toleranceAt15' : 'toleranceObserved', {
              percent: formatPercent(detail.tolerance.percentage),
              warning: percent(detail.tolerance.warning, [0, 2]),
              protest: percent(detail.tolerance.protest, [0, 2]),
            })}
          </Typography.Text>
        </FigureCard>
      </div>
      {detail.flowmeter.resets > 0 && (
        <Typography.Paragraph type="secondary">
          {t('totaliserResets', { count: detail.flowmeter.resets })}
        </Typography.Paragraph>
      )}
      <Card size="small" title={t('reportNotes')}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
          {log?.bklgNote?.trim() ? log.bklgNote : t('noNotes')}
        </Typography.Paragraph>
      </Card>
      {canReadAdj && latest && (
        <Card size="small" title={t('latestAdjustmentNote', { time: formatDateTime(latest.bklaCreatedTime) })}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
            {latest.bklaDesc}
          </Typography.Paragraph>
        </Card>
      )}
    </div>
  );

  const history = detail && (
    <div>
      {canCreateAdj && (
        <Button type="primary" onClick={() => setEditing('new')} style={{ marginBottom: 12 }}>
          {t('addAdjustment')}
        </Button>
      )}
      <Table<BunkerAdjustmentAnswer>
        rowKey="bklaId"
        size="small"
        pagination={false}
        scroll={{ x: true }}
        dataSource={adjustments}
        locale={{ emptyText: t('noAdjustmentHistory') }}
        columns={[
          { title: t('date'), dataIndex: 'bklaCreatedTime', render: (v) => formatDateTime(v) },
          {
            title: t('type'),
            dataIndex: 'bklaType',
            render: (v) =>
              v === 1 ? <Tag color="warning">{t('resetValue')}</Tag> : <Tag color="blue">{t('adjustValue')}</Tag>,
          },
          { title: t('valueKl'), dataIndex: 'bklaAmount', align: 'right', render: (v) => formatKl3(v) },
          { title: t('reason'), dataIndex: 'bklaReason', render: reasonLabel },
          {
            title: t('note'),
            dataIndex: 'bklaDesc',
            render: (v: string | null) =>
              v ? (
                <Button type="link" size="small" onClick={() => setNote(v)} style={{ padding: 0 }}>
                  {truncate(v, 30)}
                </Button>
              ) : (
                '-'
              ),
          },
          { title: t('user'), dataIndex: 'bklaCreatedUserId', render: (v) => v ?? '-' },
          ...(canUpdateAdj || canDeleteAdj
            ? [
                {
                  title: t('actions'),
                  key: 'actions',
                  render: (_: unknown, a: BunkerAdjustmentAnswer) => (
                    <Space>
                      {canUpdateAdj && (
                        <Button size="small" onClick={() => setEditing(a)}>
                          {t('edit')}
                        </Button>
                      )}
                      {canDeleteAdj && (
                        <Button size="small" danger onClick={() => setDeleting(a)}>
                          {t('delete')}
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );

  return (
    <Modal
      open={logId !== null}
      title={title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      keyboard={false}
      mask={{ closable: false }}
      width={1000}
      destroyOnHidden
    >
      {loading && !detail ? (
        <Spin />
      ) : !detail ? (
        <Empty description={t('noData')} />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} className="bunker-detail-head">
            <Descriptions.Item label={t('vessel')}>{log?.bklgMass?.massName ?? 'N/A'}</Descriptions.Item>
            <Descriptions.Item label={t('location')}>{log?.bklgMblo?.mbloName ?? 'N/A'}</Descriptions.Item>
            <Descriptions.Item label={t('time')}>
              {log ? `${formatDateTime(log.bklgStartDatetime)} - ${formatDateTime(log.bklgEndDatetime)}` : 'N/A'}
            </Descriptions.Item>
            <Descriptions.Item label={t('fuelType')}>{log?.bklgMfty?.mftyName ?? 'N/A'}</Descriptions.Item>
          </Descriptions>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'summary',
                label: (
                  <Space size={6}>
                    {t('bunkerSummary')}
                    {detail.flagReset === 1 && <Tag color="warning">{t('reseted')}</Tag>}
                  </Space>
                ),
                children: summary,
              },
              ...(canReadAdj
                ? [
                    {
                      key: 'history',
                      label: (
                        <Space size={6}>
                          {t('adjustmentHistory')}
                          {adjustments.length > 0 && <Badge count={t('adjusted')} color="blue" />}
                        </Space>
                      ),
                      children: history,
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
      <Modal
        open={note !== null}
        title={t('noteDetail')}
        onCancel={() => setNote(null)}
        footer={<Button onClick={() => setNote(null)}>{t('close')}</Button>}
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{note}</Typography.Paragraph>
      </Modal>
      {logId !== null && (
        <BunkerAdjustmentForm
          open={editing !== null}
          logId={logId}
          adjustment={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            void load();
            onChanged();
          }}
        />
      )}
      <ConfirmModal
        open={deleting !== null}
        title={t('adjustmentDeleteConfirm')}
        confirming={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </Modal>
  );
}
