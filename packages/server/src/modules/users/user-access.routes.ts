import { user } from '@fleet/shared';
import { userAccessSchema } from '@fleet/shared/answers/user-access.ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, envelope, ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { nowSeconds } from '../../http/time.ts';
import { scopeContext } from '../access/visibility.ts';
import { activeUserByEmail, createResetToken, resetMail } from '../account/password-reset.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { recordAudit } from '../crud/audit.ts';
import { visibleStored } from '../crud/register.ts';
import { mailerOf } from '../mail/mailer.ts';
import { browserName } from './browser-name.ts';

export const USER_INACTIVE_MESSAGE = 'This user is inactive or has no login: activate the user first';

/** The session id an administrator sees: a prefix of the token's hash (the hash itself stays in the database). */
const SESSION_ID_LENGTH = 16;
const sessionId = (hash: string) => hash.slice(0, SESSION_ID_LENGTH);
/** The sign-in throttle's key of an account (auth.routes.ts). */
const accountKey = (userId: string) => `user:${userId}`;

/**
 * An administrator's actions on a user's access (issue 28): see and end the user's sessions, send a password reset
 * link, unlock an account locked by failed sign-ins. Permission: update on users, and the user visible to the
 * administrator (as the user list). Each action leaves an audit entry.
 */
export const userAccessRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const mailer = mailerOf(app);
  const tags = ['user'];
  const params = z.object({ userId: z.string().min(1).max(320) });
  const guard = requirePermission(user.permission, 'update');

  /** The visible user, and the request's context (404 for a user out of scope, like the user list). */
  async function target(req: FastifyRequest, userId: string) {
    const session = sessionOf(req);
    const scope = await scopeContext(db, session);
    const ctx = { db, session, scope, req };
    await visibleStored(user, ctx, userId);
    return ctx;
  }

  const audit = (userId: string, by: string, action: 'end-sessions' | 'send-reset-link' | 'unlock') =>
    recordAudit(db, { userId: by, def: user, rowId: userId, action, before: null, after: null, scopeRow: { userId } });

  r.get(
    '/users/:userId/access',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "A user's live sessions and whether failed sign-ins locked the account",
        params,
        response: { 200: envelope(userAccessSchema) },
      },
    },
    async (req) => {
      const { userId } = req.params;
      const { session } = await target(req, userId);
      const language = requestLanguage(req);
      const now = nowSeconds();
      const idle = app.deps.config.sessionIdleHours * 3600;
      const rows = await db
        .selectFrom('session_token')
        .select([
          'sessTokenHash',
          'sessCreatedTime',
          'sessLastSeenTime',
          'sessActiveCompId',
          'sessActiveApp',
          'sessShareLinkId',
          'sessAddress',
          'sessUserAgent',
        ])
        .where('sessUserId', '=', userId)
        .where('sessRevokedTime', 'is', null)
        .where('sessLastSeenTime', '>', now - idle)
        .orderBy('sessLastSeenTime', 'desc')
        .execute();
      return ok({
        sessions: rows.map((s) => ({
          id: sessionId(String(s.sessTokenHash)),
          createdTime: Number(s.sessCreatedTime),
          lastSeenTime: Number(s.sessLastSeenTime),
          activeCompId: s.sessActiveCompId === null ? null : Number(s.sessActiveCompId),
          app: (s.sessActiveApp as string | null) ?? null,
          shareLink: s.sessShareLinkId != null,
          current: s.sessTokenHash === session.tokenHash,
          address: (s.sessAddress as string | null) ?? null,
          browser: browserName(s.sessUserAgent as string | null, language),
        })),
        lockedSeconds: app.signInThrottle.retryAfter(accountKey(userId), now),
      });
    },
  );

  r.delete(
    '/users/:userId/sessions',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Ends the user's sessions (all, or the one of `id`); the administrator's own stays",
        params,
        querystring: z.object({ id: z.string().length(SESSION_ID_LENGTH).optional() }),
        response: { 200: envelope(z.object({ ended: z.number() })) },
      },
    },
    async (req) => {
      const { userId } = req.params;
      const { session } = await target(req, userId);
      let q = db
        .updateTable('session_token')
        .set({ sessRevokedTime: nowSeconds() })
        .where('sessUserId', '=', userId)
        .where('sessRevokedTime', 'is', null)
        .where('sessTokenHash', '!=', session.tokenHash);
      if (req.query.id) q = q.where('sessTokenHash', 'like', `${req.query.id}%`);
      const done = await q.executeTakeFirst();
      const ended = Number(done.numUpdatedRows);
      if (ended) await audit(userId, session.userId, 'end-sessions');
      return ok({ ended });
    },
  );

  r.post(
    '/users/:userId/reset-link',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Mails the user a password reset link (valid one hour)',
        params,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const { userId } = req.params;
      const { session } = await target(req, userId);
      const account = await activeUserByEmail(db, userId);
      if (!account) throw conflict(USER_INACTIVE_MESSAGE);
      const token = await createResetToken(db, account.userId);
      const asked = requestLanguage(req);
      mailer.sendLater(async () => resetMail(app.deps.config.publicUrl, account, token, account.language ?? asked));
      await audit(userId, session.userId, 'send-reset-link');
      return ok(null);
    },
  );

  r.post(
    '/users/:userId/unlock',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Clears the failed sign-ins that locked the account',
        params,
        response: { 200: envelope(z.object({ lockedSeconds: z.number() })) },
      },
    },
    async (req) => {
      const { userId } = req.params;
      const { session } = await target(req, userId);
      app.signInThrottle.clear(accountKey(userId));
      await audit(userId, session.userId, 'unlock');
      return ok({ lockedSeconds: 0 });
    },
  );
};
