import { type FirstAdmin, type FirstAdminInput, firstAdminBody } from '@fleet/shared/answers/setup.ts';
import { sql } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/envelope.ts';
import { nowSeconds } from '../../http/time.ts';
import { ensureBuiltInRoles } from '../access/built-in-roles.ts';
import { hashPassword } from '../auth/tokens.ts';
import { assertEmailFree, assertLoginNameFree } from '../users/login-namespace.ts';

/** First key of the setup's advisory lock ('SETUP' folded into 31 bits). */
const SETUP_LOCK = 0x53455455;

export const SETUP_DONE_MESSAGE =
  'This installation is already set up: sign in, or ask an administrator for an account';

/** Whether any user exists (the installation is set up once one does). */
export async function anyUser(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('user').select('userId').limit(1).executeTakeFirst());
}

/**
 * Holds the setup lock until the transaction `db` ends, so that "no user yet" and the inserts it guards are one
 * step for every process sharing the database. PostgreSQL: a transaction advisory lock. SQLite: a write takes the
 * database's single write lock first, as BEGIN IMMEDIATE would (one connection per process already runs its
 * transactions one at a time; this also holds off another process such as `npm run create-admin`).
 */
async function lockSetup(db: Db, dialect: Database['dialect']): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SETUP_LOCK})`.execute(db);
  else await sql`update ${sql.table('user')} set user_status = user_status where 0 = 1`.execute(db);
}

export interface CreateAdministratorOptions {
  /**
   * 'first' (the setup page, `npm run create-admin`): only while no user exists — creates the company group and the
   * company. 'add' (`npm run create-admin --add`): another administrator of an existing company group.
   */
  mode: 'first' | 'add';
  now?: number;
}

/**
 * An administrator: a platform administrator (docs/decisions.md "Tenants") with the built-in Administrator role, a
 * member of its companies with every asset. The permission catalogue and the built-in roles are written when
 * missing (modules/access/built-in-roles.ts), so an empty database gets them here; no demo data.
 *
 * - `first`: refused with 409 once any user exists, checked under the setup lock in the write's transaction, so two
 *   concurrent setups cannot both succeed. Creates the group `groupName` and its company `companyName`.
 * - `add`: the group `groupName` must exist (404 otherwise) and hold the company `companyName` (400 naming the
 *   group's companies otherwise); the administrator joins it. E-mail and login name must be free (409).
 *
 * Input errors are one 400 with a message per field (the setup page's and the CLI's messages alike).
 */
export async function createAdministrator(
  database: Database,
  input: FirstAdminInput | unknown,
  opts: CreateAdministratorOptions,
): Promise<FirstAdmin> {
  const v = firstAdminBody.parse(input);
  const now = opts.now ?? nowSeconds();
  // scrypt outside the lock: the transaction stays short
  const passwordHash = await hashPassword(v.password);
  const by = v.email;
  const stamp = (prefix: string) => ({ [`${prefix}CreatedUserId`]: by, [`${prefix}CreatedTime`]: now });

  return database.db.transaction().execute(async (db) => {
    await lockSetup(db, database.dialect);
    const exists = await anyUser(db);
    if (opts.mode === 'first' && exists) throw conflict(SETUP_DONE_MESSAGE);

    let grcp: { grcpId: number; grcpName: string };
    if (opts.mode === 'add') {
      const found = await db
        .selectFrom('group_company')
        .select(['grcpId', 'grcpName'])
        .where((eb) => eb(eb.fn('lower', ['grcpName']), '=', v.groupName.toLowerCase()))
        .orderBy('grcpId')
        .execute();
      if (found.length === 0) throw notFound(`Company group "${v.groupName}"`);
      if (found.length > 1) throw badRequest({ groupName: [`More than one company group is named "${v.groupName}"`] });
      grcp = { grcpId: Number(found[0].grcpId), grcpName: found[0].grcpName };
      const taken = await db.selectFrom('user').select('userId').where('userId', '=', v.email).executeTakeFirst();
      if (taken) throw conflict('A user with this e-mail already exists');
      await assertEmailFree(db, v.email);
      await assertLoginNameFree(db, v.email, v.username);
    } else {
      const row = await db
        .insertInto('group_company')
        .values({ grcpName: v.groupName, ...stamp('grcp') })
        .returning('grcpId')
        .executeTakeFirstOrThrow();
      grcp = { grcpId: Number(row.grcpId), grcpName: v.groupName };
    }

    let company = await db
      .selectFrom('company')
      .select(['compId', 'compName'])
      .where('compGrcpId', '=', grcp.grcpId)
      .where((eb) => eb(eb.fn('lower', ['compName']), '=', v.companyName.toLowerCase()))
      .executeTakeFirst();
    if (!company && opts.mode === 'add') {
      const names = await db
        .selectFrom('company')
        .select('compName')
        .where('compGrcpId', '=', grcp.grcpId)
        .orderBy('compName')
        .execute();
      throw badRequest({
        companyName: [
          names.length
            ? `${grcp.grcpName} has no company "${v.companyName}"; its companies: ${names.map((n) => n.compName).join(', ')}`
            : `${grcp.grcpName} has no company yet`,
        ],
      });
    }
    if (!company) {
      const row = await db
        .insertInto('company')
        .values({ compName: v.companyName, compGrcpId: grcp.grcpId, compStatus: '1', ...stamp('comp') })
        .returning('compId')
        .executeTakeFirstOrThrow();
      company = { compId: row.compId, compName: v.companyName };
    }
    const compId = Number(company.compId);

    const roles = await ensureBuiltInRoles(db, { by, now });
    await db
      .insertInto('user')
      .values({ userId: v.email, userStatus: 1, userGrcpId: grcp.grcpId, userPlatformAdmin: 1, ...stamp('user') })
      .execute();
    await db
      .insertInto('user_login')
      .values({ usloUserId: v.email, usloUserName: v.username, usloPassword: passwordHash, ...stamp('uslo') })
      .execute();
    await db
      .insertInto('user_role')
      .values({ usroUserId: v.email, usroRoleId: roles.get('Administrator'), ...stamp('usro') })
      .execute();
    await db
      .insertInto('user_company')
      .values({ uscoUserId: v.email, uscoCompId: compId, uscoAllAssets: 1, ...stamp('usco') })
      .execute();
    return {
      userId: v.email,
      username: v.username,
      grcpId: grcp.grcpId,
      grcpName: grcp.grcpName,
      companies: [{ compId, compName: company.compName }],
    };
  });
}
