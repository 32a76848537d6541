import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch, Tooltip } from 'antd';
import { api } from '../../api/client.ts';
import { toast } from '../../api/toast.ts';

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
      toast.success(subscribe ? 'Daily report mail subscribed' : 'Daily report mail unsubscribed');
    },
  });
  return (
    <Tooltip title="After midnight the previous day's PDF is mailed to you">
      <span className="dr-subscribe">
        <Switch
          id="dr-subscribe"
          size="small"
          checked={on}
          loading={subs.isLoading || change.isPending}
          onChange={(v) => change.mutate(v)}
          aria-label="Email me this report daily"
        />
        <label htmlFor="dr-subscribe">Email me this report daily</label>
      </span>
    </Tooltip>
  );
}
