import { ShareAltOutlined } from '@ant-design/icons';
import type { ShareLinkCreated, ShareLinkRow } from '@fleet/shared/answers/share-links.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, List, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { periodSeconds } from '../../api/period.ts';
import { toast } from '../../api/toast.ts';
import { dateTime, periodDateTimes } from '../../components/format.ts';
import './share-link.css';

const VALIDITY = [
  { value: 1, label: '1 hour' },
  { value: 24, label: '1 day' },
  { value: 72, label: '3 days' },
  { value: 168, label: '7 days' },
];
const STATUS_COLOR = { active: 'green', expired: 'default', revoked: 'red' } as const;

/**
 * "Share report link" (the default way to hand a report to someone outside the product): a signed, expiring,
 * read-only link to this vessel's Report Summary for this period — no password in it; listed and revocable here.
 */
export function ShareLinkButton({ massId, start, end }: { massId: number | null; start: number; end: number }) {
  const [open, setOpen] = useState(false);
  const [hours, setHours] = useState(72);
  const [created, setCreated] = useState<string | null>(null);
  const qc = useQueryClient();
  const { start: startS, end: endS } = periodSeconds({ start, end });
  const links = useQuery({
    queryKey: ['share-links'],
    queryFn: ({ signal }) => api.list<ShareLinkRow>('/share-links', { signal }),
    enabled: open,
  });
  const create = useMutation({
    mutationFn: () =>
      api.post<ShareLinkCreated>('/share-links', { massId, start: startS, end: endS, expiresInHours: hours }),
    onSuccess: (r) => {
      setCreated(`${window.location.origin}${r.path}`);
      void qc.invalidateQueries({ queryKey: ['share-links'] });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api.delete(`/share-links/${id}`),
    onSuccess: () => {
      toast.success('Link revoked');
      void qc.invalidateQueries({ queryKey: ['share-links'] });
    },
  });
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created);
      toast.success('Link copied');
    } catch {
      toast.error('Copy failed: select the link and copy it');
    }
  };

  return (
    <>
      <Button
        icon={<ShareAltOutlined />}
        onClick={() => setOpen(true)}
        disabled={massId == null}
        data-testid="share-link-open"
      >
        Share report link
      </Button>
      <Modal
        title="Share report link"
        open={open}
        onCancel={() => {
          setOpen(false);
          setCreated(null);
        }}
        footer={null}
        width={640}
        destroyOnHidden
      >
        <Typography.Paragraph>
          A read-only link to this vessel&apos;s Report Summary for {periodDateTimes(startS, endS)}. It carries no
          password, opens nothing else, and stops working when it expires or is revoked.
        </Typography.Paragraph>
        <Space wrap>
          <span>Valid for</span>
          <Select
            aria-label="Valid for"
            value={hours}
            onChange={setHours}
            options={VALIDITY}
            style={{ width: 120 }}
            data-testid="share-link-validity"
          />
          <Button
            type="primary"
            loading={create.isPending}
            onClick={() => create.mutate()}
            data-testid="share-link-create"
          >
            Create link
          </Button>
        </Space>
        {created && (
          <Space.Compact style={{ width: '100%', marginTop: 16 }}>
            <Input readOnly value={created} aria-label="Report link" data-testid="share-link-url" />
            <Button onClick={copy}>Copy</Button>
          </Space.Compact>
        )}
        {create.isError && <Alert type="error" showIcon message={create.error.message} style={{ marginTop: 16 }} />}
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          Your links
        </Typography.Title>
        <List
          size="small"
          loading={links.isLoading}
          dataSource={links.data?.rows ?? []}
          locale={{ emptyText: 'No links yet' }}
          data-testid="share-link-list"
          renderItem={(l) => (
            <List.Item
              actions={
                l.status === 'active'
                  ? [
                      <Popconfirm
                        key="revoke"
                        title="Revoke this link? It stops working at once."
                        onConfirm={() => revoke.mutate(l.id)}
                      >
                        <Button size="small" danger aria-label={`Revoke link ${l.id}`}>
                          Revoke
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <Space>
                    {l.massName ?? `#${l.massId}`}
                    <Tag color={STATUS_COLOR[l.status]}>{l.status}</Tag>
                  </Space>
                }
                description={`${periodDateTimes(l.start, l.end)} · expires ${dateTime(l.expires)} · opened ${l.openedCount}×`}
              />
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
