import { defineResource, optionalText, requiredText } from './define.ts';

/** A company group (spec 001 §3); visible to users of one of its companies, or to its creator. */
export const groupCompany = defineResource({
  name: 'group_company',
  path: 'group_company',
  table: 'group_company',
  id: 'grcpId',
  permission: 'master_group_company',
  auditPrefix: 'grcp',
  scope: { kind: 'group' },
  fields: {
    grcpNickName: { label: 'Nick Name', kind: 'text', schema: optionalText(100, 'Nick Name') },
    grcpName: { label: 'Name', kind: 'text', schema: requiredText('Name') },
    grcpAddress: { label: 'Address', kind: 'textarea', schema: optionalText(1000, 'Address') },
    grcpCity: { label: 'City', kind: 'text', schema: optionalText(100, 'City') },
    grcpFax: { label: 'Fax', kind: 'text', placeholder: '021xxxxxxxx', schema: optionalText(30, 'Fax') },
    grcpTelp: { label: 'PIC Phone', kind: 'text', placeholder: '0852xxxxxxxx', schema: optionalText(30, 'PIC Phone') },
  },
  filters: ['grcpId', 'grcpName', 'grcpCity'],
  orders: ['grcpId', 'grcpName', 'grcpNickName', 'grcpCity', 'grcpCreatedTime'],
  search: ['grcpName', 'grcpNickName', 'grcpCity'],
  defaultOrder: ['grcpName', 'asc'],
  // a group is a tenant: pickers name it, so two with one name or one nick could not be told apart (issue 28)
  unique: [
    { fields: ['grcpName'], message: 'A group with this name already exists' },
    { fields: ['grcpNickName'], message: 'A group with this nick name already exists' },
  ],
  columns: ['grcpNickName', 'grcpName', 'grcpTelp'],
  labels: { grcpNickName: 'Nick' },
  pageSize: 10,
  texts: { title: 'Group List', addTitle: 'Add New Group', editTitle: 'Edit Group', deleted: 'Deleted complete' },
  indonesian: {
    fields: {
      grcpNickName: { label: 'Nama Singkat' },
      grcpName: { label: 'Nama' },
      grcpAddress: { label: 'Alamat' },
      grcpCity: { label: 'Kota' },
      grcpFax: { label: 'Faks', placeholder: '021xxxxxxxx' },
      grcpTelp: { label: 'Telepon PIC', placeholder: '0852xxxxxxxx' },
    },
    labels: { grcpNickName: 'Singkatan' },
    texts: { title: 'Daftar Grup', addTitle: 'Tambah Grup Baru', editTitle: 'Ubah Grup', deleted: 'Berhasil dihapus' },
    messages: {
      'A group with this name already exists': 'Grup dengan nama ini sudah ada',
      'A group with this nick name already exists': 'Grup dengan nama singkat ini sudah ada',
    },
  },
});
