import type { ResourceDef } from '@fleet/shared/resources/define.ts';
import { type ReactNode, useCallback, useState } from 'react';
import { toast } from '../../api/toast.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { DeleteConfirm } from '../../components/resource/DeleteConfirm.tsx';

interface DeleteRequest {
  subject?: string;
  remove: () => Promise<unknown>;
  /** the master record deleted: the dialog says what goes with it, or why the delete would be refused (issue 28) */
  record?: { def: ResourceDef; id: string | number };
  /** the toast after a successful delete */
  deleted: string;
  /** after the toast: back to page 1 and reload */
  onDeleted: () => void;
}

/**
 * The delete confirmation of spec 001 §2 for the screens that are not generic lists: `ask` opens the modal
 * (render `modal` once); the delete runs while its button spins, then the toast and `onDeleted`. A refused
 * delete keeps the server's message (the API client toasts it) and closes the modal. With `record`, the dialog
 * is the master lists' (components/resource/DeleteConfirm): what goes with the record, and that it can be restored.
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
    modal: request?.record ? (
      <DeleteConfirm
        def={request.record.def}
        id={request.record.id}
        subject={request.subject}
        confirming={busy}
        onConfirm={confirm}
        onCancel={() => setRequest(null)}
      />
    ) : (
      <ConfirmModal open={request !== null} confirming={busy} onConfirm={confirm} onCancel={() => setRequest(null)}>
        {request?.subject && <p style={{ margin: 0 }}>{request.subject}</p>}
      </ConfirmModal>
    ),
  };
}
