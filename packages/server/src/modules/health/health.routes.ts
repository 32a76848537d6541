import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { VERSION } from '../../version.ts';

/** GET /api/health — no auth; proves the database answers. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        security: [],
        response: { 200: envelope(z.object({ db: z.enum(['sqlite', 'postgres']), version: z.string() })) },
      },
    },
    async () => {
      await sql`select 1`.execute(app.deps.database.db);
      return ok({ db: app.deps.database.dialect, version: VERSION });
    },
  );
};
