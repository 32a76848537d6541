import type { AssetEventRow, ConfigEventRow } from '@fleet/shared/answers/resource-rows.ts';
import { assetEvent } from '@fleet/shared/resources/asset-event.ts';
import { configEvent } from '@fleet/shared/resources/config-event.ts';
import { Alert, Empty, List, Modal, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../../api/client.ts';
import { resourcePath, useResourceList } from '../../../api/resources.ts';
import { toast } from '../../../api/toast.ts';
import { FORM_MODAL_PROPS } from '../admin-ui.ts';
import { PriorityTag } from './PriorityTag.tsx';

/** Texts of spec 001 §5 and §8. */
export const DUPLICATE_TEXTS = {
  sourceEmpty: 'Source configuration has no events to duplicate.',
  allExist: 'All events from the source already exist in this configuration.',
  done: (n: number) => `${n} event(s) have been duplicated successfully.`,
  failed: 'An error occurred during duplication.',
  loadConfigs: 'Failed to load other configurations.',
  loadPreview: 'Could not load preview.',
};

/**
 * Duplicate From... (spec 001 §2, §4): pick another configuration, preview its events, copy only the
 * events this configuration does not have yet.
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
  const [sourceId, setSourceId] = useState<number | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => {
    if (open) setSourceId(undefined);
  }, [open]);

  const configs = useResourceList<ConfigEventRow>(
    configEvent,
    { page: 1, pageSize: 1000, orders: { mcevAssetId: 'asc', mcevVersion: 'desc' } },
    open,
    DUPLICATE_TEXTS.loadConfigs,
  );
  const preview = useResourceList<AssetEventRow>(
    assetEvent,
    { page: 1, pageSize: 1000, finds: { asevMcevId: sourceId } },
    open && sourceId !== undefined,
    DUPLICATE_TEXTS.loadPreview,
  );

  const options = useMemo(
    () =>
      configs.rows
        .filter((c) => c.mcevId !== target.mcevId)
        .map((c) => ({
          value: c.mcevId,
          label: `${c.mcevAssetId} — Version ${c.mcevVersion}${c.mcevIsActive === 1 ? ' (active)' : ''}`,
        })),
    [configs.rows, target.mcevId],
  );
  const existing = new Set(existingEventIds);
  const missing = preview.rows.filter((l) => !existing.has(l.asevMevtId));

  const duplicate = async () => {
    if (sourceId === undefined) return;
    if (preview.rows.length === 0) {
      toast.warning(DUPLICATE_TEXTS.sourceEmpty);
      return;
    }
    if (missing.length === 0) {
      toast.info(DUPLICATE_TEXTS.allExist);
      return;
    }
    setSubmitting(true);
    try {
      for (const l of missing) {
        await api.post(
          resourcePath(assetEvent),
          { asevMcevId: target.mcevId, asevMevtId: l.asevMevtId },
          { errorToast: DUPLICATE_TEXTS.failed },
        );
      }
      toast.success(DUPLICATE_TEXTS.done(missing.length));
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
      title="Duplicate From..."
      okText="Duplicate"
      okButtonProps={{ disabled: sourceId === undefined || preview.loading }}
      confirmLoading={submitting}
      cancelButtonProps={{ disabled: submitting }}
      onOk={duplicate}
      onCancel={onClose}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          Copies the events of another configuration into {target.mcevAssetId} version {target.mcevVersion}. Events
          already in this configuration are left as they are.
        </Typography.Text>
        <Select
          aria-label="Source configuration"
          placeholder="Source configuration"
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
                    ? `${missing.length} of ${preview.rows.length} event(s) will be added.`
                    : DUPLICATE_TEXTS.allExist
                }
              />
            )}
            <List
              size="small"
              bordered
              loading={preview.loading}
              dataSource={preview.rows}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={DUPLICATE_TEXTS.sourceEmpty} />,
              }}
              style={{ maxHeight: 320, overflow: 'auto' }}
              renderItem={(l) => (
                <List.Item
                  extra={
                    existing.has(l.asevMevtId) ? <Tag>Already included</Tag> : <Tag color="green">Will be added</Tag>
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
