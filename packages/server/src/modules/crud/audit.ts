import { type ResourceDef, resourceList, resources } from '@fleet/shared';
import type { AuditActionName, AuditDependent } from '@fleet/shared/answers/audit.ts';
import type { Db } from '../../db/database.ts';
import { nowSeconds } from '../../http/time.ts';
import type { ScopeContext } from '../access/visibility.ts';
import { type Row, storedWhere } from './rows.ts';
import { resourceByName } from './visible-where.ts';
import { resourceTitle } from './write.ts';

/**
 * The audit trail (docs/decisions.md "Audit trail"): every write of the master routes leaves an entry in the write's
 * transaction — who, when, the row before and after — and a delete keeps the rows that went with it, so it can be
 * restored (audit.routes.ts).
 */
export type AuditAction = AuditActionName;

/** A row that went with a deleted one (a foreign-key cascade or a hook), to restore after its parent. */
export interface Dependent {
  resource: string;
  row: Row;
}

/** Who may see an entry: the row's company, vessel and tenant when it was written. */
interface ScopeKeys {
  compId: number | null;
  massId: number | null;
  grcpId: number | null;
}

const NONE: ScopeKeys = { compId: null, massId: null, grcpId: null };
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

async function companyKeys(db: Db, compId: unknown): Promise<ScopeKeys> {
  if (compId === null || compId === undefined) return NONE;
  const c = await db.selectFrom('company').select('compGrcpId').where('compId', '=', Number(compId)).executeTakeFirst();
  return { compId: Number(compId), massId: null, grcpId: num(c?.compGrcpId) };
}

async function assetKeys(db: Db, massId: unknown): Promise<ScopeKeys> {
  if (massId === null || massId === undefined) return NONE;
  const a = await db.selectFrom('asset').select('massCompId').where('massId', '=', Number(massId)).executeTakeFirst();
  return { ...(await companyKeys(db, a?.massCompId)), massId: Number(massId) };
}

/** The scope keys of a row of `def` (ScopeDef in @fleet/shared define.ts), read when it is written. */
export async function scopeKeys(db: Db, def: ResourceDef, row: Row, depth = 0): Promise<ScopeKeys> {
  const scope = def.scope;
  switch (scope.kind) {
    case 'global':
      return NONE;
    case 'company':
    case 'owned':
      // an owned row: its company's; a shared one: none (every tenant's, SHARED_RESOURCES)
      return companyKeys(db, row[scope.field]);
    case 'asset':
      return assetKeys(db, row[scope.field]);
    case 'device': {
      const d = await db
        .selectFrom('device')
        .select('devcMassId')
        .where('devcId', '=', Number(row[scope.field]))
        .executeTakeFirst();
      return assetKeys(db, d?.devcMassId);
    }
    case 'group':
      return { ...NONE, grcpId: num(row[def.id]) };
    case 'tenant':
      return { ...NONE, grcpId: num(row[scope.field]) };
    case 'user': {
      // the user's tenant: its own group, else the group of its first company
      const id = String(row[scope.field]);
      const u = await db.selectFrom('user').select('userGrcpId').where('userId', '=', id).executeTakeFirst();
      if (u?.userGrcpId != null) return { ...NONE, grcpId: Number(u.userGrcpId) };
      const c = await db
        .selectFrom('user_company')
        .innerJoin('company', 'company.compId', 'user_company.uscoCompId')
        .select('company.compGrcpId')
        .where('user_company.uscoUserId', '=', id)
        .orderBy('user_company.uscoCompId')
        .executeTakeFirst();
      return { ...NONE, grcpId: num(c?.compGrcpId) };
    }
    case 'parent': {
      const parent = resourceByName(scope.parent);
      const p = await db
        .selectFrom(parent.table)
        .selectAll()
        .where(parent.id, '=', row[scope.field] as never)
        .executeTakeFirst();
      return p && depth < 4 ? scopeKeys(db, parent, p as Row, depth + 1) : NONE;
    }
  }
}

/** An entry is visible to a platform administrator, else by its vessel, company or tenant — as the row was. */
export function entryVisible(
  e: { audtResource: unknown; audtCompId: unknown; audtMassId: unknown; audtGrcpId: unknown },
  ctx: ScopeContext,
): boolean {
  if (ctx.platformAdmin) return true;
  if (e.audtMassId !== null) return ctx.assetIds.includes(Number(e.audtMassId));
  if (e.audtCompId !== null) return ctx.companyIds.includes(Number(e.audtCompId));
  if (e.audtGrcpId !== null) return ctx.groupIds.includes(Number(e.audtGrcpId));
  // a shared catalogue's entry is everyone's; any other row without a tenant (a user of no company): the platform's
  return SHARED_RESOURCES.includes(String(e.audtResource));
}

/** The resources every tenant shares (scope 'global', and the shared rows of 'owned'): their entries carry no tenant. */
export const SHARED_RESOURCES = resourceList
  .filter((d) => d.scope.kind === 'global' || d.scope.kind === 'owned')
  .map((d) => d.name);

/** What a stored row may keep of itself in an update's entry: write-only values (password hashes) are not kept. */
function kept(def: ResourceDef, row: Row | null, keepSecrets: boolean): Row | null {
  if (!row || keepSecrets) return row;
  const out = { ...row };
  for (const [k, f] of Object.entries(def.fields)) if (f.writeOnly && k in out) out[k] = null;
  return out;
}

/** Records one write (in the write's transaction). A delete keeps its secrets and dependents: it can be restored. */
export async function recordAudit(
  db: Db,
  entry: {
    userId: string;
    def: ResourceDef;
    rowId: unknown;
    action: AuditAction;
    before: Row | null;
    after: Row | null;
    dependents?: Dependent[];
    linkId?: number;
    /** an action on a record that changes none of its values (a user's sessions ended): the row it concerns */
    scopeRow?: Row;
  },
): Promise<number> {
  const { def, action } = entry;
  const keys = await scopeKeys(db, def, (entry.after ?? entry.before ?? entry.scopeRow)!);
  const restorable = action === 'delete';
  const r = await db
    .insertInto('audit_log')
    .values({
      audtTime: nowSeconds(),
      audtUserId: entry.userId,
      audtResource: def.name,
      audtRowId: String(entry.rowId),
      audtAction: action,
      audtBefore: entry.before ? JSON.stringify(kept(def, entry.before, restorable)) : null,
      audtAfter: entry.after ? JSON.stringify(kept(def, entry.after, false)) : null,
      audtDependents: entry.dependents?.length ? JSON.stringify(entry.dependents) : null,
      audtCompId: keys.compId,
      audtMassId: keys.massId,
      audtGrcpId: keys.grcpId,
      audtLinkId: entry.linkId ?? null,
    })
    .returning('audtId')
    .executeTakeFirstOrThrow();
  return Number(r.audtId);
}

/** The resources whose rows point at a row of `def` (a reference field, or the scope's parent). */
function referencing(def: ResourceDef): { other: ResourceDef; field: string }[] {
  const out: { other: ResourceDef; field: string }[] = [];
  for (const other of resourceList) {
    for (const [name, f] of Object.entries(other.fields))
      if (f.kind === 'ref' && f.ref?.resource === def.name) out.push({ other, field: name });
    if (other.scope.kind === 'parent' && other.scope.parent === def.name && !(other.scope.field in other.fields))
      out.push({ other, field: other.scope.field });
  }
  return out;
}

/** The rows that point at a row, and the rows pointing at those (three levels), parents first. */
export async function pointingRows(db: Db, def: ResourceDef, id: unknown, depth = 0): Promise<Dependent[]> {
  if (depth >= 3) return [];
  const out: Dependent[] = [];
  for (const { other, field } of referencing(def)) {
    for (const row of await storedWhere(db, other, field, id)) {
      out.push({ resource: other.name, row });
      out.push(...(await pointingRows(db, other, row[other.id], depth + 1)));
    }
  }
  return out;
}

/** Of the rows that pointed at a deleted row, those the delete took with it (still in the write's transaction). */
export async function goneWith(db: Db, before: Dependent[]): Promise<Dependent[]> {
  const gone: Dependent[] = [];
  const seen = new Set<string>();
  for (const d of before) {
    const def = resourceByName(d.resource);
    const key = `${d.resource}|${String(d.row[def.id])}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const still = await db
      .selectFrom(def.table)
      .select(def.id)
      .where(def.id, '=', d.row[def.id] as never)
      .executeTakeFirst();
    if (!still) gone.push(d);
  }
  return gone;
}

/** Dependents by resource, as "Config AE (1), Tank Detail (7)". */
export function dependentCounts(list: Dependent[]): AuditDependent[] {
  const counts = new Map<string, number>();
  for (const d of list) counts.set(d.resource, (counts.get(d.resource) ?? 0) + 1);
  return [...counts].map(([resource, count]) => ({
    resource,
    title: resources[resource] ? resourceTitle(resources[resource]) : resource,
    count,
  }));
}
