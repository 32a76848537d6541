import { defineResource, requiredText } from './define.ts';

export const bunkerLocation = defineResource({
  name: 'bunker_location',
  path: 'bunker_location',
  table: 'bunker_location',
  id: 'mbloId',
  permission: 'master_bunker_location',
  auditPrefix: 'mblo',
  scope: { kind: 'global' },
  fields: {
    mbloName: { label: 'Bunker Location Name', kind: 'text', schema: requiredText('Bunker Location Name') },
  },
  filters: ['mbloId', 'mbloName'],
  orders: ['mbloId', 'mbloName', 'mbloCreatedTime'],
  search: ['mbloName'],
  defaultOrder: ['mbloName', 'asc'],
  unique: [{ fields: ['mbloName'], message: 'A bunker location with this name already exists' }],
  columns: ['mbloName', 'mbloCreatedUserId', 'mbloCreatedTime'],
  labels: { mbloName: 'Name' },
  texts: {
    title: 'Bunker Location List',
    addTitle: 'Add New Bunker Location',
    editTitle: 'Edit Bunker Location',
    deleted: 'Bunker Location Deleted',
  },
  indonesian: {
    fields: { mbloName: { label: 'Nama Lokasi Bunker' } },
    labels: { mbloName: 'Nama' },
    texts: {
      title: 'Daftar Lokasi Bunker',
      addTitle: 'Tambah Lokasi Bunker Baru',
      editTitle: 'Ubah Lokasi Bunker',
      deleted: 'Lokasi Bunker dihapus',
    },
    messages: { 'A bunker location with this name already exists': 'Lokasi bunker dengan nama ini sudah ada' },
  },
});
