import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The access version (issue 29, docs/architecture.md "Security"): one number that every committed change to what
 * decides a session's user, permissions or visible scope moves on, written by triggers in the changing statement's
 * own transaction — so no write path (routes, bulk import, the command line, another server process, a hand-made
 * SQL fix) can change access without it. The session resolver keeps a session's access and scope while the number
 * stays the same (modules/auth/session-cache.ts). The session row itself is read on every request and needs none.
 */
export const ACCESS_TRIGGERS: { table: string; insert: boolean; delete: boolean; update: string[] | 'any' }[] = [
  // who the user is and whether they may sign in; their tenant (group) and platform role
  {
    table: 'user',
    insert: true,
    delete: true,
    update: ['user_id', 'user_status', 'user_grcp_id', 'user_platform_admin'],
  },
  { table: 'user_login', insert: true, delete: true, update: ['uslo_user_id', 'uslo_user_name'] },
  // permissions: roles of a user, permissions of a role
  { table: 'user_role', insert: true, delete: true, update: 'any' },
  { table: 'role', insert: false, delete: true, update: ['role_id'] },
  { table: 'role_permission', insert: true, delete: true, update: 'any' },
  { table: 'permission', insert: false, delete: true, update: ['prms_id', 'prms_name'] },
  // scope: companies of a user (and the all-assets flag), assigned assets, the assets of a company, their devices
  { table: 'user_company', insert: true, delete: true, update: 'any' },
  { table: 'user_asset', insert: true, delete: true, update: 'any' },
  { table: 'company', insert: false, delete: true, update: ['comp_id', 'comp_grcp_id'] },
  { table: 'asset', insert: true, delete: true, update: ['mass_id', 'mass_comp_id'] },
  { table: 'device', insert: true, delete: true, update: ['devc_id', 'devc_mass_id', 'devc_unique_id'] },
];

const BUMP = 'update access_version set acvr_version = acvr_version + 1 where acvr_id = 1';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('access_version')
    .addColumn('acvr_id', 'integer', (c) => c.primaryKey())
    .addColumn('acvr_version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into access_version (acvr_id, acvr_version) values (1, 1)`.execute(db);
  if (dialect === 'postgres') {
    await sql
      .raw(`create or replace function access_version_bump() returns trigger language plpgsql as $$
begin ${BUMP}; return null; end $$`)
      .execute(db);
    for (const t of ACCESS_TRIGGERS) {
      // once per statement: a bulk import of 2,000 devices moves the number once
      const events = [
        ...(t.insert ? ['insert'] : []),
        ...(t.delete ? ['delete'] : []),
        t.update === 'any' ? 'update' : `update of ${t.update.join(', ')}`,
      ];
      await sql
        .raw(
          `create trigger ${t.table}_access_version after ${events.join(' or ')} on "${t.table}" ` +
            'for each statement execute function access_version_bump()',
        )
        .execute(db);
    }
    return;
  }
  // SQLite has row triggers only, one event each
  for (const t of ACCESS_TRIGGERS) {
    const events = [
      ...(t.insert ? [['insert', 'insert']] : []),
      ...(t.delete ? [['delete', 'delete']] : []),
      ['update', t.update === 'any' ? 'update' : `update of ${t.update.join(', ')}`],
    ];
    for (const [name, event] of events)
      await sql
        .raw(`create trigger ${t.table}_access_version_${name} after ${event} on "${t.table}" begin ${BUMP}; end`)
        .execute(db);
  }
}
