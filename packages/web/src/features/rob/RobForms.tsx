import type { RobAdjustmentRow, RobRow } from '@fleet/shared/answers/resource-rows.ts';
import type { FieldMessages } from '@fleet/shared/api.ts';
import { rob } from '@fleet/shared/resources/rob.ts';
import { robAdjustment } from '@fleet/shared/resources/rob-adjustment.ts';
import { Input } from 'antd';
import type dayjs from 'dayjs';
import { api } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { ROB_TEXTS } from '../../api/rob.ts';
import { toUtcText } from '../../components/bunker-format.ts';
import { FormModal, type FormModalProps } from '../../components/resource/FormModal.tsx';
import { fieldProblem } from '../../components/resource/form-checks.ts';
import { messageIn, useResourceDef } from '../../components/resource/language.ts';
import { robTexts } from './texts.ts';

/** A ROB save: PUT (with an id) or POST; a failure is logged and its reason shown above the fields (spec-deviations.md). */
const robSave =
  (path: string, id: number | undefined, onSaved: () => void) =>
  async (body: unknown, _mode?: unknown, headers?: Record<string, string>) => {
    try {
      // headers: the version the form opened (If-Unmodified-Since), so a record changed meanwhile is refused
      if (id !== undefined) await api.put(`/master/${path}/${id}`, body, { silent: true, headers });
      else await api.post(`/master/${path}`, body, { silent: true });
    } catch (e) {
      console.error(`/master/${path}: save failed`, e);
      throw e;
    }
    onSaved();
  };

/** The ROB forms' frame (spec 002 §2.16): times picked to the minute, messages above the fields, 'Saving...'. */
function useRobForm() {
  const t = useTexts(robTexts);
  return {
    dateFormat: 'DD-MM-YYYY HH:mm',
    messagesAbove: true,
    savingText: t('saving'),
    enterSubmits: false,
    width: 520,
  } satisfies Partial<FormModalProps>;
}

const time = (d: dayjs.Dayjs | undefined, seconds: number) => (d ? toUtcText(d, seconds) : undefined);

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
  profile: RobRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const frame = useRobForm();
  return (
    <FormModal
      def={rob}
      {...frame}
      open={open}
      mode={profile ? 'update' : 'create'}
      row={profile}
      fields={['mrobStartTime', 'mrobEndTime', 'mrobInitialValue']}
      validate={(v): FieldMessages | null => {
        if (!v.mrobStartTime || !v.mrobEndTime || !v.mrobInitialValue) return { form: [ROB_TEXTS.allRequired] };
        const outOfRange = fieldProblem(rob, 'mrobInitialValue', v.mrobInitialValue);
        return outOfRange ? { mrobInitialValue: [messageIn(outOfRange)] } : null;
      }}
      transformBody={(_body, _mode, v) => ({
        mrobMassId: massId,
        mrobStartTime: time(v.mrobStartTime, 0),
        mrobEndTime: time(v.mrobEndTime, 59),
        mrobInitialValue: Number(v.mrobInitialValue),
      })}
      onSubmit={robSave(rob.path, profile?.mrobId, onSaved)}
      onClose={onClose}
    />
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
  adjustment: RobAdjustmentRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const frame = useRobForm();
  // the types' hints in the language in force
  const types = useResourceDef(robAdjustment).fields.robaType.options;
  return (
    <FormModal
      def={robAdjustment}
      {...frame}
      open={open}
      mode={adjustment ? 'update' : 'create'}
      row={adjustment}
      fields={['robaType', 'robaTime', 'robaValue', 'robaNote']}
      // Reset Value comes first here (the definition's default for a request without a type is Adjust Value)
      initialValues={{ robaType: 1 }}
      // what the chosen type does, when it says
      hints={{ robaType: (type) => types?.find((t) => t.value === type)?.hint }}
      renderField={{ robaNote: () => <Input.TextArea rows={3} maxLength={255} showCount /> }}
      liveChecks
      transformBody={(_body, _mode, v) => ({
        robaMrobId: profileId,
        robaType: Number(v.robaType),
        robaTime: time(v.robaTime, 0),
        robaValue: Number(v.robaValue),
        robaNote: v.robaNote?.trim() ? v.robaNote : null,
      })}
      onSubmit={robSave(robAdjustment.path, adjustment?.robaId, onSaved)}
      onClose={onClose}
    />
  );
}
