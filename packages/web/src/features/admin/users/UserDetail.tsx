import type { UserRow } from '@fleet/shared/answers/resource-rows.ts';
import { user } from '@fleet/shared/resources/user.ts';
import { userAsset } from '@fleet/shared/resources/user-asset.ts';
import { userCompany } from '@fleet/shared/resources/user-company.ts';
import { userRole } from '@fleet/shared/resources/user-role.ts';
import { Card, Col, Form, Row, Skeleton, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { text, useTexts } from '../../../api/i18n.ts';
import { useReloadResources, useResourceRow } from '../../../api/resources.ts';
import { toast } from '../../../api/toast.ts';
import { useCan } from '../../../auth/permissions.ts';
import { ButtonGroup } from '../../../components/ButtonGroup.tsx';
import { Page } from '../../../components/Page.tsx';
import { versionHeaders } from '../../../components/resource/audit.ts';
import { formatDate } from '../../../components/resource/format.ts';
import { useResourceDef } from '../../../components/resource/language.ts';
import { routeNames } from '../../../routing/route-names.ts';
import { submitWithFieldErrors } from '../admin-ui.ts';
import { isNotFound, NotFoundState } from '../NotFoundState.tsx';
import { adminTexts } from '../texts.ts';
import { usersTexts } from './texts.ts';
import { UserAccessTab } from './UserAccess.tsx';
import { UserAssetTab, UserCompanyTab, UserRoleTab } from './UserAssignments.tsx';
import { saveUser, UserFields, type UserValues } from './UserFields.tsx';
import '../admin.css';

const KEY = user.permission;

/**
 * User Detail (spec 001 §2): the user's edit form (status, login name, optional password; the e-mail is
 * locked) and the tabs User Company, User Role, User Asset, and Access (sessions, reset link, unlock; issue 28).
 */
export default function UserDetail() {
  const userId = useParams().id ?? '';
  const navigate = useNavigate();
  const t = useTexts(usersTexts);
  // the tabs are named by the lists they hold
  const tabs = {
    company: useResourceDef(userCompany).texts.title,
    role: useResourceDef(userRole).texts.title,
    asset: useResourceDef(userAsset).texts.title,
  };
  const reload = useReloadResources();
  const [form] = Form.useForm<UserValues>();
  const [saving, setSaving] = useState(false);
  const canUpdate = useCan(KEY, 'update');

  const row = useResourceRow<UserRow>(user, userId, true, t('loadUserFailed'));

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
    // the version the form opened (If-Unmodified-Since): a user changed meanwhile is refused, not overwritten
    const ok = await submitWithFieldErrors(form, () =>
      saveUser({ ...v, userId }, true, versionHeaders(user, row.data)),
    );
    setSaving(false);
    if (ok) {
      toast.success(text(adminTexts, 'updated'));
      form.setFieldValue('usloPassword', '');
      reload(user);
    }
  };

  if (isNotFound(row.error)) {
    return (
      <Page title={t('userDetail')}>
        <NotFoundState title={t('userNotFound')} onBack={() => navigate(routeNames.User())} />
      </Page>
    );
  }

  return (
    <Page
      title={row.data ? t('userTitle', { name: row.data.userUslo?.usloUserName ?? row.data.userId }) : t('userDetail')}
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
          <Card title={t('account')} size="small">
            {row.isLoading ? (
              <Skeleton active />
            ) : (
              <Form name="user-detail" form={form} layout="vertical" onFinish={save} disabled={saving || !canUpdate}>
                <UserFields existing passwordOptional={!!row.data?.userUslo} />
                {row.data?.userCreatedTime && (
                  <Typography.Text type="secondary">
                    {t('createdOn', { date: formatDate(row.data.userCreatedTime) ?? '' })}
                  </Typography.Text>
                )}
              </Form>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card size="small">
            <Tabs
              items={[
                { key: 'company', label: tabs.company, children: <UserCompanyTab userId={userId} /> },
                { key: 'role', label: tabs.role, children: <UserRoleTab userId={userId} /> },
                { key: 'asset', label: tabs.asset, children: <UserAssetTab userId={userId} /> },
                // sessions, reset link, unlock: the server allows them with update on users (issue 28)
                ...(canUpdate
                  ? [{ key: 'access', label: t('access'), children: <UserAccessTab userId={userId} /> }]
                  : []),
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Page>
  );
}
