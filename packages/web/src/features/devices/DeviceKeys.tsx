import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import type { DeviceKey, IssuedDeviceKey } from '@fleet/shared/answers/device-keys.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { text, useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { useCan } from '../../auth/permissions.ts';
import { devicesTexts } from './texts.ts';

const keysPath = (devcId: number) => `/master/device/${devcId}/keys`;
const when = (t: number | null | undefined) => (t ? dayjs.unix(t).format('DD MMM YYYY HH:mm') : '—');

/** Marks a value's place in a translated text, so that it can be shown as code. */
const MARK = '\u0001';
const INGEST = { endpoint: 'POST /api/ingest', header: 'X-Device-Key' } as const;

/** The keys' introduction in the language in force, the endpoint and the header as code. */
function KeysIntro() {
  const t = useTexts(devicesTexts);
  const parts = t('keysIntro', { endpoint: `${MARK}endpoint${MARK}`, header: `${MARK}header${MARK}` }).split(MARK);
  return (
    <Typography.Paragraph type="secondary">
      {parts.map((part, i) =>
        i % 2 ? (
          <code key={part}>{INGEST[part as keyof typeof INGEST]}</code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, always in the same order
          <span key={`text-${i}`}>{part}</span>
        ),
      )}
    </Typography.Paragraph>
  );
}

/**
 * Ingest keys of a gateway (docs/api.md "Device keys"): issue a key (shown once, with a copy button), the keys by
 * label with their creation, last use and revocation, revoke. Issuing and revoking need update on master_device.
 */
export function DeviceKeys({
  devcId,
  devcName,
  open,
  onClose,
}: {
  devcId: number;
  devcName: string;
  open: boolean;
  onClose: () => void;
}) {
  const t = useTexts(devicesTexts);
  const canManage = useCan('master_device', 'update');
  const qc = useQueryClient();
  const [issued, setIssued] = useState<IssuedDeviceKey | null>(null);
  const [form] = Form.useForm<{ label: string }>();
  const keys = useQuery({
    queryKey: ['device-keys', devcId],
    enabled: open,
    queryFn: ({ signal }) => api.get<DeviceKey[]>(keysPath(devcId), { signal }),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['device-keys', devcId] });
  const issue = useMutation({
    mutationFn: (label: string) => api.post<IssuedDeviceKey>(keysPath(devcId), label ? { label } : {}),
    onSuccess: async (k) => {
      setIssued(k);
      form.resetFields();
      toast.success(text(devicesTexts, 'keyIssued'));
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (keyId: number) => api.delete(`${keysPath(devcId)}/${keyId}`),
    onSuccess: async () => {
      toast.success(text(devicesTexts, 'keyRevoked'));
      await refresh();
    },
  });
  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      toast.success(text(devicesTexts, 'copied'));
    } catch {
      toast.error(text(devicesTexts, 'copyFailed'));
    }
  };

  return (
    <Modal
      open={open}
      title={t('ingestKeysOf', { name: devcName })}
      onCancel={() => {
        setIssued(null);
        onClose();
      }}
      footer={null}
      keyboard={false}
      mask={{ closable: false }}
      width={720}
      destroyOnHidden
    >
      <KeysIntro />
      {issued?.key && (
        <Alert
          type="success"
          showIcon
          className="device-key-issued"
          message={t('issuedOnce', { label: issued.label })}
          description={
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={issued.key} aria-label={t('newKey')} data-testid="issued-key" />
              <Button icon={<CopyOutlined />} onClick={() => copy(issued.key)}>
                {t('copy')}
              </Button>
            </Space.Compact>
          }
        />
      )}
      {canManage && (
        <Form
          form={form}
          layout="inline"
          onFinish={(v) => issue.mutate((v.label ?? '').trim())}
          style={{ margin: '12px 0' }}
        >
          <Form.Item name="label" rules={[{ max: 64, message: t('atMost64') }]}>
            <Input placeholder={t('labelPlaceholder')} aria-label={t('keyLabel')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<KeyOutlined />} loading={issue.isPending}>
            {t('issueKey')}
          </Button>
        </Form>
      )}
      <Table<DeviceKey>
        rowKey="keyId"
        size="small"
        loading={keys.isLoading}
        dataSource={keys.data ?? []}
        pagination={false}
        locale={{ emptyText: t('noKeys') }}
        columns={[
          { key: 'label', title: t('label'), dataIndex: 'label' },
          { key: 'created', title: t('created'), render: (_, k) => when(k.createdTime) },
          // to the minute: ingest records a key's use at most once a minute
          { key: 'used', title: t('lastUse'), render: (_, k) => when(k.lastUsedTime) },
          {
            key: 'state',
            title: t('state'),
            render: (_, k) =>
              k.revokedTime ? (
                <Tag>{t('revokedAt', { time: when(k.revokedTime) })}</Tag>
              ) : (
                <Tag color="green">{t('live')}</Tag>
              ),
          },
          ...(canManage
            ? [
                {
                  key: 'revoke',
                  title: '',
                  align: 'right' as const,
                  render: (_: unknown, k: DeviceKey) =>
                    k.revokedTime ? null : (
                      <Popconfirm
                        title={t('revokeConfirm', { label: k.label })}
                        okText={t('revoke')}
                        onConfirm={() => revoke.mutate(k.keyId)}
                      >
                        <Button danger size="small" aria-label={t('revokeKey', { label: k.label })}>
                          {t('revoke')}
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
}
