import { defineResource, operationsJson, requiredText } from './define.ts';

/** A permission (spec 001 §3): a resource key and the operations it offers. */
export const permission = defineResource({
  name: 'permission',
  path: 'permission',
  table: 'permission',
  id: 'prmsId',
  permission: 'master_permission',
  auditPrefix: 'prms',
  scope: { kind: 'global' },
  fields: {
    prmsName: {
      label: 'Name',
      kind: 'text',
      placeholder: 'master_asset',
      schema: requiredText('Name', 100).regex(
        /^[a-z][a-z0-9_]*$/,
        'Name may contain only lower-case letters, digits and underscores, starting with a letter',
      ),
    },
    prmsOperations: {
      label: 'Operations',
      kind: 'json',
      default: '["create","read","update","delete"]',
      hint: 'create, read, update, delete',
      schema: operationsJson('Operations'),
    },
  },
  filters: ['prmsId', 'prmsName'],
  orders: ['prmsId', 'prmsName', 'prmsCreatedTime'],
  search: ['prmsName'],
  defaultOrder: ['prmsName', 'asc'],
  unique: [{ fields: ['prmsName'], message: 'A permission with this name already exists' }],
  columns: ['prmsName', 'prmsOperations', 'prmsCreatedTime'],
  pageSize: 50,
  texts: {
    title: 'Permission List',
    addTitle: 'Add New Permission',
    editTitle: 'Edit Permission',
    deleted: 'Deleted complete',
  },
  indonesian: {
    fields: {
      prmsName: { label: 'Nama', placeholder: 'master_asset' },
      prmsOperations: { label: 'Operasi', hint: 'create, read, update, delete' },
    },
    texts: {
      title: 'Daftar Izin',
      addTitle: 'Tambah Izin Baru',
      editTitle: 'Ubah Izin',
      deleted: 'Berhasil dihapus',
    },
    messages: {
      'Name may contain only lower-case letters, digits and underscores, starting with a letter':
        'Nama hanya boleh berisi huruf kecil, angka, dan garis bawah, diawali huruf',
      'A permission with this name already exists': 'Izin dengan nama ini sudah ada',
    },
  },
});
