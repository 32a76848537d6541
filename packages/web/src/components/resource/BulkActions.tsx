import type { BulkDeletePreview, ImportAnswer, ResourceDef } from '@fleet/shared/resources/define.ts';
import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useLanguage, useTexts } from '../../api/i18n.ts';
import { resourcePath, useReloadResources } from '../../api/resources.ts';
import { toast } from '../../api/toast.ts';
import { DeleteDialog } from './DeleteConfirm.tsx';
import { useResourceDef } from './language.ts';
import { RefSelect } from './RefSelect.tsx';
import { resourceTexts } from './texts.ts';

export type { ImportAnswer };

/**
 * Bulk actions on a list's selected rows (issue 28; docs/api.md "Bulk actions and imports"): one confirmation for
 * deleting them all, naming the count and what goes with them (POST {path}/bulk-delete with preview), and the
 * assignment of the definition's `bulkAssign` field (devices → an asset). Both are all or nothing on the server.
 */

/** What both dialogs take: the list's definition and its selected rows (undefined: the dialog is closed). */
interface BulkDialogProps {
  def: ResourceDef;
  ids: (string | number)[] | undefined;
  onDone: () => void;
  onCancel: () => void;
}

export function BulkDeleteConfirm({ def, ids, onDone, onCancel }: BulkDialogProps) {
  const t = useTexts(resourceTexts);
  const language = useLanguage();
  const reloadResources = useReloadResources();
  const reload = () => reloadResources(def);
  const [confirming, setConfirming] = useState(false);
  const open = ids !== undefined;
  const preview = useQuery({
    queryKey: ['resource', def.name, 'bulk-delete-preview', ids, language],
    queryFn: () =>
      api.post<BulkDeletePreview>(`${resourcePath(def)}/bulk-delete`, { ids, preview: true }, { silent: true }),
    enabled: open,
    gcTime: 0,
    retry: false,
  });
  const answer = open ? preview.data : undefined;
  const checking = open && preview.isFetching && !answer;
  const refused = answer?.refused ?? (preview.error ? (preview.error as Error).message : null);
  const confirm = async () => {
    setConfirming(true);
    try {
      await api.post(`${resourcePath(def)}/bulk-delete`, { ids });
      toast.success(t('bulkDeleted', { count: ids?.length ?? 0 }));
      onDone();
    } catch {
      // the client has shown the server's message
    } finally {
      setConfirming(false);
      await reload();
    }
  };
  return (
    <DeleteDialog
      open={open}
      lead={t('bulkDeleteText', { count: ids?.length ?? 0 })}
      checking={checking}
      refused={refused}
      goes={answer?.goes}
      after={`${t('bulkAllOrNothing')} ${t('deleteRestorable')}`}
      confirming={confirming}
      onOk={confirm}
      onCancel={onCancel}
      className="bulk-delete-confirm"
      width={440}
    />
  );
}

export function BulkAssignModal({ def, ids, onDone, onCancel }: BulkDialogProps) {
  const t = useTexts(resourceTexts);
  const view = useResourceDef(def);
  const reloadResources = useReloadResources();
  const reload = () => reloadResources(def);
  const [value, setValue] = useState<string | number | undefined>();
  const [saving, setSaving] = useState(false);
  const field = def.bulkAssign ? view.fields[def.bulkAssign] : undefined;
  if (!field?.ref) return null;
  const submit = async () => {
    setSaving(true);
    try {
      const r = await api.post<{ count: number; changed: number }>(`${resourcePath(def)}/bulk-assign`, { ids, value });
      toast.success(t('assigned', { count: r.changed }));
      setValue(undefined);
      onDone();
    } catch {
      // the client has shown the server's message
    } finally {
      setSaving(false);
      await reload();
    }
  };
  const id = `bulk-assign-${def.name}`;
  return (
    <Modal
      open={ids !== undefined}
      title={t('assignTitle', { count: ids?.length ?? 0 })}
      okText={t('assign')}
      okButtonProps={{ disabled: value === undefined, loading: saving }}
      cancelButtonProps={{ disabled: saving }}
      onOk={submit}
      onCancel={onCancel}
      width={440}
      centered
      destroyOnHidden
    >
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {field.label}
      </label>
      <RefSelect id={id} refDef={field.ref} value={value} onChange={setValue} style={{ width: '100%' }} />
    </Modal>
  );
}
