import { AUTH_ERROR_MESSAGE, ErrorCode, OPERATIONS } from '@fleet/shared';
import { sessionStatusSchema, signedInSchema } from '@fleet/shared/answers/session.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, conflict, envelope, forbidden, idParam, ok } from '../../http/envelope.ts';
import { exportRefused, exportSlots, exportTenant } from '../../http/export-stream.ts';
import { nowSeconds } from '../../http/time.ts';
import { APPLICATIONS } from './applications.ts';
import { checkPassword, findAccount } from './credentials.ts';
import { DOWNLOAD_TICKET_TTL_S, issueDownloadTicket } from './download-ticket.ts';
import { multipartFieldsAsBody } from './form-body.ts';
import { AddressThrottle, retryText } from './login-throttle.ts';
import { createSession, findSession, requireAuth, sessionClient, sessionOf } from './session.ts';
import { sessionStatus, userCompanies } from './session-status.ts';

/** Spec 000 §8: the one message for every failed sign-in, whichever part was wrong. */
export const INVALID_LOGIN_MESSAGE = 'Invalid Username or Password';
export const EMPTY_FIELD_MESSAGE = 'Can not be empty';

const signedIn = envelope(signedInSchema);
const statusAnswer = envelope(sessionStatusSchema);
const tags = ['auth'];

/**
 * Sign-in and session (spec 000 §4, §7, §8; spec 002 §7.2), under /api/security/authentication.
 */
export const authRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const idleSeconds = app.deps.config.sessionIdleHours * 3600;
  // per app instance, so every test app (and every server process) counts on its own
  const throttle = app.signInThrottle; // per account: 5 failures in 15 minutes
  // per address: 100 free (LOGIN_ADDRESS_FREE_FAILURES), then growing delays
  const addresses = new AddressThrottle(app.deps.config.loginAddressFreeFailures);
  const base = '/security/authentication';

  app.post(
    `${base}/login`,
    {
      preValidation: multipartFieldsAsBody,
      // wrong credentials, and the sign-in throttle (documented in OpenAPI, http/openapi.ts)
      config: { apiErrors: [401, 429] },
      schema: {
        tags,
        security: [],
        summary: 'Sign in with login name or e-mail and password, or with an existing token (?token=)',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        querystring: z.object({ token: z.string().trim().min(1).max(200).optional() }),
        body: z
          .object({ username: z.string().max(320).optional(), password: z.string().max(1024).optional() })
          .nullish(),
        response: { 200: signedIn },
      },
    },
    async (req, reply) => {
      if (req.query.token) {
        const found = await findSession(db, req.query.token, idleSeconds);
        if ('problem' in found) {
          throw found.problem === 'expired'
            ? new AppError(401, 'Session expired', ErrorCode.sessionExpired)
            : new AppError(401, AUTH_ERROR_MESSAGE, ErrorCode.unauthenticated);
        }
        // a share link's session is not a sign-in: it must not learn whose link it is
        if (found.row.sessShareLinkId) throw new AppError(401, AUTH_ERROR_MESSAGE, ErrorCode.unauthenticated);
        return ok({ token: req.query.token, userId: found.row.sessUserId, username: found.row.usloUserName });
      }

      const username = req.body?.username?.trim() ?? '';
      const password = req.body?.password ?? '';
      const missing: Record<string, string[]> = {};
      if (!username) missing.username = [EMPTY_FIELD_MESSAGE];
      if (!password) missing.password = [EMPTY_FIELD_MESSAGE];
      if (Object.keys(missing).length) throw badRequest(missing);

      const now = nowSeconds();
      const account = await findAccount(db, username);
      // one counter per account however it is named (login name or e-mail), one per client address
      const accountKey = account ? `user:${account.userId}` : `name:${username.toLowerCase()}`;
      const wait = Math.max(throttle.retryAfter(accountKey, now), addresses.retryAfter(req.ip, accountKey, now));
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError(
          429,
          `Too many failed sign-in attempts. Please try again in ${retryText(wait)}.`,
          ErrorCode.tooManyRequests,
        );
      }
      const user = await checkPassword(account, password);
      if (!user) {
        throttle.fail(accountKey, now);
        addresses.fail(req.ip, now);
        throw new AppError(401, INVALID_LOGIN_MESSAGE, ErrorCode.unauthenticated);
      }
      throttle.clear(accountKey);
      addresses.succeeded(req.ip, accountKey, now);
      // the first company (lowest id) is active; the app is chosen afterwards (spec 000 §1)
      const [first] = await userCompanies(db, user.userId);
      const token = await createSession(db, user.userId, first?.compId ?? null, sessionClient(req));
      req.log.info({ userId: user.userId }, 'signed in');
      return ok({ token, userId: user.userId, username: user.username });
    },
  );

  app.get(
    `${base}/status`,
    { preHandler: requireAuth, schema: { tags, response: { 200: statusAnswer } } },
    async (req) => ok(await sessionStatus(db, sessionOf(req), app.deps.config.defaultTimeZone)),
  );

  app.post(
    '/exports/ticket',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['exports'],
        summary: `A single-use, ${DOWNLOAD_TICKET_TTL_S}-second ticket to download one streamed export by a link`,
        description:
          'body.url: the export path with its query (…/export.csv or …/export.xlsx); then GET that URL with &ticket=',
        body: z.object({ url: z.string().min(1).max(4000) }),
        response: { 200: envelope(z.object({ ticket: z.string(), expiresIn: z.number() })) },
      },
    },
    async (req, reply) => {
      const s = sessionOf(req);
      // a share link's reader and an API token send their header with the export itself
      if (s.linkScope || s.apiTokenId) throw forbidden('A download ticket is for a signed-in person');
      // the download would be refused (its company's exports all running): said here, where the page can show it
      const busy = exportSlots.refusal(exportTenant(s));
      if (busy) throw exportRefused(reply, busy);
      return ok(await issueDownloadTicket(db, s.tokenHash, req.body.url));
    },
  );

  app.get(
    `${base}/setcompany/:id`,
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Make one of the user’s companies the active company',
        params: z.object({ id: idParam('company id') }),
        response: { 200: statusAnswer },
      },
    },
    async (req) => {
      const s = sessionOf(req);
      const companies = await userCompanies(db, s.userId);
      if (!companies.some((c) => c.compId === req.params.id)) {
        throw forbidden('You can only select a company you belong to');
      }
      await db
        .updateTable('session_token')
        .set({ sessActiveCompId: req.params.id })
        .where('sessTokenHash', '=', s.tokenHash)
        .execute();
      return ok(await sessionStatus(db, { ...s, activeCompId: req.params.id }, app.deps.config.defaultTimeZone));
    },
  );

  app.get(
    `${base}/setapp/:app`,
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: `Make an application active: ${APPLICATIONS.filter((a) => a.enabled)
          .map((a) => a.key)
          .join(' or ')}`,
        params: z.object({ app: z.string().trim().min(1).max(40) }),
        response: { 200: statusAnswer },
      },
    },
    async (req) => {
      const s = sessionOf(req);
      const application = APPLICATIONS.find((a) => a.key === req.params.app.toLowerCase());
      if (!application) {
        throw badRequest(
          `Unknown application ${req.params.app}; choose one of ${APPLICATIONS.map((a) => a.key).join(', ')}`,
        );
      }
      if (!application.enabled) throw conflict(`${application.name} is disabled and cannot be chosen`);
      await db
        .updateTable('session_token')
        .set({ sessActiveApp: application.key })
        .where('sessTokenHash', '=', s.tokenHash)
        .execute();
      return ok(await sessionStatus(db, { ...s, activeApp: application.key }, app.deps.config.defaultTimeZone));
    },
  );

  app.get(
    `${base}/logout`,
    { preHandler: requireAuth, schema: { tags, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await db
        .updateTable('session_token')
        .set({ sessRevokedTime: nowSeconds() })
        .where('sessTokenHash', '=', sessionOf(req).tokenHash)
        .execute();
      return ok(null);
    },
  );

  // spec 002 §6, §7.2: the signed-in user's permissions, the union over their roles
  app.get(
    `${base}/permissions`,
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Permission names and operations of the signed-in user (union over their roles)',
        response: {
          200: envelope(z.array(z.object({ prmsName: z.string(), operations: z.array(z.enum(OPERATIONS)) })), true),
        },
      },
    },
    async (req) => {
      const list = Object.entries(sessionOf(req).access)
        .filter((e): e is [string, (typeof OPERATIONS)[number][]] => !!e[1]?.length)
        .map(([prmsName, operations]) => ({
          prmsName,
          operations: OPERATIONS.filter((o) => operations.includes(o)),
        }))
        .sort((a, b) => a.prmsName.localeCompare(b.prmsName));
      return ok(list, list.length);
    },
  );
};
