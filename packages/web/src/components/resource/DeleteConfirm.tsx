import { ExclamationCircleFilled } from '@ant-design/icons';
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
  const common = useTexts(componentsTexts);
  const language = useLanguage();
  const open = id !== undefined;
  const preview = useDeletePreview(def, id);
  const answer = open && preview.data && Array.isArray(preview.data.goes) ? preview.data : undefined;
  const checking = open && preview.isFetching && !answer;
  const refused = answer?.refused ?? null;
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
      onOk={onConfirm}
      onCancel={onCancel}
      keyboard={false}
      mask={{ closable: false }}
      closable={!confirming}
      width={420}
      centered
      destroyOnHidden
    >
      <div className="delete-confirm">
        {subject && <p style={{ margin: 0 }}>{subject}</p>}
        {checking && (
          <p className="delete-confirm-checking" style={{ margin: '8px 0 0' }}>
            <Spin size="small" /> {t('deleteChecking')}
          </p>
        )}
        {refused !== null && (
          <Alert type="error" showIcon style={{ marginTop: 8 }} message={messageIn(refused, language)} />
        )}
        {answer && refused === null && answer.goes.length > 0 && (
          <p className="delete-confirm-goes" style={{ margin: '8px 0 0' }}>
            {t('deleteAlso', { list: dependentsText(answer.goes, language) })}
          </p>
        )}
        {!checking && refused === null && (
          <p className="delete-confirm-restorable" style={{ margin: '8px 0 0' }}>
            {t('deleteRestorable')}
          </p>
        )}
      </div>
    </Modal>
  );
}
