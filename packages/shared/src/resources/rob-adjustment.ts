import { choice, dateTime, defineResource, optionalText, refId, requiredInRange } from './define.ts';
import { ADJUSTMENT_TYPES } from './options.ts';
import { RANGES } from './ranges.ts';

/** An adjustment of a ROB profile (spec 002 §3.6): reset to a value (1) or add a signed amount (2). */
export const robAdjustment = defineResource({
  name: 'rob_adjustment',
  path: 'rob/adjustment',
  table: 'rob_adjustment',
  id: 'robaId',
  permission: 'master_rob_adjustment',
  auditPrefix: 'roba',
  scope: { kind: 'parent', field: 'robaMrobId', parent: 'rob' },
  fields: {
    robaMrobId: {
      label: 'ROB Profile',
      kind: 'ref',
      immutable: true,
      ref: { resource: 'rob', labelField: 'mrobId' },
      schema: refId('ROB Profile'),
    },
    robaType: {
      label: 'Type',
      kind: 'select',
      options: ADJUSTMENT_TYPES,
      default: 2,
      schema: choice('Type', ADJUSTMENT_TYPES),
    },
    robaTime: { label: 'Time', kind: 'datetime', schema: dateTime('Time') },
    robaValue: {
      label: 'Value',
      kind: 'number',
      hint: 'Use negative number (-) for subtraction.',
      range: RANGES.fuelChange,
      schema: requiredInRange('Value', RANGES.fuelChange),
    },
    robaNote: { label: 'Note', kind: 'textarea', schema: optionalText(255, 'Note') },
  },
  filters: ['robaId', 'robaMrobId', 'robaType'],
  orders: ['robaId', 'robaTime', 'robaValue', 'robaCreatedTime'],
  search: ['robaNote'],
  defaultOrder: ['robaTime', 'desc'],
  columns: ['robaTime', 'robaType', 'robaValue', 'robaNote', 'robaCreatedUserId', 'robaCreatedTime'],
  labels: { robaCreatedTime: 'Created At' },
  pageSize: 10,
  texts: {
    title: 'Adjustment',
    addTitle: 'Add New Adjustment',
    editTitle: 'Edit Adjustment',
    deleted: 'Deleted complete',
    empty: 'No adjustment data available.',
  },
  indonesian: {
    fields: {
      robaMrobId: { label: 'Profil ROB' },
      robaType: { label: 'Jenis' },
      robaTime: { label: 'Waktu' },
      robaValue: { label: 'Nilai', hint: 'Gunakan angka negatif (-) untuk pengurangan.' },
      robaNote: { label: 'Catatan' },
    },
    labels: { robaCreatedTime: 'Dibuat Pada' },
    texts: {
      title: 'Penyesuaian',
      addTitle: 'Tambah Penyesuaian Baru',
      editTitle: 'Ubah Penyesuaian',
      deleted: 'Berhasil dihapus',
      empty: 'Belum ada data penyesuaian.',
    },
  },
});
