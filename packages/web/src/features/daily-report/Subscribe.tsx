import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch, Tooltip } from 'antd';
import { api } from '../../api/client.ts';
import { text, useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { dailyReportTexts } from './texts.ts';

interface Subscription {
  massId: number;
  massName: string;
  createdTime: number;
}

/**
 * "Email me this report daily": subscribes the signed-in user to the vessel's daily report; after local midnight
 * the server mails the previous day's PDF to the user's address (README "Daily report").
 */
export function Subscribe({ massId }: { massId: number }) {
  const t = useTexts(dailyReportTexts);
  const client = useQueryClient();
  const subs = useQuery({
    queryKey: ['daily-report', 'subscriptions'],
    queryFn: ({ signal }) => api.get<Subscription[]>('/reports/daily/subscriptions', { signal }),
  });
  const on = !!subs.data?.some((s) => s.massId === massId);
  const change = useMutation({
    mutationFn: (subscribe: boolean) =>
      subscribe
        ? api.put<Subscription[]>(`/reports/daily/subscriptions/${massId}`)
        : api.delete<Subscription[]>(`/reports/daily/subscriptions/${massId}`),
    onSuccess: (data, subscribe) => {
      client.setQueryData(['daily-report', 'subscriptions'], data);
      toast.success(text(dailyReportTexts, subscribe ? 'subscribed' : 'unsubscribed'));
    },
  });
  return (
    <Tooltip title={t('subscribeHint')}>
      <span className="dr-subscribe">
        <Switch
          id="dr-subscribe"
          size="small"
          checked={on}
          loading={subs.isLoading || change.isPending}
          onChange={(v) => change.mutate(v)}
          aria-label={t('subscribe')}
        />
        <label htmlFor="dr-subscribe">{t('subscribe')}</label>
      </span>
    </Tooltip>
  );
}
