import type { BunkerAdjustmentAnswer } from '@fleet/shared/bunker.ts';
import { bunkerAdjustment } from '@fleet/shared/resources/bunker-adjustment.ts';
import { Input, Select } from 'antd';
import { api } from '../../api/client.ts';
import { text, useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { FormModal } from '../../components/resource/FormModal.tsx';
import { resourceIn, useResourceDef } from '../../components/resource/language.ts';
import { bunkerTexts } from './texts.ts';

/**
 * 'Create Bunker Adjustment' / 'Edit Bunker Adjustment' (spec 002 §2.15, §5): type, value, reason and note, each
 * checked as it changes with the definition's messages; a failed save keeps the form open with a toast (spec 002 §8).
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
  const t = useTexts(bunkerTexts);
  // the definition's option labels and hints in the language in force
  const { bklaType, bklaReason } = useResourceDef(bunkerAdjustment).fields;
  const save = async (body: Record<string, unknown>, _mode?: unknown, headers?: Record<string, string>) => {
    try {
      // headers: the version the form opened, so an adjustment changed meanwhile is refused (409)
      if (adjustment)
        await api.put(`/master/${bunkerAdjustment.path}/${adjustment.bklaId}`, body, { silent: true, headers });
      else await api.post(`/master/${bunkerAdjustment.path}`, body, { silent: true });
    } catch {
      toast.error(text(bunkerTexts, 'adjustmentSubmitFailed'));
      return false;
    }
    const { texts } = resourceIn(bunkerAdjustment);
    toast.success((adjustment ? texts.saved : texts.created)!);
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
      labels={{ bklaAmount: t('adjustmentValueLitres'), bklaDesc: t('detailNote') }}
      // what the chosen type does (Reset Value has a hint, Adjust Value none: its value box says it)
      hints={{ bklaType: (type) => bklaType.options?.find((o) => o.value === type)?.hint }}
      renderField={{
        bklaReason: () => (
          <Select
            placeholder={t('selectReason')}
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
