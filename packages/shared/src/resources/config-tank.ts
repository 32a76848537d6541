import { defineResource, refId, requiredText } from './define.ts';

/** Tank configuration of a tank device (spec 001 §3): which tank, its sensor category and its sounding table. */
export const configTank = defineResource({
  name: 'config_tank',
  path: 'config_tank',
  table: 'config_tank',
  id: 'mcotId',
  permission: 'master_config_tank',
  auditPrefix: 'mcot',
  scope: { kind: 'device', field: 'mcotDeviceId' },
  fields: {
    mcotDeviceId: {
      label: 'Device',
      kind: 'ref',
      ref: {
        resource: 'device',
        labelField: 'devcUniqueId',
        where: { devcType: 'tank' },
        whereMessage: 'Device must be a tank device',
      },
      schema: refId('Device'),
    },
    mcotNo: { label: 'Tank Number', kind: 'text', schema: requiredText('Tank Number', 20) },
    mcotMscaId: {
      label: 'Sensor Category',
      kind: 'ref',
      ref: { resource: 'sensor_category', labelField: 'mscaName' },
      schema: refId('Sensor Category'),
    },
    mcotTahdId: {
      label: 'Tank Header',
      kind: 'ref',
      ref: { resource: 'tank_header', labelField: 'tahdName' },
      schema: refId('Tank Header'),
    },
  },
  joins: [
    {
      as: 'mcotDevice',
      localField: 'mcotDeviceId',
      table: 'device',
      foreignField: 'devcId',
      fields: ['devcUniqueId', 'devcName', 'devcMassId'],
    },
    { as: 'mcotTahd', localField: 'mcotTahdId', table: 'tank_header', foreignField: 'tahdId', fields: ['tahdName'] },
    {
      as: 'mcotMsca',
      localField: 'mcotMscaId',
      table: 'sensor_category',
      foreignField: 'mscaId',
      fields: ['mscaName'],
    },
  ],
  filters: ['mcotId', 'mcotDeviceId', 'mcotTahdId', 'mcotMscaId'],
  orders: ['mcotId', 'mcotNo', 'mcotDevice.devcUniqueId', 'mcotTahd.tahdName'],
  search: ['mcotNo', 'mcotDevice.devcUniqueId', 'mcotTahd.tahdName'],
  defaultOrder: ['mcotDevice.devcUniqueId', 'asc'],
  unique: [{ fields: ['mcotDeviceId', 'mcotNo'], message: 'This tank number is already configured for the device' }],
  columns: ['mcotDevice.devcUniqueId', 'mcotNo', 'mcotTahd.tahdName', 'mcotMsca.mscaName'],
  labels: {
    'mcotDevice.devcUniqueId': 'Device Unique ID',
    'mcotTahd.tahdName': 'Tank Header',
    'mcotMsca.mscaName': 'Sensor Category',
  },
  pageSize: 10,
  texts: {
    title: 'Config Tank',
    addTitle: 'Add Config Tank',
    editTitle: 'Edit Config Tank',
    deleted: 'Deleted complete',
  },
  indonesian: {
    fields: {
      mcotDeviceId: { label: 'Perangkat' },
      mcotNo: { label: 'Nomor Tangki' },
      mcotMscaId: { label: 'Kategori Sensor' },
      mcotTahdId: { label: 'Header Tangki' },
    },
    labels: {
      'mcotDevice.devcUniqueId': 'ID Unik Perangkat',
      'mcotTahd.tahdName': 'Header Tangki',
      'mcotMsca.mscaName': 'Kategori Sensor',
    },
    texts: {
      title: 'Konfigurasi Tangki',
      addTitle: 'Tambah Konfigurasi Tangki',
      editTitle: 'Ubah Konfigurasi Tangki',
      deleted: 'Berhasil dihapus',
    },
    messages: {
      'Device must be a tank device': 'Perangkat harus berupa perangkat tangki',
      'This tank number is already configured for the device':
        'Nomor tangki ini sudah dikonfigurasi untuk perangkat tersebut',
    },
  },
});
