import { z } from 'zod';
import { defineResource, refText, requiredText } from './define.ts';

/** The login of a user (spec 001 §3): login name and password (scrypt-hashed, never returned). */
export const userLogin = defineResource({
  name: 'user_login',
  path: 'user_login',
  table: 'user_login',
  id: 'usloId',
  permission: 'master_user',
  auditPrefix: 'uslo',
  scope: { kind: 'user', field: 'usloUserId' },
  fields: {
    usloUserId: {
      label: 'User',
      kind: 'ref',
      immutable: true,
      ref: { resource: 'user', labelField: 'userId' },
      schema: refText('User'),
    },
    usloUserName: {
      label: 'Login Name',
      kind: 'text',
      schema: requiredText('Login Name', 100).regex(/^\S*$/, 'Login Name must not contain spaces'),
    },
    usloPassword: {
      label: 'Password',
      kind: 'password',
      writeOnly: true,
      hint: 'Leave empty to keep the current password.',
      schema: z
        .string({ error: 'Password is required' })
        .min(8, 'Password must be at least 8 characters')
        .max(200, 'Password must be at most 200 characters'),
    },
  },
  filters: ['usloId', 'usloUserId', 'usloUserName'],
  orders: ['usloId', 'usloUserName', 'usloUserId'],
  search: ['usloUserName', 'usloUserId'],
  defaultOrder: ['usloUserName', 'asc'],
  unique: [
    { fields: ['usloUserId'], message: 'This user already has a login' },
    { fields: ['usloUserName'], message: 'This login name is already taken' },
  ],
  columns: ['usloUserName', 'usloUserId'],
  pageSize: 10,
  texts: { title: 'User Login', addTitle: 'Add Login', editTitle: 'Edit Login', deleted: 'Deleted complete' },
});
