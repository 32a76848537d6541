import { defineTexts, text } from './i18n.ts';

/**
 * The texts the API layer shows or hands to the screens (spec 000 §8 and the screens' messages of spec 002): the
 * client's toasts and errors, the generic lists' toasts, the asset, image, ROB and bunker tolerance texts.
 */
export const apiTexts = defineTexts(
  'api',
  {
    reLogin: 'Please re-login',
    sessionExpired: 'Your session has expired. Please sign in again.',
    network: 'Network error',
    fieldErrors: 'Error found',
    cancelled: 'Request Cencelled.',
    requestFailed: 'Request failed ({{status}})',
    downloadFailed: 'Download failed ({{status}})',
    resourceLoadFailed: 'Something Wrong',
    resourceCreated: 'Saved',
    resourceUpdated: 'Updated',
    resourceRefreshed: 'Refreshed',
    assetSaved: 'New asset created',
    assetInvalid: 'Invalid data',
    assetFailed: 'An error occurred',
    assetDeleted: 'Deleted complete',
    assetNoDevice: 'The asset has no device',
    assetNotFound: 'Asset not found',
    imageType: 'Only .jpeg, .jpg and .png images are accepted',
    imageSize: 'The image must be at most 5 MB',
    robLoadFailed: 'Failed to load data. Please try again.',
    robDetailFailed: 'Failed to fetch details. Please try again.',
    robAdjustmentsFailed: 'Failed to fetch adjustments.',
    robRefreshFailed: 'Failed to refresh summary. Please try again.',
    robEmpty: 'No data available for this asset.',
    robNoSummary: 'Summary data is not available for this ROB profile.',
    robNoLogs: 'No log data available for this interval.',
    robNoAdjustments: 'No adjustment data available.',
    robAllRequired: 'All fields are required.',
    robConfirm: 'Confirm?',
    entryFuelcons: 'Fuel Consumption',
    entryBunker: 'Bunker',
    entryAdjustments: 'Adjustment',
    toleranceWithin: 'Within',
    toleranceWarning: 'Check',
    toleranceProtest: 'Protest advised',
  },
  {
    reLogin: 'Silakan masuk kembali',
    sessionExpired: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
    network: 'Kesalahan jaringan',
    fieldErrors: 'Terdapat kesalahan',
    cancelled: 'Permintaan dibatalkan.',
    requestFailed: 'Permintaan gagal ({{status}})',
    downloadFailed: 'Unduhan gagal ({{status}})',
    resourceLoadFailed: 'Terjadi kesalahan',
    resourceCreated: 'Tersimpan',
    resourceUpdated: 'Diperbarui',
    resourceRefreshed: 'Dimuat ulang',
    assetSaved: 'Aset baru telah dibuat',
    assetInvalid: 'Data tidak valid',
    assetFailed: 'Terjadi kesalahan',
    assetDeleted: 'Berhasil dihapus',
    assetNoDevice: 'Aset ini tidak memiliki perangkat',
    assetNotFound: 'Aset tidak ditemukan',
    imageType: 'Hanya gambar .jpeg, .jpg, dan .png yang diterima',
    imageSize: 'Ukuran gambar maksimal 5 MB',
    robLoadFailed: 'Gagal memuat data. Silakan coba lagi.',
    robDetailFailed: 'Gagal mengambil detail. Silakan coba lagi.',
    robAdjustmentsFailed: 'Gagal mengambil data penyesuaian.',
    robRefreshFailed: 'Gagal memperbarui ringkasan. Silakan coba lagi.',
    robEmpty: 'Tidak ada data untuk aset ini.',
    robNoSummary: 'Data ringkasan tidak tersedia untuk profil ROB ini.',
    robNoLogs: 'Tidak ada data log untuk interval ini.',
    robNoAdjustments: 'Tidak ada data penyesuaian.',
    robAllRequired: 'Semua kolom wajib diisi.',
    robConfirm: 'Konfirmasi?',
    entryFuelcons: 'Konsumsi BBM',
    entryBunker: 'Bunker',
    entryAdjustments: 'Penyesuaian',
    toleranceWithin: 'Dalam batas',
    toleranceWarning: 'Periksa',
    toleranceProtest: 'Disarankan protes',
  },
);

export type ApiTextKey = keyof typeof apiTexts.en;

/**
 * Named texts of the 'api' catalogue, each read when it is read, in the language in force then: the constants the
 * screens import (`ERROR_TEXTS.network`, `ROB_TEXTS.empty` …) keep their names and follow the language.
 */
export function liveTexts<const M extends Record<string, ApiTextKey>>(keys: M): { readonly [K in keyof M]: string } {
  const out = {} as { [K in keyof M]: string };
  for (const [name, key] of Object.entries(keys))
    Object.defineProperty(out, name, { enumerable: true, get: () => text(apiTexts, key) });
  return out;
}
