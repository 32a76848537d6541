import { choice, defineResource, refId, refText } from './define.ts';
import { YES_NO } from './options.ts';

/** A company of a user, with the all-assets flag (spec 001 §3). */
export const userCompany = defineResource({
  name: 'user_company',
  path: 'user_company',
  table: 'user_company',
  id: 'uscoId',
  permission: 'master_user',
  auditPrefix: 'usco',
  scope: { kind: 'user', field: 'uscoUserId' },
  fields: {
    uscoUserId: {
      label: 'User',
      kind: 'ref',
      immutable: true,
      ref: { resource: 'user', labelField: 'userId' },
      schema: refText('User'),
    },
    uscoCompId: {
      label: 'Company',
      kind: 'ref',
      immutable: true,
      ref: { resource: 'company', labelField: 'compName' },
      schema: refId('Company'),
    },
    uscoAllAssets: {
      label: 'All Assets',
      kind: 'select',
      options: YES_NO,
      default: 1,
      hint: 'Yes: the user sees every asset of the company; No: only the assets assigned to the user.',
      schema: choice('All Assets', YES_NO),
    },
  },
  joins: [
    {
      as: 'uscoComp',
      localField: 'uscoCompId',
      table: 'company',
      foreignField: 'compId',
      fields: ['compName', 'compGrcpId'],
    },
  ],
  filters: ['uscoId', 'uscoUserId', 'uscoCompId', 'uscoAllAssets'],
  orders: ['uscoId', 'uscoComp.compName'],
  search: ['uscoComp.compName'],
  defaultOrder: ['uscoComp.compName', 'asc'],
  unique: [{ fields: ['uscoUserId', 'uscoCompId'], message: 'The user already belongs to this company' }],
  columns: ['uscoComp.compName', 'uscoAllAssets'],
  labels: { 'uscoComp.compName': 'Company' },
  pageSize: 100,
  texts: { title: 'User Company', addTitle: 'Add Company', editTitle: 'Edit Company', deleted: 'Deleted complete' },
  indonesian: {
    fields: {
      uscoUserId: { label: 'Pengguna' },
      uscoCompId: { label: 'Perusahaan' },
      uscoAllAssets: {
        label: 'Semua Aset',
        hint: 'Ya: pengguna melihat semua aset perusahaan; Tidak: hanya aset yang ditugaskan ke pengguna.',
      },
    },
    labels: { 'uscoComp.compName': 'Perusahaan' },
    texts: {
      title: 'Perusahaan Pengguna',
      addTitle: 'Tambah Perusahaan',
      editTitle: 'Ubah Perusahaan',
      deleted: 'Berhasil dihapus',
    },
    messages: { 'The user already belongs to this company': 'Pengguna sudah tergabung dalam perusahaan ini' },
  },
});
