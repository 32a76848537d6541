import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The `emissions` permission (issue 30) for an installation set up before it existed. `ensureBuiltInRoles` writes
 * the catalogue only on first run and never touches a built-in role that exists, so an existing Administrator and
 * Operator would never get the new screen: the key is written here and granted to both built-in roles as a new
 * installation grants it (Administrator every operation, Operator read). A fresh database has no catalogue yet:
 * nothing to do (the demo seed and the first run see an empty database and write the whole catalogue).
 */
const KEY = 'emissions';
const ALL = JSON.stringify(['create', 'read', 'update', 'delete']);
const GRANTS: [role: string, operations: string][] = [
  ['Administrator', ALL],
  ['Operator', JSON.stringify(['read'])],
];

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  const any = await db.selectFrom('permission').select('prmsId').limit(1).executeTakeFirst();
  if (!any) return;
  const stamp = { by: 'migration:038_emissions_permission', now: Math.floor(Date.now() / 1000) };
  await sql`insert into permission (prms_name, prms_operations, prms_created_user_id, prms_created_time)
    select ${KEY}, ${ALL}, ${stamp.by}, ${stamp.now}
    where not exists (select 1 from permission where prms_name = ${KEY})`.execute(db);
  for (const [role, operations] of GRANTS)
    await sql`insert into role_permission (rper_role_id, rper_prms_id, rper_operations, rper_created_user_id, rper_created_time)
      select r.role_id, p.prms_id, ${operations}, ${stamp.by}, ${stamp.now}
      from role r, permission p
      where r.role_name = ${role} and r.role_grcp_id is null and p.prms_name = ${KEY}
        and not exists (select 1 from role_permission x where x.rper_role_id = r.role_id and x.rper_prms_id = p.prms_id)`.execute(
      db,
    );
}
