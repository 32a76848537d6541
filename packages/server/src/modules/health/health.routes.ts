import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { readinessChecks, runCheck } from '../../http/probes.ts';
import { VERSION } from '../../version.ts';
import { mailerOf } from '../mail/mailer.ts';
import { outboxBacklog } from '../mail/outbox.ts';

const readinessSchema = z.object({
  ready: z.boolean(),
  // each part checked: database, mail (when SMTP_URL is set), mqtt (MQTT_URL), teltonika (TELTONIKA_PORT > 0)
  checks: z.record(z.string(), z.object({ ok: z.boolean(), message: z.string().optional() })),
});

/**
 * Health (docs/api.md "Health", docs/operations.md "Monitoring"), no auth, never shed:
 * - GET /api/health/live — the process answers (liveness: restart it when this fails);
 * - GET /api/health/ready — every part it needs works (readiness: send it traffic only then); 503 naming the parts
 *   that do not;
 * - GET /api/health — the database answers, with the version and the mail outbox's backlog (kept for its callers).
 */
export const healthRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const database = app.deps.database;
  const mailer = mailerOf(app);

  app.get(
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
      await sql`select 1`.execute(database.db);
      const mail = await outboxBacklog(database);
      return ok({ db: database.dialect, version: VERSION, mail });
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        security: [],
        response: { 200: envelope(z.object({ live: z.literal(true), version: z.string() })) },
      },
    },
    async () => ok({ live: true as const, version: VERSION }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        security: [],
        response: { 200: envelope(readinessSchema), 503: envelope(readinessSchema) },
      },
    },
    async (_req, reply) => {
      const parts: [string, () => Promise<string | null> | string | null][] = [
        [
          'database',
          async () => {
            await sql`select 1`.execute(database.db);
            return null;
          },
        ],
      ];
      if (mailer.mode === 'smtp') parts.push(['mail', () => mailer.verify()]);
      parts.push(...readinessChecks(app));
      const results = await Promise.all(parts.map(async ([name, check]) => [name, await runCheck(check)] as const));
      const failing = results.filter(([, message]) => message !== null);
      const checks = Object.fromEntries(
        results.map(([name, message]) => [name, message === null ? { ok: true } : { ok: false, message }]),
      );
      const data = { ready: failing.length === 0, checks };
      if (data.ready) return ok(data);
      const why = failing.map(([name, message]) => `${name}: ${message}`).join('; ');
      reply.log.warn({ failing: Object.fromEntries(failing) }, 'not ready');
      return reply.status(503).send({ status: { error: 1, errorCode: 503, message: `Not ready: ${why}` }, data });
    },
  );
};
