import { DeleteOutlined, HistoryOutlined, ImportOutlined, SwapOutlined } from '@ant-design/icons';
import { auditFields, columnLabel, MAX_BULK, type ResourceDef } from '@fleet/shared/resources/define.ts';
import { Button, Table, type TableProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { QueryValue } from '../../api/client.ts';
import { useTexts } from '../../api/i18n.ts';
import {
  type ListParams,
  type MutationTexts,
  type Row,
  useResourceList,
  useResourceMutation,
} from '../../api/resources.ts';
import { toast } from '../../api/toast.ts';
import { useCan } from '../../auth/permissions.ts';
import { useSession } from '../../stores/session.ts';
import { ButtonGroup } from '../ButtonGroup.tsx';
import { BulkAssignModal, BulkDeleteConfirm } from './BulkActions.tsx';
import { ImportModal } from './ImportModal.tsx';
import './resource.css';
import { ExportButtons } from '../ExportButtons.tsx';
import { FilterBar, type FilterItem, type FilterValues } from '../FilterBar.tsx';
import { Page } from '../Page.tsx';
import { DeleteConfirm } from './DeleteConfirm.tsx';
import { resourceExport, resourceFileName, type SheetCells } from './export.ts';
import { FormModal, type FormModalProps, type FormMode } from './FormModal.tsx';
import { formatValue } from './format.ts';
import { HistoryModal } from './HistoryModal.tsx';
import { useResourceDef } from './language.ts';
import { resourceTexts } from './texts.ts';

export interface ResourcePageProps {
  def: ResourceDef;
  /** default: the definition's list title */
  title?: ReactNode;
  /** filters always sent (a parent id from the route) */
  fixedFinds?: Record<string, QueryValue | QueryValue[]>;
  /** selects above the table: fields of the definition (options or ref derived), or full items */
  filters?: (string | FilterItem)[];
  /** the search box; default on the definition's first search field, false for none */
  search?: false | { field?: string; placeholder?: string; label?: string };
  /** filters and search wait for an Apply button */
  applyButton?: boolean;
  /** table columns; default the definition's */
  columns?: string[];
  columnTitles?: Record<string, string>;
  /** a column's own cell */
  render?: Record<string, (value: Row[string], row: Row) => ReactNode>;
  /** a column's own cell in the downloads, where `render` writes it otherwise than the definition would */
  sheet?: SheetCells;
  /** Detail button per row (needs read) */
  onDetail?: (row: Row) => void;
  /** Analytics button per row (needs read) */
  onAnalytics?: (row: Row) => void;
  /** more controls per row, before the standard buttons */
  rowActions?: (row: Row) => ReactNode;
  /** false: no History button per row (the record's audit trail, issue 28) */
  history?: false;
  /** per-row veto of Edit / Delete (an active configuration cannot be deleted) */
  canEdit?: (row: Row) => boolean;
  canDelete?: (row: Row) => boolean;
  /** Back button in the header */
  onBack?: () => void;
  headerExtra?: ReactNode;
  /** the add/edit form: fields, fixed values, client checks, custom inputs, titles */
  form?: Omit<Partial<FormModalProps>, 'title'> & { title?: (mode: FormMode, row: Row | null) => ReactNode };
  /** false hides Add (a list whose rows are created elsewhere) */
  allowAdd?: boolean;
  /** the screen's own add flow instead of the form modal (a user with its login) */
  onAdd?: () => void;
  texts?: MutationTexts;
  pageSize?: number;
  emptyText?: string;
  /** content between the filters and the table */
  children?: ReactNode;
  /** the page frame; false renders only the list (inside a tab) */
  frame?: boolean;
  /**
   * false: no row selection. Otherwise rows can be selected for Delete selected (needs delete) and Assign (the
   * definition's bulkAssign field, needs update) — issue 28.
   */
  bulk?: false;
  /** false: no Import button for a definition with importFields (needs create) — issue 28 */
  importable?: false;
}

/** How long the search box waits for typing to stop before the list follows it (issue 28). */
export const SEARCH_DELAY_MS = 350;

type FormState = { mode: FormMode; row: Row | null } | null;

/** The selected rows' ids as the server takes them (numbers for integer ids). */
const selectedIds = (def: ResourceDef, keys: Key[]) =>
  keys.map((k) => (def.idKind === 'integer' ? Number(k) : String(k)));

/** The label shown for a row in confirmations and button names. */
function rowSubject(def: ResourceDef, columns: string[], row: Row): string {
  const first = columns.find((c) => def.fields[c]?.kind === 'text') ?? columns[0];
  return String(formatValue(def, first, row) ?? row[def.id]);
}

/**
 * The generic master list of spec 000 §2 / spec 001 §2 driven by a resource definition: paged table,
 * filters and search, add/edit form modal, delete confirmation, loading / refreshing / submitting states,
 * reload after save, page 1 after delete, buttons by permission, no rows without read. Issue 28: each row's History
 * (its audit trail), a delete dialog that says what goes with the row (and that it can be restored), and saves
 * that carry the version the form opened (a stale one is refused).
 */
export function ResourcePage(props: ResourcePageProps) {
  const { def } = props;
  const t = useTexts(resourceTexts);
  /** the definition's texts in the language in force (labels, columns, options, titles, toasts) */
  const view = useResourceDef(def);
  const canRead = useCan(def.permission, 'read');
  // a list every tenant shares, and a built-in row (no tenant), are written by a platform administrator only: the
  // server refuses anyone else (issue 28: buttons that can never work are not shown)
  const platformAdmin = useSession((s) => s.platformAdmin);
  const shared = def.scope.kind === 'global' && !platformAdmin;
  // the shared rows of a list companies extend with their own (master events) are built-in rows too
  const builtIn = (row: Row) =>
    (def.scope.kind === 'tenant' || def.scope.kind === 'owned') &&
    !platformAdmin &&
    (row[def.scope.field] === null || row[def.scope.field] === undefined);
  const canUpdate = useCan(def.permission, 'update') && !shared;
  const canDelete = useCan(def.permission, 'delete') && !shared;
  const pageSize = props.pageSize ?? def.pageSize;
  const columns = props.columns ?? def.columns;
  const searchField = props.search === false ? undefined : (props.search?.field ?? def.search[0]);

  const filterItems: FilterItem[] = useMemo(
    () =>
      (props.filters ?? []).map((f) => {
        if (typeof f !== 'string') return f;
        const field = view.fields[f];
        return { field: f, label: field?.label ?? columnLabel(view, f), options: field?.options, ref: field?.ref };
      }),
    [props.filters, view],
  );

  // what the user is editing (draft) and what the list shows (applied)
  const [draft, setDraft] = useState<{ filters: FilterValues; search: string }>({ filters: {}, search: '' });
  const [applied, setApplied] = useState(draft);
  const [page, setPage] = useState(1);
  const [orders, setOrders] = useState<Record<string, 'asc' | 'desc'> | undefined>();
  const [formState, setFormState] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [history, setHistory] = useState<Row | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  const [bulkAction, setBulkAction] = useState<'delete' | 'assign' | null>(null);
  const [importing, setImporting] = useState(false);

  const apply = (next = draft) => {
    setApplied(next);
    setPage(1);
  };
  // issue 28: the search follows the box as typed (once typing stops) and at once when cleared; Enter applies it
  // now. Refresh and Enter read the box through a ref: what it shows, never a term typed before.
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const applySearch = (search: string) => {
    setApplied((a) => (a.search === search ? a : { ...a, search }));
    setPage(1);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the box only (its own reads are current)
  useEffect(() => {
    if (props.applyButton || draft.search.trim() === applied.search.trim()) return;
    if (!draft.search.trim()) {
      applySearch('');
      return;
    }
    const timer = setTimeout(() => applySearch(draftRef.current.search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft.search]);
  const changeFilter = (field: string, value: string | number | undefined) => {
    const next = { ...draft, filters: { ...draft.filters, [field]: value } };
    setDraft(next);
    if (!props.applyButton) apply(next);
  };

  const params: ListParams = {
    page,
    pageSize,
    finds: { ...applied.filters, ...props.fixedFinds },
    findField: searchField,
    findValue: applied.search.trim() || undefined,
    orders,
  };
  const list = useResourceList(def, params, canRead);
  // the definition's toasts in the language in force (created → texts.created | texts.saved | 'Saved' …)
  const mutation = useResourceMutation(def, {
    created: view.texts.created ?? view.texts.saved ?? t('saved'),
    updated: view.texts.saved ?? t('updated'),
    deleted: view.texts.deleted,
    // the screen's own (false: none)
    ...Object.fromEntries(Object.entries(props.texts ?? {}).filter(([, text]) => text !== undefined)),
  });

  const refresh = async () => {
    // what the filter bar shows is what is reloaded (a typed term not yet applied, issue 28)
    const shown = draftRef.current;
    if (
      shown.search.trim() !== applied.search.trim() ||
      JSON.stringify(shown.filters) !== JSON.stringify(applied.filters)
    ) {
      apply({ ...shown });
      toast.success(t('refreshed'));
      return;
    }
    setRefreshing(true);
    try {
      const r = await list.refetch();
      if (!r.error) toast.success(t('refreshed'));
    } finally {
      setRefreshing(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await mutation.remove.mutateAsync(deleting[def.id]);
      setPage(1);
    } catch {
      // the client has shown the server's message
    } finally {
      setDeleting(null);
    }
  };

  const submit = async (body: Row, mode: FormMode, headers?: Record<string, string>) => {
    if (mode === 'update' && formState?.row) {
      await mutation.update.mutateAsync({ id: formState.row[def.id], body, headers });
    } else await mutation.create.mutateAsync(body);
  };

  const audit = auditFields(def);
  const tableColumns: ColumnsType<Row> = columns.map((c) => {
    const sortable = def.orders.includes(c);
    return {
      key: c,
      dataIndex: c.includes('.') ? c.split('.') : c,
      title: props.columnTitles?.[c] ?? columnLabel(view, c),
      sorter: sortable,
      sortOrder: orders?.[c] === 'asc' ? 'ascend' : orders?.[c] === 'desc' ? 'descend' : null,
      render: (_: unknown, row: Row) => {
        const custom = props.render?.[c];
        if (custom) return custom(row[c], row);
        const v = formatValue(view, c, row, audit);
        return v ?? '-';
      },
    };
  });
  const showHistory = canRead && props.history !== false;
  const hasRowButtons =
    canUpdate || canDelete || showHistory || !!props.onDetail || !!props.onAnalytics || !!props.rowActions;
  if (hasRowButtons) {
    tableColumns.push({
      key: '__actions',
      title: t('action'),
      align: 'right',
      width: 1,
      // phone width: the buttons stay in view while the other columns scroll (issue 28)
      fixed: 'right',
      render: (_: unknown, row: Row) => (
        <div className="resource-row-actions">
          {props.rowActions?.(row)}
          <ButtonGroup
            compact
            permission={def.permission}
            subject={rowSubject(view, columns, row)}
            onDetail={props.onDetail && (() => props.onDetail!(row))}
            onAnalytics={props.onAnalytics && (() => props.onAnalytics!(row))}
            onEdit={
              !canUpdate || builtIn(row) || props.canEdit?.(row) === false
                ? undefined
                : () => setFormState({ mode: 'update', row })
            }
            onDelete={
              !canDelete || builtIn(row) || props.canDelete?.(row) === false ? undefined : () => setDeleting(row)
            }
          />
          {showHistory && (
            <Button
              type="text"
              icon={<HistoryOutlined />}
              title={t('history')}
              aria-label={t('historySubject', { subject: rowSubject(view, columns, row) })}
              onClick={() => setHistory(row)}
            />
          )}
        </div>
      ),
    });
  }

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
    const key = s?.columnKey ? String(s.columnKey) : undefined;
    const nextOrders =
      key && s?.order ? { [key]: s.order === 'ascend' ? ('asc' as const) : ('desc' as const) } : undefined;
    if (JSON.stringify(nextOrders) !== JSON.stringify(orders)) {
      setOrders(nextOrders);
      setPage(1);
    } else setPage(pagination.current ?? 1);
  };

  // issue 28: rows selected for a bulk delete or assignment (kept across pages)
  const canCreate = useCan(def.permission, 'create') && !shared;
  const rowDeletable = (row: Row) => canDelete && !builtIn(row) && props.canDelete?.(row) !== false;
  const assignField = def.bulkAssign && canUpdate ? def.bulkAssign : undefined;
  const selectable = props.bulk !== false && canRead && (canDelete || !!assignField);
  const tooMany = selected.length > MAX_BULK;
  const importFixed = Object.fromEntries(
    Object.entries(props.fixedFinds ?? {}).filter(
      ([k, v]) => def.fields[k] && !def.importFields?.includes(k) && (typeof v === 'string' || typeof v === 'number'),
    ),
  ) as Record<string, string | number>;
  const canImport = props.importable !== false && !!def.importFields && canCreate && props.allowAdd !== false;
  const bulkBar = selectable && selected.length > 0 && (
    <section className="resource-bulk-bar" aria-label={t('selected', { count: selected.length })}>
      <span className="resource-bulk-count">{t('selected', { count: selected.length })}</span>
      {canDelete && (
        <Button danger icon={<DeleteOutlined />} disabled={tooMany} onClick={() => setBulkAction('delete')}>
          {t('deleteSelected')}
        </Button>
      )}
      {assignField && (
        <Button icon={<SwapOutlined />} disabled={tooMany} onClick={() => setBulkAction('assign')}>
          {t('assignTo', { label: view.fields[assignField].label })}
        </Button>
      )}
      <Button type="link" onClick={() => setSelected([])}>
        {t('clearSelection')}
      </Button>
      {tooMany && <span className="resource-bulk-warning">{t('bulkTooMany', { max: MAX_BULK })}</span>}
    </section>
  );

  // issue 31: whoever reads the list may download it, every page of it with the filters, search and order applied
  const exportSheet = () => {
    const { page: _page, pageSize: _size, ...filters } = params;
    const titles = columns.map((c) => props.columnTitles?.[c] ?? columnLabel(view, c));
    return resourceExport(def, view, filters, columns, titles, props.sheet);
  };
  const exportName = (ext: 'xlsx' | 'csv') => {
    const named = filterItems.map((f) => {
      const v = applied.filters[f.field];
      return f.options?.find((o) => String(o.value) === String(v))?.label ?? v ?? '';
    });
    const title = typeof props.title === 'string' ? props.title : view.texts.title;
    return resourceFileName(title, [...named, applied.search.trim()], ext);
  };

  const header = (
    <div className="resource-header">
      {props.headerExtra}
      {canRead && <ExportButtons sheet={exportSheet} fileName={exportName} />}
      {canImport && (
        <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
          {t('import')}
        </Button>
      )}
      <ButtonGroup
        permission={def.permission}
        onBack={props.onBack}
        onRefresh={refresh}
        refreshing={refreshing}
        onAdd={
          props.allowAdd === false || shared
            ? undefined
            : (props.onAdd ?? (() => setFormState({ mode: 'create', row: null })))
        }
      />
    </div>
  );

  const body = (
    <>
      {(filterItems.length > 0 || searchField) && (
        <FilterBar
          items={filterItems}
          values={draft.filters}
          onChange={changeFilter}
          onApply={props.applyButton ? () => apply() : undefined}
          search={
            searchField
              ? {
                  label: props.search ? props.search.label : undefined,
                  placeholder:
                    (props.search ? props.search.placeholder : undefined) ??
                    t('searchIn', { label: columnLabel(view, searchField) }),
                  value: draft.search,
                  onChange: (v) => {
                    // read at once by onSearch (the × clears and searches in one event)
                    draftRef.current = { ...draftRef.current, search: v };
                    setDraft((d) => ({ ...d, search: v }));
                  },
                  onSearch: () => apply({ ...draftRef.current }),
                }
              : undefined
          }
        />
      )}
      {props.children}
      {bulkBar}
      <Table<Row>
        rowKey={(r) => String(r[def.id])}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                fixed: 'left',
                onChange: (keys) => setSelected(keys),
                getCheckboxProps: (row) => ({
                  disabled: !rowDeletable(row) && !assignField,
                  'aria-label': rowSubject(view, columns, row),
                }),
              }
            : undefined
        }
        columns={tableColumns}
        dataSource={list.rows}
        loading={list.loading || (list.fetching && !refreshing)}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: canRead ? (props.emptyText ?? view.texts.empty ?? t('noData')) : t('noAccess'),
        }}
        pagination={{
          current: page,
          pageSize,
          total: list.total,
          showSizeChanger: false,
          showTotal: (total) => t(total === 1 ? 'oneItem' : 'items', { count: total }),
          hideOnSinglePage: false,
        }}
      />
      <FormModal
        def={def}
        open={formState !== null}
        mode={formState?.mode ?? 'create'}
        row={formState?.row}
        {...props.form}
        title={props.form?.title?.(formState?.mode ?? 'create', formState?.row ?? null)}
        fixedValues={props.form?.fixedValues}
        onSubmit={submit}
        onClose={() => setFormState(null)}
      />
      <DeleteConfirm
        def={def}
        id={deleting ? deleting[def.id] : undefined}
        subject={deleting ? rowSubject(view, columns, deleting) : undefined}
        confirming={mutation.remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <BulkDeleteConfirm
        def={def}
        ids={bulkAction === 'delete' ? selectedIds(def, selected) : undefined}
        onDone={() => {
          setBulkAction(null);
          setSelected([]);
          setPage(1);
        }}
        onCancel={() => setBulkAction(null)}
      />
      <BulkAssignModal
        def={def}
        ids={bulkAction === 'assign' ? selectedIds(def, selected) : undefined}
        onDone={() => {
          setBulkAction(null);
          setSelected([]);
        }}
        onCancel={() => setBulkAction(null)}
      />
      {canImport && <ImportModal def={def} open={importing} fixed={importFixed} onClose={() => setImporting(false)} />}
      <HistoryModal
        def={def}
        id={history ? history[def.id] : undefined}
        subject={history ? rowSubject(view, columns, history) : undefined}
        onClose={() => setHistory(null)}
      />
    </>
  );

  if (props.frame === false)
    return (
      <div className="page-card">
        <div className="resource-embedded-head">{header}</div>
        {body}
      </div>
    );
  return (
    <Page title={props.title ?? view.texts.title} extra={header}>
      <div className="page-card">{body}</div>
    </Page>
  );
}
