import { defineResource, requiredText } from './define.ts';

export const assetType = defineResource({
  name: 'asset_type',
  path: 'asset_type',
  table: 'asset_type',
  id: 'matyId',
  permission: 'master_asset_type',
  auditPrefix: 'maty',
  scope: { kind: 'global' },
  fields: {
    matyName: { label: 'Asset Type Name', kind: 'text', schema: requiredText('Asset Type Name') },
  },
  filters: ['matyId', 'matyName'],
  orders: ['matyId', 'matyName', 'matyCreatedTime'],
  search: ['matyName'],
  defaultOrder: ['matyName', 'asc'],
  unique: [{ fields: ['matyName'], message: 'An asset type with this name already exists' }],
  columns: ['matyName', 'matyCreatedUserId', 'matyCreatedTime'],
  labels: { matyName: 'Name' },
  texts: {
    title: 'Asset Type List',
    addTitle: 'Add New Asset Type',
    editTitle: 'Edit Asset Type',
    deleted: 'Asset Type Deleted',
  },
  indonesian: {
    fields: { matyName: { label: 'Nama Jenis Aset' } },
    labels: { matyName: 'Nama' },
    texts: {
      title: 'Daftar Jenis Aset',
      addTitle: 'Tambah Jenis Aset Baru',
      editTitle: 'Ubah Jenis Aset',
      deleted: 'Jenis Aset dihapus',
    },
    messages: { 'An asset type with this name already exists': 'Jenis aset dengan nama ini sudah ada' },
  },
});
