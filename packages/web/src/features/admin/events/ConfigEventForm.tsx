import type { ConfigEventRow } from '@fleet/shared/answers/resource-rows.ts';
import { configEvent } from '@fleet/shared/resources/config-event.ts';
import { Input } from 'antd';
import { api } from '../../../api/client.ts';
import { text, useTexts } from '../../../api/i18n.ts';
import { type Row, resourcePath } from '../../../api/resources.ts';
import { toast } from '../../../api/toast.ts';
import { NumberInput } from '../../../components/number-input/NumberInput.tsx';
import { FormModal } from '../../../components/resource/FormModal.tsx';
import { resourceIn } from '../../../components/resource/language.ts';
import { adminTexts } from '../texts.ts';
import { eventsTexts } from './texts.ts';

/**
 * Add / edit an event configuration (spec 001 §2, §4). Asset id and version are read-only: a new
 * configuration takes the next version of its asset id (the server assigns it) and starts inactive; an edit
 * changes only the description, never the active flag.
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
  const t = useTexts(eventsTexts);
  const save = async (body: Row, _mode?: unknown, headers?: Record<string, string>) => {
    if (record) {
      // headers: the version the form opened, so a configuration changed meanwhile is refused (409)
      await api.put(
        resourcePath(configEvent, record.mcevId),
        { mcevDescription: body.mcevDescription ?? '' },
        { headers },
      );
      toast.success(text(adminTexts, 'updated'));
    } else {
      await api.post(resourcePath(configEvent), { mcevAssetId: assetId, mcevDescription: body.mcevDescription });
      toast.success(resourceIn(configEvent).texts.created ?? text(adminTexts, 'saved'));
    }
    onSaved();
  };

  return (
    <FormModal
      def={configEvent}
      open={open}
      mode={record ? 'update' : 'create'}
      row={record}
      fields={['mcevAssetId', 'mcevVersion', 'mcevDescription']}
      initialValues={{ mcevAssetId: assetId, mcevVersion: nextVersion }}
      renderField={{
        mcevAssetId: () => <Input readOnly variant="filled" />,
        mcevVersion: () => <NumberInput whole readOnly variant="filled" style={{ width: '100%' }} />,
      }}
      footerNote={record ? undefined : <span className="form-note">{t('startsInactive')}</span>}
      onSubmit={save}
      onClose={onClose}
    />
  );
}
