import { choice, dateTime, defineResource, int, optionalText, refId, requiredText } from './define.ts';

export const CONFIG_EVENT_ACTIVE = [
  { value: 1, label: 'Active', indonesian: { label: 'Aktif' } },
  { value: 0, label: 'Inactive', indonesian: { label: 'Tidak Aktif' } },
];

/** Refusal of an activation without asset events (spec 001 §8). */
export const CANNOT_ACTIVATE_MESSAGE = 'Cannot activate. Please add events to this configuration first.';

/**
 * An event configuration of one gateway (spec 001 §3): mcevAssetId is the gateway devcUniqueId without
 * its `gateway-` prefix, as the client names it; the server resolves it among the user's visible gateways and
 * stores the device (mcevDevcId), which decides who sees the configuration. Version and the active flag are the server's: a new configuration gets the next
 * version and starts inactive; POST /master/config_event/{id}/activate switches the active version.
 */
export const configEvent = defineResource({
  name: 'config_event',
  path: 'config_event',
  table: 'config_event',
  id: 'mcevId',
  permission: 'master_config_event',
  auditPrefix: 'mcev',
  scope: { kind: 'device', field: 'mcevDevcId' },
  fields: {
    mcevAssetId: {
      label: 'Asset ID',
      kind: 'text',
      immutable: true,
      hint: 'The gateway unique id without gateway-',
      // the gateway's full unique id is accepted too: its prefix is dropped
      schema: requiredText('Asset ID', 100).transform((v) => v.replace(/^gateway-/, '')),
    },
    mcevDevcId: {
      label: 'Gateway',
      kind: 'ref',
      readOnly: true,
      ref: { resource: 'device', labelField: 'devcUniqueId' },
      schema: refId('Gateway').nullable(),
    },
    mcevVersion: { label: 'Version', kind: 'integer', readOnly: true, schema: int('Version') },
    mcevDescription: { label: 'Description', kind: 'textarea', schema: optionalText(2000, 'Description') },
    mcevIsActive: {
      label: 'Is Active',
      kind: 'select',
      options: CONFIG_EVENT_ACTIVE,
      readOnly: true,
      schema: choice('Is Active', CONFIG_EVENT_ACTIVE),
    },
    mcevAppliedTime: { label: 'Applied Time', kind: 'datetime', readOnly: true, schema: dateTime('Applied Time') },
  },
  filters: ['mcevId', 'mcevAssetId', 'mcevDevcId', 'mcevIsActive', 'mcevVersion'],
  orders: ['mcevId', 'mcevVersion', 'mcevAssetId', 'mcevIsActive', 'mcevAppliedTime', 'mcevCreatedTime'],
  search: ['mcevDescription', 'mcevAssetId'],
  defaultOrder: ['mcevVersion', 'desc'],
  columns: ['mcevAssetId', 'mcevVersion', 'mcevDescription', 'mcevIsActive', 'mcevAppliedTime'],
  pageSize: 10,
  texts: {
    title: 'Event Configuration',
    addTitle: 'Add New Configuration',
    editTitle: 'Edit Configuration',
    deleted: 'Deleted complete',
  },
  indonesian: {
    fields: {
      mcevAssetId: { label: 'ID Aset', hint: 'ID unik gateway tanpa gateway-' },
      mcevDevcId: { label: 'Gateway' },
      mcevVersion: { label: 'Versi' },
      mcevDescription: { label: 'Deskripsi' },
      mcevIsActive: { label: 'Aktif' },
      mcevAppliedTime: { label: 'Waktu Diterapkan' },
    },
    texts: {
      title: 'Konfigurasi Kejadian',
      addTitle: 'Tambah Konfigurasi Baru',
      editTitle: 'Ubah Konfigurasi',
      deleted: 'Berhasil dihapus',
    },
    messages: {
      [CANNOT_ACTIVATE_MESSAGE]: 'Tidak dapat diaktifkan. Tambahkan kejadian ke konfigurasi ini terlebih dahulu.',
    },
  },
});
