import { ADJUSTMENT_TYPES } from '@fleet/shared/resources/options.ts';
import { rob } from '@fleet/shared/resources/rob.ts';
import { robAdjustment } from '@fleet/shared/resources/rob-adjustment.ts';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { ROB_TEXTS, type RobAdjustment, type RobProfile } from '../../api/rob.ts';
import { toUtcText } from '../../components/bunker-format.ts';
import { definitionRule, fieldProblem } from '../../components/definition-rule.ts';

/** Cancel and Save ('Saving...' while busy), spec 002 §2.16. */
const saveFooter = (onClose: () => void, save: () => void, saving: boolean) => [
  <Button key="cancel" onClick={onClose} disabled={saving}>
    Cancel
  </Button>,
  <Button key="save" type="primary" onClick={save} disabled={saving}>
    {saving ? 'Saving...' : 'Save'}
  </Button>,
];

const failure = (e: unknown) => {
  const fields = (e as { fieldMessages?: Record<string, string[]> | null }).fieldMessages;
  return fields ? Object.values(fields).flat().join(' ') : (e as Error).message;
};

/** PUT (with an id) or POST of a ROB row; a failure is logged and its reason kept for the modal (spec-deviations.md). */
function useRobSave(onSaved: () => void, onClose: () => void) {
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (path: string, id: number | undefined, body: unknown) => {
    setSaving(true);
    try {
      if (id !== undefined) await api.put(`${path}/${id}`, body, { silent: true });
      else await api.post(path, body, { silent: true });
      onSaved();
      onClose();
    } catch (e) {
      console.error(`${path}: save failed`, e);
      setProblem(failure(e));
    } finally {
      setSaving(false);
    }
  };
  return { saving, problem, setProblem, save };
}

/** The ROB modals' frame: not closable by Esc or a click outside, the failure reason above the fields. */
function RobModal(props: {
  open: boolean;
  title: string;
  saving: boolean;
  problem: string | null;
  onClose: () => void;
  onSave: () => void;
  children: React.ReactNode;
}) {
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      keyboard={false}
      mask={{ closable: false }}
      destroyOnHidden
      footer={saveFooter(props.onClose, props.onSave, props.saving)}
    >
      {props.problem && <Alert type="error" showIcon message={props.problem} style={{ marginBottom: 12 }} />}
      {props.children}
    </Modal>
  );
}

/**
 * 'Create New ROB Profile' / 'Edit ROB Profile' (spec 002 §2.16, §5): all three fields required (an initial value
 * of 0 counts as missing); start sent with seconds 0, end with seconds 59, as UTC text.
 */
export function RobProfileForm({
  open,
  massId,
  profile,
  onClose,
  onSaved,
}: {
  open: boolean;
  massId: number;
  profile: RobProfile | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [start, setStart] = useState<dayjs.Dayjs | null>(null);
  const [end, setEnd] = useState<dayjs.Dayjs | null>(null);
  const [initial, setInitial] = useState<number | null>(null);
  const { saving, problem, setProblem, save: send } = useRobSave(onSaved, onClose);
  useEffect(() => {
    if (!open) return;
    setProblem(null);
    setStart(profile ? dayjs(profile.mrobStartTime) : null);
    setEnd(profile ? dayjs(profile.mrobEndTime) : null);
    setInitial(profile ? profile.mrobInitialValue : null);
  }, [open, profile, setProblem]);

  const save = async () => {
    if (!start || !end || !initial) {
      setProblem(ROB_TEXTS.allRequired);
      return;
    }
    const outOfRange = fieldProblem(rob, 'mrobInitialValue', initial);
    if (outOfRange) {
      setProblem(outOfRange);
      return;
    }
    const body = {
      mrobMassId: massId,
      mrobStartTime: toUtcText(start, 0),
      mrobEndTime: toUtcText(end, 59),
      mrobInitialValue: Number(initial),
    };
    await send('/master/rob/rob', profile?.mrobId, body);
  };

  return (
    <RobModal
      open={open}
      title={profile ? 'Edit ROB Profile' : 'Create New ROB Profile'}
      saving={saving}
      problem={problem}
      onClose={onClose}
      onSave={save}
    >
      <Form layout="vertical">
        <Form.Item label="Start Date & Time" required htmlFor="rob-start">
          <DatePicker
            id="rob-start"
            showTime={{ format: 'HH:mm' }}
            format="DD-MM-YYYY HH:mm"
            value={start}
            onChange={setStart}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item label="End Date & Time" required htmlFor="rob-end">
          <DatePicker
            id="rob-end"
            showTime={{ format: 'HH:mm' }}
            format="DD-MM-YYYY HH:mm"
            value={end}
            onChange={setEnd}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item label="Initial Supply in Liters" required htmlFor="rob-initial">
          <InputNumber id="rob-initial" value={initial} onChange={(v) => setInitial(v)} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </RobModal>
  );
}

/** 'Add New Adjustment' / 'Edit Adjustment' (spec 002 §2.16, §5): time sent with seconds 0 as UTC text. */
export function RobAdjustmentForm({
  open,
  profileId,
  adjustment,
  onClose,
  onSaved,
}: {
  open: boolean;
  profileId: number;
  adjustment: RobAdjustment | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<{ robaType: number; robaTime: dayjs.Dayjs; robaValue: number; robaNote: string }>();
  const { saving, problem, setProblem, save: send } = useRobSave(onSaved, onClose);
  const type = Form.useWatch('robaType', form);
  useEffect(() => {
    if (!open) return;
    setProblem(null);
    form.resetFields();
    form.setFieldsValue(
      adjustment
        ? {
            robaType: adjustment.robaType,
            robaTime: dayjs(adjustment.robaTime),
            robaValue: adjustment.robaValue,
            robaNote: adjustment.robaNote ?? '',
          }
        : { robaType: 1, robaNote: '' },
    );
  }, [open, adjustment, form, setProblem]);

  const save = async () => {
    let v: { robaType: number; robaTime: dayjs.Dayjs; robaValue: number; robaNote: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      robaMrobId: profileId,
      robaType: Number(v.robaType),
      robaTime: toUtcText(v.robaTime, 0),
      robaValue: Number(v.robaValue),
      robaNote: v.robaNote?.trim() ? v.robaNote : null,
    };
    await send('/master/rob/adjustment', adjustment?.robaId, body);
  };

  return (
    <RobModal
      open={open}
      title={adjustment ? 'Edit Adjustment' : 'Add New Adjustment'}
      saving={saving}
      problem={problem}
      onClose={onClose}
      onSave={save}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="robaType"
          label="Type"
          rules={[{ required: true }]}
          extra={type === 1 ? ADJUSTMENT_TYPES[0].hint : undefined}
        >
          <Select options={ADJUSTMENT_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
        </Form.Item>
        <Form.Item name="robaTime" label="Time" rules={[{ required: true, message: 'Time is required' }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="DD-MM-YYYY HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="robaValue"
          label="Value"
          extra="Use negative number (-) for subtraction."
          rules={[{ required: true, message: 'Value is required' }, definitionRule(robAdjustment, 'robaValue')]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="robaNote" label="Note" rules={[{ max: 255, message: 'Note cannot exceed 255 characters.' }]}>
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </RobModal>
  );
}
