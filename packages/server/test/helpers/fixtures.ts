import type { Operation } from '@fleet/shared';
import type { Db } from '../../src/db/database.ts';
import { nowSeconds } from '../../src/http/time.ts';
import { hashPassword, newToken, tokenHash } from '../../src/modules/auth/tokens.ts';

/**
 * Builds tenants and users directly in the database, so each suite states exactly the world it tests.
 * Returns ids; `signIn` gives a live token without going through the login route.
 */
export async function createGroup(db: Db, name: string): Promise<number> {
  const r = await db
    .insertInto('group_company')
    .values({ grcpName: name, grcpNickName: name.slice(0, 8) })
    .returning('grcpId')
    .executeTakeFirstOrThrow();
  return Number(r.grcpId);
}

export async function createCompany(db: Db, grcpId: number, name: string): Promise<number> {
  const r = await db
    .insertInto('company')
    .values({ compName: name, compGrcpId: grcpId, compStatus: '1', compCreatedTime: nowSeconds() })
    .returning('compId')
    .executeTakeFirstOrThrow();
  return Number(r.compId);
}

export async function createAsset(
  db: Db,
  compId: number,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const r = await db
    .insertInto('asset')
    .values({
      massName: name,
      massCompId: compId,
      massDataId: compId,
      massType: 1,
      massCreatedTime: nowSeconds(),
      ...extra,
    })
    .returning('massId')
    .executeTakeFirstOrThrow();
  return Number(r.massId);
}

export async function createDevice(
  db: Db,
  massId: number | null,
  devcUniqueId: string,
  devcType: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const r = await db
    .insertInto('device')
    .values({
      devcName: devcUniqueId,
      devcUniqueId,
      devcType,
      devcStatus: '1',
      devcMassId: massId,
      devcCreatedTime: nowSeconds(),
      ...extra,
    })
    .returning('devcId')
    .executeTakeFirstOrThrow();
  return Number(r.devcId);
}

/** A role holding exactly these permissions. */
export async function createRole(db: Db, name: string, permissions: Record<string, Operation[]>): Promise<number> {
  const role = await db.insertInto('role').values({ roleName: name }).returning('roleId').executeTakeFirstOrThrow();
  for (const [prmsName, ops] of Object.entries(permissions)) {
    let p = await db.selectFrom('permission').select('prmsId').where('prmsName', '=', prmsName).executeTakeFirst();
    if (!p) {
      p = await db
        .insertInto('permission')
        .values({
          prmsName,
          prmsOperations: JSON.stringify(['create', 'read', 'update', 'delete']),
          prmsCreatedTime: nowSeconds(),
        })
        .returning('prmsId')
        .executeTakeFirstOrThrow();
    }
    await db
      .insertInto('role_permission')
      .values({ rperRoleId: role.roleId, rperPrmsId: p.prmsId, rperOperations: JSON.stringify(ops) })
      .execute();
  }
  return Number(role.roleId);
}

export interface UserSpec {
  userId: string; // e-mail
  username: string;
  password?: string;
  status?: 0 | 1;
  roleIds?: number[];
  companies?: { compId: number; allAssets?: 0 | 1 }[];
  assets?: number[];
}

export async function createUser(db: Db, u: UserSpec): Promise<string> {
  await db
    .insertInto('user')
    .values({ userId: u.userId, userStatus: u.status ?? 1, userCreatedTime: nowSeconds() })
    .execute();
  await db
    .insertInto('user_login')
    .values({
      usloUserId: u.userId,
      usloUserName: u.username,
      usloPassword: await hashPassword(u.password ?? 'Secret#123'),
    })
    .execute();
  for (const roleId of u.roleIds ?? [])
    await db.insertInto('user_role').values({ usroUserId: u.userId, usroRoleId: roleId }).execute();
  for (const c of u.companies ?? [])
    await db
      .insertInto('user_company')
      .values({ uscoUserId: u.userId, uscoCompId: c.compId, uscoAllAssets: c.allAssets ?? 1 })
      .execute();
  for (const massId of u.assets ?? [])
    await db.insertInto('user_asset').values({ uassUserId: u.userId, uassMassId: massId }).execute();
  return u.userId;
}

/**
 * A live session token for the user with the given active company and application. The row is written with the
 * columns the session table had before migration 031 (not createSession's client columns), so tests of older
 * migrations sign in too.
 */
export async function signIn(db: Db, userId: string, activeCompId: number | null, activeApp = 'fms'): Promise<string> {
  const token = newToken();
  const now = nowSeconds();
  await db
    .insertInto('session_token')
    .values({
      sessTokenHash: tokenHash(token),
      sessUserId: userId,
      sessActiveCompId: activeCompId,
      sessActiveApp: activeApp,
      sessCreatedTime: now,
      sessLastSeenTime: now,
    })
    .execute();
  return token;
}

const ALL: Operation[] = ['create', 'read', 'update', 'delete'];

/**
 * Two tenants: company A1 and A2 in group A (admin sees both), company B1 in group B (other).
 * Each company has one asset. Used by suites that need "another tenant's id".
 */
export async function twoTenants(db: Db, permissions: string[]) {
  const groupA = await createGroup(db, 'Group A');
  const groupB = await createGroup(db, 'Group B');
  const compA1 = await createCompany(db, groupA, 'Company A1');
  const compA2 = await createCompany(db, groupA, 'Company A2');
  const compB1 = await createCompany(db, groupB, 'Company B1');
  const assetA1 = await createAsset(db, compA1, 'Vessel A1');
  const assetA2 = await createAsset(db, compA2, 'Vessel A2');
  const assetB1 = await createAsset(db, compB1, 'Vessel B1');
  const adminRole = await createRole(db, 'Admin', Object.fromEntries(permissions.map((p) => [p, ALL])));
  const readerRole = await createRole(
    db,
    'Reader',
    Object.fromEntries(permissions.map((p) => [p, ['read'] as Operation[]])),
  );
  await createUser(db, {
    userId: 'admin@a.test',
    username: 'admina',
    roleIds: [adminRole],
    companies: [{ compId: compA1 }, { compId: compA2 }],
  });
  await createUser(db, {
    userId: 'reader@a.test',
    username: 'readera',
    roleIds: [readerRole],
    companies: [{ compId: compA1 }],
  });
  await createUser(db, {
    userId: 'admin@b.test',
    username: 'adminb',
    roleIds: [adminRole],
    companies: [{ compId: compB1 }],
  });
  return {
    groupA,
    groupB,
    compA1,
    compA2,
    compB1,
    assetA1,
    assetA2,
    assetB1,
    adminRole,
    readerRole,
    adminA: await signIn(db, 'admin@a.test', compA1),
    readerA: await signIn(db, 'reader@a.test', compA1),
    adminB: await signIn(db, 'admin@b.test', compB1),
  };
}
