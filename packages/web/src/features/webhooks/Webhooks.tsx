import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  WEBHOOK_KINDS,
  type Webhook,
  type WebhookDelivery,
  type WebhookKind,
  type WebhookWithSecret,
} from '@fleet/shared/answers/webhooks.ts';
import { can } from '@fleet/shared/permissions.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Drawer, Form, Input, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { at, now } from '../../api/zone.ts';
import { downloadName } from '../../components/csv.ts';
import { ExportButtons } from '../../components/ExportButtons.tsx';
import { Page } from '../../components/Page.tsx';
import { type SheetColumn, tableSheet } from '../../components/table-sheet.ts';
import { useSession } from '../../stores/session.ts';
import { webhookTexts } from './texts.ts';

type Key = keyof (typeof webhookTexts)['en'] & string;

const KIND_LABEL: Record<WebhookKind | 'test', Key> = {
  'event.opened': 'kindEventOpened',
  'event.closed': 'kindEventClosed',
  'bunker_log.created': 'kindBunkerCreated',
  'bunker_log.adjusted': 'kindBunkerAdjusted',
  'voyage_leg.closed': 'kindLegClosed',
  positions: 'kindPositions',
  test: 'kindTest',
};
const STATUS_COLOR = { pending: 'gold', delivered: 'green', failed: 'red' } as const;
const time = (s: number | null) => (s === null ? '-' : at(s * 1000).format('DD-MM-YYYY HH:mm:ss'));
const LIST = ['webhooks'];
type WebhookValues = Pick<Webhook, 'name' | 'url' | 'kinds' | 'active'>;

/**
 * Webhooks (issue 31): the active company's subscriptions — receiver URL, notifications, on/off — with the signing
 * secret shown once (at creation or "New Secret"), each one's delivery log with the receiver's last answers, and
 * "Send Test".
 */
export default function Webhooks() {
  const t = useTexts(webhookTexts);
  const access = useSession((s) => s.userAccess);
  const client = useQueryClient();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const list = useQuery({ queryKey: LIST, queryFn: () => api.get<Webhook[]>('/webhooks') });
  const reload = () => client.invalidateQueries({ queryKey: LIST });
  const kindText = (k: string) => (k in KIND_LABEL ? t(KIND_LABEL[k as WebhookKind]) : k);

  const remove = (w: Webhook) =>
    Modal.confirm({
      title: t('deleteConfirm', { name: w.name }),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        await api.delete(`/webhooks/${w.id}`);
        toast.success(t('deleted'));
        await reload();
      },
    });
  const rotate = (w: Webhook) =>
    Modal.confirm({
      title: t('newSecretConfirm'),
      okText: t('newSecret'),
      cancelText: t('cancel'),
      onOk: async () => {
        setSecret(await api.post<WebhookWithSecret>(`/webhooks/${w.id}/secret`));
        await reload();
      },
    });
  const sendTest = async (w: Webhook) => {
    await api.post<WebhookDelivery>(`/webhooks/${w.id}/test`);
    toast.success(t('testQueued'));
    setLogOf(w);
  };

  // the subscriptions' columns, in the table and in its download (issue 31)
  const columns: (ColumnType<Webhook> & SheetColumn<Webhook>)[] = [
    { title: t('name'), dataIndex: 'name', width: 160, sheet: (w) => w.name },
    { title: t('url'), dataIndex: 'url', width: 260, ellipsis: true, sheet: (w) => w.url },
    {
      title: t('kinds'),
      dataIndex: 'kinds',
      width: 260,
      render: (kinds: WebhookKind[]) => (
        <Space size={[0, 4]} wrap>
          {kinds.map((k) => (
            <Tag key={k}>{kindText(k)}</Tag>
          ))}
        </Space>
      ),
      sheet: (w) => w.kinds.map(kindText).join(', '),
    },
    {
      title: t('active'),
      dataIndex: 'active',
      width: 90,
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('on') : t('off')}</Tag>,
      sheet: (w) => (w.active ? t('on') : t('off')),
    },
    {
      title: t('lastDelivery'),
      dataIndex: 'lastDelivery',
      width: 200,
      render: (d: Webhook['lastDelivery']) =>
        d ? (
          <Space size={4} wrap>
            <Tag color={STATUS_COLOR[d.status]}>{t(d.status)}</Tag>
            {d.httpStatus !== null && <span>HTTP {d.httpStatus}</span>}
            <span>{time(d.time)}</span>
          </Space>
        ) : (
          t('none')
        ),
      sheet: (w) =>
        w.lastDelivery
          ? [
              t(w.lastDelivery.status),
              w.lastDelivery.httpStatus !== null ? `HTTP ${w.lastDelivery.httpStatus}` : '',
              time(w.lastDelivery.time),
            ]
              .filter(Boolean)
              .join(' ')
          : t('none'),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 330,
      render: (_, w) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setLogOf(w)}>
            {t('log')}
          </Button>
          {can(access, 'webhook', 'update') && (
            <>
              <Button size="small" onClick={() => sendTest(w)}>
                {t('sendTest')}
              </Button>
              <Button size="small" onClick={() => setEditing(w)}>
                {t('edit')}
              </Button>
              <Button size="small" onClick={() => rotate(w)}>
                {t('newSecret')}
              </Button>
            </>
          )}
          {can(access, 'webhook', 'delete') && (
            <Button size="small" danger onClick={() => remove(w)}>
              {t('delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Page
      title={t('title')}
      extra={
        <Space wrap>
          {can(access, 'webhook', 'read') && (
            <ExportButtons
              disabled={!list.data?.length}
              sheet={() => tableSheet(columns, list.data ?? [])}
              fileName={(ext) => downloadName([t('title'), now().format('YYYYMMDD')], ext)}
            />
          )}
          {can(access, 'webhook', 'create') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('add')}
            </Button>
          )}
        </Space>
      }
    >
      <div className="page-card">
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <Table<Webhook>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          // fixed widths: on a phone the table scrolls sideways instead of squeezing its columns
          tableLayout="fixed"
          scroll={{ x: 1300 }}
          locale={{ emptyText: t('empty') }}
          columns={columns}
        />
      </div>
      {editing && (
        <WebhookForm
          initial={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (saved) => {
            setEditing(null);
            if ('secret' in saved) setSecret(saved as WebhookWithSecret);
            else toast.success(t('saved'));
            await reload();
          }}
        />
      )}
      <Modal
        open={secret !== null}
        title={t('secretTitle')}
        onCancel={() => setSecret(null)}
        footer={<Button onClick={() => setSecret(null)}>{t('close')}</Button>}
      >
        <Alert type="warning" showIcon message={t('secretOnce')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable code style={{ wordBreak: 'break-all' }} data-testid="webhook-secret">
          {secret?.secret}
        </Typography.Paragraph>
      </Modal>
      <Drawer
        open={logOf !== null}
        title={logOf ? t('logOf', { name: logOf.name }) : ''}
        width="min(960px, 100vw)"
        onClose={() => {
          setLogOf(null);
          void reload();
        }}
        destroyOnHidden
      >
        {logOf && <DeliveryLog webhook={logOf} kindText={kindText} />}
      </Drawer>
    </Page>
  );
}

function WebhookForm({
  initial,
  onClose,
  onSaved,
}: {
  initial: Webhook | null;
  onClose: () => void;
  onSaved: (w: Webhook | WebhookWithSecret) => void;
}) {
  const t = useTexts(webhookTexts);
  const [form] = Form.useForm<WebhookValues>();
  const save = useMutation({
    mutationFn: (values: WebhookValues) =>
      initial ? api.put<Webhook>(`/webhooks/${initial.id}`, values) : api.post<WebhookWithSecret>('/webhooks', values),
    onSuccess: onSaved,
  });
  return (
    <Modal
      open
      title={initial ? `${t('edit')}: ${initial.name}` : t('add')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form<WebhookValues>
        form={form}
        layout="vertical"
        initialValues={initial ?? { name: '', url: '', kinds: ['event.opened'], active: true }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="name"
          label={t('name')}
          rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('url')}
          rules={[{ required: true, whitespace: true, message: t('urlRequired') }]}
        >
          <Input maxLength={2000} placeholder="https://erp.example.co.id/fleet-hooks" />
        </Form.Item>
        <Form.Item name="kinds" label={t('kinds')} rules={[{ required: true, message: t('kindsRequired') }]}>
          <Checkbox.Group
            style={{ display: 'grid', gap: 6 }}
            options={WEBHOOK_KINDS.map((k) => ({ value: k, label: t(KIND_LABEL[k]) }))}
          />
        </Form.Item>
        <Form.Item name="active" label={t('active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DeliveryLog({ webhook, kindText }: { webhook: Webhook; kindText: (k: string) => string }) {
  const t = useTexts(webhookTexts);
  const log = useQuery({
    queryKey: [...LIST, webhook.id, 'deliveries'],
    queryFn: () => api.get<WebhookDelivery[]>(`/webhooks/${webhook.id}/deliveries`),
    // while something waits, look again: the worker sends in the background
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 2000 : false),
  });
  return (
    <>
      <Button icon={<ReloadOutlined />} onClick={() => log.refetch()} style={{ marginBottom: 12 }}>
        {t('refresh')}
      </Button>
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        loading={log.isLoading}
        dataSource={log.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('noDeliveries') }}
        expandable={{
          expandedRowRender: (d) => (
            <div>
              <Typography.Text strong>{t('payload')}</Typography.Text>
              <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: '4px 0 8px' }}>{d.payload}</pre>
              {d.lastBody !== null && (
                <>
                  <Typography.Text strong>{t('answer')}</Typography.Text>
                  <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: '4px 0 0' }}>{d.lastBody}</pre>
                </>
              )}
            </div>
          ),
        }}
        columns={[
          { title: t('time'), dataIndex: 'createdTime', width: 160, render: time },
          { title: t('kind'), dataIndex: 'kind', width: 170, render: kindText },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 200,
            render: (s: WebhookDelivery['status'], d) => (
              <Space size={4} wrap>
                <Tag color={STATUS_COLOR[s]}>{t(s)}</Tag>
                {d.nextTryTime !== null && d.attempts > 0 && (
                  <Typography.Text type="secondary">{t('nextTry', { time: time(d.nextTryTime) })}</Typography.Text>
                )}
              </Space>
            ),
          },
          { title: t('attempts'), dataIndex: 'attempts', width: 80, align: 'right' },
          {
            title: t('answer'),
            key: 'answer',
            render: (_, d) =>
              d.lastTime === null
                ? '-'
                : d.lastHttpStatus !== null
                  ? `HTTP ${d.lastHttpStatus}`
                  : `${t('noAnswer')}${d.lastError ? `: ${d.lastError}` : ''}`,
          },
          {
            title: t('duration'),
            dataIndex: 'lastDurationMs',
            width: 100,
            align: 'right',
            render: (ms: number | null) => (ms === null ? '-' : `${ms} ms`),
          },
        ]}
      />
    </>
  );
}
