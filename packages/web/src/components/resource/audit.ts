import type { AuditActionName, AuditDependent, AuditEntry, DeletePreview } from '@fleet/shared/answers/audit.ts';
import { auditFields, type ResourceDef } from '@fleet/shared/resources/define.ts';
import { resources } from '@fleet/shared/resources/index.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api/client.ts';
import type { Locale } from '../../api/locale.ts';
import { type Row, resourceKeys, resourcePath } from '../../api/resources.ts';
import { num } from '../format.ts';
import { languageNow, resourceIn } from './language.ts';

/**
 * The audit trail of master data and access (issue 28; docs/api.md "Audit trail"): its list, the restore of a
 * delete, what a delete takes with it, and the version of a record a form edits (stale saves are refused).
 */

/** The filters of GET /api/audit; `from`/`to` in epoch seconds, `[from, to)`. */
export interface AuditQuery {
  resource?: string;
  rowId?: string;
  userId?: string;
  action?: AuditActionName;
  from?: number;
  to?: number;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditQuery, page: number, max: number) => ['audit', 'list', query, page, max] as const,
  preview: (resource: string, id: unknown) => ['audit', 'preview', resource, id] as const,
};

/** One page of the audit trail, newest first; the previous page stays on screen while the next loads. */
export function useAuditEntries(query: AuditQuery, page: number, max: number, enabled = true) {
  const q = useQuery({
    queryKey: auditKeys.list(query, page, max),
    queryFn: ({ signal }) => api.list<AuditEntry>('/audit', { signal, query: { ...query, page, max } }),
    enabled,
    placeholderData: keepPreviousData,
  });
  return {
    rows: q.data?.rows ?? [],
    total: q.data?.total ?? 0,
    loading: q.isLoading,
    fetching: q.isFetching,
    refetch: q.refetch,
  };
}

/**
 * POST /api/audit/{id}/restore, then reloads the audit trail and the lists of the restored rows (the record and
 * what went with it). A refusal is toasted by the API client and thrown.
 */
export function useRestore() {
  const client = useQueryClient();
  return useCallback(
    async (entry: AuditEntry) => {
      await api.post(`/audit/${entry.id}/restore`);
      const names = new Set([entry.resource, ...entry.dependents.map((d) => d.resource)]);
      await Promise.all([
        client.invalidateQueries({ queryKey: auditKeys.all }),
        ...[...names].map((n) => client.invalidateQueries({ queryKey: resourceKeys.all(n) })),
      ]);
    },
    [client],
  );
}

/**
 * GET /api/master/{path}/{id}/dependents: what deleting the row would take with it, or why it would be refused.
 * Asked each time the delete dialog opens (never cached: rows come and go); a failure is not toasted (the dialog
 * then says only what it always said).
 */
export function useDeletePreview(def: ResourceDef, id: string | number | undefined) {
  return useQuery<DeletePreview>({
    queryKey: auditKeys.preview(def.name, id),
    queryFn: ({ signal }) => api.get<DeletePreview>(`${resourcePath(def, id)}/dependents`, { signal, silent: true }),
    enabled: id !== undefined && id !== null && id !== '',
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

/** A resource's name as a record type: its list title without "List" ('Tank Detail', 'Detail Tangki'). */
export function recordTitle(def: ResourceDef, language: Locale = languageNow()): string {
  const title = resourceIn(def, language).texts.title;
  return language === 'id' ? title.replace(/^Daftar /, '') : title.replace(/ List$/, '');
}

/** The record type of a resource name, in `language`; the server's title when the name is unknown. */
export function titleOf(resource: string, fallback: string, language: Locale = languageNow()): string {
  const def = resources[resource];
  return def ? recordTitle(def, language) : fallback;
}

/** "Tank Detail (7), Config AE (1)": rows of each resource that go (or went) with a delete. */
export function dependentsText(list: readonly AuditDependent[], language: Locale = languageNow()): string {
  return list.map((d) => `${titleOf(d.resource, d.title, language)} (${num(d.count, 0, language)})`).join(', ');
}

/**
 * The request headers of a save of `row`: `If-Unmodified-Since` = the HTTP date of the version the form opened
 * (its updated time, else its created time), so that the server refuses the save when someone changed the record
 * since (409). None when the resource has no audit columns or the row no time.
 */
export function versionHeaders(def: ResourceDef, row: Row | null | undefined): Record<string, string> | undefined {
  const a = auditFields(def);
  const time = a && row ? (row[a.updatedTime] ?? row[a.createdTime]) : null;
  if (time === null || time === undefined || time === '') return undefined;
  const date = new Date(typeof time === 'number' ? time * 1000 : String(time));
  return Number.isNaN(date.getTime()) ? undefined : { 'If-Unmodified-Since': date.toUTCString() };
}

/** The name of a record for people: its first text column's value (before or after), else null. */
export function recordName(def: ResourceDef | undefined, row: Row | null | undefined): string | null {
  if (!def || !row) return null;
  const column = def.columns.find((c) => !c.includes('.') && def.fields[c]?.kind === 'text');
  const value = column ? row[column] : undefined;
  return value === undefined || value === null || value === '' ? null : String(value);
}
