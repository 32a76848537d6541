import { defineResource, int, optionalInRange, refId } from './define.ts';
import { RANGES } from './ranges.ts';

/** Auxiliary-engine configuration of an ae device (spec 001 §3): engine number and consumption rates. */
export const configAe = defineResource({
  name: 'config_ae',
  path: 'config_ae',
  table: 'config_ae',
  id: 'mcaeId',
  permission: 'master_config_ae',
  auditPrefix: 'mcae',
  scope: { kind: 'device', field: 'mcaeDevcId' },
  fields: {
    mcaeDevcId: {
      label: 'Device',
      kind: 'ref',
      ref: {
        resource: 'device',
        labelField: 'devcUniqueId',
        where: { devcType: 'ae' },
        whereMessage: 'Device must be an auxiliary engine (ae) device',
      },
      schema: refId('Device'),
    },
    mcaeNo: {
      label: 'Number',
      kind: 'integer',
      hint: '1 port, 2 centre, 3 starboard',
      schema: int('Number', (n) => n.min(1, 'Number must be 1, 2 or 3').max(3, 'Number must be 1, 2 or 3')),
    },
    mcaeConsumptRateByTime: {
      label: 'Rate by Time',
      kind: 'number',
      step: 0.1,
      hint: 'Litres per running hour, used when the auxiliary engine has no flow meter.',
      range: RANGES.ratePerHour,
      schema: optionalInRange('Rate by Time', RANGES.ratePerHour),
    },
    mcaeConsumptRateByPower: {
      label: 'Rate by Power',
      kind: 'number',
      step: 0.1,
      range: RANGES.ratePerKwh,
      schema: optionalInRange('Rate by Power', RANGES.ratePerKwh),
    },
    mcaeConsumptRateByRpm: {
      label: 'Rate by RPM',
      kind: 'number',
      step: 0.1,
      range: RANGES.ratePerRpm,
      schema: optionalInRange('Rate by RPM', RANGES.ratePerRpm),
    },
  },
  joins: [
    {
      as: 'mcaeDevc',
      localField: 'mcaeDevcId',
      table: 'device',
      foreignField: 'devcId',
      fields: ['devcUniqueId', 'devcName', 'devcMassId'],
    },
  ],
  filters: ['mcaeId', 'mcaeDevcId', 'mcaeNo'],
  orders: ['mcaeId', 'mcaeDevcId', 'mcaeNo', 'mcaeDevc.devcUniqueId'],
  search: ['mcaeDevc.devcUniqueId'],
  defaultOrder: ['mcaeDevc.devcUniqueId', 'asc'],
  unique: [{ fields: ['mcaeDevcId'], message: 'This device already has an AE configuration' }],
  columns: [
    'mcaeDevcId',
    'mcaeDevc.devcUniqueId',
    'mcaeNo',
    'mcaeConsumptRateByTime',
    'mcaeConsumptRateByPower',
    'mcaeConsumptRateByRpm',
  ],
  labels: { mcaeDevcId: 'Device ID', 'mcaeDevc.devcUniqueId': 'Unique ID' },
  pageSize: 50,
  texts: { title: 'Config AE', addTitle: 'Add Config AE', editTitle: 'Edit Config AE', deleted: 'Deleted complete' },
  indonesian: {
    fields: {
      mcaeDevcId: { label: 'Perangkat' },
      mcaeNo: { label: 'Nomor', hint: '1 kiri (port), 2 tengah, 3 kanan (starboard)' },
      mcaeConsumptRateByTime: {
        label: 'Laju per Waktu',
        hint: 'Liter per jam operasi, dipakai bila mesin bantu tidak memiliki flow meter.',
      },
      mcaeConsumptRateByPower: { label: 'Laju per Daya' },
      mcaeConsumptRateByRpm: { label: 'Laju per RPM' },
    },
    labels: { mcaeDevcId: 'ID Perangkat', 'mcaeDevc.devcUniqueId': 'ID Unik' },
    texts: {
      title: 'Konfigurasi AE',
      addTitle: 'Tambah Konfigurasi AE',
      editTitle: 'Ubah Konfigurasi AE',
      deleted: 'Berhasil dihapus',
    },
    messages: {
      'Device must be an auxiliary engine (ae) device': 'Perangkat harus berupa perangkat mesin bantu (ae)',
      'Number must be 1, 2 or 3': 'Nomor harus 1, 2, atau 3',
      'This device already has an AE configuration': 'Perangkat ini sudah memiliki konfigurasi AE',
    },
  },
});
