import type { ResourceDef } from '@fleet/shared/resources/define.ts';
import { Button, Modal } from 'antd';
import { useTexts } from '../../api/i18n.ts';
import { AuditEntries } from './AuditEntries.tsx';
import { resourceTexts } from './texts.ts';

/** One record's history (issue 28): the audit trail filtered by its resource and id, newest first. */
export function HistoryModal({
  def,
  id,
  subject,
  onClose,
}: {
  def: ResourceDef;
  /** the record; undefined: closed */
  id: string | number | undefined;
  subject?: string;
  onClose: () => void;
}) {
  const t = useTexts(resourceTexts);
  return (
    <Modal
      open={id !== undefined}
      title={t('historyTitle', { subject: subject ?? String(id ?? '') })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      width={960}
      destroyOnHidden
    >
      {id !== undefined && <AuditEntries query={{ resource: def.name, rowId: String(id) }} oneRecord pageSize={10} />}
    </Modal>
  );
}
