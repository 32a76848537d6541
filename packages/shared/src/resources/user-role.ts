import { defineResource, refId, refText } from './define.ts';

/** A role of a user (spec 001 §3). */
export const userRole = defineResource({
  name: 'user_role',
  path: 'user_role',
  table: 'user_role',
  id: 'usroId',
  permission: 'master_user',
  auditPrefix: 'usro',
  scope: { kind: 'user', field: 'usroUserId' },
  fields: {
    usroUserId: {
      label: 'User',
      kind: 'ref',
      immutable: true,
      ref: { resource: 'user', labelField: 'userId' },
      schema: refText('User'),
    },
    usroRoleId: {
      label: 'Role',
      kind: 'ref',
      ref: { resource: 'roles', labelField: 'roleName' },
      schema: refId('Role'),
    },
  },
  joins: [{ as: 'usroRole', localField: 'usroRoleId', table: 'role', foreignField: 'roleId', fields: ['roleName'] }],
  filters: ['usroId', 'usroUserId', 'usroRoleId'],
  orders: ['usroId', 'usroRole.roleName'],
  search: ['usroRole.roleName'],
  defaultOrder: ['usroRole.roleName', 'asc'],
  unique: [{ fields: ['usroUserId', 'usroRoleId'], message: 'The user already has this role' }],
  columns: ['usroRole.roleName'],
  labels: { 'usroRole.roleName': 'Role' },
  pageSize: 25,
  texts: { title: 'User Role', addTitle: 'Add Role', editTitle: 'Edit Role', deleted: 'Deleted complete' },
  indonesian: {
    fields: { usroUserId: { label: 'Pengguna' }, usroRoleId: { label: 'Peran' } },
    labels: { 'usroRole.roleName': 'Peran' },
    texts: { title: 'Peran Pengguna', addTitle: 'Tambah Peran', editTitle: 'Ubah Peran', deleted: 'Berhasil dihapus' },
    messages: { 'The user already has this role': 'Pengguna sudah memiliki peran ini' },
  },
});
