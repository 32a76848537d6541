import { defineResource, refId } from './define.ts';

/** An event of a configuration (spec 001 §3); visible with its configuration. */
export const assetEvent = defineResource({
  name: 'asset_event',
  path: 'asset_event',
  table: 'asset_event',
  id: 'asevId',
  permission: 'master_config_event',
  auditPrefix: 'asev',
  scope: { kind: 'parent', field: 'asevMcevId', parent: 'config_event' },
  fields: {
    asevMcevId: {
      label: 'Configuration',
      kind: 'ref',
      immutable: true,
      ref: { resource: 'config_event', labelField: 'mcevVersion' },
      schema: refId('Configuration'),
    },
    asevMevtId: {
      label: 'Event',
      kind: 'ref',
      ref: { resource: 'events', labelField: 'mevtType' },
      schema: refId('Event'),
    },
  },
  joins: [
    {
      as: 'asevMevt',
      localField: 'asevMevtId',
      table: 'master_event',
      foreignField: 'mevtId',
      fields: ['mevtType', 'mevtIsPriority', 'mevtTriggerDuration', 'mevtDescription'],
    },
    {
      as: 'asevMcev',
      localField: 'asevMcevId',
      table: 'config_event',
      foreignField: 'mcevId',
      fields: ['mcevAssetId', 'mcevVersion', 'mcevIsActive'],
    },
  ],
  filters: ['asevId', 'asevMcevId', 'asevMevtId'],
  orders: ['asevId', 'asevMcevId', 'asevMevtId', 'asevMevt.mevtType'],
  search: ['asevMevt.mevtType'],
  defaultOrder: ['asevMevt.mevtType', 'asc'],
  unique: [{ fields: ['asevMcevId', 'asevMevtId'], message: 'This event is already in the configuration' }],
  columns: ['asevMevt.mevtType', 'asevMevt.mevtIsPriority'],
  labels: { 'asevMevt.mevtType': 'Event Type', 'asevMevt.mevtIsPriority': 'Priority' },
  pageSize: 10,
  texts: {
    title: 'Asset Event Configuration',
    addTitle: 'Add Event',
    editTitle: 'Edit Event',
    deleted: 'Deleted complete',
  },
  indonesian: {
    fields: { asevMcevId: { label: 'Konfigurasi' }, asevMevtId: { label: 'Kejadian' } },
    labels: { 'asevMevt.mevtType': 'Jenis Kejadian', 'asevMevt.mevtIsPriority': 'Prioritas' },
    texts: {
      title: 'Konfigurasi Kejadian Aset',
      addTitle: 'Tambah Kejadian',
      editTitle: 'Ubah Kejadian',
      deleted: 'Berhasil dihapus',
    },
    messages: { 'This event is already in the configuration': 'Kejadian ini sudah ada dalam konfigurasi' },
  },
});
