import type { UserCompanyRow } from '@fleet/shared/answers/resource-rows.ts';
import type { UserAccess as Access, UserSession } from '@fleet/shared/answers/user-access.ts';
import { user } from '@fleet/shared/resources/user.ts';
import { userCompany } from '@fleet/shared/resources/user-company.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Table, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { api } from '../../../api/client.ts';
import { useTexts } from '../../../api/i18n.ts';
import { useResourceList } from '../../../api/resources.ts';
import { toast } from '../../../api/toast.ts';
import { useCan } from '../../../auth/permissions.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { applicationOf } from '../../../components/selection/applications.ts';
import { formatDateTime } from '../admin-ui.ts';
import { usersTexts } from './texts.ts';

/** The address of the user's access calls (docs/api.md "A user's access, administered"). */
const accessPath = (userId: string) => `/users/${encodeURIComponent(userId)}`;
const when = (seconds: number) => formatDateTime(seconds * 1000) ?? '';

interface Ask {
  title: string;
  body: string;
  okText: string;
  danger: boolean;
  run: () => Promise<string>;
}

/**
 * User Detail's Access tab (issue 28): the user's open sessions (the browser and address that opened each — none for
 * a session older than the server's keeping them —, signed in, last seen, company, application), End one / End all,
 * Send reset link, and Unlock while failed sign-ins lock the account. Every action asks first and toasts its outcome;
 * the server checks update on users for each.
 */
export function UserAccessTab({ userId }: { userId: string }) {
  const t = useTexts(usersTexts);
  const canUpdate = useCan(user.permission, 'update');
  // the question stays while its dialog closes (no flash of another title)
  const [ask, setQuestion] = useState<Ask | null>(null);
  const [asking, setAsking] = useState(false);
  const setAsk = (a: Ask | null) => {
    if (a) setQuestion(a);
    setAsking(a !== null);
  };
  const [busy, setBusy] = useState(false);
  const access = useQuery<Access>({
    queryKey: ['user-access', userId],
    queryFn: ({ signal }) =>
      api.get<Access>(`${accessPath(userId)}/access`, { signal, errorToast: t('loadAccessFailed') }),
    enabled: canUpdate,
  });
  const companies = useResourceList<UserCompanyRow>(
    userCompany,
    { page: 1, pageSize: 100, finds: { uscoUserId: userId } },
    canUpdate,
  );
  const companyName = (compId: number | null) =>
    compId === null ? '' : (companies.rows.find((c) => c.uscoCompId === compId)?.uscoComp?.compName ?? String(compId));

  const confirm = async () => {
    if (!ask) return;
    setBusy(true);
    try {
      toast.success(await ask.run());
    } catch {
      // toasted by the API client
    } finally {
      setBusy(false);
      setAsk(null);
      void access.refetch();
    }
  };

  const endSessions = async (id?: string) => {
    const done = await api.delete<{ ended: number }>(`${accessPath(userId)}/sessions`, { query: { id } });
    return t('sessionsEnded', { n: done.ended });
  };

  const sessions = access.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current);
  const lockedSeconds = access.data?.lockedSeconds ?? 0;

  const kind = (s: UserSession): ReactNode => (
    <>
      {s.current && <Tag color="blue">{t('thisSession')}</Tag>}
      {s.shareLink && <Tag>{t('reportLink')}</Tag>}
    </>
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} className="user-access">
      {lockedSeconds > 0 ? (
        <Alert
          type="warning"
          showIcon
          message={t('locked', { minutes: Math.ceil(lockedSeconds / 60) })}
          action={
            <Button
              size="small"
              onClick={() =>
                setAsk({
                  title: t('unlockTitle', { user: userId }),
                  body: t('unlockConfirm'),
                  okText: t('unlock'),
                  danger: false,
                  run: async () => {
                    await api.post(`${accessPath(userId)}/unlock`);
                    return t('unlocked');
                  },
                })
              }
            >
              {t('unlock')}
            </Button>
          }
        />
      ) : (
        access.data && <Typography.Text type="secondary">{t('notLocked')}</Typography.Text>
      )}
      <div className="admin-filters">
        <Button
          onClick={() =>
            setAsk({
              title: t('resetLinkTitle', { user: userId }),
              body: t('resetLinkConfirm'),
              okText: t('send'),
              danger: false,
              run: async () => {
                await api.post(`${accessPath(userId)}/reset-link`);
                return t('resetLinkSent', { user: userId });
              },
            })
          }
        >
          {t('sendResetLink')}
        </Button>
        <Button
          danger
          disabled={!others.length}
          onClick={() =>
            setAsk({
              title: t('endAllTitle', { user: userId }),
              body: t('endAllConfirm'),
              okText: t('endAll'),
              danger: true,
              run: () => endSessions(),
            })
          }
        >
          {t('endAll')}
        </Button>
      </div>
      <Table<UserSession>
        size="small"
        rowKey="id"
        dataSource={sessions}
        loading={access.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('noSessions') }}
        columns={[
          // first what tells one session from another (where, and this one), then when, then what it works in
          {
            title: t('browser'),
            key: 'browser',
            render: (_, s) => (
              <>
                {s.browser ?? ''} {kind(s)}
              </>
            ),
          },
          { title: t('address'), key: 'address', render: (_, s) => s.address ?? '' },
          { title: t('signedIn'), key: 'signedIn', render: (_, s) => when(s.createdTime) },
          { title: t('lastSeen'), key: 'lastSeen', render: (_, s) => when(s.lastSeenTime) },
          { title: t('company'), key: 'company', render: (_, s) => companyName(s.activeCompId) },
          { title: t('application'), key: 'app', render: (_, s) => applicationOf(s.app)?.name ?? s.app ?? '' },
          {
            title: t('action'),
            key: 'action',
            // the End button stays in sight however far the row scrolls
            fixed: 'right',
            render: (_, s) =>
              s.current ? null : (
                <Button
                  size="small"
                  danger
                  aria-label={t('endSessionOf', { time: when(s.createdTime) })}
                  onClick={() =>
                    setAsk({
                      title: t('endSessionTitle'),
                      body: t('endSessionConfirm'),
                      okText: t('endSession'),
                      danger: true,
                      run: () => endSessions(s.id),
                    })
                  }
                >
                  {t('endSession')}
                </Button>
              ),
          },
        ]}
      />
      <ConfirmModal
        open={asking}
        title={ask?.title}
        okText={ask?.okText}
        danger={ask?.danger}
        confirming={busy}
        onConfirm={confirm}
        onCancel={() => setAsk(null)}
      >
        <p style={{ margin: 0 }}>{ask?.body}</p>
      </ConfirmModal>
    </Space>
  );
}
