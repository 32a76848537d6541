import { defineResource, refId, requiredText } from './define.ts';

/** A tank sounding table's header (spec 001 §3), owned by a company. */
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
    tahdFuelType: { label: 'Fuel Type', kind: 'text', placeholder: 'HSD', schema: requiredText('Fuel Type', 100) },
  },
  joins: [{ as: 'tahdComp', localField: 'tahdCompId', table: 'company', foreignField: 'compId', fields: ['compName'] }],
  filters: ['tahdId', 'tahdCompId', 'tahdFuelType'],
  orders: ['tahdId', 'tahdName', 'tahdUnit', 'tahdFuelType', 'tahdCreatedTime', 'tahdComp.compName'],
  search: ['tahdName', 'tahdFuelType', 'tahdComp.compName'],
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
      tahdFuelType: { label: 'Jenis BBM', placeholder: 'HSD' },
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
