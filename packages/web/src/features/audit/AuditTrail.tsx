import { ReloadOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, type AuditActionName } from '@fleet/shared/answers/audit.ts';
import { can } from '@fleet/shared/permissions.ts';
import { resourceList } from '@fleet/shared/resources/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Input, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useId, useMemo, useState } from 'react';
import { useLanguage, useTexts } from '../../api/i18n.ts';
import { toastRefreshed } from '../../api/toast.ts';
import { fromPicker } from '../../api/zone.ts';
import { FilterBar, FilterField, type FilterItem, type FilterValues } from '../../components/FilterBar.tsx';
import { Page } from '../../components/Page.tsx';
import { ACTION_KEY, AuditEntries } from '../../components/resource/AuditEntries.tsx';
import { type AuditQuery, auditKeys, recordTitle } from '../../components/resource/audit.ts';
import { resourceTexts } from '../../components/resource/texts.ts';
import { useSession } from '../../stores/session.ts';
import { auditTexts } from './texts.ts';

/** The first second of a picked day, and of the day after the last one: `[from, to)` in epoch seconds. */
const dayStart = (d: Dayjs, days = 0) => Math.floor(fromPicker(d.startOf('day').add(days, 'day')) / 1000);

/**
 * Audit Trail (issue 28): every change of master data and access the user may read — who, when, which record,
 * before → after, what went with a delete — newest first, filtered by record type, user, action and dates; a
 * deleted record can be restored from here.
 */
export default function AuditTrail() {
  const t = useTexts(auditTexts);
  const rt = useTexts(resourceTexts);
  const language = useLanguage();
  const access = useSession((s) => s.userAccess);
  const client = useQueryClient();
  const baseId = useId();
  const [filters, setFilters] = useState<FilterValues>({});
  const [typedUser, setTypedUser] = useState('');
  const [userId, setUserId] = useState<string | undefined>();
  const [days, setDays] = useState<[Dayjs, Dayjs] | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const canListUsers = can(access, 'master_user', 'read');

  const items: FilterItem[] = useMemo(
    () => [
      {
        field: 'resource',
        label: rt('recordType'),
        allLabel: t('all'),
        width: 220,
        options: resourceList
          .filter((def) => can(access, def.permission, 'read'))
          .map((def) => ({ value: def.name, label: recordTitle(def, language) }))
          .sort((a, b) => a.label.localeCompare(b.label, language)),
      },
      ...(canListUsers
        ? [
            {
              field: 'userId',
              label: rt('user'),
              allLabel: t('all'),
              width: 240,
              ref: { resource: 'user', labelField: 'userId' },
            },
          ]
        : []),
      {
        field: 'action',
        label: t('action'),
        allLabel: t('all'),
        width: 160,
        options: AUDIT_ACTIONS.map((a) => ({ value: a, label: rt(ACTION_KEY[a]) })),
      },
    ],
    [access, canListUsers, language, rt, t],
  );

  const query: AuditQuery = {
    resource: (filters.resource as string | undefined) || undefined,
    userId: canListUsers ? (filters.userId as string | undefined) || undefined : userId,
    action: (filters.action as AuditActionName | undefined) || undefined,
    from: days ? dayStart(days[0]) : undefined,
    to: days ? dayStart(days[1], 1) : undefined,
  };

  const refresh = async () => {
    setRefreshing(true);
    try {
      await client.refetchQueries({ queryKey: auditKeys.all, type: 'active' });
      const active = client.getQueryCache().findAll({ queryKey: auditKeys.all, type: 'active' });
      toastRefreshed(t('refreshed'))(active.map((q) => q.state));
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Page
      title={t('title')}
      extra={
        <Button icon={<ReloadOutlined />} loading={refreshing} onClick={refresh}>
          {t('refresh')}
        </Button>
      }
    >
      <div className="page-card">
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <FilterBar items={items} values={filters} onChange={(field, v) => setFilters((f) => ({ ...f, [field]: v }))}>
          {!canListUsers && (
            <FilterField id={`${baseId}-user`} label={rt('user')}>
              <Input
                id={`${baseId}-user`}
                allowClear
                placeholder={t('userEmail')}
                value={typedUser}
                style={{ width: 240 }}
                onChange={(e) => {
                  setTypedUser(e.target.value);
                  if (!e.target.value) setUserId(undefined);
                }}
                onPressEnter={() => setUserId(typedUser.trim() || undefined)}
                onBlur={() => setUserId(typedUser.trim() || undefined)}
              />
            </FilterField>
          )}
          <FilterField id={`${baseId}-date`} label={t('date')}>
            <DatePicker.RangePicker
              id={`${baseId}-date`}
              format="DD-MM-YYYY"
              allowClear
              value={days}
              onChange={(v) => setDays(v?.[0] && v[1] ? [v[0], v[1]] : null)}
            />
          </FilterField>
        </FilterBar>
        <AuditEntries query={query} exportable />
      </div>
    </Page>
  );
}
