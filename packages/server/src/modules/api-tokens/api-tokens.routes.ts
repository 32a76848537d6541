import {
  apiTokenChoicesSchema,
  apiTokenSchema,
  createApiTokenSchema,
  issuedApiTokenSchema,
} from '@fleet/shared/answers/api-tokens.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, envelope, notFound, ok } from '../../http/envelope.ts';
import { nowSeconds } from '../../http/time.ts';
import { scopeContext } from '../access/visibility.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { createToken, listTokens, revokeToken, tokenChoices } from './api-tokens.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * `/api/api-tokens` (docs/api.md "API tokens"), permission `api_token`: list, the companies and roles to choose from,
 * create (the secret answered once), revoke. Only the tokens of the administrator's companies; a token itself is
 * refused here (auth/person-only.ts).
 */
export const apiTokenRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const db = base.deps.database.db;

  app.get(
    '/api-tokens',
    {
      preHandler: requirePermission('api_token', 'read'),
      schema: {
        tags: ['api tokens'],
        summary: 'List API tokens',
        response: { 200: envelope(z.array(apiTokenSchema)) },
      },
    },
    async (req) => {
      const now = nowSeconds();
      // the use counted in this process so far, so the list shows it
      await base.apiTokenUse.flush(db, now);
      return ok(await listTokens(db, await scopeContext(db, sessionOf(req)), now));
    },
  );

  app.get(
    '/api-tokens/choices',
    {
      preHandler: requirePermission('api_token', 'create'),
      schema: {
        tags: ['api tokens'],
        summary: 'The companies and roles a token may be bound to',
        response: { 200: envelope(apiTokenChoicesSchema) },
      },
    },
    async (req) => ok(await tokenChoices(db, await scopeContext(db, sessionOf(req)))),
  );

  app.post(
    '/api-tokens',
    {
      preHandler: requirePermission('api_token', 'create'),
      schema: {
        tags: ['api tokens'],
        summary: 'Create an API token (its secret is answered this once)',
        body: createApiTokenSchema,
        response: { 200: envelope(issuedApiTokenSchema) },
      },
    },
    async (req) => {
      const s = sessionOf(req);
      const scope = await scopeContext(db, s);
      const now = nowSeconds();
      const { tokenId, token } = await createToken(db, scope, req.body, s.userId, now);
      const [row] = await listTokens(db, scope, now, tokenId);
      if (!row) throw notFound('API token');
      return ok({ ...row, token });
    },
  );

  app.delete(
    '/api-tokens/:id',
    {
      preHandler: requirePermission('api_token', 'delete'),
      schema: {
        tags: ['api tokens'],
        summary: 'Revoke an API token (refused from its next request on)',
        params: idParams,
        response: { 200: envelope(apiTokenSchema) },
      },
    },
    async (req) => {
      const s = sessionOf(req);
      const scope = await scopeContext(db, s);
      const now = nowSeconds();
      const [row] = await listTokens(db, scope, now, req.params.id);
      if (!row) throw notFound('API token');
      if (!(await revokeToken(db, row.tokenId, s.userId, now))) throw conflict('This API token is already revoked');
      const [revoked] = await listTokens(db, scope, now, row.tokenId);
      return ok(revoked ?? row);
    },
  );
};
