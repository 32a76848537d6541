import type { BunkerAdjustmentAnswer } from '@fleet/shared/bunker.ts';
import { bunkerAdjustment } from '@fleet/shared/resources/bunker-adjustment.ts';
import { Input, Select } from 'antd';
import { api } from '../../api/client.ts';
import { toast } from '../../api/toast.ts';
import { FormModal } from '../../components/resource/FormModal.tsx';

/** Texts of spec 002 §8 for bunker adjustments (the form's checks take theirs from the definition). */
export const ADJUSTMENT_TEXTS = {
  deleted: bunkerAdjustment.texts.deleted,
  submitFailed: 'Failed to submit adjustment.',
  deleteFailed: 'Failed to delete adjustment.',
  confirmDelete: 'Are you sure you want to delete this adjustment history?',
} as const;

const { bklaType, bklaReason } = bunkerAdjustment.fields;

/**
 * 'Create Bunker Adjustment' / 'Edit Bunker Adjustment' (spec 002 §2.15, §5): type, value, reason and note, each
 * checked as it changes with the definition's messages; a failed save keeps the form open with a toast.
 */
export function BunkerAdjustmentForm({
  open,
  logId,
  adjustment,
  onClose,
  onSaved,
}: {
  open: boolean;
  logId: number;
  adjustment: BunkerAdjustmentAnswer | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const save = async (body: Record<string, unknown>) => {
    try {
      if (adjustment) await api.put(`/master/${bunkerAdjustment.path}/${adjustment.bklaId}`, body, { silent: true });
      else await api.post(`/master/${bunkerAdjustment.path}`, body, { silent: true });
    } catch {
      toast.error(ADJUSTMENT_TEXTS.submitFailed);
      return false;
    }
    toast.success((adjustment ? bunkerAdjustment.texts.saved : bunkerAdjustment.texts.created)!);
    onSaved();
  };

  return (
    <FormModal
      def={bunkerAdjustment}
      open={open}
      mode={adjustment ? 'update' : 'create'}
      row={adjustment}
      fields={['bklaType', 'bklaAmount', 'bklaReason', 'bklaDesc']}
      fixedValues={{ bklaBklgId: logId }}
      labels={{ bklaAmount: 'Adjustment Value (Liters)', bklaDesc: 'Detail Note' }}
      // what Reset Value does, whichever type is chosen
      hints={{ bklaType: bklaType.options?.[0].hint }}
      renderField={{
        bklaReason: () => (
          <Select
            placeholder="Select reason"
            options={bklaReason.options?.map((r) => ({
              value: r.value,
              label: r.hint ? `${r.label} (${r.hint})` : r.label,
            }))}
          />
        ),
        bklaDesc: () => (
          <Input.TextArea rows={4} maxLength={255} showCount={{ formatter: ({ count }) => `${count} / 255` }} />
        ),
      }}
      liveChecks
      enterSubmits={false}
      width={520}
      onSubmit={save}
      onClose={onClose}
    />
  );
}
