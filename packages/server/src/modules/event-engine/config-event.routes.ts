import { CANNOT_ACTIVATE_MESSAGE, configEvent } from '@fleet/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conflict, ok } from '../../http/envelope.ts';
import { nowSeconds } from '../../http/time.ts';
import { scopeContext } from '../access/visibility.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import type { HookContext } from '../crud/hooks.ts';
import { answerRow, visibleStored } from '../crud/register.ts';
import type { Row } from '../crud/rows.ts';
import { resourceSchemas } from '../crud/schemas.ts';
import { eventConfigChanged } from './definitions.ts';

/**
 * POST /master/config_event/{id}/activate: makes this version the active one of its gateway device (and
 * the others of that device inactive — never another tenant's), stamping mcevAppliedTime. Refused while the configuration has no asset events.
 * POST /master/config_event/{id}/deactivate: leaves the gateway without an active configuration (issue 23: the way
 * to delete a gateway); the engine closes what it ended (docs/domain.md §30.5). Inactive already: answered as is.
 */
type ActionContext = HookContext & { id: string | number };

export const configEventRoutes: FastifyPluginAsync = async (app) => {
  const s = resourceSchemas(configEvent, {});
  /** A POST on one visible configuration, under its permission's update (spec 001 §6), answered with the row. */
  const action = (verb: string, summary: string, change: (ctx: ActionContext, stored: Row) => Promise<void>) =>
    app.withTypeProvider<ZodTypeProvider>().post(
      `/master/config_event/:id/${verb}`,
      {
        schema: { tags: [configEvent.name], summary, params: s.params, response: { 200: s.one } },
        preValidation: requirePermission(configEvent.permission, 'update'),
      },
      async (req) => {
        const db = app.deps.database.db;
        const session = sessionOf(req);
        const ctx = { db, session, scope: await scopeContext(db, session), req, id: req.params.id };
        await change(ctx, await visibleStored(configEvent, ctx, ctx.id));
        return ok(await answerRow(configEvent, {}, ctx, ctx.id));
      },
    );

  action('activate', 'Activate an event configuration', async ({ db, session, id }, stored) => {
    const events = await db
      .selectFrom('asset_event')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('asevMcevId', '=', id)
      .executeTakeFirst();
    if (Number((events as { n?: unknown } | undefined)?.n ?? 0) === 0) throw conflict(CANNOT_ACTIVATE_MESSAGE);
    const now = nowSeconds();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('config_event')
        .set({ mcevIsActive: 0, mcevUpdatedUserId: session.userId, mcevUpdatedTime: now })
        .where('mcevDevcId', '=', stored.mcevDevcId)
        .where('mcevId', '!=', id)
        .where('mcevIsActive', '=', 1)
        .execute();
      await trx
        .updateTable('config_event')
        .set({ mcevIsActive: 1, mcevAppliedTime: now, mcevUpdatedUserId: session.userId, mcevUpdatedTime: now })
        .where('mcevId', '=', id)
        .execute();
    });
    eventConfigChanged();
  });

  action(
    'deactivate',
    'Deactivate an event configuration (its gateway is left without one)',
    async ({ db, session, id }, stored) => {
      if (Number(stored.mcevIsActive) !== 1) return;
      await db
        .updateTable('config_event')
        .set({ mcevIsActive: 0, mcevUpdatedUserId: session.userId, mcevUpdatedTime: nowSeconds() })
        .where('mcevId', '=', id)
        .execute();
      eventConfigChanged();
    },
  );
};
