import { ErrorCode } from '@fleet/shared';
import {
  languageAnswerSchema,
  languageBody,
  profileSchema,
  timezoneAnswerSchema,
  timezoneBody,
} from '@fleet/shared/answers/account.ts';
import { isTimeZone } from '@fleet/shared/time-zone.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, envelope, ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { nowSeconds } from '../../http/time.ts';
import { EMPTY_FIELD_MESSAGE } from '../auth/auth.routes.ts';
import { checkPassword, findAccount, passwordProblem } from '../auth/credentials.ts';
import { multipartFieldsAsBody } from '../auth/form-body.ts';
import { FailureThrottle, retryText } from '../auth/login-throttle.ts';
import { requireAuth, revokeUserSessions, sessionOf } from '../auth/session.ts';
import { userCompanies } from '../auth/session-status.ts';
import { hashPassword } from '../auth/tokens.ts';
import { mailerOf } from '../mail/mailer.ts';
import {
  activeUserByEmail,
  createResetToken,
  emailFromToken,
  RESET_FAILED_MESSAGE,
  resetMail,
  resetPassword,
} from './password-reset.ts';

const tags = ['account'];
const text = (max: number) => z.string().max(max).optional();

/** Requires the named fields to be non-blank, with the login form's message (spec 000 §5). */
function requireFields(body: Record<string, string | undefined> | null | undefined, names: string[]) {
  const missing: Record<string, string[]> = {};
  for (const n of names) if (!body?.[n]?.trim()) missing[n] = [EMPTY_FIELD_MESSAGE];
  if (Object.keys(missing).length) throw badRequest(missing);
}

function tooMany(what: string, seconds: number) {
  return new AppError(429, `Too many ${what}. Please try again in ${retryText(seconds)}.`, ErrorCode.tooManyRequests);
}

/**
 * The signed-in user's own account (Profile screen) and the password reset of spec 000 §2, §7, under /api/account.
 */
export const accountRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { publicUrl } = app.deps.config;
  const mailer = mailerOf(app);
  // reset requests per e-mail and per address (mail flooding), wrong current passwords per user
  const resetRequests = new FailureThrottle();
  const wrongCurrent = new FailureThrottle();

  app.get(
    '/account/profile',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The signed-in user: id, login name, status, companies and roles',
        response: {
          200: envelope(profileSchema),
        },
      },
    },
    async (req) => {
      const s = sessionOf(req);
      const user = await db
        .selectFrom('user')
        .select(['userStatus', 'userTimezone'])
        .where('userId', '=', s.userId)
        .executeTakeFirst();
      const roles = await db
        .selectFrom('user_role')
        .innerJoin('role', 'role.roleId', 'user_role.usroRoleId')
        .select(['role.roleId', 'role.roleName'])
        .where('user_role.usroUserId', '=', s.userId)
        .orderBy('role.roleName')
        .execute();
      return ok({
        userId: s.userId,
        username: s.username,
        status: Number(user?.userStatus ?? 0),
        companies: await userCompanies(db, s.userId),
        roles: roles.map((r: { roleId: number; roleName: string }) => ({
          roleId: Number(r.roleId),
          roleName: r.roleName,
        })),
        timezone: isTimeZone(user?.userTimezone) ? user.userTimezone : null,
      });
    },
  );

  app.put(
    '/account/timezone',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The zone the signed-in user sees the screens in (an IANA name); null: the active company's",
        body: timezoneBody,
        response: { 200: envelope(timezoneAnswerSchema) },
      },
    },
    async (req) => {
      const s = sessionOf(req);
      await db.updateTable('user').set({ userTimezone: req.body.timezone }).where('userId', '=', s.userId).execute();
      return ok({ timezone: req.body.timezone });
    },
  );

  app.put(
    '/account/language',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: "The signed-in user's interface language (en, id); null: the browser's",
        body: languageBody,
        response: { 200: envelope(languageAnswerSchema) },
      },
    },
    async (req) => {
      const s = sessionOf(req);
      await db.updateTable('user').set({ userLanguage: req.body.language }).where('userId', '=', s.userId).execute();
      return ok({ language: req.body.language });
    },
  );

  app.post(
    '/account/change_password',
    {
      preHandler: requireAuth,
      preValidation: multipartFieldsAsBody,
      schema: {
        tags,
        summary: 'Change the signed-in user’s password; their other sessions are signed out',
        body: z.object({ currentPassword: text(1024), newPassword: text(1024) }).nullish(),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      const s = sessionOf(req);
      requireFields(req.body, ['currentPassword', 'newPassword']);
      const { currentPassword = '', newPassword = '' } = req.body ?? {};
      const now = nowSeconds();
      const wait = wrongCurrent.retryAfter(s.userId, now);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw tooMany('wrong current passwords', wait);
      }
      const problem = passwordProblem(newPassword);
      if (problem) throw badRequest({ newPassword: [problem] });
      const account = await checkPassword(await findAccount(db, s.username), currentPassword);
      if (!account || account.userId !== s.userId) {
        wrongCurrent.fail(s.userId, now);
        throw badRequest({ currentPassword: ['Current password is incorrect'] });
      }
      wrongCurrent.clear(s.userId);
      await db
        .updateTable('user_login')
        .set({ usloPassword: await hashPassword(newPassword), usloUpdatedTime: now, usloUpdatedUserId: s.userId })
        .where('usloUserId', '=', s.userId)
        .execute();
      await revokeUserSessions(db, s.userId, s.tokenHash);
      return ok(null);
    },
  );

  app.post(
    '/account/reset_password/request',
    {
      config: { apiErrors: [429] },
      preValidation: multipartFieldsAsBody,
      schema: {
        tags,
        security: [],
        summary: 'Mail a password reset link; the answer is the same whether or not the address has an account',
        body: z.object({ email: text(320) }).nullish(),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      requireFields(req.body, ['email']);
      const email = req.body!.email!.trim();
      if (!z.email().safeParse(email).success) throw badRequest({ email: ['Enter a valid e-mail address'] });
      const now = nowSeconds();
      const keys = [`email:${email.toLowerCase()}`, `ip:${req.ip}`];
      const wait = Math.max(...keys.map((k) => resetRequests.retryAfter(k, now)));
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw tooMany('password reset requests', wait);
      }
      for (const k of keys) resetRequests.fail(k, now);
      // answered before the lookup, the token and the mail: a known address must not answer later than an unknown one
      const asked = requestLanguage(req);
      mailer.sendLater(async () => {
        const user = await activeUserByEmail(db, email);
        if (!user) return null;
        // in the language the user chose, else the one the reset was asked in
        return resetMail(publicUrl, user, await createResetToken(db, user.userId, now), user.language ?? asked);
      });
      return ok(null);
    },
  );

  app.post(
    '/account/reset_password/reset',
    {
      preValidation: multipartFieldsAsBody,
      schema: {
        tags,
        security: [],
        summary: 'Set a new password with the emailtoken and token of the reset link',
        body: z.object({ password: text(1024), email: text(1000), token: text(200) }).nullish(),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      requireFields(req.body, ['password', 'email', 'token']);
      const { password = '', email = '', token = '' } = req.body ?? {};
      const problem = passwordProblem(password);
      if (problem) throw badRequest({ password: [problem] });
      if (!(await resetPassword(db, emailFromToken(email), token.trim(), password))) {
        throw new AppError(400, RESET_FAILED_MESSAGE, ErrorCode.validation);
      }
      req.log.info('password reset');
      return ok(null);
    },
  );
};
