import { dateTime, defineResource, refId, requiredInRange } from './define.ts';
import { RANGES } from './ranges.ts';

/** A remain-on-board profile of a vessel (spec 002 §3.6): the fuel on board at its start, in litres. */
export const rob = defineResource({
  name: 'rob',
  path: 'rob/rob',
  table: 'rob',
  id: 'mrobId',
  permission: 'master_rob_rob',
  auditPrefix: 'mrob',
  scope: { kind: 'asset', field: 'mrobMassId' },
  fields: {
    mrobMassId: {
      label: 'Asset',
      kind: 'ref',
      immutable: true,
      ref: { resource: 'asset', labelField: 'massName' },
      schema: refId('Asset'),
    },
    mrobStartTime: { label: 'Start Date & Time', kind: 'datetime', schema: dateTime('Start Date & Time') },
    mrobEndTime: { label: 'End Date & Time', kind: 'datetime', schema: dateTime('End Date & Time') },
    mrobInitialValue: {
      label: 'Initial Supply in Liters',
      kind: 'number',
      range: RANGES.fuelVolume,
      schema: requiredInRange('Initial Supply in Liters', RANGES.fuelVolume).refine(
        (v) => v >= 0,
        'Initial Supply in Liters must not be negative',
      ),
    },
  },
  rules: [
    {
      field: 'mrobEndTime',
      message: 'End Date & Time must be after Start Date & Time',
      invalid: (r) => r.mrobEndTime <= r.mrobStartTime,
    },
  ],
  joins: [{ as: 'mrobMass', localField: 'mrobMassId', table: 'asset', foreignField: 'massId', fields: ['massName'] }],
  filters: ['mrobId', 'mrobMassId'],
  orders: ['mrobId', 'mrobStartTime', 'mrobEndTime', 'mrobInitialValue', 'mrobCreatedTime'],
  search: [],
  defaultOrder: ['mrobStartTime', 'desc'],
  columns: ['mrobStartTime', 'mrobEndTime', 'mrobInitialValue', 'mrobCreatedUserId', 'mrobCreatedTime'],
  labels: {
    mrobStartTime: 'Start Time',
    mrobEndTime: 'End Time',
    mrobInitialValue: 'Initial Value',
    mrobCreatedTime: 'Created At',
  },
  pageSize: 10,
  texts: {
    title: 'Remain On Board',
    addTitle: 'Create New ROB Profile',
    editTitle: 'Edit ROB Profile',
    deleted: 'Deleted complete',
    empty: 'No data available for this asset.',
  },
  indonesian: {
    fields: {
      mrobMassId: { label: 'Aset' },
      mrobStartTime: { label: 'Tanggal & Waktu Mulai' },
      mrobEndTime: { label: 'Tanggal & Waktu Selesai' },
      mrobInitialValue: { label: 'Pasokan Awal dalam Liter' },
    },
    labels: {
      mrobStartTime: 'Waktu Mulai',
      mrobEndTime: 'Waktu Selesai',
      mrobInitialValue: 'Nilai Awal',
      mrobCreatedTime: 'Dibuat Pada',
    },
    texts: {
      title: 'Sisa BBM di Kapal (ROB)',
      addTitle: 'Buat Profil ROB Baru',
      editTitle: 'Ubah Profil ROB',
      deleted: 'Berhasil dihapus',
      empty: 'Tidak ada data untuk aset ini.',
    },
    messages: {
      'Initial Supply in Liters must not be negative': 'Pasokan Awal dalam Liter tidak boleh negatif',
      'End Date & Time must be after Start Date & Time': 'Tanggal & Waktu Selesai harus setelah Tanggal & Waktu Mulai',
    },
  },
});
