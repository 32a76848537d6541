import { defineResource, requiredText } from './define.ts';

export const sensorType = defineResource({
  name: 'sensor_type',
  path: 'sensor_type',
  table: 'sensor_type',
  id: 'mstyId',
  permission: 'master_sensor_type',
  auditPrefix: 'msty',
  scope: { kind: 'global' },
  fields: {
    mstyName: { label: 'Sensor Type Name', kind: 'text', schema: requiredText('Sensor Type Name') },
  },
  filters: ['mstyId', 'mstyName'],
  orders: ['mstyId', 'mstyName', 'mstyCreatedTime'],
  search: ['mstyName'],
  defaultOrder: ['mstyName', 'asc'],
  unique: [{ fields: ['mstyName'], message: 'A sensor type with this name already exists' }],
  columns: ['mstyName', 'mstyCreatedUserId', 'mstyCreatedTime'],
  labels: { mstyName: 'Name' },
  pageSize: 10,
  texts: {
    title: 'Sensor Type List',
    addTitle: 'Add New Sensor Type',
    editTitle: 'Edit Sensor Type',
    deleted: 'Sensor Type Deleted',
  },
  indonesian: {
    fields: { mstyName: { label: 'Nama Jenis Sensor' } },
    labels: { mstyName: 'Nama' },
    texts: {
      title: 'Daftar Jenis Sensor',
      addTitle: 'Tambah Jenis Sensor Baru',
      editTitle: 'Ubah Jenis Sensor',
      deleted: 'Jenis Sensor dihapus',
    },
    messages: { 'A sensor type with this name already exists': 'Jenis sensor dengan nama ini sudah ada' },
  },
});
