import { ExclamationCircleFilled } from '@ant-design/icons';
import type { AuditDependent } from '@fleet/shared/answers/audit.ts';
import type { ResourceDef } from '@fleet/shared/resources/define.ts';
import { Alert, Modal, Spin } from 'antd';
import { useLanguage, useTexts } from '../../api/i18n.ts';
import { componentsTexts } from '../texts.ts';
import { dependentsText, useDeletePreview } from './audit.ts';
import { messageIn } from './language.ts';
import { resourceTexts } from './texts.ts';

/**
 * The delete confirmation of a master record (spec 000 §2 'Delete this item ?', issue 28; looks and behaves as
 * components/ConfirmModal: Esc and clicks outside do not dismiss it): it names the record,
 * asks the server what the delete would take with it ("This also deletes: Tank Detail (7)") and says that it can be
 * restored from the Audit Trail — or shows why the delete would be refused, with Delete disabled. Delete waits
 * for that answer; when the question fails, the dialog says what it always said.
 */
export function DeleteConfirm({
  def,
  id,
  subject,
  confirming,
  onConfirm,
  onCancel,
}: {
  def: ResourceDef;
  /** the row to delete; undefined: the dialog is closed */
  id: string | number | undefined;
  subject?: string;
  confirming?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTexts(resourceTexts);
  const language = useLanguage();
  const open = id !== undefined;
  const preview = useDeletePreview(def, id);
  const answer = open && preview.data && Array.isArray(preview.data.goes) ? preview.data : undefined;
  const checking = open && preview.isFetching && !answer;
  const refused = answer?.refused ?? null;
  return (
    <DeleteDialog
      open={open}
      lead={subject}
      checking={checking}
      refused={refused === null ? null : messageIn(refused, language)}
      goes={answer?.goes}
      after={t('deleteRestorable')}
      confirming={confirming}
      onOk={onConfirm}
      onCancel={onCancel}
    />
  );
}

/**
 * The dialog of both delete confirmations (one row, the selected rows): its lead text, the question to the server
 * while it runs, then why the delete is refused (Delete disabled) or what goes with it and `after` (restorable …).
 */
export function DeleteDialog({
  open,
  lead,
  checking,
  refused,
  goes,
  after,
  confirming,
  onOk,
  onCancel,
  className,
  width = 420,
}: {
  open: boolean;
  lead?: string;
  checking: boolean;
  refused: string | null;
  goes: readonly AuditDependent[] | undefined;
  after: string;
  confirming?: boolean;
  onOk: () => void;
  onCancel: () => void;
  className?: string;
  width?: number;
}) {
  const t = useTexts(resourceTexts);
  const common = useTexts(componentsTexts);
  const language = useLanguage();
  return (
    <Modal
      open={open}
      title={
        <span>
          <ExclamationCircleFilled style={{ color: '#ff4d4f', marginRight: 8 }} />
          {common('deleteConfirm')}
        </span>
      }
      okText={common('delete')}
      okButtonProps={{ danger: true, loading: confirming, disabled: checking || refused !== null }}
      cancelButtonProps={{ disabled: confirming }}
      onOk={onOk}
      onCancel={onCancel}
      keyboard={false}
      mask={{ closable: false }}
      closable={!confirming}
      width={width}
      centered
      destroyOnHidden
    >
      <div className={className ? `delete-confirm ${className}` : 'delete-confirm'}>
        {lead && <p style={{ margin: 0 }}>{lead}</p>}
        {checking && (
          <p className="delete-confirm-checking" style={{ margin: '8px 0 0' }}>
            <Spin size="small" /> {t('deleteChecking')}
          </p>
        )}
        {refused !== null && <Alert type="error" showIcon style={{ marginTop: 8 }} message={refused} />}
        {goes && refused === null && goes.length > 0 && (
          <p className="delete-confirm-goes" style={{ margin: '8px 0 0' }}>
            {t('deleteAlso', { list: dependentsText(goes, language) })}
          </p>
        )}
        {!checking && refused === null && (
          <p className="delete-confirm-restorable" style={{ margin: '8px 0 0' }}>
            {after}
          </p>
        )}
      </div>
    </Modal>
  );
}
