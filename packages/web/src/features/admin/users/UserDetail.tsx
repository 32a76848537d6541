import type { UserRow } from '@fleet/shared/answers/resource-rows.ts';
import { user } from '@fleet/shared/resources/user.ts';
import { Card, Col, Form, Row, Skeleton, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useReloadResources, useResourceRow } from '../../../api/resources.ts';
import { toast } from '../../../api/toast.ts';
import { useCan } from '../../../auth/permissions.ts';
import { ButtonGroup } from '../../../components/ButtonGroup.tsx';
import { Page } from '../../../components/Page.tsx';
import { formatDate } from '../../../components/resource/format.ts';
import { routeNames } from '../../../routing/route-names.ts';
import { submitWithFieldErrors } from '../admin-ui.ts';
import { isNotFound, NotFoundState } from '../NotFoundState.tsx';
import { UserAssetTab, UserCompanyTab, UserRoleTab } from './UserAssignments.tsx';
import { saveUser, UserFields, type UserValues } from './UserFields.tsx';
import '../admin.css';

const KEY = user.permission;

/**
 * User Detail (spec 001 §2): the user's edit form (status, login name, optional password; the e-mail is
 * locked) and the tabs User Company, User Role, User Asset.
 */
export default function UserDetail() {
  const userId = useParams().id ?? '';
  const navigate = useNavigate();
  const reload = useReloadResources();
  const [form] = Form.useForm<UserValues>();
  const [saving, setSaving] = useState(false);
  const canUpdate = useCan(KEY, 'update');

  const row = useResourceRow<UserRow>(user, userId, true, 'Error when fetching user data');

  useEffect(() => {
    if (!row.data) return;
    form.setFieldsValue({
      userId: row.data.userId,
      userStatus: row.data.userStatus,
      usloUserName: row.data.userUslo?.usloUserName ?? '',
      usloPassword: '',
    });
  }, [row.data, form]);

  const save = async (v: UserValues) => {
    setSaving(true);
    const ok = await submitWithFieldErrors(form, () => saveUser({ ...v, userId }, true));
    setSaving(false);
    if (ok) {
      toast.success('Updated');
      form.setFieldValue('usloPassword', '');
      reload(user);
    }
  };

  if (isNotFound(row.error)) {
    return (
      <Page title="User Detail">
        <NotFoundState what="User" onBack={() => navigate(routeNames.User())} />
      </Page>
    );
  }

  return (
    <Page
      title={row.data ? `User: ${row.data.userUslo?.usloUserName ?? row.data.userId}` : 'User Detail'}
      extra={
        <ButtonGroup
          permission={KEY}
          onBack={() => navigate(routeNames.User())}
          onSave={() => form.submit()}
          saving={saving}
        />
      }
    >
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8}>
          <Card title="Account" size="small">
            {row.isLoading ? (
              <Skeleton active />
            ) : (
              <Form name="user-detail" form={form} layout="vertical" onFinish={save} disabled={saving || !canUpdate}>
                <UserFields existing passwordOptional={!!row.data?.userUslo} />
                {row.data?.userCreatedTime && (
                  <Typography.Text type="secondary">Created {formatDate(row.data.userCreatedTime)}</Typography.Text>
                )}
              </Form>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card size="small">
            <Tabs
              items={[
                { key: 'company', label: 'User Company', children: <UserCompanyTab userId={userId} /> },
                { key: 'role', label: 'User Role', children: <UserRoleTab userId={userId} /> },
                { key: 'asset', label: 'User Asset', children: <UserAssetTab userId={userId} /> },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Page>
  );
}
