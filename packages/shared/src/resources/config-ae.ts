import { defineResource, int, optionalNum, refId } from './define.ts';

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
      schema: int('Number').min(1, 'Number must be 1, 2 or 3').max(3, 'Number must be 1, 2 or 3'),
    },
    mcaeConsumptRateByTime: {
      label: 'Rate by Time',
      kind: 'number',
      step: 0.1,
      hint: 'Litres per running hour, used when the auxiliary engine has no flow meter.',
      schema: optionalNum('Rate by Time'),
    },
    mcaeConsumptRateByPower: {
      label: 'Rate by Power',
      kind: 'number',
      step: 0.1,
      schema: optionalNum('Rate by Power'),
    },
    mcaeConsumptRateByRpm: { label: 'Rate by RPM', kind: 'number', step: 0.1, schema: optionalNum('Rate by RPM') },
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
});
