import type { FieldOption } from './define.ts';
import { choice, defineResource, optionalText, refId, requiredText } from './define.ts';
import { APPROVAL_TEXT } from './options.ts';

/** Device types, name → value (spec 000 §3), plus the Teltonika tracker of spec 002 §2.12. */
export const DEVICE_TYPES: FieldOption[] = [
  { value: 'gps', label: 'GPS', indonesian: { label: 'GPS' } },
  { value: 'flowmeter', label: 'Flowmeter', indonesian: { label: 'Flowmeter' } },
  { value: 'rpm', label: 'RPM', indonesian: { label: 'RPM' } },
  { value: 'ae', label: 'Auxiliary Engine', indonesian: { label: 'Mesin Bantu' } },
  { value: 'gateway', label: 'Gateway', indonesian: { label: 'Gateway' } },
  { value: 'power', label: 'Power Supply', indonesian: { label: 'Catu Daya' } },
  { value: 'tank', label: 'Tank', indonesian: { label: 'Tangki' } },
  { value: 'temperature', label: 'Temperature', indonesian: { label: 'Suhu' } },
  { value: 'limitswitch', label: 'Switch', indonesian: { label: 'Sakelar' } },
  { value: 'battery', label: 'Battery', indonesian: { label: 'Baterai' } },
  { value: 'compass', label: 'Compass', indonesian: { label: 'Kompas' } },
  { value: 'tracker', label: 'Tracker', indonesian: { label: 'Pelacak' } },
];

/** Labels that place a flow meter or a sensor on the vessel (spec 000 §3, spec 002 §3.1). */
export const DEVICE_LABELS = [
  'PORT_IN',
  'PORT_OUT',
  'STARBOARD_IN',
  'STARBOARD_OUT',
  'AE_IN',
  'AE_OUT',
  'BUNKER_IN',
  'EXHAUST_TEMPERATURE',
  'TEMPERATURE',
] as const;

/** A device on a vessel (spec 000 §3); visible with its asset. */
export const device = defineResource({
  name: 'device',
  path: 'device',
  table: 'device',
  id: 'devcId',
  permission: 'master_device',
  auditPrefix: 'devc',
  scope: { kind: 'asset', field: 'devcMassId' },
  fields: {
    devcName: { label: 'Device Name', kind: 'text', schema: requiredText('Device Name') },
    devcLabel: {
      label: 'Label',
      kind: 'text',
      placeholder: 'PORT_IN',
      hint: `For example ${DEVICE_LABELS.join(', ')}`,
      schema: optionalText(100, 'Label'),
    },
    devcType: {
      label: 'Device Type',
      kind: 'select',
      options: DEVICE_TYPES,
      schema: choice('Device Type', DEVICE_TYPES),
    },
    devcStatus: {
      label: 'Status',
      kind: 'select',
      options: APPROVAL_TEXT,
      default: '1',
      schema: choice('Status', APPROVAL_TEXT),
    },
    devcMassId: {
      label: 'Asset',
      kind: 'ref',
      ref: { resource: 'asset', labelField: 'massName' },
      schema: refId('Asset'),
    },
    devcDescription: { label: 'Description', kind: 'textarea', schema: optionalText(1000, 'Description') },
    devcUniqueId: {
      label: 'Unique ID',
      kind: 'text',
      hint: 'Gateway ids start with gateway-; flow meter ids end with -1 (port) or -3 (starboard).',
      schema: requiredText('Unique ID', 100).regex(/^\S+$/, 'Unique ID must not contain spaces'),
    },
  },
  joins: [{ as: 'devcMass', localField: 'devcMassId', table: 'asset', foreignField: 'massId', fields: ['massName'] }],
  filters: ['devcId', 'devcMassId', 'devcType', 'devcUniqueId', 'devcStatus', 'devcLabel'],
  orders: ['devcId', 'devcName', 'devcType', 'devcLabel', 'devcUniqueId', 'devcCreatedTime', 'devcMass.massName'],
  search: ['devcName', 'devcUniqueId', 'devcLabel', 'devcType', 'devcMassId', 'devcMass.massName'],
  defaultOrder: ['devcName', 'asc'],
  unique: [{ fields: ['devcUniqueId'], message: 'Unique ID is already used by another device' }],
  columns: ['devcName', 'devcType', 'devcLabel', 'devcUniqueId', 'devcMass.massName'],
  labels: { 'devcMass.massName': 'Link to Asset' },
  pageSize: 25,
  bulkAssign: 'devcMassId',
  importFields: ['devcName', 'devcLabel', 'devcType', 'devcStatus', 'devcMassId', 'devcDescription', 'devcUniqueId'],
  texts: { title: 'Device List', addTitle: 'Add New Device', editTitle: 'Edit Device', deleted: 'Deleted complete' },
  indonesian: {
    fields: {
      devcName: { label: 'Nama Perangkat' },
      devcLabel: { label: 'Label', placeholder: 'PORT_IN', hint: `Misalnya ${DEVICE_LABELS.join(', ')}` },
      devcType: { label: 'Jenis Perangkat' },
      devcStatus: { label: 'Status' },
      devcMassId: { label: 'Aset' },
      devcDescription: { label: 'Deskripsi' },
      devcUniqueId: {
        label: 'ID Unik',
        hint: 'ID gateway diawali gateway-; ID flow meter diakhiri -1 (port) atau -3 (starboard).',
      },
    },
    labels: { 'devcMass.massName': 'Aset Terkait' },
    texts: {
      title: 'Daftar Perangkat',
      addTitle: 'Tambah Perangkat Baru',
      editTitle: 'Ubah Perangkat',
      deleted: 'Berhasil dihapus',
    },
    messages: {
      'Unique ID must not contain spaces': 'ID Unik tidak boleh berisi spasi',
      'Unique ID is already used by another device': 'ID Unik sudah dipakai oleh perangkat lain',
    },
  },
});
