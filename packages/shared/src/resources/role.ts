import { defineResource, refId, requiredText } from './define.ts';

/**
 * A role (spec 001 §3): a named set of permissions with operations. A role belongs to a tenant (group) and is
 * seen only there; built-in roles (no group) are shared and read-only except for a platform administrator.
 */
export const role = defineResource({
  name: 'roles',
  path: 'roles',
  table: 'role',
  id: 'roleId',
  permission: 'master_role',
  auditPrefix: 'role',
  scope: { kind: 'tenant', field: 'roleGrcpId' },
  fields: {
    roleName: { label: 'Role Name', kind: 'text', schema: requiredText('Role Name', 100) },
    roleGrcpId: {
      label: 'Group',
      kind: 'ref',
      readOnly: true,
      ref: { resource: 'group_company', labelField: 'grcpName' },
      schema: refId('Group').nullable(),
    },
  },
  filters: ['roleId', 'roleName', 'roleGrcpId'],
  orders: ['roleId', 'roleName', 'roleCreatedTime'],
  search: ['roleName'],
  defaultOrder: ['roleName', 'asc'],
  unique: [{ fields: ['roleName'], message: 'A role with this name already exists' }],
  columns: ['roleName'],
  pageSize: 50,
  texts: {
    title: 'Role List',
    addTitle: 'Add New Role',
    editTitle: 'Edit Role',
    deleted: 'Deleted complete',
    created: 'Role added',
  },
  indonesian: {
    fields: { roleName: { label: 'Nama Peran' }, roleGrcpId: { label: 'Grup' } },
    texts: {
      title: 'Daftar Peran',
      addTitle: 'Tambah Peran Baru',
      editTitle: 'Ubah Peran',
      deleted: 'Berhasil dihapus',
      created: 'Peran ditambahkan',
    },
    messages: { 'A role with this name already exists': 'Peran dengan nama ini sudah ada' },
  },
});
