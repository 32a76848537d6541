import type { ResourceDef } from '@fleet/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../http/envelope.ts';
import { scopeContext } from '../access/visibility.ts';
import { sessionOf } from '../auth/session.ts';
import { recordAudit } from './audit.ts';
import type { HookContext, ResourceHooks } from './hooks.ts';
import { getStored, type Row } from './rows.ts';
import { resourceTitle, withAudit } from './write.ts';

/** What a hook (and a bulk action) knows of the request: the database, the session, the user's scope. */
export async function hookContext(
  app: FastifyInstance,
  req: FastifyRequest,
  hooks: ResourceHooks,
): Promise<HookContext> {
  const db = app.deps.database.db;
  const session = sessionOf(req);
  const base = await scopeContext(db, session);
  return { db, session, scope: hooks.scope ? await hooks.scope(db, session, base) : base, req };
}

/** The stored row when visible, else the 404 of a missing row. */
export async function visibleStored(def: ResourceDef, ctx: HookContext, id: unknown): Promise<Row> {
  const stored = await getStored(ctx.db, def, ctx.scope, id);
  if (!stored) throw notFound(resourceTitle(def));
  return stored;
}

/**
 * Updates one stored row inside the caller's transaction (`tctx.db`): the hooks around the write, the audit
 * columns and the audit trail's entry — the same for a single save and for each row of a bulk assignment.
 */
export async function updateStored(
  tctx: HookContext,
  def: ResourceDef,
  hooks: ResourceHooks,
  stored: Row,
  id: unknown,
  values: Row,
): Promise<void> {
  await hooks.beforeUpdate?.(tctx, stored, values);
  await tctx.db
    .updateTable(def.table)
    .set(withAudit(def, values, tctx.session.userId, 'update'))
    .where(def.id, '=', id as never)
    .execute();
  await hooks.afterUpdate?.(tctx, stored, values);
  const after = (await getStored(tctx.db, def, null, id))!;
  await recordAudit(tctx.db, { userId: tctx.session.userId, def, rowId: id, action: 'update', before: stored, after });
}
