import { firstAdminBody, firstAdminSchema, setupStateSchema } from '@fleet/shared/answers/setup.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conflict, envelope, ok } from '../../http/envelope.ts';
import { anyUser, createAdministrator, SETUP_DONE_MESSAGE } from './first-admin.ts';

const tags = ['setup'];

/**
 * First run (docs/operations.md "Real install"), under /api/setup, both without a session: whether the
 * installation still needs its first administrator (a boolean, nothing else), and creating it — refused with 409
 * once any user exists. `npm run create-admin` calls the same `createAdministrator`.
 */
export const setupRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;
  const { publicUrl } = app.deps.config;

  // an empty installation says how to get in, once, at start
  app.addHook('onReady', async () => {
    if (!(await anyUser(database.db)))
      app.log.warn(
        `No user yet: open ${publicUrl}/auth/setup to create the first administrator, or run npm run create-admin`,
      );
  });

  app.get(
    '/setup',
    {
      schema: {
        tags,
        security: [],
        summary: 'Whether the installation still needs its first administrator (no user exists yet)',
        response: { 200: envelope(setupStateSchema) },
      },
    },
    async () => ok({ setupNeeded: !(await anyUser(database.db)) }),
  );

  app.post(
    '/setup',
    {
      // a set-up installation answers 409 to any body; the write checks again under the setup lock
      preValidation: async () => {
        if (await anyUser(database.db)) throw conflict(SETUP_DONE_MESSAGE);
      },
      schema: {
        tags,
        security: [],
        summary:
          'Create the first administrator with its company group and company, and the built-in roles; only while no user exists (409 after)',
        // every field's message (the password rule's too) comes back at once
        body: firstAdminBody,
        response: { 200: envelope(firstAdminSchema) },
      },
    },
    async (req) => {
      const admin = await createAdministrator(database, req.body, { mode: 'first' });
      req.log.info({ userId: admin.userId, grcpId: admin.grcpId }, 'first administrator created');
      return ok(admin);
    },
  );
};
