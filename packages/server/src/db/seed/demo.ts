import { DEMO_CAPACITY, DEMO_FLEET, DEMO_GROUPS, type DemoCompanyKey } from '@fleet/fleet-catalog';
import { DEFAULT_BACKFILL_DAYS } from '../../config.ts';
import { nowSeconds } from '../../http/time.ts';
import { ensureBuiltInRoles } from '../../modules/access/built-in-roles.ts';
import { hashPassword } from '../../modules/auth/tokens.ts';
import type { Database, Db } from '../database.ts';
import { seedDemoBunker } from './demo-bunker.ts';
import { seedDemoEvents } from './demo-events.ts';
import {
  ASSET_TYPES,
  BUNKER_LOCATIONS,
  FUEL_TYPES,
  SENSOR_TYPES,
  soundingTable,
  TANK_SENSOR_CATEGORY,
} from './master-lists.ts';

/** The demo users (README "Demo users"). */
export const DEMO_USERS: {
  userId: string;
  username: string;
  password: string;
  role: 'Administrator' | 'Operator';
  companies: DemoCompanyKey[];
  /** edits the shared catalogues, built-in roles and the group list (docs/decisions.md "Tenants") */
  platformAdmin?: boolean;
}[] = [
  {
    userId: 'admin@fleet.demo',
    username: 'admin',
    password: 'Admin#2026',
    role: 'Administrator',
    companies: ['samudra', 'borneo'],
    platformAdmin: true,
  },
  {
    userId: 'operator@fleet.demo',
    username: 'operator',
    password: 'Operator#2026',
    role: 'Operator',
    companies: ['samudra'],
  },
  {
    userId: 'other@fleet.demo',
    username: 'other',
    password: 'Other#2026',
    role: 'Administrator',
    companies: ['celebes'],
  },
];

/** Creator of the shared rows (catalogues, permissions, built-in roles): the platform administrator. */
const CREATOR = DEMO_USERS[0].userId;

/** Creator of a tenant's rows: that tenant's administrator (rows never borrow another tenant's creator). */
function tenantCreator(company: DemoCompanyKey): string {
  return DEMO_USERS.find((u) => u.role === 'Administrator' && u.companies.includes(company))?.userId ?? CREATOR;
}

export interface DemoSummary {
  users: number;
  groups: number;
  companies: number;
  vessels: number;
  devices: number;
  tankDetailRows: number;
}

/** Why demo data may not go into this database (it already holds data), or null when it is empty. */
export async function demoBlocker(db: Db): Promise<string | null> {
  const held: string[] = [];
  for (const table of ['user', 'group_company', 'company', 'asset', 'device', 'role', 'permission']) {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) held.push(`${n} ${table.replace('_', ' ')} row${Number(n) === 1 ? '' : 's'}`);
  }
  return held.length ? `the database already holds data (${held.join(', ')})` : null;
}

export async function hasUsers(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('user').select('userId').limit(1).executeTakeFirst());
}

/**
 * Fills an empty database with the demo world: permissions and roles, the two company groups, the demo users,
 * the master lists, and the vessels of @fleet/fleet-catalog (demo-fleet.ts) with their devices and Config RPM / AE /
 * Tank rows.
 * Refuses a database that already holds data; everything is written in one transaction.
 */
export async function seedDemo(
  database: Database,
  opts: { now?: number; backfillDays?: number } = {},
): Promise<DemoSummary> {
  const blocker = await demoBlocker(database.db);
  if (blocker) throw new Error(`Demo data was not seeded: ${blocker}. It goes only into an empty database.`);
  const now = opts.now ?? nowSeconds();
  const passwords = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));

  return database.db.transaction().execute(async (db) => {
    const insert = async (table: string, values: Record<string, unknown>, id: string): Promise<number> => {
      const row = await db.insertInto(table).values(values).returning(id).executeTakeFirstOrThrow();
      return Number(row[id]);
    };
    const insertMany = async (table: string, rows: Record<string, unknown>[]) => {
      // chunks keep every statement under SQLite's bound-parameter limit
      for (let i = 0; i < rows.length; i += 100)
        await db
          .insertInto(table)
          .values(rows.slice(i, i + 100))
          .execute();
    };
    const audit = (prefix: string, by = CREATOR) => ({ [`${prefix}CreatedUserId`]: by, [`${prefix}CreatedTime`]: now });

    // ---- access: the permission catalogue and the built-in roles (modules/access/built-in-roles.ts)
    const roleIds = await ensureBuiltInRoles(db, { by: CREATOR, now });

    // ---- tenants
    const companyIds = new Map<DemoCompanyKey, number>();
    const groupOf = new Map<DemoCompanyKey, number>();
    for (const g of DEMO_GROUPS) {
      const by = tenantCreator(g.companies[0].key);
      const grcpId = await insert(
        'group_company',
        {
          grcpName: g.name,
          grcpNickName: g.nickName,
          grcpAddress: g.address,
          grcpCity: g.city,
          grcpTelp: g.telp,
          grcpFax: g.fax,
          ...audit('grcp', by),
        },
        'grcpId',
      );
      for (const c of g.companies) {
        groupOf.set(c.key, grcpId);
        companyIds.set(
          c.key,
          await insert(
            'company',
            {
              compName: c.name,
              compGrcpId: grcpId,
              compAddress: c.address,
              compPIC: c.pic,
              compPICPhone: c.picPhone,
              compPhone: c.phone,
              compTimezone: c.timezone,
              compStatus: '1',
              ...audit('comp', by),
            },
            'compId',
          ),
        );
      }
    }

    for (const [i, u] of DEMO_USERS.entries()) {
      const by = tenantCreator(u.companies[0]);
      await db
        .insertInto('user')
        .values({
          userId: u.userId,
          userStatus: 1,
          userGrcpId: groupOf.get(u.companies[0]),
          userPlatformAdmin: u.platformAdmin ? 1 : 0,
          ...audit('user', by),
        })
        .execute();
      await db
        .insertInto('user_login')
        .values({ usloUserId: u.userId, usloUserName: u.username, usloPassword: passwords[i], ...audit('uslo', by) })
        .execute();
      await db
        .insertInto('user_role')
        .values({ usroUserId: u.userId, usroRoleId: roleIds.get(u.role), ...audit('usro', by) })
        .execute();
      for (const key of u.companies) {
        await db
          .insertInto('user_company')
          .values({ uscoUserId: u.userId, uscoCompId: companyIds.get(key), uscoAllAssets: 1, ...audit('usco', by) })
          .execute();
      }
    }

    // ---- master lists
    const fuelTypeIds = new Map<string, number>();
    for (const f of FUEL_TYPES) {
      // CO₂ factor and standard density (docs/domain.md §23)
      const row = { mftyName: f.name, mftyCo2Factor: f.co2Factor, mftyDensity: f.density * 1000, ...audit('mfty') };
      fuelTypeIds.set(f.name, await insert('fuel_type', row, 'mftyId'));
    }
    await insertMany(
      'bunker_location',
      BUNKER_LOCATIONS.map((name) => ({ mbloName: name, ...audit('mblo') })),
    );
    const assetTypeIds = new Map<string, number>();
    for (const name of ASSET_TYPES)
      assetTypeIds.set(name, await insert('asset_type', { matyName: name, ...audit('maty') }, 'matyId'));
    const categoryIds = new Map<string, number>();
    for (const t of SENSOR_TYPES) {
      const mstyId = await insert('sensor_type', { mstyName: t.name, ...audit('msty') }, 'mstyId');
      for (const name of t.categories) {
        categoryIds.set(
          name,
          await insert('sensor_category', { mscaName: name, mscaMstyId: mstyId, ...audit('msca') }, 'mscaId'),
        );
      }
    }

    // ---- vessels, devices, configuration
    let devices = 0;
    let tankDetailRows = 0;
    for (const v of DEMO_FLEET) {
      const compId = companyIds.get(v.company)!;
      const by = tenantCreator(v.company);
      const massId = await insert(
        'asset',
        {
          massName: v.name,
          massLabel: v.code.toUpperCase(),
          massDescription: v.description,
          massCompId: compId,
          massDataId: compId,
          massType: 1,
          massSystemType: v.systemType,
          massMatyId: assetTypeIds.get(v.assetType),
          massMaintenance: v.variant.maintenance ? 1 : 0,
          massMftyId: fuelTypeIds.get(v.fuelType) ?? null,
          massGt: DEMO_CAPACITY[v.code]?.gt ?? null,
          massDwt: DEMO_CAPACITY[v.code]?.dwt ?? null,
          massCiiType: DEMO_CAPACITY[v.code]?.ciiType ?? null,
          ...audit('mass', by),
        },
        'massId',
      );
      const density = FUEL_TYPES.find((f) => f.name === v.fuelType)?.density ?? 0.85;
      for (const d of v.devices) {
        const devcId = await insert(
          'device',
          {
            devcName: d.name,
            devcType: d.type,
            devcUniqueId: d.uniqueId,
            devcStatus: '1',
            devcLabel: d.label,
            devcMassId: massId,
            devcDescription: d.description,
            ...audit('devc', by),
          },
          'devcId',
        );
        devices++;
        const side = Number(d.uniqueId.split('-').at(-1));
        if (d.type === 'rpm') {
          const e = v.engine;
          await insert(
            'config_rpm',
            {
              mcrpDevcId: devcId,
              mcrpType: d.label,
              mcrpNo: side === 3 ? '2' : '1',
              mcrpMinValue: e.minRpm,
              mcrpConsumptRateByTime: e.serviceFuelLph,
              mcrpConsumptRateByPower: e.fuelPerKwh,
              // L/h per rpm at service speed (85 % of rated)
              mcrpConsumptRateByRpm: Math.round((e.serviceFuelLph / (0.85 * e.ratedRpm)) * 10000) / 10000,
              mcrpIsSingleEngine: v.variant.engines === 1 ? 1 : 0,
              ...audit('mcrp', by),
            },
            'mcrpId',
          );
        } else if (d.type === 'ae') {
          const ae = v.aes.find((a) => `AE${a.no}` === d.label)!;
          await insert(
            'config_ae',
            {
              mcaeDevcId: devcId,
              mcaeNo: ae.no,
              mcaeConsumptRateByTime: ae.rateLph,
              mcaeConsumptRateByPower: 0.27,
              mcaeConsumptRateByRpm: null,
              ...audit('mcae', by),
            },
            'mcaeId',
          );
        } else if (d.type === 'tank') {
          const tank = v.tanks.find((t) => t.side === side)!;
          const sideName = side === 1 ? 'P' : 'S';
          const tahdId = await insert(
            'tank_header',
            {
              tahdName: `${v.name} – FO Tank 1${sideName}`,
              tahdUnit: 'cm',
              tahdFuelType: v.fuelType,
              tahdMftyId: fuelTypeIds.get(v.fuelType) ?? null,
              tahdCompId: compId,
              ...audit('tahd', by),
            },
            'tahdId',
          );
          const rows = soundingTable(tank, density, tank.heightM > 3 ? 20 : 10);
          await insertMany(
            'tank_detail',
            rows.map((r) => ({
              tadtTahdId: tahdId,
              tadtHeight: r.height,
              tadtVolume: r.volume,
              tadtWeight: r.weight,
              ...audit('tadt', by),
            })),
          );
          tankDetailRows += rows.length;
          await insert(
            'config_tank',
            {
              mcotDeviceId: devcId,
              mcotNo: `FO 1${sideName}`,
              mcotMscaId: categoryIds.get(TANK_SENSOR_CATEGORY),
              mcotTahdId: tahdId,
              ...audit('mcot', by),
            },
            'mcotId',
          );
        }
      }
    }

    // bunkering logs and ROB profiles over the simulator's backfill (demo-bunker.ts)
    await seedDemoBunker(db, now, opts.backfillDays ?? DEFAULT_BACKFILL_DAYS);
    await seedDemoEvents(db, now, CREATOR, tenantCreator); // master events and active configurations (demo-events.ts)
    return {
      users: DEMO_USERS.length,
      groups: DEMO_GROUPS.length,
      companies: companyIds.size,
      vessels: DEMO_FLEET.length,
      devices,
      tankDetailRows,
    };
  });
}

/**
 * Start-up step (DEMO=1): seeds when the database has no users yet. Returns what was seeded, or null with the
 * reason logged when it was skipped.
 */
export async function seedDemoIfEmpty(
  database: Database,
  backfillDays: number,
  log: (message: string) => void = console.log,
): Promise<DemoSummary | null> {
  if (await hasUsers(database.db)) return null;
  const blocker = await demoBlocker(database.db);
  if (blocker) {
    log(`Demo data not seeded: ${blocker}.`);
    return null;
  }
  const s = await seedDemo(database, { backfillDays });
  log(
    `Demo data seeded: ${s.users} users, ${s.companies} companies in ${s.groups} groups, ${s.vessels} vessels, ${s.devices} devices. Sign in as admin / ${DEMO_USERS[0].password}.`,
  );
  return s;
}
