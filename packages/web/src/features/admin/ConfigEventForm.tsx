import { configEvent } from '@fleet/shared/resources/config-event.ts';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { resourcePath } from '../../api/resources.ts';
import { toast } from '../../api/toast.ts';
import type { ConfigEventRow } from './admin-types.ts';
import { FORM_MODAL_PROPS, submitWithFieldErrors } from './admin-ui.ts';

const F = configEvent.fields;

/**
 * Add / edit an event configuration (spec 001 §2, §4). Asset id and version are read-only: a new
 * configuration takes the next version of its asset id and starts inactive; an edit changes only the
 * description, never the active flag.
 */
export function ConfigEventForm({
  open,
  record,
  assetId,
  nextVersion,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null: add mode */
  record: ConfigEventRow | null;
  /** the selected gateway's asset id (add mode) */
  assetId: string;
  nextVersion: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? { mcevAssetId: record.mcevAssetId, mcevVersion: record.mcevVersion, mcevDescription: record.mcevDescription }
        : { mcevAssetId: assetId, mcevVersion: nextVersion, mcevDescription: '' },
    );
  }, [open, record, assetId, nextVersion, form]);

  const submit = async (v: { mcevDescription?: string }) => {
    setSubmitting(true);
    const ok = await submitWithFieldErrors(form, () =>
      record
        ? api.put(resourcePath(configEvent, record.mcevId), { mcevDescription: v.mcevDescription ?? '' })
        : api.post(resourcePath(configEvent), { mcevAssetId: assetId, mcevDescription: v.mcevDescription ?? '' }),
    );
    setSubmitting(false);
    if (ok) {
      toast.success(record ? 'Updated' : 'Success');
      onSaved();
    }
  };

  return (
    <Modal
      {...FORM_MODAL_PROPS}
      open={open}
      title={record ? configEvent.texts.editTitle : configEvent.texts.addTitle}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={submitting}
      cancelButtonProps={{ disabled: submitting }}
    >
      <Form form={form} layout="vertical" onFinish={submit} disabled={submitting} requiredMark={false}>
        <Form.Item name="mcevAssetId" label={F.mcevAssetId.label}>
          <Input readOnly variant="filled" />
        </Form.Item>
        <Form.Item
          name="mcevVersion"
          label={F.mcevVersion.label}
          extra={record ? undefined : 'A new configuration starts inactive.'}
        >
          <InputNumber readOnly variant="filled" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="mcevDescription" label={F.mcevDescription.label}>
          <Input.TextArea rows={4} placeholder="What changes in this version" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
