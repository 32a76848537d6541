import { defineResource, operationsJson, refId } from './define.ts';

/** A permission granted to a role, with the operations granted (spec 001 §3). */
export const rolePermission = defineResource({
  name: 'role_permission',
  path: 'role_permission',
  table: 'role_permission',
  id: 'rperId',
  permission: 'master_role',
  auditPrefix: 'rper',
  scope: { kind: 'parent', field: 'rperRoleId', parent: 'roles' },
  fields: {
    rperRoleId: {
      label: 'Role',
      kind: 'ref',
      immutable: true,
      ref: { resource: 'roles', labelField: 'roleName' },
      schema: refId('Role'),
    },
    rperPrmsId: {
      label: 'Permission',
      kind: 'ref',
      immutable: true,
      ref: { resource: 'permission', labelField: 'prmsName' },
      schema: refId('Permission'),
    },
    rperOperations: {
      label: 'Operations',
      kind: 'json',
      default: '["read"]',
      hint: 'create, read, update, delete',
      schema: operationsJson('Operations'),
    },
  },
  joins: [
    {
      as: 'rperPrms',
      localField: 'rperPrmsId',
      table: 'permission',
      foreignField: 'prmsId',
      fields: ['prmsName', 'prmsOperations'],
    },
    { as: 'rperRole', localField: 'rperRoleId', table: 'role', foreignField: 'roleId', fields: ['roleName'] },
  ],
  filters: ['rperId', 'rperRoleId', 'rperPrmsId'],
  orders: ['rperId', 'rperPrms.prmsName'],
  search: ['rperPrms.prmsName'],
  defaultOrder: ['rperPrms.prmsName', 'asc'],
  unique: [{ fields: ['rperRoleId', 'rperPrmsId'], message: 'The role already has this permission' }],
  columns: ['rperPrms.prmsName', 'rperOperations'],
  labels: { 'rperPrms.prmsName': 'Permission' },
  pageSize: 1000,
  texts: {
    title: 'Role Permissions',
    addTitle: 'Add Permission',
    editTitle: 'Edit Permission',
    deleted: 'Deleted complete',
  },
  indonesian: {
    fields: {
      rperRoleId: { label: 'Peran' },
      rperPrmsId: { label: 'Izin' },
      rperOperations: { label: 'Operasi', hint: 'create, read, update, delete' },
    },
    labels: { 'rperPrms.prmsName': 'Izin' },
    texts: { title: 'Izin Peran', addTitle: 'Tambah Izin', editTitle: 'Ubah Izin', deleted: 'Berhasil dihapus' },
    messages: { 'The role already has this permission': 'Peran sudah memiliki izin ini' },
  },
});
