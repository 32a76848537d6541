import type { FormField } from '@fleet/shared/answers/form-fields.ts';
import type { AssetRow } from '@fleet/shared/answers/resource-rows.ts';
import { asset } from '@fleet/shared/resources/asset.ts';
import { assetType } from '@fleet/shared/resources/asset-type.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryValue, request } from './client.ts';
import {
  DROPDOWN_MAX,
  fetchResourcePage,
  type ListParams,
  RESOURCE_TEXTS,
  resourceKeys,
  resourcePath,
} from './resources.ts';
import { liveTexts } from './texts.ts';

/** Texts of spec 000 §8 for the asset screens, in the language in force when read. */
export const ASSET_TEXTS = liveTexts({
  saved: 'assetSaved',
  invalid: 'assetInvalid',
  failed: 'assetFailed',
  deleted: 'assetDeleted',
  noDevice: 'assetNoDevice',
  notFound: 'assetNotFound',
});

/** The asset image rules of spec 000 §5 and docs/api.md (the server checks the same). */
export const IMAGE_TYPES = ['.jpeg', '.jpg', '.png'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TEXTS = liveTexts({ type: 'imageType', size: 'imageSize' });

/** Why a chosen file cannot be the asset's image, or null when it can. */
export function imageProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!IMAGE_TYPES.some((ext) => name.endsWith(ext))) return IMAGE_TEXTS.type;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TEXTS.size;
  return null;
}

/** One page of the asset list: its rows, the total and the form's fields schema (spec 000 §3). */
export interface AssetPage {
  rows: AssetRow[];
  total: number;
  fields: FormField[];
}

/** GET /api/master/asset: one page of assets, the total and the form's fields schema. */
export function useAssetList(params: ListParams, enabled = true) {
  return useQuery<AssetPage>({
    queryKey: resourceKeys.list(asset.name, params),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const env = (await request<AssetRow[]>('GET', resourcePath(asset), {
        signal,
        errorToast: RESOURCE_TEXTS.loadFailed,
        query: {
          page: params.page,
          max: params.pageSize,
          finds: params.finds,
          findField: params.findValue ? params.findField : undefined,
          findValue: params.findValue || undefined,
          orders: params.orders,
        },
      })) as Awaited<ReturnType<typeof request<AssetRow[]>>> & { fields?: FormField[] };
      const rows = Array.isArray(env.data) ? env.data : [];
      return { rows, total: env.pagination?.totalData ?? rows.length, fields: env.fields ?? [] };
    },
  });
}

/**
 * The visible assets by name for the screens' asset pickers (dropdowns fetch at most 1000, spec 002 §9).
 * `silent`: a failed load toasts nothing (bunkering and ROB screens).
 */
export function useAssets(opts: { silent?: boolean } = {}) {
  const silent = opts.silent === true;
  return useQuery({
    queryKey: ['asset', 'picker', { silent }],
    queryFn: ({ signal }) =>
      api.list<AssetRow>(resourcePath(asset), {
        signal,
        silent: silent || undefined,
        query: { max: DROPDOWN_MAX, orders: { massName: 'asc' } },
      }),
    select: (p) => p.rows,
    staleTime: 60_000,
  });
}

/** The asset type select: up to 100 types (spec 000 §9). */
export function useAssetTypeOptions(enabled = true) {
  return useQuery({
    queryKey: resourceKeys.options(assetType.name, { labelField: 'matyName', max: 100 }),
    enabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const page = await fetchResourcePage(assetType, { page: 1, pageSize: 100, orders: { matyName: 'asc' } }, signal);
      return page.rows.map((r) => ({ value: r.matyId as number, label: String(r.matyName) }));
    },
  });
}

/**
 * Saves an asset (spec 000 §4 "Asset form"): per-field messages toast 'Invalid data' (the form shows them under
 * the fields); other failures toast the server's message.
 */
export function saveAsset(id: number | null, body: Record<string, QueryValue>) {
  const opts = { fieldErrorToast: ASSET_TEXTS.invalid };
  return id === null
    ? api.post<AssetRow>(resourcePath(asset), body, opts)
    : api.put<AssetRow>(resourcePath(asset, id), body, opts);
}

/**
 * POST /api/master/asset/image/check: the server's checks of an upload (type, size, a whole image) before the asset
 * is saved, so that a file it would refuse leaves nothing saved (issue 28); the form shows why under the image.
 */
export function checkAssetImage(file: Blob) {
  const fd = new FormData();
  fd.append('image', file);
  return api.post<null>(`${resourcePath(asset)}/image/check`, fd, { fieldErrorToast: ASSET_TEXTS.invalid });
}

/** POST /api/master/asset/upload/{id}: the image as multipart field `image`. */
export function uploadAssetImage(id: number, file: Blob) {
  const fd = new FormData();
  fd.append('image', file);
  return api.post<AssetRow>(`${resourcePath(asset)}/upload/${id}`, fd);
}

/** Reloads every asset query (list, rows, options). */
export function useAssetRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: resourceKeys.all(asset.name) });
}

/** The image URL of an asset (served under /api/ + massImage, spec 000 §3). */
export const assetImageUrl = (a: Pick<AssetRow, 'massImage'>) => (a.massImage ? `/api/${a.massImage}` : null);
