import type { Profile } from '@fleet/shared/answers/account.ts';
import { offsetLabel, TIME_ZONES, zoneOffsetHours } from '@fleet/shared/time-zone.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Form, Input, List, Row, Select, Skeleton, Tag } from 'antd';
import { useMemo } from 'react';
import { api, formData, isApiError } from '../../api/client.ts';
import { toast } from '../../api/toast.ts';
import { AUTH_TEXTS } from '../../components/auth-form.ts';
import { applyFieldErrors } from '../../components/form-errors.ts';
import { Page } from '../../components/Page.tsx';
import { useSession } from '../../stores/session.ts';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

const zoneLabel = (zone: string) => `${zone} (${offsetLabel(zoneOffsetHours(zone, Date.now() / 1000))})`;

/**
 * The zone the user sees the screens in (docs/domain.md §1): the active company's, or one of their own choosing
 * (an operator ashore in Jakarta looking at a WITA company's days, say). Saved per user; the session takes it at once.
 */
function DisplayZone({ chosen }: { chosen: string | null }) {
  const activeCompany = useSession((s) => s.activeCompany);
  const loadUser = useSession((s) => s.loadUser);
  const queryClient = useQueryClient();
  const COMPANY = '';
  const options = useMemo(
    () => [
      {
        value: COMPANY,
        label: `The company's zone${activeCompany ? `: ${zoneLabel(activeCompany.timezone)}` : ''}`,
      },
      ...TIME_ZONES.map((z) => ({ value: z, label: zoneLabel(z) })),
    ],
    [activeCompany],
  );
  const save = useMutation({
    mutationFn: (zone: string) => api.put('/account/timezone', { timezone: zone || null }),
    onSuccess: async () => {
      await loadUser();
      await queryClient.invalidateQueries({ queryKey: ['account', 'profile'] });
      toast.success('Saved');
    },
    onError: (e) => toast.error(isApiError(e) ? e.message : String(e)),
  });
  return (
    <Form layout="vertical">
      <Form.Item
        label="Time Zone"
        htmlFor="profile-timezone"
        extra="The zone your screens cut days in and show times in. Reports mailed to you keep the company's zone."
      >
        <Select
          id="profile-timezone"
          value={chosen ?? COMPANY}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          loading={save.isPending}
          onChange={(zone: string) => save.mutate(zone)}
        />
      </Form.Item>
    </Form>
  );
}

/** The signed-in user's details, the zone they see the screens in and a change-password form. */
export default function ProfilePage() {
  const activeCompany = useSession((s) => s.activeCompany);
  const profile = useQuery({ queryKey: ['account', 'profile'], queryFn: () => api.get<Profile>('/account/profile') });
  const [form] = Form.useForm();

  const change = useMutation({
    mutationFn: (v: PasswordValues) =>
      api.post(
        '/account/change_password',
        formData({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
        { silent: true },
      ),
    onSuccess: () => {
      form.resetFields();
      toast.success('Password changed. Your other sessions were signed out.');
    },
    onError: (e) => {
      if (isApiError(e) && e.fieldMessages) {
        applyFieldErrors(form, e.fieldMessages);
        toast.error('Error found');
      } else toast.error(isApiError(e) ? e.message : String(e));
    },
  });

  const onFinish = (v: PasswordValues) => {
    const errors = [
      { name: 'currentPassword', errors: v.currentPassword ? [] : [AUTH_TEXTS.empty] },
      { name: 'newPassword', errors: v.newPassword ? [] : [AUTH_TEXTS.empty] },
      {
        name: 'confirm',
        errors: !v.confirm ? [AUTH_TEXTS.empty] : v.confirm !== v.newPassword ? [AUTH_TEXTS.mismatch] : [],
      },
    ];
    form.setFields(errors);
    if (!errors.some((f) => f.errors.length)) change.mutate(v);
  };

  const p = profile.data;
  return (
    <Page title="Profile">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title="Account">
            {!p ? (
              <Skeleton active loading={profile.isLoading} />
            ) : (
              <Descriptions column={1} bordered size="middle">
                <Descriptions.Item label="User ID">{p.userId}</Descriptions.Item>
                <Descriptions.Item label="Login name">{p.username}</Descriptions.Item>
                <Descriptions.Item label="Status">
                  {p.status === 1 ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>}
                </Descriptions.Item>
                <Descriptions.Item label="Roles">
                  {p.roles.length ? p.roles.map((r) => <Tag key={r.roleId}>{r.roleName}</Tag>) : '-'}
                </Descriptions.Item>
                <Descriptions.Item label="Companies">
                  <List
                    size="small"
                    dataSource={p.companies}
                    locale={{ emptyText: 'No company assigned' }}
                    renderItem={(c) => (
                      <List.Item style={{ paddingInline: 0 }}>
                        <span>
                          {c.compName}
                          <span style={{ color: 'var(--text-muted)' }}> · {c.grcpName ?? 'Ungrouped'}</span>
                        </span>
                        <span>
                          {c.allAssets === 1 ? <Tag>All assets</Tag> : <Tag>Assigned assets</Tag>}
                          {activeCompany?.compId === c.compId && <Tag color="blue">Active</Tag>}
                        </span>
                      </List.Item>
                    )}
                  />
                </Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Display" style={{ marginBottom: 16 }}>
            {p ? <DisplayZone chosen={p.timezone} /> : <Skeleton active loading={profile.isLoading} />}
          </Card>
          <Card title="Change Password">
            <Form
              form={form}
              layout="vertical"
              requiredMark={false}
              onFinish={onFinish}
              onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))}
            >
              <Form.Item label="Current Password" name="currentPassword">
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Form.Item label="New Password" name="newPassword" extra="At least 8 characters.">
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item label="Confirm New Password" name="confirm">
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={change.isPending}>
                Change Password
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
    </Page>
  );
}
