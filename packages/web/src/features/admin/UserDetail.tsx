import { user } from '@fleet/shared/resources/user.ts';
import { userLogin } from '@fleet/shared/resources/user-login.ts';
import { Card, Col, Form, Row, Skeleton, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../api/toast.ts';
import { routeNames } from '../../app/route-names.ts';
import { useCan } from '../../auth/permissions.ts';
import { ButtonGroup } from '../../components/ButtonGroup.tsx';
import { Page } from '../../components/Page.tsx';
import { formatDate } from '../../components/resource/format.ts';
import { useMasterList, useMasterRow, useReloadMaster } from './admin-queries.ts';
import type { UserLoginRow, UserRow } from './admin-types.ts';
import { submitWithFieldErrors } from './admin-ui.ts';
import { UserAssetTab, UserCompanyTab, UserRoleTab } from './UserAssignments.tsx';
import { saveUser, UserFields, type UserValues } from './UserFields.tsx';
import './admin.css';

const KEY = user.permission;

/**
 * User Detail (spec 001 §2): the user's edit form (status, login name, optional password; the e-mail is
 * locked) and the tabs User Company, User Role, User Asset.
 */
export default function UserDetail() {
  const userId = useParams().id ?? '';
  const navigate = useNavigate();
  const reload = useReloadMaster();
  const [form] = Form.useForm<UserValues>();
  const [saving, setSaving] = useState(false);
  const canUpdate = useCan(KEY, 'update');

  const row = useMasterRow<UserRow>(user, userId, true, 'Error when fetching user data');
  const login = useMasterList<UserLoginRow>(userLogin, { page: 1, pageSize: 1, finds: { usloUserId: userId } });
  const loginRow = login.rows[0];

  useEffect(() => {
    if (!row.data) return;
    form.setFieldsValue({
      userId: row.data.userId,
      userStatus: row.data.userStatus,
      usloUserName: loginRow?.usloUserName ?? row.data.userUslo?.usloUserName ?? '',
      usloPassword: '',
    });
  }, [row.data, loginRow, form]);

  const save = async (v: UserValues) => {
    setSaving(true);
    const ok = await submitWithFieldErrors(form, () =>
      saveUser({ ...v, userId }, { existing: true, loginId: loginRow?.usloId ?? row.data?.userUslo?.usloId }),
    );
    setSaving(false);
    if (ok) {
      toast.success('Updated');
      form.setFieldValue('usloPassword', '');
      reload(user, userLogin);
    }
  };

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
                <UserFields existing />
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
