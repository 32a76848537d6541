import { choice, defineResource, optionalInRange, optionalText, refId, requiredInRange } from './define.ts';
import { YES_NO } from './options.ts';
import { RANGES } from './ranges.ts';

export const ENGINE_SIDES = [
  // the trade's codes, the same in both languages
  { value: 'STARBOARD', label: 'STARBOARD', indonesian: { label: 'STARBOARD' } },
  { value: 'PORT', label: 'PORT', indonesian: { label: 'PORT' } },
];

/** Main-engine RPM configuration of an rpm device (spec 001 §3): running threshold and consumption rates. */
export const configRpm = defineResource({
  name: 'config_rpm',
  path: 'config_rpm',
  table: 'config_rpm',
  id: 'mcrpId',
  permission: 'master_config_rpm',
  auditPrefix: 'mcrp',
  scope: { kind: 'device', field: 'mcrpDevcId' },
  fields: {
    mcrpDevcId: {
      label: 'Device',
      kind: 'ref',
      ref: {
        resource: 'device',
        labelField: 'devcUniqueId',
        where: { devcType: 'rpm' },
        whereMessage: 'Device must be an RPM device',
      },
      schema: refId('Device'),
    },
    mcrpType: { label: 'Type', kind: 'select', options: ENGINE_SIDES, schema: choice('Type', ENGINE_SIDES) },
    mcrpNo: { label: 'Number', kind: 'text', schema: optionalText(20, 'Number') },
    mcrpMinValue: {
      label: 'Min Value',
      kind: 'number',
      default: 400,
      hint: 'The engine counts as running above this RPM.',
      range: RANGES.engineRpm,
      schema: requiredInRange('Min Value', RANGES.engineRpm),
    },
    mcrpConsumptRateByTime: {
      label: 'Rate by Time',
      kind: 'number',
      step: 0.1,
      range: RANGES.ratePerHour,
      schema: optionalInRange('Rate by Time', RANGES.ratePerHour),
    },
    mcrpConsumptRateByPower: {
      label: 'Rate by Power',
      kind: 'number',
      step: 0.1,
      range: RANGES.ratePerKwh,
      schema: optionalInRange('Rate by Power', RANGES.ratePerKwh),
    },
    mcrpConsumptRateByRpm: {
      label: 'Rate by RPM',
      kind: 'number',
      step: 0.1,
      range: RANGES.ratePerRpm,
      schema: optionalInRange('Rate by RPM', RANGES.ratePerRpm),
    },
    mcrpIsSingleEngine: {
      label: 'Is Single Engine',
      kind: 'select',
      options: YES_NO,
      default: 0,
      schema: choice('Is Single Engine', YES_NO),
    },
  },
  joins: [
    {
      as: 'mcrpDevc',
      localField: 'mcrpDevcId',
      table: 'device',
      foreignField: 'devcId',
      fields: ['devcUniqueId', 'devcName', 'devcMassId'],
    },
  ],
  filters: ['mcrpId', 'mcrpDevcId', 'mcrpType', 'mcrpIsSingleEngine'],
  orders: ['mcrpId', 'mcrpDevcId', 'mcrpType', 'mcrpNo', 'mcrpMinValue', 'mcrpDevc.devcUniqueId'],
  search: ['mcrpDevc.devcUniqueId', 'mcrpNo'],
  defaultOrder: ['mcrpDevc.devcUniqueId', 'asc'],
  unique: [{ fields: ['mcrpDevcId'], message: 'This device already has an RPM configuration' }],
  columns: [
    'mcrpDevcId',
    'mcrpType',
    'mcrpDevc.devcUniqueId',
    'mcrpNo',
    'mcrpMinValue',
    'mcrpConsumptRateByTime',
    'mcrpConsumptRateByPower',
    'mcrpConsumptRateByRpm',
    'mcrpIsSingleEngine',
  ],
  labels: { mcrpDevcId: 'Device ID', 'mcrpDevc.devcUniqueId': 'Unique ID' },
  pageSize: 50,
  texts: { title: 'Config RPM', addTitle: 'Add Config RPM', editTitle: 'Edit Config RPM', deleted: 'Deleted complete' },
  indonesian: {
    fields: {
      mcrpDevcId: { label: 'Perangkat' },
      mcrpType: { label: 'Jenis' },
      mcrpNo: { label: 'Nomor' },
      mcrpMinValue: { label: 'Nilai Minimum', hint: 'Mesin dihitung berjalan di atas RPM ini.' },
      mcrpConsumptRateByTime: { label: 'Laju per Waktu' },
      mcrpConsumptRateByPower: { label: 'Laju per Daya' },
      mcrpConsumptRateByRpm: { label: 'Laju per RPM' },
      mcrpIsSingleEngine: { label: 'Mesin Tunggal' },
    },
    labels: { mcrpDevcId: 'ID Perangkat', 'mcrpDevc.devcUniqueId': 'ID Unik' },
    texts: {
      title: 'Konfigurasi RPM',
      addTitle: 'Tambah Konfigurasi RPM',
      editTitle: 'Ubah Konfigurasi RPM',
      deleted: 'Berhasil dihapus',
    },
    messages: {
      'Device must be an RPM device': 'Perangkat harus berupa perangkat RPM',
      'This device already has an RPM configuration': 'Perangkat ini sudah memiliki konfigurasi RPM',
    },
  },
});
