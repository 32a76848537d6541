import { masterEvent } from '@fleet/shared/resources/master-event.ts';
import { Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { toast } from '../../api/toast.ts';
import type { MasterEventRow } from './admin-types.ts';
import { FORM_MODAL_PROPS, submitWithFieldErrors } from './admin-ui.ts';
import { ThresholdsEditor } from './ThresholdsEditor.tsx';
import { type DeviceBlock, parseThresholds, serializeThresholds, thresholdsProblem } from './thresholds.ts';

const F = masterEvent.fields;

interface Values {
  mevtType: string;
  mevtTriggerDuration: number | null;
  mevtIsPriority: number;
  mevtDescription: string;
  mevtThresholds: DeviceBlock[];
}

/**
 * Add / edit a master event (spec 001 §2, §3): type, trigger duration in seconds, priority (Normal on add),
 * description and the thresholds editor, saved as the mevtThresholds JSON.
 */
export function MasterEventForm({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null: add mode */
  record: MasterEventRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? {
            mevtType: record.mevtType,
            mevtTriggerDuration: record.mevtTriggerDuration,
            mevtIsPriority: record.mevtIsPriority,
            mevtDescription: record.mevtDescription ?? '',
            mevtThresholds: parseThresholds(record.mevtThresholds),
          }
        : {
            mevtType: '',
            mevtTriggerDuration: 0,
            mevtIsPriority: Number(F.mevtIsPriority.default),
            mevtDescription: '',
            mevtThresholds: [],
          },
    );
  }, [open, record, form]);

  const submit = async (v: Values) => {
    setSubmitting(true);
    const body = {
      mevtType: v.mevtType,
      mevtTriggerDuration: v.mevtTriggerDuration,
      mevtIsPriority: v.mevtIsPriority,
      mevtDescription: v.mevtDescription,
      mevtThresholds: serializeThresholds(v.mevtThresholds ?? []),
    };
    const ok = await submitWithFieldErrors(form, () =>
      record ? api.put(`/master/events/${record.mevtId}`, body) : api.post('/master/events', body),
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
      width={760}
      title={record ? masterEvent.texts.editTitle : masterEvent.texts.addTitle}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={submitting}
      cancelButtonProps={{ disabled: submitting }}
    >
      <Form form={form} layout="vertical" onFinish={submit} disabled={submitting} requiredMark={false}>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item name="mevtType" label={F.mevtType.label}>
              <Input placeholder="High Main Engine RPM" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="mevtTriggerDuration" label={F.mevtTriggerDuration.label}>
              <InputNumber min={0} step={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="mevtIsPriority" label={F.mevtIsPriority.label}>
              <Select options={F.mevtIsPriority.options} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="mevtDescription" label={F.mevtDescription.label}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item
          name="mevtThresholds"
          label={F.mevtThresholds.label}
          validateTrigger={[]}
          rules={[
            {
              validator: async (_, blocks: DeviceBlock[] | undefined) => {
                // the JSON is a map: a repeated or blank name would silently drop a row
                const problem = thresholdsProblem(blocks ?? []);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <ThresholdsEditor />
        </Form.Item>
      </Form>
    </Modal>
  );
}
