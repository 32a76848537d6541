import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { VERSION } from '../../version.ts';
import { outboxBacklog } from '../mail/outbox.ts';

/** GET /api/health — no auth; proves the database answers, and shows the mail outbox's backlog. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        security: [],
        response: {
          200: envelope(
            z.object({
              db: z.enum(['sqlite', 'postgres']),
              version: z.string(),
              // docs/operations.md "Mail outbox": mails waiting, the oldest one's age (s), mails given up
              mail: z.object({ pending: z.number(), oldestPendingSeconds: z.number(), failed: z.number() }),
            }),
          ),
        },
      },
    },
    async () => {
      await sql`select 1`.execute(app.deps.database.db);
      const mail = await outboxBacklog(app.deps.database);
      return ok({ db: app.deps.database.dialect, version: VERSION, mail });
    },
  );
};
