import { choice, defineResource, int, optionalRefId, optionalText, requiredText } from './define.ts';
import { APPROVAL_NUMBER, YES_NO } from './options.ts';

/**
 * A vessel (spec 000 §3). massCompId and massDataId are set by the server to the active company;
 * massImage is set by POST /master/asset/upload/{id}. The list also answers the form's `fields` schema.
 */
export const asset = defineResource({
  name: 'asset',
  path: 'asset',
  table: 'asset',
  id: 'massId',
  permission: 'master_asset',
  auditPrefix: 'mass',
  scope: { kind: 'asset', field: 'massId' },
  fields: {
    massName: { label: 'Asset Name', kind: 'text', schema: requiredText('Asset Name') },
    massLabel: { label: 'Label', kind: 'text', schema: optionalText(100, 'Label') },
    massDescription: { label: 'Description', kind: 'textarea', schema: optionalText(1000, 'Description') },
    massMatyId: {
      label: 'Asset Type',
      kind: 'ref',
      ref: { resource: 'asset_type', labelField: 'matyName' },
      schema: optionalRefId('Asset Type'),
    },
    massMftyId: {
      label: 'Fuel Type',
      kind: 'ref',
      ref: { resource: 'fuel_type', labelField: 'mftyName' },
      hint: 'The fuel the engines burn: its CO₂ factor gives the CO₂ emitted in the reports.',
      schema: optionalRefId('Fuel Type'),
    },
    massSystemType: { label: 'Installation Type', kind: 'text', schema: optionalText(100, 'Installation Type') },
    massType: {
      label: 'Status',
      kind: 'select',
      options: APPROVAL_NUMBER,
      default: 0,
      schema: choice('Status', APPROVAL_NUMBER),
    },
    massMaintenance: {
      label: 'Under Maintenance',
      kind: 'select',
      options: YES_NO,
      default: 0,
      hint: 'Reports of a vessel under maintenance show the maintenance notice.',
      schema: choice('Under Maintenance', YES_NO),
    },
    massCompId: {
      label: 'Company',
      kind: 'ref',
      ref: { resource: 'company', labelField: 'compName' },
      readOnly: true,
      schema: int('Company'),
    },
    massDataId: { label: 'Data ID', kind: 'integer', readOnly: true, schema: int('Data ID') },
    massImage: { label: 'Image', kind: 'text', readOnly: true, schema: optionalText(500) },
    massFileId: { label: 'File ID', kind: 'text', readOnly: true, schema: optionalText(200) },
    massSatDeviceId: { label: 'Satellite Device ID', kind: 'text', readOnly: true, schema: optionalText(200) },
  },
  joins: [
    { as: 'massMaty', localField: 'massMatyId', table: 'asset_type', foreignField: 'matyId', fields: ['matyName'] },
    {
      as: 'massMfty',
      localField: 'massMftyId',
      table: 'fuel_type',
      foreignField: 'mftyId',
      fields: ['mftyName', 'mftyCo2Factor', 'mftyDensity'],
    },
    { as: 'massComp', localField: 'massCompId', table: 'company', foreignField: 'compId', fields: ['compName'] },
  ],
  filters: ['massId', 'massCompId', 'massMatyId', 'massType', 'massMaintenance', 'massSystemType'],
  orders: ['massId', 'massName', 'massType', 'massSystemType', 'massCreatedTime', 'massMaty.matyName'],
  search: ['massName', 'massLabel', 'massSystemType', 'massMaty.matyName'],
  defaultOrder: ['massName', 'asc'],
  unique: [{ fields: ['massCompId', 'massName'], message: 'The company already has an asset with this name' }],
  columns: ['massName', 'massSystemType', 'massMaty.matyName', 'massType'],
  labels: { 'massMaty.matyName': 'Asset Type' },
  pageSize: 10,
  texts: {
    title: 'Asset List',
    addTitle: 'Add New Asset',
    editTitle: 'Edit Asset',
    deleted: 'Deleted complete',
    saved: 'New asset created',
  },
  indonesian: {
    fields: {
      massName: { label: 'Nama Aset' },
      massLabel: { label: 'Label' },
      massDescription: { label: 'Deskripsi' },
      massMatyId: { label: 'Jenis Aset' },
      massMftyId: {
        label: 'Jenis BBM',
        hint: 'BBM yang dibakar mesin: faktor CO₂-nya menentukan CO₂ yang dilepaskan dalam laporan.',
      },
      massSystemType: { label: 'Jenis Instalasi' },
      massType: { label: 'Status' },
      massMaintenance: {
        label: 'Dalam Perawatan',
        hint: 'Laporan kapal yang sedang dalam perawatan menampilkan pemberitahuan perawatan.',
      },
      massCompId: { label: 'Perusahaan' },
      massDataId: { label: 'ID Data' },
      massImage: { label: 'Gambar' },
      massFileId: { label: 'ID Berkas' },
      massSatDeviceId: { label: 'ID Perangkat Satelit' },
    },
    labels: { 'massMaty.matyName': 'Jenis Aset' },
    texts: {
      title: 'Daftar Aset',
      addTitle: 'Tambah Aset Baru',
      editTitle: 'Ubah Aset',
      deleted: 'Berhasil dihapus',
      saved: 'Aset baru dibuat',
    },
    messages: { 'The company already has an asset with this name': 'Perusahaan sudah memiliki aset dengan nama ini' },
  },
});
