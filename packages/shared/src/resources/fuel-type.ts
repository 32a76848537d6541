import { defineResource, requiredText } from './define.ts';

export const fuelType = defineResource({
  name: 'fuel_type',
  path: 'fuel_type',
  table: 'fuel_type',
  id: 'mftyId',
  permission: 'master_fuel_type',
  auditPrefix: 'mfty',
  scope: { kind: 'global' },
  fields: {
    mftyName: { label: 'Fuel Type Name', kind: 'text', schema: requiredText('Fuel Type Name') },
  },
  filters: ['mftyId', 'mftyName'],
  orders: ['mftyId', 'mftyName', 'mftyCreatedTime'],
  search: ['mftyName'],
  defaultOrder: ['mftyName', 'asc'],
  columns: ['mftyName', 'mftyCreatedUserId', 'mftyCreatedTime'],
  labels: { mftyName: 'Name' },
  texts: {
    title: 'Fuel Type List',
    addTitle: 'Add New Fuel Type',
    editTitle: 'Edit Fuel Type',
    deleted: 'Fuel Type Deleted',
  },
});
