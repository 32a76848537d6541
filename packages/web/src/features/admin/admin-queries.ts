import type { ResourceDef } from '@fleet/shared/resources/define.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type Page } from '../../api/client.ts';
import { fetchResourcePage, type ListParams, resourceKeys, resourcePath } from '../../api/resources.ts';

const NO_ROWS: Page<never> = { rows: [], total: 0 };

/**
 * A list of a master resource for the screens of this area, cached under the same keys as the generic
 * lists (a save here reloads them too). Without `enabled` (no read permission, no device chosen) it asks
 * nothing and shows no rows (spec 001 §6). `errorToast` replaces the server's message for a failed load
 * where spec 001 §8 names one ('Could not load configuration data.').
 */
export function useMasterList<T>(def: ResourceDef, params: ListParams, enabled = true, errorToast?: string) {
  const q = useQuery({
    queryKey: resourceKeys.list(def.name, params),
    queryFn: ({ signal }) =>
      errorToast
        ? api.list<T>(resourcePath(def), {
            signal,
            errorToast,
            query: {
              page: params.page,
              max: params.pageSize,
              finds: params.finds,
              findField: params.findValue ? params.findField : undefined,
              findValue: params.findValue || undefined,
              orders: params.orders,
            },
          })
        : fetchResourcePage<T>(def, params, signal),
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

/** One row of a master resource. */
export function useMasterRow<T>(
  def: ResourceDef,
  id: string | number | undefined,
  enabled = true,
  errorToast?: string,
) {
  return useQuery({
    queryKey: resourceKeys.one(def.name, id),
    queryFn: ({ signal }) => api.get<T>(resourcePath(def, id), { signal, errorToast }),
    enabled: enabled && id !== undefined && id !== '',
  });
}

/** Reloads every list and row of the given resources (after a save or delete). */
export function useReloadMaster() {
  const client = useQueryClient();
  return useCallback(
    (...defs: ResourceDef[]) =>
      Promise.all(defs.map((d) => client.invalidateQueries({ queryKey: resourceKeys.all(d.name) }))),
    [client],
  );
}
