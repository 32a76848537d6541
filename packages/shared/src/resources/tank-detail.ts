import { defineResource, refId, requiredInRange } from './define.ts';
import { RANGES } from './ranges.ts';

/** One row of a tank sounding table (spec 001 §3): height → volume and weight; visible with its header. */
export const tankDetail = defineResource({
  name: 'tank_detail',
  path: 'tank_detail',
  table: 'tank_detail',
  id: 'tadtId',
  permission: 'master_tank_detail',
  auditPrefix: 'tadt',
  scope: { kind: 'parent', field: 'tadtTahdId', parent: 'tank_header' },
  fields: {
    tadtTahdId: {
      label: 'Tank Header',
      kind: 'ref',
      immutable: true,
      ref: { resource: 'tank_header', labelField: 'tahdName' },
      schema: refId('Tank Header'),
    },
    // height in the header's unit (tahdUnit), volume in litres, weight in kg (docs/domain.md §32)
    tadtHeight: {
      label: 'Height',
      kind: 'number',
      step: 0.01,
      range: RANGES.tankHeight,
      schema: requiredInRange('Height', RANGES.tankHeight),
    },
    tadtVolume: {
      label: 'Volume',
      kind: 'number',
      step: 0.01,
      range: RANGES.fuelVolume,
      schema: requiredInRange('Volume', RANGES.fuelVolume),
    },
    tadtWeight: {
      label: 'Weight',
      kind: 'number',
      step: 0.01,
      range: RANGES.fuelWeight,
      schema: requiredInRange('Weight', RANGES.fuelWeight),
    },
  },
  filters: ['tadtId', 'tadtTahdId'],
  orders: ['tadtId', 'tadtHeight', 'tadtVolume', 'tadtWeight'],
  search: [],
  defaultOrder: ['tadtHeight', 'asc'],
  unique: [{ fields: ['tadtTahdId', 'tadtHeight'], message: 'This height is already in the tank table' }],
  columns: ['tadtHeight', 'tadtVolume', 'tadtWeight'],
  pageSize: 10,
  importFields: ['tadtHeight', 'tadtVolume', 'tadtWeight'],
  texts: {
    title: 'Tank Detail List',
    addTitle: 'Add New Tank Detail',
    editTitle: 'Edit Tank Detail',
    deleted: 'Tank Detail Deleted',
  },
  indonesian: {
    fields: {
      tadtTahdId: { label: 'Header Tangki' },
      tadtHeight: { label: 'Tinggi' },
      tadtVolume: { label: 'Volume' },
      tadtWeight: { label: 'Berat' },
    },
    texts: {
      title: 'Daftar Detail Tangki',
      addTitle: 'Tambah Detail Tangki Baru',
      editTitle: 'Ubah Detail Tangki',
      deleted: 'Detail Tangki dihapus',
    },
    messages: { 'This height is already in the tank table': 'Tinggi ini sudah ada dalam tabel tangki' },
  },
});
