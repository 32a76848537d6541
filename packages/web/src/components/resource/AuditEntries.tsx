import { ExclamationCircleFilled, UndoOutlined } from '@ant-design/icons';
import type { AuditActionName, AuditEntry } from '@fleet/shared/answers/audit.ts';
import { auditFields, columnLabel, type ResourceDef } from '@fleet/shared/resources/define.ts';
import { resources } from '@fleet/shared/resources/index.ts';
import { Button, Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useEffect, useState } from 'react';
import { useLanguage, useTexts } from '../../api/i18n.ts';
import type { Locale } from '../../api/locale.ts';
import { toast } from '../../api/toast.ts';
import { ExportButtons } from '../ExportButtons.tsx';
import { dateTime } from '../format.ts';
import { type AuditQuery, dependentsText, recordName, titleOf, useAuditEntries, useRestore } from './audit.ts';
import { formatValue } from './format.ts';
import { resourceIn } from './language.ts';
import { resourceTexts } from './texts.ts';

/** The name of each action in the resource catalogue (the Audit Trail's filter names them the same). */
export const ACTION_KEY = {
  create: 'actionCreate',
  update: 'actionUpdate',
  delete: 'actionDelete',
  restore: 'actionRestore',
  'end-sessions': 'actionEndSessions',
  'send-reset-link': 'actionSendResetLink',
  unlock: 'actionUnlock',
} as const satisfies Record<AuditActionName, string>;

const ACTION_COLOR: Record<AuditActionName, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  restore: 'purple',
  'end-sessions': 'orange',
  'send-reset-link': 'cyan',
  unlock: 'gold',
};

/** A value of a stored row as the lists show it (option labels, times, JSON shortened); '-' when empty. */
function shown(def: ResourceDef | undefined, field: string, row: AuditEntry['before']): string {
  if (!row) return '-';
  const v = def ? formatValue(def, field, row) : (row[field] as string | number | null | undefined);
  return v === null || v === undefined || v === '' ? '-' : String(v);
}

/** The fields an update changed, each as label, before and after (the bookkeeping columns left out). */
function changedFields(entry: AuditEntry, language: Locale) {
  const base = resources[entry.resource] as ResourceDef | undefined;
  const def = base && resourceIn(base, language);
  const audit = def ? auditFields(def) : null;
  return entry.changed
    .filter((f) => !audit || !Object.values(audit).includes(f))
    .map((f) => ({
      field: f,
      label: def ? (def.fields[f]?.label ?? columnLabel(def, f)) : f,
      before: shown(def, f, entry.before),
      after: shown(def, f, entry.after),
    }));
}

/** The fields an update changed, as "Label: before → after". */
function ChangedFields({ entry, language }: { entry: AuditEntry; language: Locale }) {
  const fields = changedFields(entry, language);
  if (!fields.length) return <>-</>;
  return (
    <ul className="audit-changes">
      {fields.map((f) => (
        <li key={f.field}>
          <span className="audit-field">{f.label}</span>: <span className="audit-before">{f.before}</span> →{' '}
          <span className="audit-after">{f.after}</span>
        </li>
      ))}
    </ul>
  );
}

export interface AuditEntriesProps {
  query: AuditQuery;
  /** one record's history: without the record type and record columns */
  oneRecord?: boolean;
  pageSize?: number;
  /** the entries' download (issue 31): every entry of `query`, streamed by GET /api/audit/export.csv|.xlsx */
  exportable?: boolean;
}

/**
 * Entries of the audit trail (issue 28), newest first and paged by the server: when, who, which record, what was
 * done and what changed (before → after, with the definition's labels in the language in force), what went with a
 * delete, and Restore for a delete the user may undo (a confirmation, then the record and what went with it are
 * back, with their ids). The Audit Trail screen and each record's History show it.
 */
export function AuditEntries({ query, oneRecord, pageSize = 50, exportable }: AuditEntriesProps) {
  const t = useTexts(resourceTexts);
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const key = JSON.stringify(query);
  // a new filter starts at page 1
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query's content, not its identity
  useEffect(() => setPage(1), [key]);
  const list = useAuditEntries(query, page, pageSize);
  const restore = useRestore();
  const [restoring, setRestoring] = useState<AuditEntry | null>(null);
  const [busy, setBusy] = useState(false);

  const nameOf = (e: AuditEntry) => recordName(resources[e.resource], e.after ?? e.before);
  const typeOf = (e: AuditEntry) => titleOf(e.resource, e.title, language);

  const confirmRestore = async () => {
    if (!restoring) return;
    setBusy(true);
    try {
      await restore(restoring);
      toast.success(t('restored'));
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
      setRestoring(null);
    }
  };

  /** what went with a delete or a restore (an update's changes are listed by ChangedFields) */
  const changesText = (e: AuditEntry) => {
    if (e.action !== 'create' && e.dependents.length)
      return t(e.action === 'delete' ? 'alsoDeleted' : 'alsoRestored', {
        list: dependentsText(e.dependents, language),
      });
    return '-';
  };

  // the columns of the table, and of its download (the server writes the same cells: modules/crud/audit-export.ts)
  const columns: ColumnsType<AuditEntry> = [
    {
      key: 'time',
      title: t('time'),
      render: (_, e) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(e.time)}</span>,
    },
    {
      key: 'user',
      title: t('user'),
      render: (_, e) => <span title={e.userId}>{e.userName ?? e.userId}</span>,
    },
    ...(oneRecord
      ? []
      : ([
          { key: 'type', title: t('recordType'), render: (_, e) => typeOf(e) },
          {
            key: 'record',
            title: t('record'),
            render: (_, e) => {
              const name = nameOf(e);
              return (
                <div className="audit-record">
                  {name && <div className="audit-record-name">{name}</div>}
                  <Typography.Text type="secondary" className="audit-record-id">
                    {t('recordId', { id: e.rowId })}
                  </Typography.Text>
                </div>
              );
            },
          },
        ] satisfies ColumnsType<AuditEntry>)),
    {
      key: 'action',
      title: t('action'),
      render: (_, e) => (
        <>
          <Tag color={ACTION_COLOR[e.action]}>{t(ACTION_KEY[e.action])}</Tag>
          {e.action === 'delete' && e.linkId !== null && <Tag>{t('restoredLater')}</Tag>}
        </>
      ),
    },
    {
      key: 'changes',
      title: t('changes'),
      render: (_, e) => (e.action === 'update' ? <ChangedFields entry={e} language={language} /> : changesText(e)),
    },
    {
      key: 'restore',
      title: '',
      width: 1,
      align: 'right',
      render: (_, e) =>
        e.restorable ? (
          <Button
            size="small"
            icon={<UndoOutlined />}
            aria-label={t('restoreSubject', { subject: nameOf(e) ?? t('recordId', { id: e.rowId }) })}
            onClick={() => setRestoring(e)}
          >
            {t('restore')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      {exportable && (
        <div
          className="audit-export"
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end', marginBottom: 12 }}
        >
          <ExportButtons
            disabled={list.total === 0}
            streamed={(ext) => ({ path: `/audit/export.${ext}`, query: { ...query } })}
          />
        </div>
      )}
      <Table<AuditEntry>
        className="audit-entries"
        rowKey="id"
        size={oneRecord ? 'small' : undefined}
        columns={columns}
        dataSource={list.rows}
        loading={list.loading || list.fetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('noHistory') }}
        pagination={{
          current: page,
          pageSize,
          total: list.total,
          showSizeChanger: false,
          showTotal: (total) => t(total === 1 ? 'oneItem' : 'items', { count: total }),
          onChange: setPage,
        }}
      />
      <Modal
        open={restoring !== null}
        title={
          <span>
            <ExclamationCircleFilled style={{ color: '#faad14', marginRight: 8 }} />
            {t('restoreTitle')}
          </span>
        }
        okText={t('restore')}
        okButtonProps={{ loading: busy }}
        cancelButtonProps={{ disabled: busy }}
        onOk={confirmRestore}
        onCancel={() => setRestoring(null)}
        keyboard={false}
        mask={{ closable: false }}
        closable={!busy}
        width={420}
        centered
        destroyOnHidden
      >
        {restoring && (
          <>
            <p style={{ margin: 0 }}>
              {t('restoreText', {
                type: typeOf(restoring),
                name: nameOf(restoring) ?? t('recordId', { id: restoring.rowId }),
              })}
            </p>
            {restoring.dependents.length > 0 && (
              <p style={{ margin: '8px 0 0' }}>
                {t('restoreWith', { list: dependentsText(restoring.dependents, language) })}
              </p>
            )}
          </>
        )}
      </Modal>
    </>
  );
}
