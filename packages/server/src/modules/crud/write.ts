import { auditFields, type FieldMessages, type ResourceDef, resourceList } from '@fleet/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden } from '../../http/envelope.ts';
import { nowSeconds } from '../../http/time.ts';
import type { ScopeContext } from '../access/visibility.ts';
import { hashPassword } from '../auth/tokens.ts';
import { constraintKind } from './db-errors.ts';
import type { Row } from './rows.ts';
import { resourceByName, visibleWhere } from './visible-where.ts';

/** Human name of a resource for messages: its list title without ' List'. */
export const resourceTitle = (def: ResourceDef) => def.texts.title.replace(/ List$/, '');

const add = (errors: FieldMessages, field: string, message: string) => {
  errors[field] = [...(errors[field] ?? []), message];
};

/** Values parsed from a body, ready to store: absent fields dropped, defaults on create, passwords hashed. */
export async function storedValues(def: ResourceDef, body: Row, mode: 'create' | 'update'): Promise<Row> {
  const out: Row = {};
  for (const [k, f] of Object.entries(def.fields)) {
    let v = body[k];
    if (v === undefined && mode === 'create' && f.default !== undefined) v = f.default;
    if (v === undefined) continue;
    if (f.kind === 'password' && typeof v === 'string') v = await hashPassword(v);
    out[k] = v;
  }
  return out;
}

/** The definition's cross-field rules on the row as it will be stored; 400 per field. */
export function checkRules(def: ResourceDef, row: Row) {
  const errors: FieldMessages = {};
  for (const r of def.rules) if (r.invalid(row)) add(errors, r.field, r.message);
  if (Object.keys(errors).length) throw badRequest(errors);
}

/**
 * Every reference being written must name an existing row the user may see (another tenant's asset is
 * answered exactly like a missing one), and meet the reference's `where`. 400 per field.
 */
export async function checkReferences(db: Db, def: ResourceDef, ctx: ScopeContext, values: Row) {
  const errors: FieldMessages = {};
  for (const [name, f] of Object.entries(def.fields)) {
    const v = values[name];
    if (f.kind !== 'ref' || !f.ref || v === undefined || v === null || f.readOnly) continue;
    const target = resourceByName(f.ref.resource);
    let q = db.selectFrom(`${target.table} as rt`).selectAll('rt').where(`rt.${target.id}`, '=', v);
    const visible = visibleWhere(target, ctx, 'rt');
    if (visible) q = q.where(visible);
    const row = await q.executeTakeFirst();
    if (!row) {
      add(errors, name, `${f.label} not found`);
      continue;
    }
    for (const [k, want] of Object.entries(f.ref.where ?? {})) {
      if (String(row[k]) !== String(want)) {
        add(errors, name, f.ref.whereMessage ?? `${f.label} must have ${k} ${want}`);
        break;
      }
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/**
 * The definition's unique combinations, text compared case-insensitively: 409 with the definition's message. In a
 * list companies extend (scope `owned`) a row clashes only with the rows seen beside it: a company's with the shared
 * ones and its own, a shared one with the shared ones — never with another tenant's (nothing of theirs is revealed).
 */
export async function checkUnique(db: Db, def: ResourceDef, row: Row, exceptId?: unknown) {
  const scope = def.scope;
  const owner = scope.kind === 'owned' ? (row[scope.field] ?? null) : undefined;
  for (const u of def.unique) {
    // an empty optional value (no nick name) names nothing: it never clashes
    if (u.fields.some((f) => row[f] === undefined || row[f] === null || row[f] === '')) continue;
    let q = db.selectFrom(def.table).select(def.id);
    for (const f of u.fields) {
      const v = row[f];
      q = typeof v === 'string' ? q.where((eb) => eb(eb.fn('lower', [f]), '=', v.toLowerCase())) : q.where(f, '=', v);
    }
    if (exceptId !== undefined) q = q.where(def.id, '!=', exceptId);
    if (scope.kind === 'owned' && !u.fields.includes(scope.field)) {
      q = q.where((eb) =>
        owner === null
          ? eb(scope.field, 'is', null)
          : eb.or([eb(scope.field, 'is', null), eb(scope.field, '=', owner)]),
      );
    }
    if (await q.executeTakeFirst()) throw conflict(u.message);
  }
}

/** Created/updated user and time from the session. */
export function withAudit(def: ResourceDef, values: Row, userId: string, mode: 'create' | 'update'): Row {
  const a = auditFields(def);
  if (!a) return values;
  const now = nowSeconds();
  return mode === 'create'
    ? { ...values, [a.createdUser]: userId, [a.createdTime]: now }
    : { ...values, [a.updatedUser]: userId, [a.updatedTime]: now };
}

export const STALE_MESSAGE =
  'This record was changed by someone else after you opened it. Close the form, open the record again and repeat your change.';

/**
 * A save of a record read before its last change is refused (issue 28: concurrent edits): the client sends the
 * time of the version it edits (its updated time, else its created time) as `If-Unmodified-Since` (an HTTP date,
 * whole seconds); a later stored change answers 409 and nothing is written. Without the header (API clients) the
 * save goes through, as before.
 */
export function refuseStale(def: ResourceDef, stored: Row, header: string | undefined) {
  const a = auditFields(def);
  if (!a || !header) return;
  const seen = Date.parse(header);
  if (Number.isNaN(seen)) throw badRequest('If-Unmodified-Since must be an HTTP date');
  const version = Number(stored[a.updatedTime] ?? stored[a.createdTime] ?? 0);
  if (version > Math.floor(seen / 1000)) throw conflict(STALE_MESSAGE);
}

/**
 * Rows of every tenant that use row `stored` of `def` — by reference (ref fields) or by value (`usedBy`) —
 * as "Asset (4)", the reason a delete is refused.
 */
async function referencesTo(db: Db, def: ResourceDef, stored: Row): Promise<string[]> {
  const uses: { table: string; field: string; value: unknown; title: string }[] = [];
  for (const other of resourceList) {
    for (const [name, f] of Object.entries(other.fields)) {
      if (f.kind === 'ref' && f.ref?.resource === def.name) {
        uses.push({ table: other.table, field: name, value: stored[def.id], title: resourceTitle(other) });
      }
    }
  }
  for (const u of def.usedBy ?? []) {
    const other = resourceByName(u.resource);
    uses.push({ table: other.table, field: u.field, value: stored[u.via], title: resourceTitle(other) });
  }
  const out: string[] = [];
  for (const u of uses) {
    if (u.value === undefined || u.value === null) continue;
    const r = await db
      .selectFrom(u.table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(u.field, '=', u.value)
      .executeTakeFirst();
    const n = Number((r as { n?: unknown } | undefined)?.n ?? 0);
    if (n > 0) out.push(`${u.title} (${n})`);
  }
  return out;
}

const inUseMessage = (def: ResourceDef, users: string[]) =>
  users.length
    ? `Cannot delete this ${resourceTitle(def)}: it is still used by ${users.join(', ')}`
    : `Cannot delete this ${resourceTitle(def)}: it is still in use`;

/** A row other rows still use (of any tenant) is not deleted: 409 naming what uses it. */
export async function refuseWhileInUse(db: Db, def: ResourceDef, stored: Row) {
  const users = await referencesTo(db, def, stored);
  if (users.length) throw conflict(inUseMessage(def, users));
}

export const SHARED_LIST_MESSAGE =
  'This list is shared by all tenants: only a platform administrator can add, change or delete its entries';
export const BUILT_IN_ROLE_MESSAGE =
  'Built-in roles are shared by all tenants and cannot be changed: add a role of your own instead';

/**
 * Who may write which rows beyond the permission (docs/decisions.md "Tenants"): shared catalogues and
 * built-in rows (a tenant field left empty) — and rows under them — only a platform administrator.
 * `stored` is the row being changed or deleted; on create the values about to be stored.
 */
export async function checkWritable(db: Db, def: ResourceDef, ctx: ScopeContext, row: Row): Promise<void> {
  if (ctx.platformAdmin) return;
  const scope = def.scope;
  if (scope.kind === 'global') throw forbidden(SHARED_LIST_MESSAGE);
  if (scope.kind === 'owned' && (row[scope.field] === null || row[scope.field] === undefined)) {
    throw forbidden(SHARED_LIST_MESSAGE);
  }
  if (scope.kind === 'tenant' && (row[scope.field] === null || row[scope.field] === undefined)) {
    throw forbidden(BUILT_IN_ROLE_MESSAGE);
  }
  if (scope.kind === 'parent') {
    const parent = resourceByName(scope.parent);
    if (parent.scope.kind !== 'tenant' && parent.scope.kind !== 'global' && parent.scope.kind !== 'owned') return;
    const parentRow = await db
      .selectFrom(parent.table)
      .selectAll()
      .where(parent.id, '=', row[scope.field] as never)
      .executeTakeFirst();
    if (parentRow) await checkWritable(db, parent, ctx, parentRow as Row);
  }
}

/**
 * Turns a constraint failure of a write into the client's answer: a duplicate is a 409, a delete of a row
 * still referenced is a 409 naming what uses it, a reference that vanished meanwhile is a 400.
 */
export async function explainConstraint(db: Db, def: ResourceDef, err: unknown, op: 'write' | 'delete', id?: unknown) {
  const kind = constraintKind(err);
  if (kind === 'unique') return conflict(def.unique[0]?.message ?? `This ${resourceTitle(def)} already exists`);
  if (kind === 'foreignKey' && op === 'delete') {
    return conflict(inUseMessage(def, await referencesTo(db, def, { [def.id]: id })));
  }
  if (kind === 'foreignKey') return badRequest('A referenced record does not exist');
  if (kind === 'notNull') return badRequest('A required value is missing');
  return err;
}
