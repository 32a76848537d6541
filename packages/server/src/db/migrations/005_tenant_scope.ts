import { type Kysely, sql } from 'kysely';

/**
 * Tenant scope from the tenant a row belongs to (docs/decisions.md "Tenants"), never from its creator:
 * - user.user_grcp_id: the group (tenant) a user belongs to; backfilled from the user's first company.
 * - user.user_platform_admin: 1 for a platform administrator (edits the shared catalogues, built-in roles and
 *   the group list); backfilled for users whose roles could create permissions.
 * - role.role_grcp_id: the group a role belongs to; null = a built-in role, read-only for tenants.
 * - config_event.mcev_devc_id: the gateway device of a configuration (was matched by text); backfilled from
 *   mcev_asset_id, the `gateway-` form first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user')
    .addColumn('user_grcp_id', 'integer', (c) => c.references('group_company.grcp_id'))
    .execute();
  await db.schema
    .alterTable('user')
    .addColumn('user_platform_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('role')
    .addColumn('role_grcp_id', 'integer', (c) => c.references('group_company.grcp_id'))
    .execute();
  await db.schema
    .alterTable('config_event')
    .addColumn('mcev_devc_id', 'integer', (c) => c.references('device.devc_id'))
    .execute();
  await db.schema.createIndex('config_event_devc_idx').on('config_event').column('mcev_devc_id').execute();
  await db.schema.createIndex('user_grcp_idx').on('user').column('user_grcp_id').execute();
  await db.schema.createIndex('role_grcp_idx').on('role').column('role_grcp_id').execute();

  await sql`update ${sql.table('user')} set user_grcp_id = (
      select c.comp_grcp_id from user_company uc join company c on c.comp_id = uc.usco_comp_id
      where uc.usco_user_id = ${sql.table('user')}.user_id order by c.comp_id limit 1)`.execute(db);
  await sql`update ${sql.table('user')} set user_platform_admin = 1 where user_id in (
      select ur.usro_user_id from user_role ur
      join role_permission rp on rp.rper_role_id = ur.usro_role_id
      join permission p on p.prms_id = rp.rper_prms_id
      where p.prms_name = 'master_permission' and rp.rper_operations like '%create%')`.execute(db);
  await sql`update config_event set mcev_devc_id = (
      select d.devc_id from device d where d.devc_type = 'gateway'
      and d.devc_unique_id in ('gateway-' || config_event.mcev_asset_id, config_event.mcev_asset_id)
      order by case when d.devc_unique_id = 'gateway-' || config_event.mcev_asset_id then 0 else 1 end, d.devc_id
      limit 1)`.execute(db);
}
