import type { BunkerLogRow } from '@fleet/shared/answers/resource-rows.ts';
import { bunkerLog } from '@fleet/shared/resources/bunker-log.ts';
import { Form, Input, Select } from 'antd';
import type dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import type { AssetOption } from '../../api/bunker.ts';
import { api } from '../../api/client.ts';
import { text, useTexts } from '../../api/i18n.ts';
import { DROPDOWN_MAX } from '../../api/resources.ts';
import { toast } from '../../api/toast.ts';
import { toPicker } from '../../api/zone.ts';
import { toUtcText } from '../../components/bunker-format.ts';
import { NumberInput } from '../../components/number-input/NumberInput.tsx';
import { FormModal } from '../../components/resource/FormModal.tsx';
import { resourceIn } from '../../components/resource/language.ts';
import { bunkerTexts } from './texts.ts';

interface Option {
  value: number;
  label: string;
}

/** The fields in the form's order (two columns: Type beside Fuel Type, the times side by side). */
const FIELDS = [
  'bklgMassId',
  'bklgMbloId',
  'bklgMftyId',
  'bklgType',
  'bklgStartDatetime',
  'bklgEndDatetime',
  'bklgTargetBunker',
  'bklgStartSounding',
  'bklgEndSounding',
  'bklgNote',
];

/** The form's values: times as dayjs, blank inputs undefined or null. */
interface LogFormValues {
  bklgMassId?: number;
  bklgMbloId?: number;
  bklgMftyId?: number;
  bklgStartDatetime?: dayjs.Dayjs;
  bklgEndDatetime?: dayjs.Dayjs;
  bklgTargetBunker?: number | null;
  bklgType?: string;
  bklgStartSounding?: number | null;
  bklgEndSounding?: number | null;
  bklgNote?: string | null;
}

/** The body the server takes: times as UTC text to the minute, every field sent (blank ones as null). */
function toLogBody(v: LogFormValues) {
  const time = (d: dayjs.Dayjs | undefined) => (d ? toUtcText(d) : undefined);
  return {
    bklgMassId: v.bklgMassId,
    bklgMbloId: v.bklgMbloId,
    bklgMftyId: v.bklgMftyId,
    bklgStartDatetime: time(v.bklgStartDatetime),
    bklgEndDatetime: time(v.bklgEndDatetime),
    bklgTargetBunker: v.bklgTargetBunker,
    bklgType: v.bklgType,
    bklgStartSounding: v.bklgStartSounding ?? null,
    bklgEndSounding: v.bklgEndSounding ?? null,
    bklgNote: v.bklgNote?.trim() ? v.bklgNote : null,
  };
}

/**
 * Add/edit a bunkering log (spec 002 §2.15, §3.5): New mode without a log, Edit mode with it. Defaults:
 * type IN, the fuel type containing HSD, start now, end one hour later, soundings 0 (§9). The form closes
 * after every submit (§4); the outcome is a toast (§8). The form's own texts are in `bunkerTexts` (spec 002 §5, §8);
 * its checks take their messages from the definition, the same the server answers.
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
  const t = useTexts(bunkerTexts);
  const [form] = Form.useForm();
  const [fuelTypes, setFuelTypes] = useState<Option[]>([]);
  const [locations, setLocations] = useState<Option[]>([]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    Promise.all([
      api.list<{ mftyId: number; mftyName: string }>('/master/fuel_type', {
        silent: true,
        query: { max: DROPDOWN_MAX },
      }),
      api.list<{ mbloId: number; mbloName: string }>('/master/bunker_location', {
        silent: true,
        query: { max: DROPDOWN_MAX },
      }),
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
      .catch(() => toast.error(text(bunkerTexts, 'dropdownsFailed')));
    return () => {
      live = false;
    };
  }, [open, log, form]);

  const start = toPicker(Date.now()).second(0);

  const save = async (body: Record<string, unknown>, _mode?: unknown, headers?: Record<string, string>) => {
    try {
      // headers: the version the form opened, so a log changed meanwhile is refused (409)
      if (log) await api.put(`/master/${bunkerLog.path}/${log.bklgId}`, body, { silent: true, headers });
      else await api.post(`/master/${bunkerLog.path}`, body, { silent: true });
      const { texts } = resourceIn(bunkerLog);
      toast.success((log ? texts.saved : texts.created)!);
      onSaved();
    } catch (e) {
      const server = (e as { kind?: string })?.kind === 'server';
      toast.error(text(bunkerTexts, server ? (log ? 'updateFailed' : 'createFailed') : 'submitException'));
    }
  };

  return (
    <FormModal
      def={bunkerLog}
      form={form}
      open={open}
      mode={log ? 'update' : 'create'}
      row={log}
      fields={FIELDS}
      initialValues={{
        bklgStartDatetime: start,
        bklgEndDatetime: start.add(1, 'hour'),
        bklgStartSounding: 0,
        bklgEndSounding: 0,
      }}
      className="bunker-form"
      dateFormat="DD-MM-YYYY HH:mm"
      renderField={{
        bklgMassId: () => (
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('selectVessel')}
            options={assets.map((a) => ({ value: a.massId, label: a.massName }))}
          />
        ),
        bklgMbloId: () => (
          <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t('selectLocation')} options={locations} />
        ),
        bklgMftyId: () => <Select placeholder={t('selectFuelType')} options={fuelTypes} />,
        // a typed text that is not a number is refused by the field's live check (its schema); below 0 too
        bklgTargetBunker: () => <NumberInput style={{ width: '100%' }} />,
        bklgNote: () => <Input.TextArea rows={3} maxLength={1000} />,
      }}
      liveChecks
      requiredMessages={{ bklgStartDatetime: t('startRequired'), bklgEndDatetime: t('endRequired') }}
      onInvalid={() => toast.error(t('fixErrors'))}
      transformBody={(_body, _mode, values) => toLogBody(values)}
      enterSubmits={false}
      width={640}
      onSubmit={save}
      onClose={onClose}
    />
  );
}
