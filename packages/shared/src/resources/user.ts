import { choice, defineResource, email, refId } from './define.ts';

export const USER_STATUS = [
  { value: 1, label: 'Active', indonesian: { label: 'Aktif' } },
  { value: 0, label: 'Inactive', indonesian: { label: 'Tidak Aktif' } },
];

/**
 * A user (spec 001 §3), keyed by e-mail, belonging to a group (tenant: the group of its creator's active
 * company). Visible to users of that group and to users sharing one of its companies — never by creator.
 * The list carries the login name in userUslo; deleting a user deletes its login.
 */
export const user = defineResource({
  name: 'user',
  path: 'user',
  table: 'user',
  id: 'userId',
  idKind: 'text',
  permission: 'master_user',
  auditPrefix: 'user',
  scope: { kind: 'user', field: 'userId' },
  fields: {
    userId: { label: 'Email', kind: 'email', immutable: true, schema: email('Email') },
    userGrcpId: {
      label: 'Group',
      kind: 'ref',
      readOnly: true,
      ref: { resource: 'group_company', labelField: 'grcpName' },
      schema: refId('Group').nullable(),
    },
    userStatus: {
      label: 'Status',
      kind: 'select',
      options: USER_STATUS,
      default: 1,
      schema: choice('Status', USER_STATUS),
    },
  },
  joins: [
    {
      as: 'userUslo',
      localField: 'userId',
      table: 'user_login',
      foreignField: 'usloUserId',
      fields: ['usloId', 'usloUserName'],
    },
  ],
  filters: ['userId', 'userStatus'],
  orders: ['userId', 'userStatus', 'userCreatedTime', 'userUslo.usloUserName'],
  search: ['userId', 'userUslo.usloUserName'],
  defaultOrder: ['userId', 'asc'],
  unique: [{ fields: ['userId'], message: 'A user with this e-mail already exists' }],
  columns: ['userId', 'userUslo.usloUserName', 'userStatus', 'userCreatedTime'],
  labels: { 'userUslo.usloUserName': 'Username', userCreatedTime: 'Created' },
  pageSize: 8,
  texts: { title: 'User List', addTitle: 'Add New User', editTitle: 'Edit User', deleted: 'Deleted complete' },
  indonesian: {
    fields: { userId: { label: 'Email' }, userGrcpId: { label: 'Grup' }, userStatus: { label: 'Status' } },
    labels: { 'userUslo.usloUserName': 'Nama Pengguna', userCreatedTime: 'Dibuat' },
    texts: {
      title: 'Daftar Pengguna',
      addTitle: 'Tambah Pengguna Baru',
      editTitle: 'Ubah Pengguna',
      deleted: 'Berhasil dihapus',
    },
    messages: { 'A user with this e-mail already exists': 'Pengguna dengan e-mail ini sudah ada' },
  },
});
