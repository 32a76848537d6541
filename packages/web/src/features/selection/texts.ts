import { defineTexts } from '../../api/i18n.ts';

/** The full-page company and application selections (spec 000 §2). */
export const selectionTexts = defineTexts(
  'selection',
  {
    selectApplication: 'Select Application',
    chooseApplication: 'Choose the application to work in.',
    selectCompany: 'Select Company',
    chooseCompany: 'Choose the group and the company you work for in this session.',
    signOut: 'Sign Out',
  },
  {
    selectApplication: 'Pilih Aplikasi',
    chooseApplication: 'Pilih aplikasi yang akan Anda gunakan.',
    selectCompany: 'Pilih Perusahaan',
    chooseCompany: 'Pilih grup dan perusahaan tempat Anda bekerja dalam sesi ini.',
    signOut: 'Keluar',
  },
);
