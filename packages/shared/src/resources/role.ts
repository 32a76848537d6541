import { defineResource, requiredText } from './define.ts';

/** A role (spec 001 §3): a named set of permissions with operations, shared by all companies. */
export const role = defineResource({
  name: 'roles',
  path: 'roles',
  table: 'role',
  id: 'roleId',
  permission: 'master_role',
  auditPrefix: 'role',
  scope: { kind: 'global' },
  fields: {
    roleName: { label: 'Role Name', kind: 'text', schema: requiredText('Role Name', 100) },
  },
  filters: ['roleId', 'roleName'],
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
});
