import { type ListQuery, MAX_EPOCH, MAX_PAGE_SIZE, type ResourceDef } from '@fleet/shared';
import { deletePreviewSchema } from '@fleet/shared/answers/audit.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, envelope, notFound, ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { parseListQuery } from '../../http/list-query.ts';
import { translateMessage } from '../../i18n/messages.ts';
import { requirePermission } from '../auth/session.ts';
import { type Dependent, dependentCounts, goneWith, pointingRows, recordAudit } from './audit.ts';
import { registerBulk } from './bulk.ts';
import { resolveColumn } from './columns.ts';
import { hookContext, updateStored, visibleStored } from './context.ts';

// the features' own routes read a visible row as these do
export { visibleStored };

import type { HookContext, ResourceHooks } from './hooks.ts';
import { getRow, getStored, listRows, type Row } from './rows.ts';
import { resourceSchemas } from './schemas.ts';
import {
  checkReferences,
  checkRules,
  checkUnique,
  checkWritable,
  explainConstraint,
  refuseStale,
  refuseWhileInUse,
  resourceTitle,
  storedValues,
  withAudit,
} from './write.ts';

type Raw = Record<string, string | string[] | undefined>;

/** A catalogue (shared, or extended by companies: master events): a row still in use is not deleted. */
const sharedList = (def: ResourceDef) => def.scope.kind === 'global' || def.scope.kind === 'owned';

/** A path parameter in unix seconds (period routes). */
export const epochParam = (name: string) =>
  z.coerce
    .number({ error: `${name} must be unix seconds` })
    .int(`${name} must be unix seconds`)
    .min(0, `${name} must be unix seconds`)
    .max(MAX_EPOCH, `${name} must be unix seconds`);

/** A row by id as the answer, with the hooks' extras; 404 (the same for missing and not visible). */
export async function answerRow(def: ResourceDef, hooks: ResourceHooks, ctx: HookContext, id: unknown, scoped = true) {
  const row = await getRow(ctx.db, def, scoped ? ctx.scope : null, id);
  if (!row) throw notFound(resourceTitle(def));
  await hooks.rowExtra?.decorate(ctx, [row]);
  return row;
}

/**
 * GET list, GET /{id}, POST, PUT /{id}, DELETE /{id} under /master/{path} for one definition (plus
 * GET /period/{start}/{end} when it has a period): permission per operation, tenant scope on every
 * query, validation with per-field messages.
 */
export function registerResource(app: FastifyInstance, def: ResourceDef, hooks: ResourceHooks = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/master/${def.path}`;
  const s = resourceSchemas(def, hooks);
  const tags = [def.name];
  const title = resourceTitle(def);
  const whitelist = { filters: def.filters, orders: def.orders, search: def.search, select: Object.keys(s.row.shape) };
  const extraKeys = Object.keys(hooks.rowExtra?.schema ?? {});
  /** The hooks' extras (a query per page) only when the list answers one of them. */
  const decorate = async (ctx: HookContext, rows: Row[], { select }: ListQuery) => {
    if (!select || select.some((f) => extraKeys.includes(f))) await hooks.rowExtra?.decorate(ctx, rows);
    return select ? rows.map((r) => Object.fromEntries(select.map((f) => [f, r[f]]))) : rows;
  };

  r.get(
    base,
    {
      schema: { tags, summary: `List ${title}`, querystring: s.query, response: { 200: s.list } },
      preValidation: requirePermission(def.permission, 'read'),
    },
    async (req) => {
      const lq = parseListQuery(req.query as Raw, { ...whitelist, defaultPageSize: def.pageSize });
      const ctx = await hookContext(app, req, hooks);
      const { rows, total } = await listRows(ctx.db, def, ctx.scope, lq);
      const answered = await decorate(ctx, rows, lq);
      const extra = hooks.listExtra ? await hooks.listExtra.build(ctx) : {};
      return { ...ok(answered, total), ...extra };
    },
  );

  if (def.period) {
    const { start: startField, end: endField } = def.period;
    r.get(
      `${base}/period/:start/:end`,
      {
        schema: {
          tags,
          summary: `${title} overlapping a period (unix seconds); all rows unless max is given`,
          params: z.object({ start: epochParam('start'), end: epochParam('end') }),
          querystring: s.query,
          response: { 200: s.periodList },
        },
        preValidation: requirePermission(def.permission, 'read'),
      },
      async (req) => {
        const { start, end } = req.params;
        if (end < start) throw badRequest('end must not be before start');
        const lq = parseListQuery(req.query as Raw, { ...whitelist, defaultPageSize: MAX_PAGE_SIZE });
        const ctx = await hookContext(app, req, hooks);
        const from = resolveColumn(def, startField).sql;
        const to = resolveColumn(def, endField).sql;
        const { rows, total } = await listRows(ctx.db, def, ctx.scope, lq, {
          where: (q) => q.where(from, '<=', end).where(to, '>=', start),
        });
        return ok(await decorate(ctx, rows, lq), total);
      },
    );
  }

  r.get(
    `${base}/:id`,
    {
      schema: { tags, summary: `One ${title}`, params: s.params, response: { 200: s.one } },
      preValidation: requirePermission(def.permission, 'read'),
    },
    async (req) => {
      const ctx = await hookContext(app, req, hooks);
      return ok(await answerRow(def, hooks, ctx, req.params.id));
    },
  );

  r.post(
    base,
    {
      schema: { tags, summary: `Create ${title}`, body: s.create, response: { 200: s.one } },
      preValidation: requirePermission(def.permission, 'create'),
    },
    async (req) => {
      const ctx = await hookContext(app, req, hooks);
      const values = await storedValues(def, req.body as Row, 'create');
      checkRules(def, values);
      await hooks.prepareCreate?.(ctx, values);
      await checkWritable(ctx.db, def, ctx.scope, values);
      await checkReferences(ctx.db, def, ctx.scope, values);
      let id: unknown;
      try {
        id = await ctx.db.transaction().execute(async (trx) => {
          const tctx = { ...ctx, db: trx };
          await hooks.beforeCreate?.(tctx, values);
          // after the hook: it may set part of a unique combination (an asset's company)
          await checkUnique(trx, def, values);
          const inserted = await trx
            .insertInto(def.table)
            .values(withAudit(def, values, ctx.session.userId, 'create'))
            .returning(def.id)
            .executeTakeFirstOrThrow();
          await hooks.afterCreate?.(tctx, inserted[def.id], values);
          const after = (await getStored(trx, def, null, inserted[def.id]))!;
          await recordAudit(trx, {
            userId: ctx.session.userId,
            def,
            rowId: inserted[def.id],
            action: 'create',
            before: null,
            after,
          });
          return inserted[def.id];
        });
      } catch (err) {
        throw await explainConstraint(ctx.db, def, err, 'write');
      }
      hooks.afterCommit?.(ctx, id);
      // the creator may not see what they created (an asset outside their assignments): answer it anyway
      return ok(await answerRow(def, hooks, ctx, id, false));
    },
  );

  r.put(
    `${base}/:id`,
    {
      schema: { tags, summary: `Update ${title}`, params: s.params, body: s.update, response: { 200: s.one } },
      preValidation: requirePermission(def.permission, 'update'),
    },
    async (req) => {
      const ctx = await hookContext(app, req, hooks);
      const id = req.params.id;
      const stored = await visibleStored(def, ctx, id);
      await checkWritable(ctx.db, def, ctx.scope, stored);
      refuseStale(def, stored, req.headers['if-unmodified-since']);
      const values = await storedValues(def, req.body as Row, 'update');
      checkRules(def, { ...stored, ...values });
      const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => stored[k] !== v));
      await checkReferences(ctx.db, def, ctx.scope, changed);
      if (def.unique.some((u) => u.fields.some((f) => f in changed))) {
        await checkUnique(ctx.db, def, { ...stored, ...values }, id);
      }
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await updateStored({ ...ctx, db: trx }, def, hooks, stored, id, values);
        });
      } catch (err) {
        throw await explainConstraint(ctx.db, def, err, 'write');
      }
      hooks.afterCommit?.(ctx, id);
      return ok(await answerRow(def, hooks, ctx, id, false));
    },
  );

  // bulk delete / assign and file import (issue 28), before /:id routes of the same method
  registerBulk(app, def, hooks);

  // what a delete would take with it, or why it would be refused: the delete runs in a transaction rolled back
  const ROLLBACK = new Error('rollback');
  r.get(
    `${base}/:id/dependents`,
    {
      schema: {
        tags,
        summary: `What deleting this ${title} would also delete (or why it would be refused)`,
        params: s.params,
        response: { 200: envelope(deletePreviewSchema) },
      },
      preValidation: requirePermission(def.permission, 'delete'),
    },
    async (req) => {
      const ctx = await hookContext(app, req, hooks);
      const id = req.params.id;
      const stored = await visibleStored(def, ctx, id);
      let goes: Dependent[] = [];
      let refused: string | null = null;
      try {
        await checkWritable(ctx.db, def, ctx.scope, stored);
        if (sharedList(def)) await refuseWhileInUse(ctx.db, def, stored);
        await ctx.db.transaction().execute(async (trx) => {
          const pointing = await pointingRows(trx, def, id);
          await hooks.beforeDelete?.({ ...ctx, db: trx }, stored);
          await trx.deleteFrom(def.table).where(def.id, '=', id).execute();
          goes = await goneWith(trx, pointing);
          throw ROLLBACK;
        });
      } catch (err) {
        if (err !== ROLLBACK) {
          const e = err instanceof AppError ? err : await explainConstraint(ctx.db, def, err, 'delete', id);
          if (!(e instanceof AppError)) throw e;
          refused = e.message;
        }
      }
      // the refusal is data here, not an error answer: translated like one
      return ok({ goes: dependentCounts(goes), refused: refused && translateMessage(refused, requestLanguage(req)) });
    },
  );

  r.delete(
    `${base}/:id`,
    {
      schema: { tags, summary: `Delete ${title}`, params: s.params, response: { 200: s.one } },
      preValidation: requirePermission(def.permission, 'delete'),
    },
    async (req) => {
      const ctx = await hookContext(app, req, hooks);
      const id = req.params.id;
      const answer = await answerRow(def, hooks, ctx, id);
      const stored = await visibleStored(def, ctx, id);
      await checkWritable(ctx.db, def, ctx.scope, stored);
      // shared catalogues: in use by any tenant's rows (by id or by name) → refused, naming the users
      if (sharedList(def)) await refuseWhileInUse(ctx.db, def, stored);
      try {
        await ctx.db.transaction().execute(async (trx) => {
          // what points at the row, to keep what goes with it (a cascade, a hook's delete) in the audit trail
          const pointing = await pointingRows(trx, def, id);
          await hooks.beforeDelete?.({ ...ctx, db: trx }, stored);
          await trx.deleteFrom(def.table).where(def.id, '=', id).execute();
          await recordAudit(trx, {
            userId: ctx.session.userId,
            def,
            rowId: id,
            action: 'delete',
            before: stored,
            after: null,
            dependents: await goneWith(trx, pointing),
          });
        });
      } catch (err) {
        throw await explainConstraint(ctx.db, def, err, 'delete', id);
      }
      hooks.afterCommit?.(ctx, id);
      await hooks.afterDelete?.(ctx, stored);
      return ok(answer);
    },
  );
}
