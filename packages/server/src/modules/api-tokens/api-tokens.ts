import type { API_TOKEN_STATUSES, ApiToken, CreateApiToken } from '@fleet/shared/answers/api-tokens.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/envelope.ts';
import type { ScopeContext } from '../access/visibility.ts';
import { newApiToken, serviceUserId } from '../auth/api-token.ts';

/**
 * API tokens, administered (issue 31, docs/api.md "API tokens"). A token acts through its own service account — a
 * `user` row without a login, member of the token's company (all its vessels) with the token's role — so the session
 * resolver reads its permissions and scope by the very queries of a person's session (auth/session.ts).
 */

/** The companies and roles an administrator may bind a token to: their companies, their tenant's and built-in roles. */
export async function tokenChoices(db: Db, scope: ScopeContext) {
  const companies = scope.companyIds.length
    ? await db
        .selectFrom('company')
        .select(['compId', 'compName'])
        .where('compId', 'in', [...scope.companyIds])
        .orderBy('compName')
        .execute()
    : [];
  const roles = await db
    .selectFrom('role')
    .select(['roleId', 'roleName'])
    .where((eb) =>
      eb.or([
        eb('roleGrcpId', 'is', null),
        ...(scope.groupIds.length ? [eb('roleGrcpId', 'in', [...scope.groupIds])] : []),
      ]),
    )
    .orderBy('roleName')
    .execute();
  return {
    companies: companies.map((c: { compId: unknown; compName: unknown }) => ({
      compId: Number(c.compId),
      compName: String(c.compName),
    })),
    roles: roles.map((r: { roleId: unknown; roleName: unknown }) => ({
      roleId: Number(r.roleId),
      roleName: String(r.roleName),
    })),
  };
}

const DAY = 86_400;

/** The status a token has at `now` (API_TOKEN_STATUSES). */
export function tokenStatus(
  t: { revokedTime: number | null; expiresTime: number },
  now: number,
): (typeof API_TOKEN_STATUSES)[number] {
  if (t.revokedTime !== null) return 'revoked';
  return now >= t.expiresTime ? 'expired' : 'active';
}

/** The tokens of the administrator's companies (`only`: one of them), newest first, with their last day's use. */
export async function listTokens(db: Db, scope: ScopeContext, now: number, only?: number): Promise<ApiToken[]> {
  if (!scope.companyIds.length) return [];
  let q = db
    .selectFrom('api_token as t')
    .innerJoin('company as c', 'c.compId', 't.apitCompId')
    .innerJoin('role as r', 'r.roleId', 't.apitRoleId')
    .select([
      't.apitId',
      't.apitPublicId',
      't.apitName',
      't.apitUserId',
      't.apitCompId',
      'c.compName',
      't.apitRoleId',
      'r.roleName',
      't.apitCreatedUserId',
      't.apitCreatedTime',
      't.apitExpiresTime',
      't.apitRevokedTime',
      't.apitRevokedUserId',
      't.apitLastUsedTime',
      't.apitLastUsedAddress',
    ])
    .select((eb) =>
      ['reads', 'writes', 'limited'].map((k) =>
        eb
          .selectFrom('api_token_use as u')
          .select(sql<number>`coalesce(sum(${sql.ref(`u.apiu_${k}`)}), 0)`.as(k))
          .whereRef('u.apiuTokenId', '=', 't.apitId')
          .where('u.apiuMinute', '>', now - DAY)
          .as(k),
      ),
    )
    .where('t.apitCompId', 'in', [...scope.companyIds]);
  if (only !== undefined) q = q.where('t.apitId', '=', only);
  const rows: Record<string, unknown>[] = await q.orderBy('t.apitId', 'desc').execute();
  const num = (v: unknown) => (v == null ? null : Number(v));
  return rows.map((r) => {
    const row = {
      tokenId: Number(r.apitId),
      name: String(r.apitName),
      prefix: `fmt_${r.apitPublicId}`,
      accountId: String(r.apitUserId),
      compId: Number(r.apitCompId),
      compName: String(r.compName),
      roleId: Number(r.apitRoleId),
      roleName: String(r.roleName),
      createdUserId: String(r.apitCreatedUserId),
      createdTime: Number(r.apitCreatedTime),
      expiresTime: Number(r.apitExpiresTime),
      revokedTime: num(r.apitRevokedTime),
      revokedUserId: r.apitRevokedUserId == null ? null : String(r.apitRevokedUserId),
      lastUsedTime: num(r.apitLastUsedTime),
      lastUsedAddress: r.apitLastUsedAddress == null ? null : String(r.apitLastUsedAddress),
      lastDay: { reads: Number(r.reads), writes: Number(r.writes), limited: Number(r.limited) },
    };
    return { ...row, status: tokenStatus(row, now) };
  });
}

/**
 * Makes a token: its service account (a user of the company's tenant with no login, member of the company with all
 * its vessels, holding the role) and its row, in one transaction. The company and role must be ones the
 * administrator may choose (tokenChoices). Answers the token's id and its text, which is not stored.
 */
export async function createToken(
  db: Db,
  scope: ScopeContext,
  body: CreateApiToken,
  by: string,
  now: number,
): Promise<{ tokenId: number; token: string }> {
  const choices = await tokenChoices(db, scope);
  const company = await db
    .selectFrom('company')
    .select(['compId', 'compGrcpId'])
    .where('compId', '=', body.compId)
    .executeTakeFirst();
  if (!company || !choices.companies.some((c) => c.compId === body.compId))
    throw badRequest({ compId: ['Choose one of your companies'] });
  if (!choices.roles.some((r) => r.roleId === body.roleId)) throw badRequest({ roleId: ['Choose one of the roles'] });
  const issued = newApiToken();
  const userId = serviceUserId(issued.publicId);
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user')
      .values({
        userId,
        userStatus: 1,
        userGrcpId: company.compGrcpId ?? null,
        userCreatedUserId: by,
        userCreatedTime: now,
      })
      .execute();
    await trx
      .insertInto('user_company')
      .values({ uscoUserId: userId, uscoCompId: body.compId, uscoAllAssets: 1 })
      .execute();
    await trx.insertInto('user_role').values({ usroUserId: userId, usroRoleId: body.roleId }).execute();
    const row = await trx
      .insertInto('api_token')
      .values({
        apitPublicId: issued.publicId,
        apitSecretHash: issued.secretHash,
        apitName: body.name,
        apitUserId: userId,
        apitCompId: body.compId,
        apitRoleId: body.roleId,
        apitCreatedUserId: by,
        apitCreatedTime: now,
        apitExpiresTime: now + body.expiresInDays * DAY,
      })
      .returning('apitId')
      .executeTakeFirstOrThrow();
    return { tokenId: Number(row.apitId), token: issued.token };
  });
}

/**
 * Revokes a token at once: its row says when and by whom, and its service account becomes inactive — a change of
 * access (the access version moves, migration 032), so every process drops the sessions it kept for the token; the
 * resolver refuses a revoked token on its next request either way. Answers false when it was revoked already.
 */
export async function revokeToken(db: Db, tokenId: number, by: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('api_token')
      .set({ apitRevokedTime: now, apitRevokedUserId: by })
      .where('apitId', '=', tokenId)
      .where('apitRevokedTime', 'is', null)
      .returning('apitUserId')
      .executeTakeFirst();
    if (!row) return false;
    await trx.updateTable('user').set({ userStatus: 0 }).where('userId', '=', row.apitUserId).execute();
    return true;
  });
}
