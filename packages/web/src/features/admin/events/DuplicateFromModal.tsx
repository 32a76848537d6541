import type { AssetEventRow, ConfigEventRow } from '@fleet/shared/answers/resource-rows.ts';
import { assetEvent } from '@fleet/shared/resources/asset-event.ts';
import { configEvent } from '@fleet/shared/resources/config-event.ts';
import { Alert, Empty, List, Modal, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../../api/client.ts';
import { useTexts } from '../../../api/i18n.ts';
import { resourcePath, useResourceList } from '../../../api/resources.ts';
import { toast } from '../../../api/toast.ts';
import { FORM_MODAL_PROPS } from '../admin-ui.ts';
import { PriorityTag } from './PriorityTag.tsx';
import { eventsTexts } from './texts.ts';

/**
 * Duplicate From... (spec 001 §2, §4): pick another configuration, preview its events, copy only the
 * events this configuration does not have yet. Texts of spec 001 §5 and §8 (texts.ts).
 */
export function DuplicateFromModal({
  open,
  target,
  existingEventIds,
  onClose,
  onDone,
}: {
  open: boolean;
  target: ConfigEventRow;
  existingEventIds: number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useTexts(eventsTexts);
  const [sourceId, setSourceId] = useState<number | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => {
    if (open) setSourceId(undefined);
  }, [open]);

  const configs = useResourceList<ConfigEventRow>(
    configEvent,
    { page: 1, pageSize: 1000, orders: { mcevAssetId: 'asc', mcevVersion: 'desc' } },
    open,
    t('loadConfigsFailed'),
  );
  const preview = useResourceList<AssetEventRow>(
    assetEvent,
    { page: 1, pageSize: 1000, finds: { asevMcevId: sourceId } },
    open && sourceId !== undefined,
    t('loadPreviewFailed'),
  );

  const options = useMemo(
    () =>
      configs.rows
        .filter((c) => c.mcevId !== target.mcevId)
        .map((c) => ({
          value: c.mcevId,
          label: t(c.mcevIsActive === 1 ? 'sourceOptionActive' : 'sourceOption', {
            assetId: c.mcevAssetId,
            version: c.mcevVersion,
          }),
        })),
    [configs.rows, target.mcevId, t],
  );
  const existing = new Set(existingEventIds);
  const missing = preview.rows.filter((l) => !existing.has(l.asevMevtId));

  const duplicate = async () => {
    if (sourceId === undefined) return;
    if (preview.rows.length === 0) {
      toast.warning(t('sourceEmpty'));
      return;
    }
    if (missing.length === 0) {
      toast.info(t('allExist'));
      return;
    }
    setSubmitting(true);
    try {
      for (const l of missing) {
        await api.post(
          resourcePath(assetEvent),
          { asevMcevId: target.mcevId, asevMevtId: l.asevMevtId },
          { errorToast: t('duplicateFailed') },
        );
      }
      toast.success(t('duplicated', { count: missing.length }));
      onDone();
    } catch {
      onDone(); // some may have been copied: show what is stored
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      {...FORM_MODAL_PROPS}
      open={open}
      width={620}
      title={t('duplicateFrom')}
      okText={t('duplicate')}
      okButtonProps={{ disabled: sourceId === undefined || preview.loading }}
      confirmLoading={submitting}
      cancelButtonProps={{ disabled: submitting }}
      onOk={duplicate}
      onCancel={onClose}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t('duplicateIntro', { assetId: target.mcevAssetId, version: target.mcevVersion })}
        </Typography.Text>
        <Select
          aria-label={t('sourceConfiguration')}
          placeholder={t('sourceConfiguration')}
          showSearch={{ optionFilterProp: 'label' }}
          loading={configs.loading}
          options={options}
          value={sourceId}
          onChange={setSourceId}
          style={{ width: '100%' }}
        />
        {sourceId !== undefined && (
          <>
            {!preview.loading && preview.rows.length > 0 && (
              <Alert
                type={missing.length ? 'info' : 'warning'}
                showIcon
                title={
                  missing.length
                    ? t('willBeAddedCount', { count: missing.length, total: preview.rows.length })
                    : t('allExist')
                }
              />
            )}
            <List
              size="small"
              bordered
              loading={preview.loading}
              dataSource={preview.rows}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sourceEmpty')} />,
              }}
              style={{ maxHeight: 320, overflow: 'auto' }}
              renderItem={(l) => (
                <List.Item
                  extra={
                    existing.has(l.asevMevtId) ? (
                      <Tag>{t('alreadyIncluded')}</Tag>
                    ) : (
                      <Tag color="green">{t('willBeAdded')}</Tag>
                    )
                  }
                >
                  <Space>
                    <span>{l.asevMevt?.mevtType}</span>
                    <PriorityTag value={l.asevMevt?.mevtIsPriority} />
                  </Space>
                </List.Item>
              )}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
