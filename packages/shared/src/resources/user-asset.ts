import { defineResource, refId, refText } from './define.ts';

/** An asset assigned to a user individually (spec 001 §3), for companies without the all-assets flag. */
export const userAsset = defineResource({
  name: 'user_asset',
  path: 'user_asset',
  table: 'user_asset',
  id: 'uassId',
  permission: 'master_user',
  auditPrefix: 'uass',
  scope: { kind: 'user', field: 'uassUserId' },
  fields: {
    uassUserId: {
      label: 'User',
      kind: 'ref',
      immutable: true,
      ref: { resource: 'user', labelField: 'userId' },
      schema: refText('User'),
    },
    uassMassId: {
      label: 'Asset',
      kind: 'ref',
      ref: { resource: 'asset', labelField: 'massName' },
      schema: refId('Asset'),
    },
  },
  joins: [{ as: 'uassMass', localField: 'uassMassId', table: 'asset', foreignField: 'massId', fields: ['massName'] }],
  filters: ['uassId', 'uassUserId', 'uassMassId'],
  orders: ['uassId', 'uassMass.massName'],
  search: ['uassMass.massName'],
  defaultOrder: ['uassMass.massName', 'asc'],
  unique: [{ fields: ['uassUserId', 'uassMassId'], message: 'The asset is already assigned to the user' }],
  columns: ['uassMass.massName'],
  labels: { 'uassMass.massName': 'Asset' },
  pageSize: 25,
  texts: { title: 'User Asset', addTitle: 'Add Asset', editTitle: 'Edit Asset', deleted: 'Deleted complete' },
  indonesian: {
    fields: { uassUserId: { label: 'Pengguna' }, uassMassId: { label: 'Aset' } },
    labels: { 'uassMass.massName': 'Aset' },
    texts: { title: 'Aset Pengguna', addTitle: 'Tambah Aset', editTitle: 'Ubah Aset', deleted: 'Berhasil dihapus' },
    messages: { 'The asset is already assigned to the user': 'Aset sudah ditugaskan ke pengguna ini' },
  },
});
