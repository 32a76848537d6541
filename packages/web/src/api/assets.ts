import { asset } from '@fleet/shared/resources/asset.ts';
import { assetType } from '@fleet/shared/resources/asset-type.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryValue, request } from './client.ts';
import { fetchResourcePage, type ListParams, RESOURCE_TEXTS, resourceKeys, resourcePath } from './resources.ts';

/** Texts of spec 000 §8 for the asset screens. */
export const ASSET_TEXTS = {
  saved: 'New asset created',
  invalid: 'Invalid data',
  failed: 'An error occurred',
  deleted: 'Deleted complete',
  noDevice: 'The asset has no device',
  notFound: 'Asset not found',
} as const;

/** The asset image rules of spec 000 §5 and docs/api.md (the server checks the same). */
export const IMAGE_TYPES = ['.jpeg', '.jpg', '.png'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TEXTS = {
  type: 'Only .jpeg, .jpg and .png images are accepted',
  size: 'The image must be at most 5 MB',
} as const;

/** Why a chosen file cannot be the asset's image, or null when it can. */
export function imageProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!IMAGE_TYPES.some((ext) => name.endsWith(ext))) return IMAGE_TEXTS.type;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TEXTS.size;
  return null;
}

export interface AssetDeviceRef {
  devcId: number;
  devcName: string;
  devcType: string;
  devcUniqueId: string;
  devcLabel: string | null;
  devcStatus: string;
}

export interface AssetRow {
  massId: number;
  massName: string;
  massLabel: string | null;
  massDescription: string | null;
  massMatyId: number | null;
  massSystemType: string | null;
  massType: number;
  massMaintenance: number;
  massCompId: number;
  massDataId: number;
  massImage: string | null;
  massMaty: { matyName: string } | null;
  massComp: { compName: string } | null;
  massDevice?: AssetDeviceRef[];
  [k: string]: unknown;
}

/** One input of the asset form as the list answer describes it (spec 000 §3 "fields schema"). */
export interface FormFieldSpec {
  Field: string;
  Label: string;
  Type: string;
  Required: boolean;
  Options?: { value: string | number; label: string }[];
  Ref?: string;
  Default?: string | number;
}

export interface AssetPage {
  rows: AssetRow[];
  total: number;
  fields: FormFieldSpec[];
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
      })) as Awaited<ReturnType<typeof request<AssetRow[]>>> & { fields?: FormFieldSpec[] };
      const rows = Array.isArray(env.data) ? env.data : [];
      return { rows, total: env.pagination?.totalData ?? rows.length, fields: env.fields ?? [] };
    },
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
