import { App } from 'antd';
import { useCallback } from 'react';
import { toast } from '../../api/toast.ts';

/**
 * The delete confirmation of spec 001 §2: a modal asks, the delete runs while its button spins, then the
 * toast and `onDeleted` (the list goes back to page 1 and reloads). A refused delete keeps the server's
 * message (the API client toasts it) and closes the modal.
 */
export function useDeleteConfirm() {
  const { modal } = App.useApp();
  return useCallback(
    (opts: { subject?: string; remove: () => Promise<unknown>; deleted: string; onDeleted: () => void }) => {
      modal.confirm({
        title: 'Delete this item ?',
        content: opts.subject,
        okText: 'Delete',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        keyboard: false,
        mask: { closable: false },
        onOk: async () => {
          try {
            await opts.remove();
          } catch {
            return; // already toasted
          }
          toast.success(opts.deleted);
          opts.onDeleted();
        },
      });
    },
    [modal],
  );
}
