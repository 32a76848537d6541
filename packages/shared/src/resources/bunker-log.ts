import { choice, dateTime, defineResource, optionalInRange, optionalText, refId, requiredInRange } from './define.ts';
import { RANGES } from './ranges.ts';

export const BUNKER_TYPES = [
  { value: 'IN', label: 'IN' },
  { value: 'OUT', label: 'OUT' },
];

/** A bunkering (fuel received or delivered) on a vessel (spec 002 §3.5); amounts in litres. */
export const bunkerLog = defineResource({
  name: 'bunker_log',
  path: 'bunker/log',
  table: 'bunker_log',
  id: 'bklgId',
  permission: 'master_bunker_log',
  auditPrefix: 'bklg',
  scope: { kind: 'asset', field: 'bklgMassId' },
  fields: {
    bklgMassId: {
      label: 'Vessel',
      kind: 'ref',
      ref: { resource: 'asset', labelField: 'massName' },
      schema: refId('Vessel', 'Asset must be selected.'),
    },
    bklgMbloId: {
      label: 'Location',
      kind: 'ref',
      ref: { resource: 'bunker_location', labelField: 'mbloName' },
      schema: refId('Location', 'Location must be filled.'),
    },
    bklgMftyId: {
      label: 'Fuel Type',
      kind: 'ref',
      ref: { resource: 'fuel_type', labelField: 'mftyName' },
      schema: refId('Fuel Type', 'Fuel type must be selected.'),
    },
    bklgStartDatetime: { label: 'Start Time', kind: 'datetime', schema: dateTime('Start Time') },
    bklgEndDatetime: { label: 'End Time', kind: 'datetime', schema: dateTime('End Time') },
    bklgTargetBunker: {
      label: 'Target Bunker (L)',
      kind: 'number',
      range: RANGES.fuelVolume,
      schema: requiredInRange('Target Bunker', RANGES.fuelVolume, 'Target bunker must be filled.').refine(
        (v) => v > 0,
        'Target bunker must be greater than 0.',
      ),
    },
    bklgType: {
      label: 'Type',
      kind: 'select',
      options: BUNKER_TYPES,
      default: 'IN',
      schema: choice('Type', BUNKER_TYPES, 'Type must be selected.'),
    },
    bklgStartSounding: {
      label: 'Start Sounding (L)',
      kind: 'number',
      range: RANGES.fuelVolume,
      schema: optionalInRange('Start Sounding', RANGES.fuelVolume),
    },
    bklgEndSounding: {
      label: 'End Sounding (L)',
      kind: 'number',
      range: RANGES.fuelVolume,
      schema: optionalInRange('End Sounding', RANGES.fuelVolume),
    },
    bklgNote: { label: 'Note', kind: 'textarea', schema: optionalText(1000, 'Note') },
  },
  rules: [
    {
      field: 'bklgEndDatetime',
      message: 'Start and end time must not be the same.',
      invalid: (r) => r.bklgStartDatetime === r.bklgEndDatetime,
    },
    {
      field: 'bklgEndDatetime',
      message: 'End time must not be before start time.',
      invalid: (r) => r.bklgEndDatetime < r.bklgStartDatetime,
    },
  ],
  joins: [
    { as: 'bklgMass', localField: 'bklgMassId', table: 'asset', foreignField: 'massId', fields: ['massName'] },
    {
      as: 'bklgMblo',
      localField: 'bklgMbloId',
      table: 'bunker_location',
      foreignField: 'mbloId',
      fields: ['mbloName'],
    },
    { as: 'bklgMfty', localField: 'bklgMftyId', table: 'fuel_type', foreignField: 'mftyId', fields: ['mftyName'] },
  ],
  filters: ['bklgId', 'bklgMassId', 'bklgMbloId', 'bklgMftyId', 'bklgType'],
  orders: ['bklgId', 'bklgStartDatetime', 'bklgEndDatetime', 'bklgTargetBunker', 'bklgType', 'bklgMass.massName'],
  search: ['bklgNote', 'bklgMass.massName', 'bklgMblo.mbloName'],
  defaultOrder: ['bklgStartDatetime', 'desc'],
  period: { start: 'bklgStartDatetime', end: 'bklgEndDatetime' },
  columns: [
    'bklgMass.massName',
    'bklgMblo.mbloName',
    'bklgMfty.mftyName',
    'bklgType',
    'bklgStartDatetime',
    'bklgEndDatetime',
    'bklgTargetBunker',
    'bklgStartSounding',
    'bklgEndSounding',
    'bklgNote',
  ],
  labels: { 'bklgMass.massName': 'Vessel', 'bklgMblo.mbloName': 'Location', 'bklgMfty.mftyName': 'Fuel Type' },
  pageSize: 10,
  texts: {
    title: 'Bunkering Log',
    addTitle: 'New Bunkering Log',
    editTitle: 'Edit Bunkering Log',
    deleted: 'Laporan berhasil dihapus',
    created: 'Log created successfully',
    saved: 'Log updated successfully',
  },
});
