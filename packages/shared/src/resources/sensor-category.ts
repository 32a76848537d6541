import { defineResource, refId, requiredText } from './define.ts';

export const sensorCategory = defineResource({
  name: 'sensor_category',
  path: 'sensor_category',
  table: 'sensor_category',
  id: 'mscaId',
  permission: 'master_sensor_category',
  auditPrefix: 'msca',
  scope: { kind: 'global' },
  fields: {
    mscaName: { label: 'Sensor Category Name', kind: 'text', schema: requiredText('Sensor Category Name') },
    mscaMstyId: {
      label: 'Sensor Type',
      kind: 'ref',
      ref: { resource: 'sensor_type', labelField: 'mstyName' },
      schema: refId('Sensor Type'),
    },
  },
  joins: [
    { as: 'mscaMsty', localField: 'mscaMstyId', table: 'sensor_type', foreignField: 'mstyId', fields: ['mstyName'] },
  ],
  filters: ['mscaId', 'mscaMstyId', 'mscaName'],
  orders: ['mscaId', 'mscaName', 'mscaCreatedTime', 'mscaMsty.mstyName'],
  search: ['mscaName', 'mscaMsty.mstyName'],
  defaultOrder: ['mscaName', 'asc'],
  unique: [{ fields: ['mscaName'], message: 'A sensor category with this name already exists' }],
  columns: ['mscaName', 'mscaMsty.mstyName', 'mscaCreatedUserId', 'mscaCreatedTime'],
  labels: { mscaName: 'Name', 'mscaMsty.mstyName': 'Sensor Type' },
  pageSize: 10,
  texts: {
    title: 'Sensor Category List',
    addTitle: 'Add New Sensor Category',
    editTitle: 'Edit Sensor Category',
    deleted: 'Sensor Category Deleted',
  },
  indonesian: {
    fields: { mscaName: { label: 'Nama Kategori Sensor' }, mscaMstyId: { label: 'Jenis Sensor' } },
    labels: { mscaName: 'Nama', 'mscaMsty.mstyName': 'Jenis Sensor' },
    texts: {
      title: 'Daftar Kategori Sensor',
      addTitle: 'Tambah Kategori Sensor Baru',
      editTitle: 'Ubah Kategori Sensor',
      deleted: 'Kategori Sensor dihapus',
    },
    messages: { 'A sensor category with this name already exists': 'Kategori sensor dengan nama ini sudah ada' },
  },
});
