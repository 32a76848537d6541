import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import type { DeviceKey, IssuedDeviceKey } from '@fleet/shared/answers/device-keys.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { toast } from '../../api/toast.ts';
import { useCan } from '../../auth/permissions.ts';

const keysPath = (devcId: number) => `/master/device/${devcId}/keys`;
const when = (t: number | null | undefined) => (t ? dayjs.unix(t).format('DD MMM YYYY HH:mm') : '—');

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
      toast.success('Key issued');
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (keyId: number) => api.delete(`${keysPath(devcId)}/${keyId}`),
    onSuccess: async () => {
      toast.success('Key revoked');
      await refresh();
    },
  });
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Copied');
    } catch {
      toast.error('Copy failed: select the key and copy it by hand');
    }
  };

  return (
    <Modal
      open={open}
      title={`Ingest keys of ${devcName}`}
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
      <Typography.Paragraph type="secondary">
        A gateway sends the readings of every device of its asset to <code>POST /api/ingest</code> with its key in the
        header <code>X-Device-Key</code>. Issuing a key with the label of a live key replaces that key.
      </Typography.Paragraph>
      {issued?.key && (
        <Alert
          type="success"
          showIcon
          className="device-key-issued"
          message={`Key '${issued.label}' issued — copy it now, it is not shown again`}
          description={
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={issued.key} aria-label="New key" data-testid="issued-key" />
              <Button icon={<CopyOutlined />} onClick={() => copy(issued.key)}>
                Copy
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
          <Form.Item name="label" rules={[{ max: 64, message: 'At most 64 characters' }]}>
            <Input placeholder="Label (default: default)" aria-label="Key label" />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<KeyOutlined />} loading={issue.isPending}>
            Issue key
          </Button>
        </Form>
      )}
      <Table<DeviceKey>
        rowKey="keyId"
        size="small"
        loading={keys.isLoading}
        dataSource={keys.data ?? []}
        pagination={false}
        locale={{ emptyText: 'No keys yet' }}
        columns={[
          { key: 'label', title: 'Label', dataIndex: 'label' },
          { key: 'created', title: 'Created', render: (_, k) => when(k.createdTime) },
          // to the minute: ingest records a key's use at most once a minute
          { key: 'used', title: 'Last use', render: (_, k) => when(k.lastUsedTime) },
          {
            key: 'state',
            title: 'State',
            render: (_, k) =>
              k.revokedTime ? <Tag>Revoked {when(k.revokedTime)}</Tag> : <Tag color="green">Live</Tag>,
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
                        title={`Revoke key '${k.label}'?`}
                        okText="Revoke"
                        onConfirm={() => revoke.mutate(k.keyId)}
                      >
                        <Button danger size="small" aria-label={`Revoke key ${k.label}`}>
                          Revoke
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
