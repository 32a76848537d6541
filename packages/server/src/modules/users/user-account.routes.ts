import { user, userLogin } from '@fleet/shared';
import { USER_ACCOUNT_PATH, userAccountCreateBody, userAccountUpdateBody } from '@fleet/shared/user-account.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { badRequest, ok } from '../../http/envelope.ts';
import { scopeContext } from '../access/visibility.ts';
import { requirePermission, revokeUserSessions, sessionOf } from '../auth/session.ts';
import { activeGroupId } from '../companies/tenant.hooks.ts';
import type { HookContext } from '../crud/hooks.ts';
import { answerRow, visibleStored } from '../crud/register.ts';
import type { Row } from '../crud/rows.ts';
import { resourceSchemas } from '../crud/schemas.ts';
import { checkUnique, explainConstraint, refuseStale, storedValues, withAudit } from '../crud/write.ts';
import { assertEmailFree, assertLoginNameFree } from './login-namespace.ts';

async function context(db: Db, req: FastifyRequest): Promise<HookContext> {
  const session = sessionOf(req);
  return { db, session, scope: await scopeContext(db, session), req };
}

/**
 * A user and its login as one transaction (spec 001 §2, §5): POST /master/user_account creates both or
 * neither; PUT /master/user_account/{userId} saves status, login name and (when given) password together.
 * Every field's message is answered at once (400 per field); clashes are 409 (e-mail taken, login name
 * taken, login name / e-mail namespace of login-namespace.ts). An update sent with `If-Unmodified-Since` older than
 * the user's last change is refused (409, crud/write.ts refuseStale); every save of the form changes the user row.
 */
export const userAccountRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const s = resourceSchemas(user, {});
  const base = `/master/${USER_ACCOUNT_PATH}`;
  const tags = [user.name];

  r.post(
    base,
    {
      schema: { tags, summary: 'Create a user with its login', body: userAccountCreateBody, response: { 200: s.one } },
      preValidation: requirePermission(user.permission, 'create'),
    },
    async (req) => {
      const ctx = await context(app.deps.database.db, req);
      const body = req.body as Row;
      const userValues = await storedValues(user, body, 'create');
      const loginValues = await storedValues(userLogin, { ...body, usloUserId: userValues.userId }, 'create');
      const userId = String(userValues.userId);
      // the new user belongs to the tenant of the creator's active company (companies/tenant.hooks.ts)
      userValues.userGrcpId = await activeGroupId(ctx);
      await checkUnique(ctx.db, user, userValues);
      await assertEmailFree(ctx.db, userId);
      await checkUnique(ctx.db, userLogin, loginValues);
      await assertLoginNameFree(ctx.db, userId, String(loginValues.usloUserName));
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('user')
            .values(withAudit(user, userValues, ctx.session.userId, 'create'))
            .execute();
          await trx
            .insertInto('user_login')
            .values(withAudit(userLogin, loginValues, ctx.session.userId, 'create'))
            .execute();
        });
      } catch (err) {
        throw await explainConstraint(ctx.db, user, err, 'write');
      }
      // a user without a company yet is visible within its tenant (crud/visible-where.ts 'user')
      return ok(await answerRow(user, {}, ctx, userId, false));
    },
  );

  r.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a user with its login',
        params: s.params,
        body: userAccountUpdateBody,
        response: { 200: s.one },
      },
      preValidation: requirePermission(user.permission, 'update'),
    },
    async (req) => {
      const ctx = await context(app.deps.database.db, req);
      const stored = await visibleStored(user, ctx, req.params.id);
      // the form sends the version of the user it opened: a user changed since is refused (409, issue 28)
      refuseStale(user, stored, req.headers['if-unmodified-since']);
      const userId = String(stored.userId);
      const body = req.body as Row;
      const login = await ctx.db
        .selectFrom('user_login')
        .select(['usloId', 'usloUserName'])
        .where('usloUserId', '=', userId)
        .executeTakeFirst();
      if (!login && body.usloPassword === undefined) throw badRequest({ usloPassword: ['Password is required'] });
      const userValues = await storedValues(user, { userStatus: body.userStatus }, 'update');
      const loginValues = await storedValues(
        userLogin,
        { usloUserName: body.usloUserName, usloPassword: body.usloPassword },
        'update',
      );
      if (login) await checkUnique(ctx.db, userLogin, loginValues, login.usloId);
      else await checkUnique(ctx.db, userLogin, { ...loginValues, usloUserId: userId });
      await assertLoginNameFree(ctx.db, userId, String(loginValues.usloUserName));
      try {
        await ctx.db.transaction().execute(async (trx) => {
          if (Object.keys(userValues).length) {
            await trx
              .updateTable('user')
              .set(withAudit(user, userValues, ctx.session.userId, 'update'))
              .where('userId', '=', userId)
              .execute();
          }
          if (login) {
            await trx
              .updateTable('user_login')
              .set(withAudit(userLogin, loginValues, ctx.session.userId, 'update'))
              .where('usloId', '=', login.usloId)
              .execute();
          } else {
            await trx
              .insertInto('user_login')
              .values(withAudit(userLogin, { ...loginValues, usloUserId: userId }, ctx.session.userId, 'create'))
              .execute();
          }
          // a new password signs the user out everywhere (except the administrator's own session)
          if (login && loginValues.usloPassword !== undefined) {
            await revokeUserSessions(trx, userId, ctx.session.tokenHash);
          }
        });
      } catch (err) {
        throw await explainConstraint(ctx.db, userLogin, err, 'write');
      }
      return ok(await answerRow(user, {}, ctx, userId, false));
    },
  );
};
