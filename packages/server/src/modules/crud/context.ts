import type { ResourceDef } from '@fleet/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../http/envelope.ts';
import { scopeContext } from '../access/visibility.ts';
import { sessionOf } from '../auth/session.ts';
import type { HookContext, ResourceHooks } from './hooks.ts';
import { getStored, type Row } from './rows.ts';
import { resourceTitle } from './write.ts';

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
