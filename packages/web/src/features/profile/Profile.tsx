import type { Profile } from '@fleet/shared/answers/account.ts';
import { offsetLabel, TIME_ZONES, zoneOffsetHours } from '@fleet/shared/time-zone.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Form, Input, List, Row, Select, Skeleton, Tag } from 'antd';
import { useMemo } from 'react';
import { api, formData, isApiError } from '../../api/client.ts';
import { LANGUAGES, useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { applyFieldErrors } from '../../components/form-errors.ts';
import { Page } from '../../components/Page.tsx';
import { useSession } from '../../stores/session.ts';
import { profileTexts } from './texts.ts';

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
  const t = useTexts(profileTexts);
  const activeCompany = useSession((s) => s.activeCompany);
  const loadUser = useSession((s) => s.loadUser);
  const queryClient = useQueryClient();
  const COMPANY = '';
  const options = useMemo(
    () => [
      {
        value: COMPANY,
        label: activeCompany ? t('companyZoneOf', { zone: zoneLabel(activeCompany.timezone) }) : t('companyZone'),
      },
      ...TIME_ZONES.map((z) => ({ value: z, label: zoneLabel(z) })),
    ],
    [activeCompany, t],
  );
  const save = useMutation({
    mutationFn: (zone: string) => api.put('/account/timezone', { timezone: zone || null }),
    onSuccess: async () => {
      await loadUser();
      await queryClient.invalidateQueries({ queryKey: ['account', 'profile'] });
      toast.success(t('saved'));
    },
    onError: (e) => toast.error(isApiError(e) ? e.message : String(e)),
  });
  const userLanguage = useSession((s) => s.userLanguage);
  const language = useMutation({
    mutationFn: (code: string) => api.put('/account/language', { language: code || null }),
    onSuccess: async () => {
      await loadUser();
      toast.success(t('saved'));
    },
    onError: (e) => toast.error(isApiError(e) ? e.message : String(e)),
  });
  return (
    <Form layout="vertical">
      {/* offered once a second language has every screen's texts (api/i18n.ts LANGUAGES) */}
      {LANGUAGES.length > 1 && (
        <Form.Item label={t('language')} htmlFor="profile-language">
          <Select
            id="profile-language"
            value={userLanguage ?? ''}
            options={[
              { value: '', label: t('browserLanguage') },
              ...LANGUAGES.map((l) => ({ value: l.code, label: l.name })),
            ]}
            loading={language.isPending}
            onChange={(code: string) => language.mutate(code)}
          />
        </Form.Item>
      )}
      <Form.Item label={t('timeZone')} htmlFor="profile-timezone" extra={t('timeZoneHint')}>
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
  const t = useTexts(profileTexts);
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
      toast.success(t('passwordChanged'));
    },
    onError: (e) => {
      if (isApiError(e) && e.fieldMessages) {
        applyFieldErrors(form, e.fieldMessages);
        toast.error(t('errorFound'));
      } else toast.error(isApiError(e) ? e.message : String(e));
    },
  });

  const onFinish = (v: PasswordValues) => {
    const errors = [
      { name: 'currentPassword', errors: v.currentPassword ? [] : [t('empty')] },
      { name: 'newPassword', errors: v.newPassword ? [] : [t('empty')] },
      {
        name: 'confirm',
        errors: !v.confirm ? [t('empty')] : v.confirm !== v.newPassword ? [t('mismatch')] : [],
      },
    ];
    form.setFields(errors);
    if (!errors.some((f) => f.errors.length)) change.mutate(v);
  };

  const p = profile.data;
  return (
    <Page title={t('title')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={t('account')}>
            {!p ? (
              <Skeleton active loading={profile.isLoading} />
            ) : (
              <Descriptions column={1} bordered size="middle">
                <Descriptions.Item label={t('userId')}>{p.userId}</Descriptions.Item>
                <Descriptions.Item label={t('loginName')}>{p.username}</Descriptions.Item>
                <Descriptions.Item label={t('status')}>
                  {p.status === 1 ? <Tag color="green">{t('active')}</Tag> : <Tag>{t('inactive')}</Tag>}
                </Descriptions.Item>
                <Descriptions.Item label={t('roles')}>
                  {p.roles.length ? p.roles.map((r) => <Tag key={r.roleId}>{r.roleName}</Tag>) : '-'}
                </Descriptions.Item>
                <Descriptions.Item label={t('companies')}>
                  <List
                    size="small"
                    dataSource={p.companies}
                    locale={{ emptyText: t('noCompany') }}
                    renderItem={(c) => (
                      <List.Item style={{ paddingInline: 0 }}>
                        <span>
                          {c.compName}
                          <span style={{ color: 'var(--text-muted)' }}> · {c.grcpName ?? t('ungrouped')}</span>
                        </span>
                        <span>
                          {c.allAssets === 1 ? <Tag>{t('allAssets')}</Tag> : <Tag>{t('assignedAssets')}</Tag>}
                          {activeCompany?.compId === c.compId && <Tag color="blue">{t('activeCompany')}</Tag>}
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
          <Card title={t('display')} style={{ marginBottom: 16 }}>
            {p ? <DisplayZone chosen={p.timezone} /> : <Skeleton active loading={profile.isLoading} />}
          </Card>
          <Card title={t('changePassword')}>
            <Form
              form={form}
              layout="vertical"
              requiredMark={false}
              onFinish={onFinish}
              onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))}
            >
              <Form.Item label={t('currentPassword')} name="currentPassword">
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Form.Item label={t('newPassword')} name="newPassword" extra={t('newPasswordHint')}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item label={t('confirmPassword')} name="confirm">
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={change.isPending}>
                {t('changePassword')}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
    </Page>
  );
}
