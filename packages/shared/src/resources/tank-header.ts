import { defineResource, optionalText, refId, requiredText } from './define.ts';

/**
 * A tank sounding table's header (spec 001 §3), owned by a company. Its fuel type is a row of the Fuel Type list
 * (issue 28; docs/decisions.md "Tank header fuel type"): `tahdMftyId`. `tahdFuelType` is answered as that fuel
 * type's name, as the spec's API names it; a text typed before the list was used that matched no fuel type
 * (migration 029) stays stored and is answered until the header is given a fuel type.
 */
export const tankHeader = defineResource({
  name: 'tank_header',
  path: 'tank_header',
  table: 'tank_header',
  id: 'tahdId',
  permission: 'master_tank_header',
  auditPrefix: 'tahd',
  scope: { kind: 'company', field: 'tahdCompId' },
  fields: {
    tahdCompId: {
      label: 'Company',
      kind: 'ref',
      ref: { resource: 'company', labelField: 'compName' },
      schema: refId('Company', 'Company is required'),
    },
    tahdName: { label: 'Tank Header Name', kind: 'text', schema: requiredText('Tank Header Name') },
    tahdUnit: { label: 'Unit', kind: 'text', placeholder: 'mm', schema: requiredText('Unit', 20) },
    tahdMftyId: {
      label: 'Fuel Type',
      kind: 'ref',
      ref: { resource: 'fuel_type', labelField: 'mftyName' },
      schema: refId('Fuel Type', 'Fuel Type is required'),
    },
    tahdFuelType: { label: 'Fuel Type', kind: 'text', readOnly: true, schema: optionalText(100, 'Fuel Type') },
  },
  joins: [
    { as: 'tahdComp', localField: 'tahdCompId', table: 'company', foreignField: 'compId', fields: ['compName'] },
    { as: 'tahdMfty', localField: 'tahdMftyId', table: 'fuel_type', foreignField: 'mftyId', fields: ['mftyName'] },
  ],
  filters: ['tahdId', 'tahdCompId', 'tahdMftyId'],
  orders: ['tahdId', 'tahdName', 'tahdUnit', 'tahdMfty.mftyName', 'tahdCreatedTime', 'tahdComp.compName'],
  search: ['tahdName', 'tahdMfty.mftyName', 'tahdFuelType', 'tahdComp.compName'],
  defaultOrder: ['tahdName', 'asc'],
  unique: [{ fields: ['tahdCompId', 'tahdName'], message: 'The company already has a tank header with this name' }],
  columns: ['tahdName', 'tahdUnit', 'tahdFuelType', 'tahdComp.compName'],
  labels: { 'tahdComp.compName': 'Company' },
  pageSize: 10,
  texts: {
    title: 'Tank Header List',
    addTitle: 'Add New Tank Header',
    editTitle: 'Edit Tank Header',
    deleted: 'Tank Header Deleted',
  },
  indonesian: {
    fields: {
      tahdCompId: { label: 'Perusahaan' },
      tahdName: { label: 'Nama Header Tangki' },
      tahdUnit: { label: 'Satuan', placeholder: 'mm' },
      tahdMftyId: { label: 'Jenis BBM' },
      tahdFuelType: { label: 'Jenis BBM' },
    },
    labels: { 'tahdComp.compName': 'Perusahaan' },
    texts: {
      title: 'Daftar Header Tangki',
      addTitle: 'Tambah Header Tangki Baru',
      editTitle: 'Ubah Header Tangki',
      deleted: 'Header Tangki dihapus',
    },
    messages: {
      'The company already has a tank header with this name': 'Perusahaan sudah memiliki header tangki dengan nama ini',
    },
  },
});
