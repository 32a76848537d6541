import { OPERATIONS, type Operation, PERMISSION_KEYS, type PermissionKey } from '@fleet/shared';
import type { Db } from '../../db/database.ts';

/** Operator: reads the FMS and bunkering screens, changes no master data. */
export const OPERATOR_READ: PermissionKey[] = [
  'weather',
  'log_event_event',
  'teltonika_map',
  'summary_rob',
  'master_bunker_log',
  'master_bunker_adjustment',
  'master_rob_rob',
  'master_rob_adjustment',
  'master_asset',
  'master_device',
  'voyages',
];

export type BuiltInRoleName = 'Administrator' | 'Operator';

/**
 * The built-in roles (no group: shared by every tenant, docs/decisions.md "Tenants") and what each grants. The one
 * catalogue: the first-run path (modules/setup) and the demo seed both write it through `ensureBuiltInRoles`.
 */
export const BUILT_IN_ROLES: Record<BuiltInRoleName, [PermissionKey, Operation[]][]> = {
  Administrator: PERMISSION_KEYS.map((k) => [k, [...OPERATIONS]]),
  Operator: OPERATOR_READ.map((k) => [k, ['read']]),
};

/**
 * Writes what is missing of the permission catalogue (every key of @fleet/shared permissions.ts with all operations)
 * and of the built-in roles with their grants, inside the caller's transaction `db`. Rows already there are kept as
 * they are (a platform administrator may have changed a built-in role). Returns each built-in role's id.
 */
export async function ensureBuiltInRoles(
  db: Db,
  audit: { by: string; now: number },
): Promise<Map<BuiltInRoleName, number>> {
  const stamp = (prefix: string) => ({ [`${prefix}CreatedUserId`]: audit.by, [`${prefix}CreatedTime`]: audit.now });
  const permissionIds = new Map<string, number>();
  for (const row of await db.selectFrom('permission').select(['prmsId', 'prmsName']).execute())
    permissionIds.set(row.prmsName, Number(row.prmsId));
  for (const key of PERMISSION_KEYS) {
    if (permissionIds.has(key)) continue;
    const row = await db
      .insertInto('permission')
      .values({ prmsName: key, prmsOperations: JSON.stringify(OPERATIONS), ...stamp('prms') })
      .returning('prmsId')
      .executeTakeFirstOrThrow();
    permissionIds.set(key, Number(row.prmsId));
  }

  const roleIds = new Map<BuiltInRoleName, number>();
  for (const [roleName, grants] of Object.entries(BUILT_IN_ROLES) as [
    BuiltInRoleName,
    [PermissionKey, Operation[]][],
  ][]) {
    const existing = await db
      .selectFrom('role')
      .select('roleId')
      .where('roleName', '=', roleName)
      .where('roleGrcpId', 'is', null)
      .executeTakeFirst();
    if (existing) {
      roleIds.set(roleName, Number(existing.roleId));
      continue;
    }
    const { roleId } = await db
      .insertInto('role')
      .values({ roleName, ...stamp('role') })
      .returning('roleId')
      .executeTakeFirstOrThrow();
    roleIds.set(roleName, Number(roleId));
    const rows = grants.map(([key, ops]) => ({
      rperRoleId: roleId,
      rperPrmsId: permissionIds.get(key),
      rperOperations: JSON.stringify(ops),
      ...stamp('rper'),
    }));
    // chunks keep every statement under SQLite's bound-parameter limit
    for (let i = 0; i < rows.length; i += 100)
      await db
        .insertInto('role_permission')
        .values(rows.slice(i, i + 100))
        .execute();
  }
  return roleIds;
}
