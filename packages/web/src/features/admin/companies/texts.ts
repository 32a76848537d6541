import { defineTexts } from '../../../api/i18n.ts';

/** Company Detail, Group Detail and their card grids (spec 000 §2, spec 001 §2). */
export const companiesTexts = defineTexts(
  'admin.companies',
  {
    companyDetail: 'Company Detail',
    companyNotFound: 'Company not found',
    companyAssets: 'Company Asset List',
    groupDetail: 'Group Detail',
    groupNotFound: 'Group not found',
    companies: 'Companies',
    searchCompany: 'Search company',
    noAddress: 'No address',
    noCards: 'No data to be displayed',
  },
  {
    companyDetail: 'Detail Perusahaan',
    companyNotFound: 'Perusahaan tidak ditemukan',
    companyAssets: 'Daftar Aset Perusahaan',
    groupDetail: 'Detail Grup',
    groupNotFound: 'Grup tidak ditemukan',
    companies: 'Perusahaan',
    searchCompany: 'Cari perusahaan',
    noAddress: 'Tidak ada alamat',
    noCards: 'Tidak ada data untuk ditampilkan',
  },
);
