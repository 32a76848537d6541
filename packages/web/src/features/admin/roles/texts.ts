import { defineTexts } from '../../../api/i18n.ts';

/** Role Detail and the operations' choice (spec 001 §2). */
export const rolesTexts = defineTexts(
  'admin.roles',
  {
    roleDetail: 'Role Detail',
    roleNotFound: 'Role not found',
    roleTitle: 'Role: {{name}}',
    permission: 'Permission',
    operations: 'Operations',
    operationsOf: 'Operations of {{name}}',
    action: 'Action',
    save: 'Save',
    saveNamed: 'Save {{name}}',
    added: 'Success',
    choosePermission: 'Choose a permission',
    add: 'Add',
  },
  {
    roleDetail: 'Detail Peran',
    roleNotFound: 'Peran tidak ditemukan',
    roleTitle: 'Peran: {{name}}',
    permission: 'Izin',
    operations: 'Operasi',
    operationsOf: 'Operasi {{name}}',
    action: 'Aksi',
    save: 'Simpan',
    saveNamed: 'Simpan {{name}}',
    added: 'Berhasil',
    choosePermission: 'Pilih izin',
    add: 'Tambah',
  },
);
