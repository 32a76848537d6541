import { user } from '@fleet/shared/resources/user.ts';
import { Form, Modal, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { text, useTexts } from '../../../api/i18n.ts';
import { useReloadResources } from '../../../api/resources.ts';
import { toast } from '../../../api/toast.ts';
import { ButtonGroup } from '../../../components/ButtonGroup.tsx';
import { useResourceDef } from '../../../components/resource/language.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage.tsx';
import { routeNames } from '../../../routing/route-names.ts';
import { FORM_MODAL_PROPS, optionLabel, submitWithFieldErrors } from '../admin-ui.ts';
import { adminTexts } from '../texts.ts';
import { usersTexts } from './texts.ts';
import { NEW_USER, saveUser, UserFields, type UserValues } from './UserFields.tsx';

/**
 * User list (spec 001 §2): email, username (from the list answer, no call per row), status, created, action;
 * 8 per page. Edit and view both open User Detail; Add creates the user and its login.
 */
export default function User() {
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const open = (id: string) => navigate(routeNames.UserDetail(id));
  return (
    <>
      <ResourcePage
        def={user}
        onAdd={() => setAdding(true)}
        render={{
          userStatus: (v) => (
            <Tag color={v === 1 ? 'green' : 'default'}>{optionLabel(user.fields.userStatus.options, v)}</Tag>
          ),
        }}
        canEdit={() => false}
        rowActions={(row) => (
          <ButtonGroup compact permission={user.permission} subject={row.userId} onEdit={() => open(row.userId)} />
        )}
        onDetail={(row) => open(row.userId)}
      />
      <UserAddModal open={adding} onClose={() => setAdding(false)} />
    </>
  );
}

/** Add New User: the user (e-mail, status) and its login (login name, password) in one form, saved as one. */
function UserAddModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTexts(usersTexts);
  const title = useResourceDef(user).texts.addTitle;
  const [form] = Form.useForm<UserValues>();
  const [submitting, setSubmitting] = useState(false);
  const reload = useReloadResources();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(NEW_USER);
  }, [open, form]);

  const submit = async (v: UserValues) => {
    setSubmitting(true);
    const ok = await submitWithFieldErrors(form, () => saveUser(v, false));
    setSubmitting(false);
    if (ok) {
      reload(user);
      toast.success(text(adminTexts, 'saved'));
      onClose();
    }
  };

  return (
    <Modal
      {...FORM_MODAL_PROPS}
      open={open}
      title={title}
      okText={t('save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={submitting}
      cancelButtonProps={{ disabled: submitting }}
    >
      {/* named: its field ids must not clash with the list's own (hidden) form */}
      <Form name="user-add" form={form} layout="vertical" onFinish={submit} disabled={submitting}>
        <UserFields existing={false} />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
