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
  indonesian: {
    fields: {
      usloUserId: { label: 'Pengguna' },
      usloUserName: { label: 'Nama Login' },
      usloPassword: { label: 'Kata Sandi', hint: 'Kosongkan untuk tetap memakai kata sandi saat ini.' },
    },
    texts: { title: 'Login Pengguna', addTitle: 'Tambah Login', editTitle: 'Ubah Login', deleted: 'Berhasil dihapus' },
    messages: {
      'Login Name must not contain spaces': 'Nama Login tidak boleh berisi spasi',
      'Password must be at least 8 characters': 'Kata Sandi minimal 8 karakter',
      'This user already has a login': 'Pengguna ini sudah memiliki login',
      'This login name is already taken': 'Nama login ini sudah dipakai',
    },
  },
});
