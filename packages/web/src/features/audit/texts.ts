import { defineTexts } from '../../api/i18n.ts';

/** The Audit Trail screen (issue 28); the entries' own texts are components/resource's (components.resource). */
export const auditTexts = defineTexts(
  'audit',
  {
    title: 'Audit Trail',
    intro:
      'Who changed master data and access, and when: each change with its values before and after. A deleted record can be restored with what was deleted with it.',
    userEmail: 'User e-mail',
    action: 'Action',
    date: 'Date',
    all: 'All',
    refresh: 'Refresh',
    refreshed: 'Refreshed',
  },
  {
    title: 'Jejak Audit',
    intro:
      'Siapa yang mengubah data master dan akses, dan kapan: setiap perubahan beserta nilai sebelum dan sesudahnya. Data yang dihapus dapat dipulihkan bersama data yang ikut terhapus.',
    userEmail: 'E-mail pengguna',
    action: 'Aksi',
    date: 'Tanggal',
    all: 'Semua',
    refresh: 'Muat Ulang',
    refreshed: 'Dimuat ulang',
  },
);
