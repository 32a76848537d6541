import { dateTime, defineResource, optionalText, refId, requiredText } from './define.ts';

/** A log entry on a device (installation, calibration, replacement …); spec 000 names only the calls. */
export const deviceLog = defineResource({
  name: 'device_log',
  path: 'device_log',
  table: 'device_log',
  id: 'dvlgId',
  permission: 'master_device_log',
  auditPrefix: 'dvlg',
  scope: { kind: 'device', field: 'dvlgDevcId' },
  fields: {
    dvlgDevcId: {
      label: 'Device',
      kind: 'ref',
      ref: { resource: 'device', labelField: 'devcUniqueId' },
      schema: refId('Device'),
    },
    dvlgTime: { label: 'Time', kind: 'datetime', schema: dateTime('Time') },
    dvlgType: { label: 'Type', kind: 'text', placeholder: 'CALIBRATION', schema: requiredText('Type', 50) },
    dvlgNote: { label: 'Note', kind: 'textarea', schema: optionalText(1000, 'Note') },
  },
  joins: [
    {
      as: 'dvlgDevc',
      localField: 'dvlgDevcId',
      table: 'device',
      foreignField: 'devcId',
      fields: ['devcUniqueId', 'devcName', 'devcType'],
    },
  ],
  filters: ['dvlgId', 'dvlgDevcId', 'dvlgType', 'dvlgTime'],
  orders: ['dvlgId', 'dvlgTime', 'dvlgType', 'dvlgCreatedTime'],
  search: ['dvlgType', 'dvlgNote'],
  defaultOrder: ['dvlgTime', 'desc'],
  columns: ['dvlgTime', 'dvlgDevc.devcUniqueId', 'dvlgType', 'dvlgNote', 'dvlgCreatedUserId'],
  labels: { 'dvlgDevc.devcUniqueId': 'Device' },
  pageSize: 10,
  texts: { title: 'Device Log', addTitle: 'Add Device Log', editTitle: 'Edit Device Log', deleted: 'Deleted complete' },
  indonesian: {
    fields: {
      dvlgDevcId: { label: 'Perangkat' },
      dvlgTime: { label: 'Waktu' },
      dvlgType: { label: 'Jenis', placeholder: 'CALIBRATION' },
      dvlgNote: { label: 'Catatan' },
    },
    labels: { 'dvlgDevc.devcUniqueId': 'Perangkat' },
    texts: {
      title: 'Log Perangkat',
      addTitle: 'Tambah Log Perangkat',
      editTitle: 'Ubah Log Perangkat',
      deleted: 'Berhasil dihapus',
    },
  },
});
