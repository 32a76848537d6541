import { auditFields, type FieldMessages, type ResourceDef, resourceList } from '@fleet/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/envelope.ts';
import { hashPassword, nowSeconds } from '../auth/tokens.ts';
import { constraintKind } from './db-errors.ts';
import type { Row } from './rows.ts';
import { isVisibleGateway, resourceByName, type ScopeContext, visibleWhere } from './scope.ts';

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
 * answered exactly like a missing one), and meet the reference's `where`. Gateway scope: the asset id must
 * be a visible gateway. 400 per field.
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
  if (def.scope.kind === 'gateway') {
    const field = def.scope.field;
    const v = values[field];
    if (typeof v === 'string' && !(await isVisibleGateway(db, ctx, v))) {
      add(errors, field, `${def.fields[field]?.label ?? field} not found: choose the gateway of a visible asset`);
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** The definition's unique combinations: 409 with the definition's message. */
export async function checkUnique(db: Db, def: ResourceDef, row: Row, exceptId?: unknown) {
  for (const u of def.unique) {
    if (u.fields.some((f) => row[f] === undefined || row[f] === null)) continue;
    let q = db.selectFrom(def.table).select(def.id);
    for (const f of u.fields) q = q.where(f, '=', row[f]);
    if (exceptId !== undefined) q = q.where(def.id, '!=', exceptId);
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

/** Resources whose rows point at row `id` of `def`, with counts: the reason a delete was refused. */
async function referencesTo(db: Db, def: ResourceDef, id: unknown): Promise<string[]> {
  const out: string[] = [];
  for (const other of resourceList) {
    for (const [name, f] of Object.entries(other.fields)) {
      if (f.kind !== 'ref' || f.ref?.resource !== def.name) continue;
      const r = await db
        .selectFrom(other.table)
        .select((eb: any) => eb.fn.countAll().as('n'))
        .where(name, '=', id)
        .executeTakeFirst();
      const n = Number((r as { n?: unknown } | undefined)?.n ?? 0);
      if (n > 0) out.push(`${resourceTitle(other)} (${n})`);
    }
  }
  return out;
}

/**
 * Turns a constraint failure of a write into the client's answer: a duplicate is a 409, a delete of a row
 * still referenced is a 409 naming what uses it, a reference that vanished meanwhile is a 400.
 */
export async function explainConstraint(db: Db, def: ResourceDef, err: unknown, op: 'write' | 'delete', id?: unknown) {
  const kind = constraintKind(err);
  if (kind === 'unique') return conflict(def.unique[0]?.message ?? `This ${resourceTitle(def)} already exists`);
  if (kind === 'foreignKey' && op === 'delete') {
    const users = await referencesTo(db, def, id);
    return conflict(
      users.length
        ? `Cannot delete this ${resourceTitle(def)}: it is still used by ${users.join(', ')}`
        : `Cannot delete this ${resourceTitle(def)}: it is still in use`,
    );
  }
  if (kind === 'foreignKey') return badRequest('A referenced record does not exist');
  if (kind === 'notNull') return badRequest('A required value is missing');
  return err;
}
