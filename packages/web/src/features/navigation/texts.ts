import { defineTexts } from '../../api/i18n.ts';

/** The navigation bar (spec 000 §2 "Navigation bar"); the menu entries' labels are the screens' (app/texts.ts). */
export const navigationTexts = defineTexts(
  'navigation',
  {
    home: 'Fleet Monitoring home',
    main: 'Main',
    activeCompany: 'Active company',
    selectAppCompany: 'Select App/Company',
    selectApplication: 'Select Application',
    selectCompany: 'Select Company',
    userMenuOf: 'User menu of {{user}}',
    signedInAs: 'Signed in as',
    signOut: 'Sign Out',
    newHighEvent: '{{n}} new High priority event',
    newHighEvents: '{{n}} new High priority events',
  },
  {
    home: 'Beranda Fleet Monitoring',
    main: 'Utama',
    activeCompany: 'Perusahaan aktif',
    selectAppCompany: 'Pilih Aplikasi/Perusahaan',
    selectApplication: 'Pilih Aplikasi',
    selectCompany: 'Pilih Perusahaan',
    userMenuOf: 'Menu pengguna {{user}}',
    signedInAs: 'Masuk sebagai',
    signOut: 'Keluar',
    newHighEvent: '{{n}} kejadian baru berprioritas Tinggi',
    newHighEvents: '{{n}} kejadian baru berprioritas Tinggi',
  },
);
