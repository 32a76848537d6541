import { BUNKER_ADJUSTMENT_REASONS, bunkerAdjustment } from '@fleet/shared/resources/bunker-adjustment.ts';
import { ADJUSTMENT_TYPES } from '@fleet/shared/resources/options.ts';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import type { BunkerAdjustment } from '../../api/bunker.ts';
import { api } from '../../api/client.ts';
import { toast } from '../../api/toast.ts';
import { definitionRule } from '../../components/definition-rule.ts';

/** Texts of spec 002 §5 and §8 for bunker adjustments. */
export const ADJUSTMENT_TEXTS = {
  required: 'Adjustment value is required.',
  zero: 'Adjustment value cannot be zero.',
  reason: 'Adjustment reason is required',
  note: 'Detail note is required.',
  noteMax: 'Note cannot exceed 255 characters.',
  created: 'Adjustment created successfully!',
  updated: 'Adjustment updated successfully!',
  deleted: 'Adjustment deleted successfully!',
  submitFailed: 'Failed to submit adjustment.',
  deleteFailed: 'Failed to delete adjustment.',
  confirmDelete: 'Are you sure you want to delete this adjustment history?',
} as const;

interface Values {
  bklaType: number;
  bklaAmount: number | null;
  bklaReason?: string;
  bklaDesc: string;
}

/** 'Create Bunker Adjustment' / 'Edit Bunker Adjustment' (spec 002 §2.15, §5). */
export function BunkerAdjustmentForm({
  open,
  logId,
  adjustment,
  onClose,
  onSaved,
}: {
  open: boolean;
  logId: number;
  adjustment: BunkerAdjustment | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      adjustment
        ? {
            bklaType: adjustment.bklaType,
            bklaAmount: adjustment.bklaAmount,
            bklaReason: adjustment.bklaReason,
            bklaDesc: adjustment.bklaDesc ?? '',
          }
        : { bklaType: 1, bklaAmount: null, bklaDesc: '' },
    );
  }, [open, adjustment, form]);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      bklaBklgId: logId,
      bklaType: v.bklaType,
      bklaAmount: v.bklaAmount,
      bklaReason: v.bklaReason,
      bklaDesc: v.bklaDesc,
    };
    setSaving(true);
    try {
      if (adjustment) await api.put(`/master/bunker/adjustment/${adjustment.bklaId}`, body, { silent: true });
      else await api.post('/master/bunker/adjustment', body, { silent: true });
      toast.success(adjustment ? ADJUSTMENT_TEXTS.updated : ADJUSTMENT_TEXTS.created);
      onSaved();
      onClose();
    } catch {
      toast.error(ADJUSTMENT_TEXTS.submitFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={adjustment ? 'Edit Bunker Adjustment' : 'Create Bunker Adjustment'}
      onCancel={onClose}
      onOk={submit}
      okText="Save"
      confirmLoading={saving}
      keyboard={false}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="bklaType" label="Type" extra={ADJUSTMENT_TYPES[0].hint}>
          <Select options={ADJUSTMENT_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
        </Form.Item>
        <Form.Item
          name="bklaAmount"
          label="Adjustment Value (Liters)"
          validateFirst // the definition's rule repeats "cannot be zero": one message at a time
          rules={[
            { required: true, message: ADJUSTMENT_TEXTS.required },
            {
              validator: async (_, v) => {
                if (v === 0) throw new Error(ADJUSTMENT_TEXTS.zero);
              },
            },
            definitionRule(bunkerAdjustment, 'bklaAmount'),
          ]}
        >
          <InputNumber style={{ width: '100%' }} placeholder="Use negative value for subtraction" />
        </Form.Item>
        <Form.Item name="bklaReason" label="Reason" rules={[{ required: true, message: ADJUSTMENT_TEXTS.reason }]}>
          <Select
            placeholder="Select reason"
            options={BUNKER_ADJUSTMENT_REASONS.map((r) => ({
              value: r.value,
              label: r.hint ? `${r.label} (${r.hint})` : r.label,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="bklaDesc"
          label="Detail Note"
          rules={[
            { required: true, whitespace: true, message: ADJUSTMENT_TEXTS.note },
            { max: 255, message: ADJUSTMENT_TEXTS.noteMax },
          ]}
        >
          <Input.TextArea rows={4} maxLength={255} showCount={{ formatter: ({ count }) => `${count} / 255` }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
