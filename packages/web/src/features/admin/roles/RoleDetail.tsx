import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { PermissionRow, RolePermissionRow, RoleRow } from '@fleet/shared/answers/resource-rows.ts';
import { OPERATIONS, type Operation, parseOperations } from '@fleet/shared/permissions.ts';
import { permission } from '@fleet/shared/resources/permission.ts';
import { role } from '@fleet/shared/resources/role.ts';
import { rolePermission } from '@fleet/shared/resources/role-permission.ts';
import { Button, Card, Form, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../api/client.ts';
import { text, useTexts } from '../../../api/i18n.ts';
import { resourcePath, useReloadResources, useResourceList, useResourceRow } from '../../../api/resources.ts';
import { toast, toastRefreshed } from '../../../api/toast.ts';
import { useCan } from '../../../auth/permissions.ts';
import { ButtonGroup } from '../../../components/ButtonGroup.tsx';
import { Page } from '../../../components/Page.tsx';
import { resourceIn, useResourceDef } from '../../../components/resource/language.ts';
import { routeNames } from '../../../routing/route-names.ts';
import { submitWithFieldErrors } from '../admin-ui.ts';
import { MasterPicker } from '../MasterPicker.tsx';
import { isNotFound, NotFoundState } from '../NotFoundState.tsx';
import { adminTexts } from '../texts.ts';
import { useDeleteConfirm } from '../useDeleteConfirm.tsx';
import { OperationsPicker } from './OperationsTags.tsx';
import { rolesTexts } from './texts.ts';
import '../admin.css';

const KEY = role.permission;

/**
 * Role Detail (spec 001 §2): add a permission with operations to the role (the picker leaves out what the
 * role has), and the role's permissions with their operations edited and saved per row.
 */
export default function RoleDetail() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const t = useTexts(rolesTexts);
  const admin = useTexts(adminTexts);
  const granting = useResourceDef(rolePermission);
  const canRead = useCan(KEY, 'read');
  const canCreate = useCan(KEY, 'create');
  const canUpdate = useCan(KEY, 'update');
  const reload = useReloadResources();
  const del = useDeleteConfirm();

  const roleRow = useResourceRow<RoleRow>(role, id);
  const granted = useResourceList<RolePermissionRow>(
    rolePermission,
    { page: 1, pageSize: rolePermission.pageSize, finds: { rperRoleId: id } },
    canRead,
  );
  /** operations edited in a row and not saved yet, by rperId */
  const [drafts, setDrafts] = useState<Record<number, Operation[]>>({});
  const [savingRow, setSavingRow] = useState<number | null>(null);

  const saveRow = async (row: RolePermissionRow) => {
    const ops = drafts[row.rperId];
    if (!ops) return;
    setSavingRow(row.rperId);
    try {
      await api.put(resourcePath(rolePermission, row.rperId), { rperOperations: JSON.stringify(ops) });
      toast.success(text(adminTexts, 'updated'));
      setDrafts(({ [row.rperId]: _, ...rest }) => rest);
      await reload(rolePermission);
    } catch {
      // toasted by the client
    } finally {
      setSavingRow(null);
    }
  };

  if (isNotFound(roleRow.error)) {
    return (
      <Page title={t('roleDetail')}>
        <NotFoundState title={t('roleNotFound')} onBack={() => navigate(routeNames.Role())} />
      </Page>
    );
  }

  return (
    <Page
      title={roleRow.data ? t('roleTitle', { name: roleRow.data.roleName }) : t('roleDetail')}
      extra={
        <ButtonGroup
          permission={KEY}
          onBack={() => navigate(routeNames.Role())}
          onRefresh={() => granted.refetch().then(toastRefreshed(admin('refreshed')))}
          refreshing={granted.refreshing}
        />
      }
    >
      {canCreate && (
        <AddPermission
          roleId={id}
          assigned={granted.rows.map((r) => r.rperPrmsId)}
          onAdded={() => reload(rolePermission)}
        />
      )}

      <Typography.Title level={4} className="admin-section-title">
        {granting.texts.title}
      </Typography.Title>
      <div className="page-card">
        <Table<RolePermissionRow>
          size="middle"
          rowKey="rperId"
          dataSource={granted.rows}
          loading={granted.loading || granted.refreshing}
          pagination={false}
          columns={[
            {
              title: t('permission'),
              key: 'prmsName',
              render: (_, r) => <Typography.Text strong>{r.rperPrms?.prmsName}</Typography.Text>,
            },
            {
              title: t('operations'),
              key: 'ops',
              render: (_, r) => (
                <OperationsPicker
                  label={t('operationsOf', { name: r.rperPrms?.prmsName ?? '' })}
                  value={drafts[r.rperId] ?? parseOperations(r.rperOperations)}
                  offered={parseOperations(r.rperPrms?.prmsOperations)}
                  disabled={!canUpdate || savingRow === r.rperId}
                  onChange={(ops) => setDrafts((d) => ({ ...d, [r.rperId]: ops }))}
                />
              ),
            },
            {
              title: t('action'),
              key: 'action',
              width: 160,
              render: (_, r) => (
                <div className="config-actions">
                  {canUpdate && (
                    <Button
                      size="small"
                      type="primary"
                      icon={<SaveOutlined />}
                      disabled={!drafts[r.rperId]}
                      loading={savingRow === r.rperId}
                      onClick={() => saveRow(r)}
                      aria-label={t('saveNamed', { name: r.rperPrms?.prmsName ?? '' })}
                    >
                      {t('save')}
                    </Button>
                  )}
                  <ButtonGroup
                    compact
                    permission={KEY}
                    subject={r.rperPrms?.prmsName}
                    onDelete={() =>
                      del.ask({
                        subject: r.rperPrms?.prmsName,
                        remove: () => api.delete(resourcePath(rolePermission, r.rperId)),
                        record: { def: rolePermission, id: r.rperId },
                        deleted: resourceIn(rolePermission).texts.deleted,
                        onDeleted: () => reload(rolePermission),
                      })
                    }
                  />
                </div>
              ),
            },
          ]}
        />
      </div>
      {del.modal}
    </Page>
  );
}

/** The "add a permission with operations" form of Role Detail. */
function AddPermission({ roleId, assigned, onAdded }: { roleId: number; assigned: number[]; onAdded: () => void }) {
  const t = useTexts(rolesTexts);
  const granting = useResourceDef(rolePermission);
  const [form] = Form.useForm<{ rperPrmsId?: number; rperOperations: Operation[] }>();
  const [offered, setOffered] = useState<readonly Operation[]>(OPERATIONS);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (v: { rperPrmsId?: number; rperOperations: Operation[] }) => {
    setSubmitting(true);
    const ok = await submitWithFieldErrors(form, () =>
      api.post(resourcePath(rolePermission), {
        rperRoleId: roleId,
        rperPrmsId: v.rperPrmsId,
        rperOperations: JSON.stringify(v.rperOperations ?? []),
      }),
    );
    setSubmitting(false);
    if (ok) {
      toast.success(text(rolesTexts, 'added'));
      form.resetFields();
      setOffered(OPERATIONS);
      onAdded();
    }
  };

  return (
    <Card size="small" title={granting.texts.addTitle} className="admin-add-card">
      <Form
        name="role-permission-add"
        form={form}
        layout="inline"
        onFinish={submit}
        initialValues={{ rperOperations: ['read'] }}
        disabled={submitting}
      >
        <Form.Item name="rperPrmsId" label={t('permission')}>
          <MasterPicker<PermissionRow & Record<string, unknown>>
            def={permission}
            valueField="prmsId"
            labelField="prmsName"
            max={100}
            exclude={assigned}
            placeholder={t('choosePermission')}
            onChange={(_, row) => {
              const ops = row ? parseOperations(row.prmsOperations) : [...OPERATIONS];
              setOffered(ops);
              form.setFieldValue(
                'rperOperations',
                (form.getFieldValue('rperOperations') as Operation[]).filter((o) => ops.includes(o)),
              );
            }}
          />
        </Form.Item>
        <Form.Item name="rperOperations" label={t('operations')}>
          <OperationsPicker offered={offered} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={submitting}>
            {t('add')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
