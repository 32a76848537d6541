import { defineTexts } from '../../api/i18n.ts';

/**
 * The generic master lists' and forms' own texts (spec 000 §2, §8; spec 001 §2). The texts of a resource — labels,
 * titles, toasts, options, hints, messages — are in its definition, in both languages (language.ts reads them).
 */
export const resourceTexts = defineTexts(
  'components.resource',
  {
    action: 'Action',
    save: 'Save',
    saved: 'Saved',
    updated: 'Updated',
    refreshed: 'Refreshed',
    searchIn: 'Search {{label}}',
    oneItem: '{{count}} item',
    items: '{{count}} items',
    noData: 'No data',
    noAccess: "You don't have access to this list",
    loading: 'Loading…',
    keepPassword: 'Leave blank to keep the current password',
    required: 'Required',
    invalidValue: 'Invalid value',
  },
  {
    action: 'Aksi',
    save: 'Simpan',
    saved: 'Tersimpan',
    updated: 'Diperbarui',
    refreshed: 'Dimuat ulang',
    searchIn: 'Cari {{label}}',
    oneItem: '{{count}} data',
    items: '{{count}} data',
    noData: 'Tidak ada data',
    noAccess: 'Anda tidak memiliki akses ke daftar ini',
    loading: 'Memuat…',
    keepPassword: 'Kosongkan untuk tetap memakai kata sandi saat ini',
    required: 'Wajib diisi',
    invalidValue: 'Nilai tidak valid',
  },
);
