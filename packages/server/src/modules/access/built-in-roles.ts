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
  'fleet_efficiency',
  'emissions',
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

/**
 * An existing install meets the keys a new version adds (issue 30: `fleet_efficiency`): ensureBuiltInRoles runs only
 * at the first run and in the demo seed, so on every start this writes the catalogue's keys missing from the
 * `permission` table and grants each to the built-in roles as BUILT_IN_ROLES says (Administrator everything, Operator
 * read where OPERATOR_READ has it). Keys already there, and every role's grants of them, are kept as they are; an
 * empty catalogue (before the first run) is left to ensureBuiltInRoles. Returns the keys it added.
 */
export async function addNewPermissionKeys(db: Db, audit: { by: string; now: number }): Promise<PermissionKey[]> {
  const known = new Set((await db.selectFrom('permission').select('prmsName').execute()).map((r) => r.prmsName));
  const missing = PERMISSION_KEYS.filter((k) => !known.has(k));
  if (!known.size || !missing.length) return [];
  const roles = await db
    .selectFrom('role')
    .select(['roleId', 'roleName'])
    .where('roleGrcpId', 'is', null)
    .where('roleName', 'in', Object.keys(BUILT_IN_ROLES))
    .execute();
  for (const key of missing) {
    const { prmsId } = await db
      .insertInto('permission')
      .values({
        prmsName: key,
        prmsOperations: JSON.stringify(OPERATIONS),
        prmsCreatedUserId: audit.by,
        prmsCreatedTime: audit.now,
      })
      .returning('prmsId')
      .executeTakeFirstOrThrow();
    for (const role of roles) {
      const ops = BUILT_IN_ROLES[role.roleName as BuiltInRoleName].find(([k]) => k === key)?.[1];
      if (ops)
        await db
          .insertInto('role_permission')
          .values({
            rperRoleId: role.roleId,
            rperPrmsId: prmsId,
            rperOperations: JSON.stringify(ops),
            rperCreatedUserId: audit.by,
            rperCreatedTime: audit.now,
          })
          .execute();
    }
  }
  return missing;
}
