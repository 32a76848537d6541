import { PERMISSION_KEYS } from '@fleet/shared';
import type { Db } from '../../src/db/database.ts';
import { nowSeconds } from '../../src/http/time.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAsset, createCompany, createDevice, createUser, signIn, twoTenants } from '../helpers/fixtures.ts';

/** Inserts a row and answers its id. */
export async function insert(db: Db, table: string, values: Record<string, unknown>, id: string): Promise<number> {
  const r = await db.insertInto(table).values(values).returning(id).executeTakeFirstOrThrow();
  return Number(r[id]);
}

export const T0 = Date.UTC(2026, 9, 1) / 1000; // 2026-10-01T00:00:00Z

/** Master rows and devices of one tenant's asset, enough for every resource's example payloads. */
async function tenantSide(db: Db, tag: 'a' | 'b', massId: number, compId: number) {
  const dev = (type: string, n: number) => createDevice(db, massId, `${type}-${tag}${n}`, type);
  const rpm = [await dev('rpm', 1), await dev('rpm', 2), await dev('rpm', 3), await dev('rpm', 4)];
  const ae = [await dev('ae', 1), await dev('ae', 2), await dev('ae', 3), await dev('ae', 4)];
  const tank = [await dev('tank', 1), await dev('tank', 2), await dev('tank', 3), await dev('tank', 4)];
  const gps = await dev('gps', 1);
  const gatewayKey = `gw${tag}1`; // mcevAssetId of the gateway `gateway-gw{tag}1`
  const gateway = await createDevice(db, massId, `gateway-${gatewayKey}`, 'gateway');
  const tankHeader = await insert(
    db,
    'tank_header',
    { tahdName: `Tank ${tag.toUpperCase()}`, tahdUnit: 'cm', tahdFuelType: 'HSD', tahdCompId: compId },
    'tahdId',
  );
  const configEvent = await insert(
    db,
    'config_event',
    { mcevAssetId: gatewayKey, mcevDevcId: gateway, mcevVersion: 1, mcevIsActive: 0 },
    'mcevId',
  );
  const bunkerLog = await insert(
    db,
    'bunker_log',
    {
      bklgMassId: massId,
      bklgStartDatetime: T0,
      bklgEndDatetime: T0 + 3600,
      bklgTargetBunker: 10000,
      bklgType: 'IN',
    },
    'bklgId',
  );
  const rob = await insert(
    db,
    'rob',
    { mrobMassId: massId, mrobStartTime: T0, mrobEndTime: T0 + 30 * 86400, mrobInitialValue: 5000 },
    'mrobId',
  );
  return { rpm, ae, tank, gps, gateway, gatewayKey, tankHeader, configEvent, bunkerLog, rob };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * Two tenants (twoTenants: admin A sees companies A1+A2, reader A reads A1, admin B sees B1) with every
 * permission key, a user holding no permission, shared catalogues, and per-tenant devices and rows.
 */
export async function buildWorld(db: Db) {
  const t = await twoTenants(db, [...PERMISSION_KEYS]);
  await createUser(db, { userId: 'nokeys@a.test', username: 'nokeys', companies: [{ compId: t.compA1 }] });
  const noKeysA = await signIn(db, 'nokeys@a.test', t.compA1);
  // a second vessel in A1 and a second company in group B (admin B belongs to it)
  const assetA1b = await createAsset(db, t.compA1, 'Vessel A1b');
  const compB2 = await createCompany(db, t.groupB, 'Company B2');
  await db
    .insertInto('user_company')
    .values({ uscoUserId: 'admin@b.test', uscoCompId: compB2, uscoAllAssets: 1 })
    .execute();
  const a = await tenantSide(db, 'a', t.assetA1, t.compA1);
  const b = await tenantSide(db, 'b', t.assetB1, t.compB1);
  const sensorType = await insert(db, 'sensor_type', { mstyName: 'Level' }, 'mstyId');
  const sensorCategory = await insert(
    db,
    'sensor_category',
    { mscaName: 'Fuel Level', mscaMstyId: sensorType },
    'mscaId',
  );
  const fuelType = await insert(db, 'fuel_type', { mftyName: 'HSD' }, 'mftyId');
  const bunkerLocation = await insert(db, 'bunker_location', { mbloName: 'Tanjung Priok' }, 'mbloId');
  const events = [
    await insert(db, 'master_event', { mevtType: 'Overspeed', mevtThresholds: '{}' }, 'mevtId'),
    await insert(db, 'master_event', { mevtType: 'Engine hot', mevtThresholds: '{}' }, 'mevtId'),
    await insert(db, 'master_event', { mevtType: 'Low fuel', mevtThresholds: '{}' }, 'mevtId'),
    await insert(db, 'master_event', { mevtType: 'Idle', mevtThresholds: '{}' }, 'mevtId'),
  ];
  // roles of tenant A, and a built-in role (no group: every tenant may assign it, only a platform admin edit it)
  const roles = [
    await insert(db, 'role', { roleName: 'Role 1', roleGrcpId: t.groupA }, 'roleId'),
    await insert(db, 'role', { roleName: 'Role 2', roleGrcpId: t.groupA }, 'roleId'),
    await insert(db, 'role', { roleName: 'Role 3', roleGrcpId: t.groupA }, 'roleId'),
    await insert(db, 'role', { roleName: 'Role 4', roleGrcpId: t.groupA }, 'roleId'),
  ];
  const builtInRole = await insert(db, 'role', { roleName: 'Built-in Viewer' }, 'roleId');
  // the platform administrator: shared catalogues, built-in roles, the group list; a member of company A1
  await createUser(db, {
    userId: 'platform@ops.test',
    username: 'platform',
    roleIds: [t.adminRole],
    companies: [{ compId: t.compA1 }],
  });
  await db.updateTable('user').set({ userPlatformAdmin: 1 }).where('userId', '=', 'platform@ops.test').execute();
  const platform = await signIn(db, 'platform@ops.test', t.compA1);
  const fuelPermission = Number(
    (await db.selectFrom('permission').select('prmsId').where('prmsName', '=', 'master_fuel_type').executeTakeFirst())
      ?.prmsId,
  );
  // users of company A1 (visible to admin A) and of B1, to hang companies, roles, assets and logins on
  const members: string[] = [];
  for (const n of [1, 2, 3, 4]) {
    members.push(
      await createUser(db, { userId: `member${n}@a.test`, username: `member${n}`, companies: [{ compId: t.compA1 }] }),
    );
  }
  const memberB = await createUser(db, {
    userId: 'member@b.test',
    username: 'memberb',
    companies: [{ compId: t.compB1 }],
  });
  // users without a login, for user_login
  const loginless: string[] = [];
  for (const n of [1, 2, 3, 4]) {
    const userId = `nologin${n}@a.test`;
    await db.insertInto('user').values({ userId, userStatus: 1, userCreatedTime: nowSeconds() }).execute();
    await db
      .insertInto('user_company')
      .values({ uscoUserId: userId, uscoCompId: t.compA1, uscoAllAssets: 1 })
      .execute();
    loginless.push(userId);
  }
  await db.insertInto('user').values({ userId: 'nologin@b.test', userStatus: 1 }).execute();
  await db.insertInto('user_company').values({ uscoUserId: 'nologin@b.test', uscoCompId: t.compB1 }).execute();
  return {
    ...t,
    noKeysA,
    assetA1b,
    compB2,
    a,
    b,
    sensorType,
    sensorCategory,
    fuelType,
    bunkerLocation,
    events,
    roles,
    builtInRole,
    platform,
    fuelPermission,
    members,
    memberB,
    loginless,
    loginlessB: 'nologin@b.test',
  };
}

/** A test app on a fresh database with the world built, for one engine. */
export async function worldApp(dialect: 'sqlite' | 'postgres'): Promise<{ t: TestApp; w: World }> {
  // WEB_DIST: the suites test the API; a built web app in the tree must not change how the app starts
  const t = await createTestApp(dialect, { env: { WEB_DIST: '/nonexistent' } });
  const w = await buildWorld(t.database.db);
  return { t, w };
}
