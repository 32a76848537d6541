import { Modal } from 'antd';
import type { AppKey } from '../../stores/session.ts';
import { AppSelector } from './AppSelector.tsx';
import { CompanySelector } from './CompanySelector.tsx';
import { useSelectionActions } from './useSelectionActions.ts';

export type SelectionModal = 'app' | 'company' | null;

/** The Select Application and Select Company modals opened from the navigation bar. */
export function SelectionModals({ open, onClose }: { open: SelectionModal; onClose: () => void }) {
  const actions = useSelectionActions();
  return (
    <>
      <Modal
        title="Select Application"
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
        title="Select Company"
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
