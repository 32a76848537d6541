import { Modal } from 'antd';
import { useTexts } from '../../api/i18n.ts';
import type { AppKey } from '../../stores/session.ts';
import { AppSelector } from './AppSelector.tsx';
import { CompanySelector } from './CompanySelector.tsx';
import { selectionTexts } from './texts.ts';
import { useSelectionActions } from './useSelectionActions.ts';

export type SelectionModal = 'app' | 'company' | null;

/** The Select Application and Select Company modals opened from the navigation bar. */
export function SelectionModals({ open, onClose }: { open: SelectionModal; onClose: () => void }) {
  const actions = useSelectionActions();
  const t = useTexts(selectionTexts);
  return (
    <>
      <Modal
        title={t('selectApplication')}
        open={open === 'app'}
        onCancel={onClose}
        footer={null}
        width={820}
        destroyOnHidden
        keyboard={false}
        mask={{ closable: false }}
      >
        <AppSelector
          onConfirm={async (app: AppKey) => {
            await actions.app(app);
            onClose();
          }}
        />
      </Modal>
      <Modal
        title={t('selectCompany')}
        open={open === 'company'}
        onCancel={onClose}
        footer={null}
        width={560}
        destroyOnHidden
        keyboard={false}
        mask={{ closable: false }}
      >
        <CompanySelector
          onConfirm={async (compId) => {
            await actions.companyFromModal(compId);
            onClose();
          }}
        />
      </Modal>
    </>
  );
}
