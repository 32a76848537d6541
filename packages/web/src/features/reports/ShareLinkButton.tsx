import { ShareAltOutlined } from '@ant-design/icons';
import type { ShareLinkCreated, ShareLinkRow } from '@fleet/shared/answers/share-links.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, List, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { text, useTexts } from '../../api/i18n.ts';
import { periodSeconds } from '../../api/period.ts';
import { toast } from '../../api/toast.ts';
import { dateTime, periodDateTimes } from '../../components/format.ts';
import { reportsTexts } from './texts.ts';
import './share-link.css';

/** The validities offered, in hours, with their texts' keys. */
const VALIDITY = [
  { value: 1, label: 'oneHour' },
  { value: 24, label: 'oneDay' },
  { value: 72, label: 'threeDays' },
  { value: 168, label: 'sevenDays' },
] as const;
const STATUS_COLOR = { active: 'green', expired: 'default', revoked: 'red' } as const;
const STATUS_TEXT = { active: 'statusActive', expired: 'statusExpired', revoked: 'statusRevoked' } as const;

/**
 * "Share report link" (the default way to hand a report to someone outside the product): a signed, expiring,
 * read-only link to this vessel's Report Summary for this period — no password in it; listed and revocable here.
 */
export function ShareLinkButton({ massId, start, end }: { massId: number | null; start: number; end: number }) {
  const t = useTexts(reportsTexts);
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
      toast.success(text(reportsTexts, 'linkRevoked'));
      void qc.invalidateQueries({ queryKey: ['share-links'] });
    },
  });
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created);
      toast.success(text(reportsTexts, 'linkCopied'));
    } catch {
      toast.error(text(reportsTexts, 'copyFailed'));
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
        {t('shareReportLink')}
      </Button>
      <Modal
        title={t('shareReportLink')}
        open={open}
        onCancel={() => {
          setOpen(false);
          setCreated(null);
        }}
        footer={null}
        width={640}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('shareHelp', { period: periodDateTimes(startS, endS) })}</Typography.Paragraph>
        <Space wrap>
          <span>{t('validFor')}</span>
          <Select
            aria-label={t('validFor')}
            value={hours}
            onChange={setHours}
            options={VALIDITY.map((v) => ({ value: v.value, label: t(v.label) }))}
            style={{ width: 120 }}
            data-testid="share-link-validity"
          />
          <Button
            type="primary"
            loading={create.isPending}
            onClick={() => create.mutate()}
            data-testid="share-link-create"
          >
            {t('createLink')}
          </Button>
        </Space>
        {created && (
          <Space.Compact style={{ width: '100%', marginTop: 16 }}>
            <Input readOnly value={created} aria-label={t('reportLink')} data-testid="share-link-url" />
            <Button onClick={copy}>{t('copy')}</Button>
          </Space.Compact>
        )}
        {create.isError && <Alert type="error" showIcon message={create.error.message} style={{ marginTop: 16 }} />}
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          {t('yourLinks')}
        </Typography.Title>
        <List
          size="small"
          loading={links.isLoading}
          dataSource={links.data?.rows ?? []}
          locale={{ emptyText: t('noLinks') }}
          data-testid="share-link-list"
          renderItem={(l) => (
            <List.Item
              actions={
                l.status === 'active'
                  ? [
                      <Popconfirm key="revoke" title={t('revokeAsk')} onConfirm={() => revoke.mutate(l.id)}>
                        <Button size="small" danger aria-label={t('revokeLinkOf', { id: l.id })}>
                          {t('revoke')}
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
                    <Tag color={STATUS_COLOR[l.status]}>{t(STATUS_TEXT[l.status])}</Tag>
                  </Space>
                }
                description={t('linkDetails', {
                  period: periodDateTimes(l.start, l.end),
                  expires: dateTime(l.expires),
                  opened: l.openedCount,
                })}
              />
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
