import type { EventMail } from '@fleet/shared/answers/events.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd';
import { api } from '../../api/client.ts';
import { text, useTexts } from '../../api/i18n.ts';
import { toast } from '../../api/toast.ts';
import { eventLogTexts } from './texts.ts';

/** The signed-in user's opt-in to an e-mail for every High priority event of their vessels (issue 17). */
export function EventMailSwitch() {
  const t = useTexts(eventLogTexts);
  const qc = useQueryClient();
  const key = ['event-log', 'mail'];
  const q = useQuery({ queryKey: key, queryFn: () => api.get<EventMail>('/log/event/mail') });
  const m = useMutation({
    mutationFn: (enabled: boolean) => api.put<EventMail>('/log/event/mail', { enabled }),
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      toast.success(text(eventLogTexts, data.enabled ? 'mailOn' : 'mailOff'));
    },
  });
  return (
    <span className="event-mail-switch">
      <Switch
        id="event-mail-switch"
        size="small"
        checked={q.data?.enabled ?? false}
        loading={q.isLoading || m.isPending}
        onChange={(v) => m.mutate(v)}
        aria-label={t('mailSwitch')}
      />
      <label htmlFor="event-mail-switch">{t('mailSwitch')}</label>
    </span>
  );
}
