import { AUTH_ERROR_MESSAGE, ErrorCode } from '@fleet/shared';
import { signedInSchema } from '@fleet/shared/answers/session.ts';
import {
  shareLinkCreatedSchema,
  shareLinkCurrentSchema,
  shareLinkOpenedSchema,
  shareLinkRowSchema,
  signinMethodSchema,
} from '@fleet/shared/answers/share-links.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, envelope, notFound, ok } from '../../http/envelope.ts';
import { nowSeconds } from '../../http/time.ts';
import { assetTimeZone } from '../access/time-zones.ts';
import { visibleAssetIds } from '../access/visibility.ts';
import { INVALID_LOGIN_MESSAGE } from '../auth/auth.routes.ts';
import { createSession, requireAuth, requirePermission, sessionClient, sessionOf } from '../auth/session.ts';
import { userCompanies } from '../auth/session-status.ts';
import { tokenHash } from '../auth/tokens.ts';
import { LINK_MESSAGES, linkError, loadLinkScope } from './link-scope.ts';
import { currentKey, newLinkId, signLink, verifyLink } from './link-token.ts';
import { emailFromIssuer, OidcRefused } from './oidc-signin.ts';

/** Longest life of a link and longest period it may show (docs/decisions.md "Share report links"). */
export const MAX_LINK_HOURS = 7 * 24;
export const MAX_LINK_PERIOD_S = 31 * 86400;
export const DEFAULT_LINK_HOURS = 72;
/** Live sessions one link keeps at most (docs/domain.md §34): opening it once more revokes the oldest beyond. */
export const MAX_LINK_SESSIONS = 20;

const tags = ['share-links'];
const epoch = (label: string) =>
  z.coerce
    .number({ error: `${label} must be epoch seconds` })
    .int(`${label} must be whole epoch seconds`)
    .min(0, `${label} must be epoch seconds`);

async function vesselOf(db: Db, massId: number) {
  return db
    .selectFrom('asset')
    .leftJoin('fuel_type', 'fuel_type.mftyId', 'asset.massMftyId')
    .select([
      'asset.massId',
      'asset.massName',
      'fuel_type.mftyName',
      'fuel_type.mftyCo2Factor',
      'fuel_type.mftyDensity',
    ])
    .where('asset.massId', '=', massId)
    .executeTakeFirst();
}

/**
 * Share report links (spec 002 §2.4, the safer way of §7.1): a signed, expiring, revocable, read-only link to one
 * vessel's report summary for one period. Creating needs read on master_asset and the vessel in the user's scope;
 * opening is open (the link is the credential) and gives a session that can read only that vessel and period.
 */
export const shareLinkRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    '/share-links',
    {
      preHandler: requirePermission('master_asset', 'read'),
      schema: {
        tags,
        summary: 'Create a read-only link to one vessel’s report for one period',
        body: z
          .object({
            massId: z.coerce.number().int().min(1, 'massId must be an asset id'),
            start: epoch('start'),
            end: epoch('end'),
            expiresInHours: z.coerce
              .number()
              .int('expiresInHours must be a whole number')
              .min(1, 'expiresInHours must be at least 1')
              .max(MAX_LINK_HOURS, `expiresInHours must be at most ${MAX_LINK_HOURS} (7 days)`)
              .default(DEFAULT_LINK_HOURS),
          })
          .refine((b) => b.end > b.start, { message: 'end must be after start', path: ['end'] })
          .refine((b) => b.end - b.start <= MAX_LINK_PERIOD_S, {
            message: 'A link shows at most 31 days',
            path: ['end'],
          }),
        response: {
          200: envelope(shareLinkCreatedSchema),
        },
      },
    },
    async (req) => {
      const s = sessionOf(req);
      if (s.activeCompId === null) throw badRequest('Choose an active company first');
      const { massId, start, end, expiresInHours } = req.body;
      if (!(await visibleAssetIds(db, s)).includes(massId)) throw notFound('Asset');
      const now = nowSeconds();
      const key = await currentKey(db, now);
      const id = newLinkId();
      const expires = now + expiresInHours * 3600;
      const token = signLink(key, { jti: id, massId, start, end, exp: expires });
      await db
        .insertInto('share_link')
        .values({
          slnkId: id,
          slnkKeyId: key.id,
          slnkUserId: s.userId,
          slnkCompId: s.activeCompId,
          slnkMassId: massId,
          slnkStart: start,
          slnkEnd: end,
          slnkExpiresTime: expires,
          slnkCreatedTime: now,
        })
        .execute();
      req.log.info({ linkId: id, massId, start, end, expires }, 'share link created');
      const path = `/auth/export?link=${token}`;
      return ok({ id, token, path, url: `${app.deps.config.publicUrl}${path}`, expires });
    },
  );

  app.get(
    '/share-links',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The signed-in user’s share links, newest first',
        response: { 200: envelope(z.array(shareLinkRowSchema), true) },
      },
    },
    async (req) => {
      const s = sessionOf(req);
      const now = nowSeconds();
      const rows = await db
        .selectFrom('share_link')
        .leftJoin('asset', 'asset.massId', 'share_link.slnkMassId')
        .select([
          'share_link.slnkId',
          'share_link.slnkMassId',
          'asset.massName',
          'share_link.slnkStart',
          'share_link.slnkEnd',
          'share_link.slnkExpiresTime',
          'share_link.slnkCreatedTime',
          'share_link.slnkRevokedTime',
          'share_link.slnkOpenedCount',
          'share_link.slnkLastOpenedTime',
        ])
        .where('share_link.slnkUserId', '=', s.userId)
        .orderBy('share_link.slnkCreatedTime', 'desc')
        .orderBy('share_link.slnkId')
        .limit(200)
        .execute();
      const list = rows.map((r) => {
        const revoked = r.slnkRevokedTime == null ? null : Number(r.slnkRevokedTime);
        const expires = Number(r.slnkExpiresTime);
        return {
          id: r.slnkId,
          massId: Number(r.slnkMassId),
          massName: r.massName ?? null,
          start: Number(r.slnkStart),
          end: Number(r.slnkEnd),
          expires,
          created: Number(r.slnkCreatedTime),
          revoked,
          openedCount: Number(r.slnkOpenedCount),
          lastOpened: r.slnkLastOpenedTime == null ? null : Number(r.slnkLastOpenedTime),
          status: revoked != null ? ('revoked' as const) : expires <= now ? ('expired' as const) : ('active' as const),
        };
      });
      return ok(list, list.length);
    },
  );

  app.delete(
    '/share-links/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Revoke a share link (and end the sessions opened with it)',
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'id must be a share link id') }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const s = sessionOf(req);
      const now = nowSeconds();
      const row = await db
        .selectFrom('share_link')
        .select(['slnkId', 'slnkRevokedTime'])
        .where('slnkId', '=', req.params.id)
        .where('slnkUserId', '=', s.userId)
        .executeTakeFirst();
      if (!row) throw notFound('Share link');
      if (row.slnkRevokedTime == null) {
        await db.updateTable('share_link').set({ slnkRevokedTime: now }).where('slnkId', '=', row.slnkId).execute();
        await db
          .updateTable('session_token')
          .set({ sessRevokedTime: now })
          .where('sessShareLinkId', '=', row.slnkId)
          .where('sessRevokedTime', 'is', null)
          .execute();
      }
      return ok(null);
    },
  );

  app.post(
    '/share-links/open',
    {
      config: { apiErrors: [401] },
      schema: {
        tags,
        security: [],
        summary: 'Open a share link: a session that can read only the link’s vessel and period',
        body: z.object({ token: z.string().trim().min(1, LINK_MESSAGES.invalid).max(4000, LINK_MESSAGES.invalid) }),
        response: {
          200: envelope(shareLinkOpenedSchema),
        },
      },
    },
    async (req) => {
      const claims = await verifyLink(db, req.body.token);
      if (!claims) throw linkError('invalid');
      const now = nowSeconds();
      const scope = await loadLinkScope(db, claims.jti, now);
      if ('problem' in scope) throw linkError(scope.problem);
      // the stored row is the authority; signed claims that disagree with it are not this link
      if (scope.massId !== claims.massId || scope.start !== claims.start || scope.end !== claims.end)
        throw linkError('invalid');
      // a link never reads more than its creator may still read
      const creator = await db
        .selectFrom('user')
        .select('userStatus')
        .where('userId', '=', scope.userId)
        .executeTakeFirst();
      const visible =
        creator && Number(creator.userStatus) === 1
          ? await visibleAssetIds(db, {
              tokenHash: '',
              userId: scope.userId,
              username: '',
              activeCompId: scope.compId,
              activeApp: null,
              access: {},
            })
          : [];
      if (!visible.includes(scope.massId)) throw linkError('invalid');
      const token = await createSession(db, scope.userId, scope.compId, sessionClient(req));
      await db
        .updateTable('session_token')
        .set({ sessShareLinkId: scope.linkId, sessActiveApp: 'fms' })
        .where('sessTokenHash', '=', tokenHash(token))
        .execute();
      // every open makes a session: keep the newest MAX_LINK_SESSIONS live, the new one always among them
      const older = await db
        .selectFrom('session_token')
        .select('sessTokenHash')
        .where('sessShareLinkId', '=', scope.linkId)
        .where('sessRevokedTime', 'is', null)
        .where('sessTokenHash', '!=', tokenHash(token))
        .orderBy('sessCreatedTime', 'desc')
        .orderBy('sessLastSeenTime', 'desc')
        .offset(MAX_LINK_SESSIONS - 1)
        .limit(1000)
        .execute();
      if (older.length)
        await db
          .updateTable('session_token')
          .set({ sessRevokedTime: now })
          .where(
            'sessTokenHash',
            'in',
            older.map((r) => r.sessTokenHash),
          )
          .execute();
      await db
        .updateTable('share_link')
        .set((eb) => ({ slnkOpenedCount: eb('slnkOpenedCount', '+', 1), slnkLastOpenedTime: now }))
        .where('slnkId', '=', scope.linkId)
        .execute();
      req.log.info({ linkId: scope.linkId }, 'share link opened');
      return ok({ token, massId: scope.massId, start: scope.start, end: scope.end, expires: scope.expires });
    },
  );

  app.get(
    '/share-links/current',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The vessel and period of the share link this session was opened with',
        response: {
          200: envelope(shareLinkCurrentSchema),
        },
      },
    },
    async (req) => {
      const scope = sessionOf(req).linkScope;
      if (!scope) throw new AppError(400, 'This session was not opened with a share link', ErrorCode.validation);
      const v = await vesselOf(db, scope.massId);
      if (!v) throw new AppError(401, AUTH_ERROR_MESSAGE, ErrorCode.unauthenticated);
      return ok({
        massId: scope.massId,
        massName: v.massName,
        start: scope.start,
        end: scope.end,
        expires: scope.expires,
        timezone: await assetTimeZone(db, scope.massId, app.deps.config.defaultTimeZone),
        fuelType:
          v.mftyName == null
            ? null
            : {
                mftyName: v.mftyName,
                mftyCo2Factor: v.mftyCo2Factor == null ? null : Number(v.mftyCo2Factor),
                mftyDensity: v.mftyDensity == null ? null : Number(v.mftyDensity),
              },
      });
    },
  );

  // spec 002 §7.1 with an external OpenID Connect issuer (OIDC_ISSUER; off by default): how the link page signs in
  app.get(
    '/share-links/signin-method',
    {
      schema: {
        tags,
        security: [],
        summary: 'How the report link page signs in with u/p: the product (local) or an OpenID Connect issuer (oidc)',
        response: { 200: envelope(signinMethodSchema) },
      },
    },
    async () => ok({ method: app.deps.config.oidc ? ('oidc' as const) : ('local' as const) }),
  );

  app.post(
    '/share-links/oidc-signin',
    {
      schema: {
        tags,
        security: [],
        summary: 'Sign in through the configured OpenID Connect issuer (password grant, scopes openid email)',
        body: z.object({
          username: z.string().trim().min(1, 'Can not be empty').max(320),
          password: z.string().min(1, 'Can not be empty').max(1024),
        }),
        response: { 200: envelope(signedInSchema) },
      },
    },
    async (req) => {
      const c = app.deps.config.oidc;
      if (!c) throw notFound('OpenID Connect issuer');
      let email: string;
      try {
        email = await emailFromIssuer(c, req.body.username, req.body.password);
      } catch (e) {
        if (e instanceof OidcRefused) throw new AppError(401, INVALID_LOGIN_MESSAGE, ErrorCode.unauthenticated);
        req.log.warn({ issuer: c.issuer, err: (e as Error).message }, 'OpenID Connect sign-in failed');
        throw new AppError(502, 'The identity provider did not answer. Please try again later.', ErrorCode.internal);
      }
      const user = await db
        .selectFrom('user')
        .innerJoin('user_login', 'user_login.usloUserId', 'user.userId')
        .select(['user.userId', 'user.userStatus', 'user_login.usloUserName'])
        .where('user.userId', '=', email.toLowerCase())
        .executeTakeFirst();
      if (!user || Number(user.userStatus) !== 1)
        throw new AppError(401, INVALID_LOGIN_MESSAGE, ErrorCode.unauthenticated);
      const [first] = await userCompanies(db, user.userId);
      const token = await createSession(db, user.userId, first?.compId ?? null, sessionClient(req));
      req.log.info({ userId: user.userId }, 'signed in through OpenID Connect');
      return ok({ token, userId: user.userId, username: user.usloUserName });
    },
  );
};
