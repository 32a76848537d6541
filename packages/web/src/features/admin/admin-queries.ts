import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type Page, type QueryParams } from '../../api/client.ts';

/** Query key of a master list: every list of one path shares the prefix, so one invalidation reloads them all. */
export const masterKey = (path: string, params?: unknown) =>
  params === undefined ? ['master', path] : ['master', path, params];

const NO_ROWS: Page<never> = { rows: [], total: 0 };

/**
 * A list under /api/master/{path}. Without `enabled` (no read permission, no device chosen) it asks nothing
 * and shows no rows (spec 001 §6).
 */
export function useMasterList<T>(path: string, query: QueryParams, enabled = true, errorToast?: string) {
  const q = useQuery({
    queryKey: masterKey(path, query),
    queryFn: ({ signal }) => api.list<T>(`/master/${path}`, { query, signal, errorToast }),
    enabled,
    placeholderData: keepPreviousData,
  });
  const data: Page<T> = enabled && q.data ? q.data : NO_ROWS;
  return {
    rows: data.rows,
    total: data.total,
    /** first load */
    loading: enabled && q.isLoading,
    /** reload with rows already shown */
    refreshing: enabled && q.isFetching && !q.isLoading,
    refetch: q.refetch,
  };
}

/** One row under /api/master/{path}/{id}. */
export function useMasterRow<T>(path: string, id: string | number | undefined, enabled = true, errorToast?: string) {
  return useQuery({
    queryKey: masterKey(path, { id }),
    queryFn: ({ signal }) => api.get<T>(`/master/${path}/${id}`, { signal, errorToast }),
    enabled: enabled && id !== undefined && id !== '',
  });
}

/** Reloads every list of the given master paths (after a save or delete). */
export function useReloadMaster() {
  const client = useQueryClient();
  return useCallback(
    (...paths: string[]) => Promise.all(paths.map((p) => client.invalidateQueries({ queryKey: masterKey(p) }))),
    [client],
  );
}
