import { bunkerLog } from '@fleet/shared/resources/bunker-log.ts';
import { DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import type { AssetOption, BunkerLogRow } from '../../api/bunker.ts';
import { api } from '../../api/client.ts';
import { DROPDOWN_MAX } from '../../api/resources.ts';
import { toast } from '../../api/toast.ts';
import { toUtcText } from '../../components/bunker-format.ts';
import { definitionRule } from '../../components/definition-rule.ts';

/** The form's messages (spec 002 §5), the same the server answers. */
export const BUNKER_FORM_TEXTS = {
  same: 'Start and end time must not be the same.',
  before: 'End time must not be before start time.',
  target: 'Target bunker must be filled.',
  asset: 'Asset must be selected.',
  fuelType: 'Fuel type must be selected.',
  location: 'Location must be filled.',
  type: 'Type must be selected.',
  fix: 'Please fix the errors in the form.',
  dropdowns: 'Failed to load form data',
  updateFailed: 'Gagal memperbarui data',
  createFailed: 'Failed to save data',
  exception: 'An error occurred while submitting the form',
  updated: 'Log updated successfully',
  created: 'Log created successfully',
} as const;

interface Option {
  value: number;
  label: string;
}

interface Values {
  bklgMassId?: number;
  bklgMbloId?: number;
  bklgMftyId?: number;
  bklgStart?: dayjs.Dayjs;
  bklgEnd?: dayjs.Dayjs;
  bklgTargetBunker?: number | null;
  bklgType?: 'IN' | 'OUT';
  bklgStartSounding?: number | null;
  bklgEndSounding?: number | null;
  bklgNote?: string;
}

/**
 * Add/edit a bunkering log (spec 002 §2.15, §3.5): New mode without bklgId, Edit mode with it. Defaults:
 * type IN, the fuel type containing HSD, start now, end one hour later, soundings 0 (§9). The form closes
 * after every submit (§4); the outcome is a toast (§8).
 */
export function BunkerLogForm({
  open,
  log,
  assets,
  onClose,
  onSaved,
}: {
  open: boolean;
  log: BunkerLogRow | null;
  assets: AssetOption[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [fuelTypes, setFuelTypes] = useState<Option[]>([]);
  const [locations, setLocations] = useState<Option[]>([]);
  const [saving, setSaving] = useState(false);
  const editing = !!log?.bklgId;

  useEffect(() => {
    if (!open) return;
    let live = true;
    Promise.all([
      api.list<any>('/master/fuel_type', { silent: true, query: { max: DROPDOWN_MAX } }),
      api.list<any>('/master/bunker_location', { silent: true, query: { max: DROPDOWN_MAX } }),
    ])
      .then(([f, l]) => {
        if (!live) return;
        const ft = f.rows.map((r) => ({ value: Number(r.mftyId), label: String(r.mftyName) }));
        setFuelTypes(ft);
        setLocations(l.rows.map((r) => ({ value: Number(r.mbloId), label: String(r.mbloName) })));
        if (!log && form.getFieldValue('bklgMftyId') === undefined) {
          const hsd = ft.find((x) => x.label.toUpperCase().includes('HSD'));
          if (hsd) form.setFieldValue('bklgMftyId', hsd.value);
        }
      })
      .catch(() => toast.error(BUNKER_FORM_TEXTS.dropdowns));
    return () => {
      live = false;
    };
  }, [open, log, form]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (log)
      form.setFieldsValue({
        bklgMassId: log.bklgMassId,
        bklgMbloId: log.bklgMbloId ?? undefined,
        bklgMftyId: log.bklgMftyId ?? undefined,
        bklgStart: dayjs(log.bklgStartDatetime),
        bklgEnd: dayjs(log.bklgEndDatetime),
        bklgTargetBunker: log.bklgTargetBunker,
        bklgType: log.bklgType,
        bklgStartSounding: log.bklgStartSounding,
        bklgEndSounding: log.bklgEndSounding,
        bklgNote: log.bklgNote ?? '',
      });
    else {
      const start = dayjs().second(0);
      form.setFieldsValue({
        bklgStart: start,
        bklgEnd: start.add(1, 'hour'),
        bklgType: 'IN',
        bklgStartSounding: 0,
        bklgEndSounding: 0,
      });
    }
  }, [open, log, form]);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      toast.error(BUNKER_FORM_TEXTS.fix);
      return;
    }
    const body = {
      bklgMassId: v.bklgMassId,
      bklgMbloId: v.bklgMbloId,
      bklgMftyId: v.bklgMftyId,
      bklgStartDatetime: toUtcText(v.bklgStart as dayjs.Dayjs),
      bklgEndDatetime: toUtcText(v.bklgEnd as dayjs.Dayjs),
      bklgTargetBunker: v.bklgTargetBunker,
      bklgType: v.bklgType,
      bklgStartSounding: v.bklgStartSounding ?? null,
      bklgEndSounding: v.bklgEndSounding ?? null,
      bklgNote: v.bklgNote?.trim() ? v.bklgNote : null,
    };
    setSaving(true);
    try {
      if (editing) await api.put(`/master/${bunkerLog.path}/${log?.bklgId}`, body, { silent: true });
      else await api.post(`/master/${bunkerLog.path}`, body, { silent: true });
      toast.success(editing ? BUNKER_FORM_TEXTS.updated : BUNKER_FORM_TEXTS.created);
      onSaved();
    } catch (e) {
      const server = (e as { kind?: string })?.kind === 'server';
      toast.error(
        server
          ? editing
            ? BUNKER_FORM_TEXTS.updateFailed
            : BUNKER_FORM_TEXTS.createFailed
          : BUNKER_FORM_TEXTS.exception,
      );
    } finally {
      setSaving(false);
      onClose();
    }
  };

  const endRule = {
    validator: async (_: unknown, end: dayjs.Dayjs | undefined) => {
      const start = form.getFieldValue('bklgStart') as dayjs.Dayjs | undefined;
      if (!start || !end) return;
      const a = start.second(0).millisecond(0).valueOf();
      const b = end.second(0).millisecond(0).valueOf();
      if (a === b) throw new Error(BUNKER_FORM_TEXTS.same);
      if (b < a) throw new Error(BUNKER_FORM_TEXTS.before);
    },
  };

  return (
    <Modal
      open={open}
      title={editing ? 'Edit Bunkering Log' : 'New Bunkering Log'}
      onCancel={onClose}
      onOk={submit}
      okText="Save"
      confirmLoading={saving}
      keyboard={false}
      mask={{ closable: false }}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" requiredMark className="bunker-form">
        <div className="bunker-form-grid">
          <Form.Item name="bklgMassId" label="Vessel" rules={[{ required: true, message: BUNKER_FORM_TEXTS.asset }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Select vessel"
              options={assets.map((a) => ({ value: a.massId, label: a.massName }))}
            />
          </Form.Item>
          <Form.Item
            name="bklgMbloId"
            label="Location"
            rules={[{ required: true, message: BUNKER_FORM_TEXTS.location }]}
          >
            <Select showSearch={{ optionFilterProp: 'label' }} placeholder="Select location" options={locations} />
          </Form.Item>
          <Form.Item
            name="bklgMftyId"
            label="Fuel Type"
            rules={[{ required: true, message: BUNKER_FORM_TEXTS.fuelType }]}
          >
            <Select placeholder="Select fuel type" options={fuelTypes} />
          </Form.Item>
          <Form.Item name="bklgType" label="Type" rules={[{ required: true, message: BUNKER_FORM_TEXTS.type }]}>
            <Select
              options={[
                { value: 'IN', label: 'IN' },
                { value: 'OUT', label: 'OUT' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="bklgStart"
            label="Start Time"
            rules={[{ required: true, message: 'Start time must be filled.' }]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="DD-MM-YYYY HH:mm"
              style={{ width: '100%' }}
              onChange={() => form.validateFields(['bklgEnd']).catch(() => undefined)}
            />
          </Form.Item>
          <Form.Item
            name="bklgEnd"
            label="End Time"
            rules={[{ required: true, message: 'End time must be filled.' }, endRule]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="DD-MM-YYYY HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="bklgTargetBunker"
            label="Target Bunker (L)"
            validateFirst // the definition's rule repeats "greater than 0": one message at a time
            rules={[
              { required: true, message: BUNKER_FORM_TEXTS.target },
              { type: 'number', min: 0.000001, message: 'Target bunker must be greater than 0.' },
              definitionRule(bunkerLog, 'bklgTargetBunker'),
            ]}
          >
            <InputNumber style={{ width: '100%' }} min={0} />
          </Form.Item>
          <span />
          <Form.Item
            name="bklgStartSounding"
            label="Start Sounding (L)"
            rules={[definitionRule(bunkerLog, 'bklgStartSounding')]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="bklgEndSounding"
            label="End Sounding (L)"
            rules={[definitionRule(bunkerLog, 'bklgEndSounding')]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item name="bklgNote" label="Note">
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
