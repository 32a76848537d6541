import { CopyOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { ApiToken, ApiTokenChoices, CreateApiToken, IssuedApiToken } from '@fleet/shared/answers/api-tokens.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { text, useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { now } from '../../api/zone.ts';
import { useCan } from '../../auth/permissions.ts';
import { downloadName } from '../../components/csv.ts';
import { ExportButtons } from '../../components/ExportButtons.tsx';
import { dateTime, num } from '../../components/format.ts';
import { Page } from '../../components/Page.tsx';
import { type SheetColumn, tableSheet } from '../../components/table-sheet.ts';
import { apiTokenTexts } from './texts.ts';
import './api-tokens.css';

const PATH = '/api-tokens';
const KEY = ['api-tokens'];
/** the lives a token may be given, in days (the server takes 1 to 730) */
const LIVES = [30, 90, 180, 365, 730] as const;
const STATUS_COLOR: Record<ApiToken['status'], string> = { active: 'green', expired: 'orange', revoked: 'default' };

type Texts = ReturnType<typeof useTexts<typeof apiTokenTexts.en>>;

function lifeLabel(t: Texts, days: number): string {
  if (days === 365) return t('oneYear');
  if (days === 730) return t('twoYears');
  return t('days', { n: days });
}

/** The "Create token" form: name, company, role, life; the companies and roles are those the server offers. */
function CreateTokenModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (token: IssuedApiToken) => void;
}) {
  const t = useTexts(apiTokenTexts);
  const [form] = Form.useForm<CreateApiToken>();
  const choices = useQuery({
    queryKey: [...KEY, 'choices'],
    enabled: open,
    queryFn: ({ signal }) => api.get<ApiTokenChoices>(`${PATH}/choices`, { signal }),
  });
  const create = useMutation({
    mutationFn: (body: CreateApiToken) => api.post<IssuedApiToken>(PATH, body),
    onSuccess: (issued) => {
      form.resetFields();
      onCreated(issued);
    },
  });
  const required = [{ required: true, message: t('required') }];
  return (
    <Modal
      open={open}
      title={t('createTitle')}
      onCancel={onClose}
      okText={t('create')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<CreateApiToken>
        form={form}
        layout="vertical"
        initialValues={{ expiresInDays: 90 }}
        onFinish={(v) => create.mutate({ ...v, name: v.name.trim() })}
      >
        <Form.Item
          name="name"
          label={t('name')}
          rules={[
            { required: true, whitespace: true, message: t('required') },
            { max: 64, message: t('atMost64') },
          ]}
        >
          <Input placeholder={t('namePlaceholder')} maxLength={64} />
        </Form.Item>
        <Form.Item name="compId" label={t('company')} rules={required}>
          <Select
            loading={choices.isLoading}
            options={choices.data?.companies.map((c) => ({ value: c.compId, label: c.compName }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name="roleId" label={t('role')} rules={required}>
          <Select
            loading={choices.isLoading}
            options={choices.data?.roles.map((r) => ({ value: r.roleId, label: r.roleName }))}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item name="expiresInDays" label={t('expiresIn')} rules={required}>
          <Select options={LIVES.map((d) => ({ value: d, label: lifeLabel(t, d) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The new token, this once: a warning, the token with a copy button; closed only by its button. */
export function SecretModal({ issued, onClose }: { issued: IssuedApiToken | null; onClose: () => void }) {
  const t = useTexts(apiTokenTexts);
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      toast.success(text(apiTokenTexts, 'copied'));
    } catch {
      toast.error(text(apiTokenTexts, 'copyFailed'));
    }
  };
  return (
    <Modal
      open={issued !== null}
      title={t('secretTitle')}
      width={640}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('done')}
        </Button>
      }
      destroyOnHidden
    >
      {issued && (
        <>
          <Alert type="warning" showIcon message={t('secretWarning')} className="api-token-warning" />
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={issued.token}
              aria-label={t('token')}
              data-testid="issued-token"
              className="api-token-secret"
              onFocus={(e) => e.target.select()}
            />
            <Button icon={<CopyOutlined />} onClick={() => copy(issued.token)}>
              {t('copy')}
            </Button>
          </Space.Compact>
          <Typography.Paragraph type="secondary" className="api-token-help">
            {t('secretHelp', { name: issued.name, time: dateTime(issued.expiresTime) })}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}

/**
 * API Tokens (issue 31, docs/api.md "API tokens"): the tokens of the administrator's companies with their company,
 * role, creation, expiry, last use and status; "Create token" (the secret shown once); revoke with a confirmation.
 */
export default function ApiTokens() {
  const t = useTexts(apiTokenTexts);
  const canRead = useCan('api_token', 'read');
  const canCreate = useCan('api_token', 'create');
  const canRevoke = useCan('api_token', 'delete');
  const qc = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<IssuedApiToken | null>(null);
  const tokens = useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get<ApiToken[]>(PATH, { signal }) });
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const revoke = useMutation({
    mutationFn: (tokenId: number) => api.delete<ApiToken>(`${PATH}/${tokenId}`),
    onSuccess: async () => {
      toast.success(text(apiTokenTexts, 'revokedDone'));
      await refresh();
    },
  });

  const statusText = (r: ApiToken) =>
    r.status === 'revoked' && r.revokedTime ? t('revokedAt', { time: dateTime(r.revokedTime) }) : t(r.status);
  // the tokens' columns, in the table and in its download (issue 31); the secret's prefix is never written to a file
  const columns: (ColumnType<ApiToken> & SheetColumn<ApiToken>)[] = [
    {
      key: 'name',
      title: t('name'),
      render: (_, r) => (
        <>
          <div className="api-token-name">
            <KeyOutlined /> {r.name}
          </div>
          <Typography.Text type="secondary" code>
            {r.prefix}…
          </Typography.Text>
        </>
      ),
      sheet: (r) => r.name,
    },
    {
      key: 'status',
      title: t('status'),
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{statusText(r)}</Tag>,
      sheet: statusText,
    },
    { key: 'company', title: t('company'), dataIndex: 'compName', sheet: (r) => r.compName },
    { key: 'role', title: t('role'), dataIndex: 'roleName', sheet: (r) => r.roleName },
    {
      key: 'created',
      title: t('created'),
      render: (_, r) => (
        <>
          <div>{dateTime(r.createdTime)}</div>
          <Typography.Text type="secondary">{t('createdBy', { user: r.createdUserId })}</Typography.Text>
        </>
      ),
      sheet: (r) => dateTime(r.createdTime),
    },
    {
      key: 'expires',
      title: t('expires'),
      render: (_, r) => dateTime(r.expiresTime),
      sheet: (r) => dateTime(r.expiresTime),
    },
    {
      key: 'used',
      title: t('lastUse'),
      render: (_, r) => {
        const counts = { reads: num(r.lastDay.reads, 0), writes: num(r.lastDay.writes, 0) };
        return (
          <>
            <div>
              {r.lastUsedTime ? dateTime(r.lastUsedTime) : t('never')}
              {r.lastUsedAddress && <Typography.Text type="secondary"> · {r.lastUsedAddress}</Typography.Text>}
            </div>
            <Typography.Text type="secondary" className="api-token-counts">
              {r.lastDay.limited
                ? t('lastDayLimited', { ...counts, limited: num(r.lastDay.limited, 0) })
                : t('lastDay', counts)}
            </Typography.Text>
          </>
        );
      },
      sheet: (r) => (r.lastUsedTime ? dateTime(r.lastUsedTime) : t('never')),
    },
    ...(canRevoke
      ? [
          {
            key: 'revoke',
            title: '',
            align: 'right' as const,
            render: (_: unknown, r: ApiToken) =>
              r.status === 'revoked' ? null : (
                <Popconfirm
                  title={t('revokeConfirm', { name: r.name })}
                  okText={t('revoke')}
                  cancelText={t('cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke.mutate(r.tokenId)}
                >
                  <Button danger size="small" aria-label={t('revokeToken', { name: r.name })}>
                    {t('revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]
      : []),
  ];

  return (
    <Page
      title={t('title')}
      extra={
        <Space wrap>
          {canRead && (
            <ExportButtons
              disabled={!tokens.data?.length}
              sheet={() => tableSheet(columns, tokens.data ?? [])}
              fileName={(ext) => downloadName([t('title'), now().format('YYYYMMDD')], ext)}
            />
          )}
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('create')}
            </Button>
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Table<ApiToken>
        className="api-token-table"
        rowKey="tokenId"
        size="middle"
        loading={tokens.isLoading}
        dataSource={tokens.data ?? []}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('noTokens') }}
        columns={columns}
      />
      <CreateTokenModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={async (token) => {
          setCreating(false);
          setIssued(token);
          await refresh();
        }}
      />
      <SecretModal issued={issued} onClose={() => setIssued(null)} />
    </Page>
  );
}
