import { asset } from '@fleet/shared/resources/asset.ts';
import type { FieldOption, ResourceDef } from '@fleet/shared/resources/define.ts';
import { resources } from '@fleet/shared/resources/index.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type Page, type QueryValue } from './client.ts';
import { liveTexts } from './texts.ts';
import { toast } from './toast.ts';

/** A row of a master resource as the API answers it (joins nested, times ISO 8601). */
export type Row = Record<string, any>;

/** Texts of spec 000 §8 the generic lists use, in the language in force when read. */
export const RESOURCE_TEXTS = liveTexts({
  loadFailed: 'resourceLoadFailed',
  created: 'resourceCreated',
  updated: 'resourceUpdated',
  refreshed: 'resourceRefreshed',
});

/** Dropdowns fetch at most this many rows (spec 002 §9 "Dropdown fetch"). */
export const DROPDOWN_MAX = 1000;

export interface ListParams {
  page: number;
  pageSize: number;
  /** exact filters: finds[field]=value (a list repeats the key) */
  finds?: Record<string, QueryValue | QueryValue[]>;
  findField?: string;
  findValue?: string;
  orders?: Record<string, 'asc' | 'desc'>;
}

export const resourcePath = (def: Pick<ResourceDef, 'path'>, id?: string | number) =>
  `/master/${def.path}${id === undefined ? '' : `/${encodeURIComponent(String(id))}`}`;

export const resourceKeys = {
  all: (name: string) => ['resource', name] as const,
  list: (name: string, params: unknown) => ['resource', name, 'list', params] as const,
  one: (name: string, id: unknown) => ['resource', name, 'one', id] as const,
  options: (name: string, params: unknown) => ['resource', name, 'options', params] as const,
};

/** Drops empty filter values so "All" sends nothing (spec 002 §5: empty filter values are omitted). */
function cleanFinds(finds: ListParams['finds']): ListParams['finds'] {
  if (!finds) return undefined;
  const out: NonNullable<ListParams['finds']> = {};
  for (const [k, v] of Object.entries(finds)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out;
}

/** GET /api/master/{path}: one page of rows and the total; `errorToast` replaces the server's message. */
export function fetchResourcePage<T = Row>(
  def: ResourceDef,
  params: ListParams,
  signal?: AbortSignal,
  errorToast: string = RESOURCE_TEXTS.loadFailed,
) {
  return api.list<T>(resourcePath(def), {
    signal,
    errorToast,
    query: {
      page: params.page,
      max: params.pageSize,
      finds: cleanFinds(params.finds),
      findField: params.findValue ? params.findField : undefined,
      findValue: params.findValue || undefined,
      orders: params.orders,
    },
  });
}

const NO_ROWS: Page<never> = { rows: [], total: 0 };

/**
 * A paged list of a resource (the one list hook of the app); the previous page stays on screen while the next
 * loads. Without `enabled` (no read permission, no device chosen) it asks nothing and shows no rows (spec 001
 * §6). `errorToast` replaces the server's message for a failed load where a spec names one.
 */
export function useResourceList<T = Row>(def: ResourceDef, params: ListParams, enabled = true, errorToast?: string) {
  const q = useQuery<Page<T>>({
    queryKey: resourceKeys.list(def.name, params),
    queryFn: ({ signal }) => fetchResourcePage<T>(def, params, signal, errorToast),
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
    /** any load under way */
    fetching: enabled && q.isFetching,
    refetch: q.refetch,
  };
}

/** GET /api/master/{path}/{id} (the one row hook of the app). */
export function useResourceRow<T = Row>(
  def: ResourceDef,
  id: string | number | undefined,
  enabled = true,
  errorToast?: string,
) {
  return useQuery<T>({
    queryKey: resourceKeys.one(def.name, id),
    queryFn: ({ signal }) => api.get<T>(resourcePath(def, id), { signal, errorToast }),
    enabled: enabled && id !== undefined && id !== '',
  });
}

/** Reloads every list and row of the given resources (after a save or delete). */
export function useReloadResources() {
  const client = useQueryClient();
  return useCallback(
    (...defs: ResourceDef[]) =>
      Promise.all(defs.map((d) => client.invalidateQueries({ queryKey: resourceKeys.all(d.name) }))),
    [client],
  );
}

export interface MutationTexts {
  created?: string | false;
  updated?: string | false;
  deleted?: string | false;
}

/**
 * Create, update and delete of a resource, each refreshing its lists on success and toasting the
 * definition's text (created → texts.created | texts.saved | 'Saved'; updated → texts.saved | 'Updated';
 * deleted → texts.deleted). Failures are toasted by the API client; per-field messages stay on the error.
 */
export function useResourceMutation<T = Row>(def: ResourceDef, texts: MutationTexts = {}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.name) });
  const say = (text: string | false | undefined, fallback: string) => {
    if (text === false) return;
    toast.success(text ?? fallback);
  };
  const create = useMutation({
    mutationFn: (body: Row) => api.post<T>(resourcePath(def), body),
    onSuccess: async () => {
      say(texts.created, def.texts.created ?? def.texts.saved ?? RESOURCE_TEXTS.created);
      await refresh();
    },
  });
  const update = useMutation({
    // headers: the version the form opened (If-Unmodified-Since), so that a stale save is refused (issue 28)
    mutationFn: ({ id, body, headers }: { id: string | number; body: Row; headers?: Record<string, string> }) =>
      api.put<T>(resourcePath(def, id), body, { headers }),
    onSuccess: async () => {
      say(texts.updated, def.texts.saved ?? RESOURCE_TEXTS.updated);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string | number) => api.delete<T>(resourcePath(def, id)),
    onSuccess: async () => {
      say(texts.deleted, def.texts.deleted);
      await refresh();
    },
  });
  return { create, update, remove, refresh };
}

/**
 * GET /master/company_asset: the assets of every company of the user (not only the active one), answered and
 * filtered like /master/asset — Company Detail's asset list and the User Asset picker.
 */
export const companyAssets: ResourceDef = { ...asset, name: 'company_asset', path: 'company_asset' };

/** The definition of a resource by name ('group_company'), for refs. */
export function resourceByName(name: string): ResourceDef {
  const def = resources[name];
  if (!def) throw new Error(`Unknown resource ${name}`);
  return def;
}

/**
 * Choices for a ref field or filter: the rows of `resource` (up to DROPDOWN_MAX, those matching `where`),
 * labelled by `labelField`.
 */
export function useResourceOptions(
  resource: string,
  labelField: string,
  opts: { where?: Record<string, QueryValue | QueryValue[]>; enabled?: boolean } = {},
) {
  const def = resourceByName(resource);
  const params: ListParams = {
    page: 1,
    pageSize: DROPDOWN_MAX,
    finds: opts.where,
    orders: def.orders.includes(labelField) ? { [labelField]: 'asc' } : undefined,
  };
  return useQuery<FieldOption[]>({
    queryKey: resourceKeys.options(def.name, { labelField, where: opts.where }),
    queryFn: async ({ signal }) => {
      const page = await fetchResourcePage<Row>(def, params, signal);
      return page.rows.map((r) => ({ value: r[def.id], label: String(valueAt(r, labelField) ?? r[def.id]) }));
    },
    enabled: opts.enabled ?? true,
    staleTime: 60_000,
  });
}

/**
 * The values of `field` already stored in `def`'s rows (up to DROPDOWN_MAX): a ref the definition allows once
 * (config_rpm's device) is offered only where it is still free.
 */
export function useTakenValues(def: ResourceDef | undefined, field: string | undefined) {
  return useQuery<Set<string>>({
    queryKey: resourceKeys.options(def?.name ?? '', { taken: field }),
    queryFn: async ({ signal }) => {
      const page = await fetchResourcePage<Row>(def as ResourceDef, { page: 1, pageSize: DROPDOWN_MAX }, signal);
      return new Set(page.rows.map((r) => String(r[field as string])));
    },
    enabled: !!def && !!field,
  });
}

/** A value by path: 'devcMass.massName' reads row.devcMass.massName. */
export function valueAt(row: Row | null | undefined, path: string): any {
  if (!row) return undefined;
  if (path in row) return row[path];
  return path.split('.').reduce<any>((v, k) => (v == null ? undefined : v[k]), row);
}
