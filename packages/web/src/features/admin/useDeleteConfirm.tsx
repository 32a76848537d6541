import { type ReactNode, useCallback, useState } from 'react';
import { toast } from '../../api/toast.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';

interface DeleteRequest {
  subject?: string;
  remove: () => Promise<unknown>;
  /** the toast after a successful delete */
  deleted: string;
  /** after the toast: back to page 1 and reload */
  onDeleted: () => void;
}

/**
 * The delete confirmation of spec 001 §2 for the screens that are not generic lists: `ask` opens the modal
 * (render `modal` once); the delete runs while its button spins, then the toast and `onDeleted`. A refused
 * delete keeps the server's message (the API client toasts it) and closes the modal.
 */
export function useDeleteConfirm(): { ask: (r: DeleteRequest) => void; modal: ReactNode } {
  const [request, setRequest] = useState<DeleteRequest | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    try {
      await request.remove();
      toast.success(request.deleted);
      request.onDeleted();
    } catch {
      // already toasted
    } finally {
      setBusy(false);
      setRequest(null);
    }
  };

  return {
    ask: useCallback((r: DeleteRequest) => setRequest(r), []),
    modal: (
      <ConfirmModal open={request !== null} confirming={busy} onConfirm={confirm} onCancel={() => setRequest(null)}>
        {request?.subject && <p style={{ margin: 0 }}>{request.subject}</p>}
      </ConfirmModal>
    ),
  };
}
