import { defineTexts } from '../api/i18n.ts';

/**
 * The texts of the shared components at the top of components/ (ButtonGroup, ConfirmModal, NotFound, FilterBar,
 * FullPageSpin, the range picker's input names, spreadsheets, the sign-in and password pages' messages of
 * spec 000 §5 and §8, the average speed label).
 */
export const componentsTexts = defineTexts(
  'components',
  {
    // ButtonGroup (spec 000 §2 "Button group"); `…Subject` names the row for screen readers: "Edit Tug Boat"
    back: 'Back',
    refresh: 'Refresh',
    detail: 'Detail',
    analytics: 'Analytics',
    edit: 'Edit',
    delete: 'Delete',
    add: 'Add',
    save: 'Save',
    backSubject: 'Back {{subject}}',
    refreshSubject: 'Refresh {{subject}}',
    detailSubject: 'Detail {{subject}}',
    analyticsSubject: 'Analytics {{subject}}',
    editSubject: 'Edit {{subject}}',
    deleteSubject: 'Delete {{subject}}',
    addSubject: 'Add {{subject}}',
    saveSubject: 'Save {{subject}}',
    // ConfirmModal (spec 000 §2: the delete confirmation text)
    deleteConfirm: 'Delete this item ?',
    // NotFound
    notFoundHint: 'It does not exist or belongs to a company you are not working in.',
    // FilterBar
    search: 'Search',
    all: 'All',
    apply: 'Apply',
    // FullPageSpin
    loading: 'Loading',
    // range-names.ts: the two inputs of a date-time range
    period: 'Period',
    rangeStart: '{{label}} start',
    rangeEnd: '{{label}} end',
    // xlsx.ts: sheet names, and the file name of an asset without a name
    sheetData: 'Data',
    sheetAssetSummary: 'Asset Summary',
    sheetFleetEfficiency: 'Fleet Efficiency',
    unnamedAsset: 'asset',
    // auth-form.ts (spec 000 §5, §8, verbatim)
    authEmpty: 'Can not be empty',
    authInvalidLogin: 'Invalid Username or Password',
    authMismatch: 'Password does not match',
    authResetRequested: 'Please check your email for further information.',
    authResetRequestFailed: 'Failed to request reset password. please try again later or check your email address.',
    authPasswordUpdated: 'Password updated successfully. You will be redirectet to login page.',
    authPasswordUpdateFailed: 'Failed to update password',
    // the one average speed (docs/domain.md §7: distance ÷ moving time, averageSpeedKnot)
    averageSpeed: 'Average Speed (knot)',
    // ExportButtons: a list's download (issue 31)
    downloadXlsx: 'Download XLSX',
    downloadCsv: 'Download CSV',
  },
  {
    back: 'Kembali',
    refresh: 'Muat Ulang',
    detail: 'Rincian',
    analytics: 'Analitik',
    edit: 'Ubah',
    delete: 'Hapus',
    add: 'Tambah',
    save: 'Simpan',
    backSubject: 'Kembali {{subject}}',
    refreshSubject: 'Muat ulang {{subject}}',
    detailSubject: 'Rincian {{subject}}',
    analyticsSubject: 'Analitik {{subject}}',
    editSubject: 'Ubah {{subject}}',
    deleteSubject: 'Hapus {{subject}}',
    addSubject: 'Tambah {{subject}}',
    saveSubject: 'Simpan {{subject}}',
    deleteConfirm: 'Hapus item ini?',
    notFoundHint: 'Data ini tidak ada atau milik perusahaan yang tidak sedang Anda tangani.',
    search: 'Cari',
    all: 'Semua',
    apply: 'Terapkan',
    loading: 'Memuat',
    period: 'Periode',
    rangeStart: 'Awal {{label}}',
    rangeEnd: 'Akhir {{label}}',
    sheetData: 'Data',
    sheetAssetSummary: 'Ringkasan Aset',
    sheetFleetEfficiency: 'Efisiensi Armada',
    unnamedAsset: 'aset',
    authEmpty: 'Tidak boleh kosong',
    authInvalidLogin: 'Nama pengguna atau kata sandi salah',
    authMismatch: 'Kata sandi tidak cocok',
    authResetRequested: 'Silakan periksa e-mail Anda untuk informasi lebih lanjut.',
    authResetRequestFailed:
      'Gagal meminta pengaturan ulang kata sandi. Silakan coba lagi nanti atau periksa alamat e-mail Anda.',
    authPasswordUpdated: 'Kata sandi berhasil diperbarui. Anda akan diarahkan ke halaman login.',
    authPasswordUpdateFailed: 'Gagal memperbarui kata sandi',
    averageSpeed: 'Kecepatan Rata-rata (knot)',
    downloadXlsx: 'Unduh XLSX',
    downloadCsv: 'Unduh CSV',
  },
);
