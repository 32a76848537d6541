import { type ResourceDef, resources } from '@fleet/shared';
import { AUDIT_ACTIONS, type AuditEntry, auditEntrySchema } from '@fleet/shared/answers/audit.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { conflict, envelope, notFound, ok } from '../../http/envelope.ts';
import { type ScopeContext, scopeContext } from '../access/visibility.ts';
import { requireAuth, type Session, sessionOf } from '../auth/session.ts';
import { type Dependent, dependentCounts, entryVisible, recordAudit, SHARED_RESOURCES } from './audit.ts';
import type { ResourceHookTable } from './hooks.ts';
import type { Row } from './rows.ts';
import { checkWritable, explainConstraint, resourceTitle } from './write.ts';

export const RESTORED_ALREADY_MESSAGE = 'This delete has already been undone';
export const NOT_RESTORABLE_MESSAGE = 'Only a deleted record can be restored';

type Eb = ExpressionBuilder<any, any>;
const never = sql<SqlBool>`1 = 0`;
const inList = (eb: Eb, col: string, list: readonly number[]) => (list.length ? eb(col, 'in', [...list]) : never);

/** The SQL form of entryVisible (audit.ts): by the entry's vessel, else company, else tenant; shared lists to all. */
function visibleEntries(ctx: ScopeContext): ((eb: Eb) => Expression<SqlBool>) | null {
  if (ctx.platformAdmin) return null;
  return (eb) =>
    eb.or([
      inList(eb, 'audtMassId', ctx.assetIds),
      eb.and([eb('audtMassId', 'is', null), inList(eb, 'audtCompId', ctx.companyIds)]),
      eb.and([eb('audtMassId', 'is', null), eb('audtCompId', 'is', null), inList(eb, 'audtGrcpId', ctx.groupIds)]),
      eb.and([
        eb('audtMassId', 'is', null),
        eb('audtCompId', 'is', null),
        eb('audtGrcpId', 'is', null),
        eb('audtResource', 'in', SHARED_RESOURCES),
      ]),
    ]);
}

/** The resources a session may read (their entries only are listed). */
const readable = (access: Partial<Record<string, readonly string[]>>) =>
  Object.values(resources).filter((def) => access[def.permission]?.includes('read'));

const parse = (text: unknown): Row | null => (typeof text === 'string' ? (JSON.parse(text) as Row) : null);

/** Write-only values (password hashes) never leave the server. */
function shown(def: ResourceDef | undefined, row: Row | null): Row | null {
  if (!row || !def) return row;
  const out = { ...row };
  for (const [k, f] of Object.entries(def.fields)) if (f.writeOnly) delete out[k];
  return out;
}

async function userNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('user_login')
    .select(['usloUserId', 'usloUserName'])
    .where('usloUserId', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [String(r.usloUserId), String(r.usloUserName)]));
}

/** The filters of the audit trail (the list's and its download's). */
export const auditQuery = z.object({
  resource: z.string().max(60).optional(),
  rowId: z.string().max(200).optional(),
  userId: z.string().max(320).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export type AuditFilters = z.output<typeof auditQuery>;

/** May the session see any entry (read on at least one resource: the Audit Trail screen's permission)? */
export const readsAnyResource = (session: Session) => readable(session.access).length > 0;

/**
 * The entries a session may see that the filters select (the list's and the download's), or null when the named
 * resource is not one the session may read (nothing to show).
 */
export async function auditSelection(db: Db, session: Session, q: AuditFilters) {
  const ctx = await scopeContext(db, session);
  const names = readable(session.access).map((d) => d.name);
  if (q.resource !== undefined && !names.includes(q.resource)) return null;
  let base = db
    .selectFrom('audit_log')
    .where('audtResource', 'in', q.resource ? [q.resource] : names.length ? names : ['-']);
  const visible = visibleEntries(ctx);
  if (visible) base = base.where(visible);
  if (q.rowId !== undefined) base = base.where('audtRowId', '=', q.rowId);
  if (q.userId !== undefined) base = base.where('audtUserId', '=', q.userId);
  if (q.action !== undefined) base = base.where('audtAction', '=', q.action);
  if (q.from !== undefined) base = base.where('audtTime', '>=', q.from);
  if (q.to !== undefined) base = base.where('audtTime', '<', q.to);
  return base;
}

/** Stored audit_log rows as the list answers them (the user's name, before/after without write-only values, …). */
export async function auditEntries(db: Db, session: Session, rows: Record<string, unknown>[]): Promise<AuditEntry[]> {
  const names = await userNames(
    db,
    rows.map((e) => String(e.audtUserId)),
  );
  return rows.map((e) => {
    const def = resources[String(e.audtResource)];
    const before = parse(e.audtBefore);
    const after = parse(e.audtAfter);
    const changed =
      before && after ? Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])) : [];
    return {
      id: Number(e.audtId),
      time: Number(e.audtTime),
      userId: String(e.audtUserId),
      userName: names.get(String(e.audtUserId)) ?? null,
      resource: String(e.audtResource),
      title: def ? resourceTitle(def) : String(e.audtResource),
      rowId: String(e.audtRowId),
      action: e.audtAction as (typeof AUDIT_ACTIONS)[number],
      before: shown(def, before),
      after: shown(def, after),
      changed: changed.filter((k) => !def?.fields[k]?.writeOnly),
      dependents: dependentCounts((parse(e.audtDependents) as unknown as Dependent[] | null) ?? []),
      restorable:
        e.audtAction === 'delete' &&
        e.audtLinkId === null &&
        !!def &&
        !!session.access[def.permission]?.includes('create'),
      linkId: e.audtLinkId === null ? null : Number(e.audtLinkId),
    };
  });
}

/**
 * The audit trail: GET /api/audit (filtered list, newest first) and POST /api/audit/{id}/restore (undo a delete:
 * the row and what went with it, with their ids). Entries are those of the resources the user may read, visible as
 * their rows were (audit.ts entryVisible).
 */
export const auditRoutes =
  (hooks: ResourceHookTable): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const db = () => app.deps.database.db;

    r.get(
      '/audit',
      {
        preHandler: requireAuth,
        schema: {
          tags: ['audit'],
          summary: 'Audit trail of master data and access changes (who, when, before and after), newest first',
          querystring: auditQuery.extend({
            page: z.coerce.number().int().min(1).max(100000).default(1),
            max: z.coerce.number().int().min(1).max(500).default(50),
          }),
          response: { 200: envelope(z.array(auditEntrySchema), true) },
        },
      },
      async (req) => {
        const session = sessionOf(req);
        const q = req.query;
        const base = await auditSelection(db(), session, q);
        if (!base) return ok([], 0);
        const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
        const rows = await base
          .selectAll()
          .orderBy('audtId', 'desc')
          .limit(q.max)
          .offset((q.page - 1) * q.max)
          .execute();
        return ok(await auditEntries(db(), session, rows), Number(total?.n ?? 0));
      },
    );

    r.post(
      '/audit/:id/restore',
      {
        preHandler: requireAuth,
        schema: {
          tags: ['audit'],
          summary: 'Restore a deleted record and the rows that went with it, with their ids',
          params: z.object({ id: z.coerce.number().int().min(1) }),
          response: { 200: envelope(z.object({ id: z.number(), resource: z.string(), rowId: z.string() })) },
        },
      },
      async (req) => {
        const session = sessionOf(req);
        const ctx = await scopeContext(db(), session);
        const e = await db().selectFrom('audit_log').selectAll().where('audtId', '=', req.params.id).executeTakeFirst();
        const def = e ? resources[String(e.audtResource)] : undefined;
        // an entry the user may not see is answered like a missing one
        if (!e || !def || !session.access[def.permission]?.includes('read') || !entryVisible(e as never, ctx))
          throw notFound('Audit entry');
        if (e.audtAction !== 'delete') throw conflict(NOT_RESTORABLE_MESSAGE);
        if (e.audtLinkId !== null) throw conflict(RESTORED_ALREADY_MESSAGE);
        if (!session.access[def.permission]?.includes('create'))
          throw conflict(`You do not have create access to ${def.permission}`);
        const row = parse(e.audtBefore)!;
        await checkWritable(db(), def, ctx, row);
        const dependents = (parse(e.audtDependents) as unknown as Dependent[] | null) ?? [];
        let restoredId = 0;
        try {
          restoredId = await db()
            .transaction()
            .execute(async (trx) => {
              await trx.insertInto(def.table).values(row).execute();
              for (const d of dependents) {
                const other = resources[d.resource];
                if (other) await trx.insertInto(other.table).values(d.row).execute();
              }
              const id = await recordAudit(trx, {
                userId: session.userId,
                def,
                rowId: e.audtRowId,
                action: 'restore',
                before: null,
                after: row,
                dependents,
                linkId: Number(e.audtId),
              });
              const undone = await trx
                .updateTable('audit_log')
                .set({ audtLinkId: id })
                .where('audtId', '=', Number(e.audtId))
                .where('audtLinkId', 'is', null)
                .executeTakeFirst();
              // two restores at once: the second finds the delete already undone
              if (Number(undone.numUpdatedRows) !== 1) throw conflict(RESTORED_ALREADY_MESSAGE);
              return id;
            });
        } catch (err) {
          throw await explainConstraint(db(), def, err, 'write');
        }
        hooks[def.name]?.afterCommit?.({ db: db(), session, scope: ctx, req }, row[def.id]);
        for (const d of dependents)
          hooks[d.resource]?.afterCommit?.(
            { db: db(), session, scope: ctx, req },
            d.row[resources[d.resource]?.id ?? ''],
          );
        return ok({ id: restoredId, resource: def.name, rowId: String(e.audtRowId) });
      },
    );
  };
