import { auditFields, fromEpochSeconds, type ListQuery, type ResourceDef } from '@fleet/shared';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ScopeContext } from '../access/visibility.ts';
import { filterValue, joinedKind, numberFor, ownColumnKind, resolveColumn, type ValueKind } from './columns.ts';
import { referencesVisibleWhere, visibleWhere } from './visible-where.ts';

export type Row = Record<string, unknown>;
type Query = SelectQueryBuilder<any, any, any>;

/** Own columns a row answers with: id, readable fields, audit columns. */
export function ownColumns(def: ResourceDef): string[] {
  const cols = [def.id, ...Object.keys(def.fields).filter((k) => k !== def.id && !def.fields[k].writeOnly)];
  const a = auditFields(def);
  if (a) cols.push(a.createdUser, a.createdTime, a.updatedUser, a.updatedTime);
  return cols;
}

/**
 * Aliases of the selected columns: lower-case letters and digits only, so the camel-case mapping leaves them
 * alone (it would answer compPIC as compPic).
 */
const ownAlias = (i: number) => `c${i}`;
const joinAlias = (i: number, k: number) => `j${i}x${k}`;

/** Every column of the resource's own table, write-only ones included (for checks on the stored row). */
function storedColumns(def: ResourceDef): string[] {
  const writeOnly = Object.keys(def.fields).filter((k) => def.fields[k].writeOnly);
  return [...ownColumns(def), ...writeOnly];
}

function selectOwn(q: Query, def: ResourceDef, cols: string[]): Query {
  return q.select(cols.map((c, i) => `${def.table}.${c} as ${ownAlias(i)}`));
}

function readOwn(cols: string[], raw: Row): Row {
  return Object.fromEntries(cols.map((c, i) => [c, raw[ownAlias(i)]]));
}

/**
 * The resource's table with its joins (left joins: a missing reference gives a null object), limited to what
 * the user may see when `ctx` is given.
 */
export function fromResource(db: Db, def: ResourceDef, ctx: ScopeContext | null): Query {
  let q: Query = db.selectFrom(def.table);
  for (const j of def.joins) {
    q = q.leftJoin(`${j.table} as ${j.as}`, `${j.as}.${j.foreignField}`, `${def.table}.${j.localField}`);
  }
  if (ctx) {
    const visible = visibleWhere(def, ctx, def.table);
    if (visible) q = q.where(visible);
    const refs = referencesVisibleWhere(def, ctx, def.table);
    if (refs) q = q.where(refs);
  }
  return q;
}

function selectRow(q: Query, def: ResourceDef): Query {
  let out = selectOwn(q, def, ownColumns(def));
  def.joins.forEach((j, i) => {
    out = out.select(j.fields.map((f, k) => `${j.as}.${f} as ${joinAlias(i, k)}`));
  });
  return out;
}

function outValue(kind: ValueKind, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (kind) {
    case 'datetime':
      return fromEpochSeconds(Number(v));
    case 'integer':
    case 'number': {
      // a stored Infinity or NaN (PostgreSQL 'Infinity', SQLite 1e999) is answered null (docs/domain.md §32.2)
      const n = Number(v);
      return Number.isFinite(n) ? n : null;
    }
    default:
      return String(v);
  }
}

/** A raw result row → the answer: ISO times, nested join objects, nothing write-only. */
export function toAnswer(def: ResourceDef, raw: Row): Row {
  const out: Row = {};
  const own = readOwn(ownColumns(def), raw);
  for (const [c, v] of Object.entries(own)) out[c] = outValue(ownColumnKind(def, c) ?? 'text', v);
  def.joins.forEach((j, i) => {
    const values = j.fields.map((_f, k) => raw[joinAlias(i, k)]);
    // a left join that found nothing answers null, not an object of nulls
    out[j.as] =
      own[j.localField] === null ||
      own[j.localField] === undefined ||
      values.every((v) => v === null || v === undefined)
        ? null
        : Object.fromEntries(j.fields.map((f, k) => [f, outValue(joinedKind(j.table, f), values[k])]));
  });
  return out;
}

/** Applies finds, search and extra conditions of a list query. */
function applyFilters(q: Query, def: ResourceDef, lq: ListQuery): Query {
  let out = q;
  for (const [name, values] of Object.entries(lq.finds)) {
    const nonEmpty = values.filter((v) => v !== '');
    if (!nonEmpty.length) continue; // an empty filter value means "all"
    const col = resolveColumn(def, name);
    const typed = nonEmpty.map((v) => filterValue(name, col.kind, v));
    out = typed.length === 1 ? out.where(col.sql, '=', typed[0]) : out.where(col.sql, 'in', typed);
  }
  if (lq.findField && lq.findValue !== undefined && lq.findValue !== '') {
    const col = resolveColumn(def, lq.findField);
    if (col.kind === 'text') {
      // contains, case-insensitive on both engines (no ilike in SQLite); % and _ are taken literally
      const pattern = `%${lq.findValue.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      out = out.where(sql<boolean>`lower(${sql.ref(col.sql)}) like ${pattern} escape ${sql.lit('\\')}`);
    } else {
      // a number (an id) is looked up exactly: contains would match 1 in 10, 11 …
      const n = numberFor(col.kind, lq.findValue);
      out = n !== null ? out.where(col.sql, '=', n) : out.where(sql<boolean>`1 = 0`);
    }
  }
  return out;
}

function applyOrder(q: Query, def: ResourceDef, lq: ListQuery): Query {
  const orders = lq.orders.length ? lq.orders : [def.defaultOrder];
  let out = q;
  for (const [name, dir] of orders) {
    const col = resolveColumn(def, name);
    // the same order on both engines: empty values last, text without regard to case
    out = out.orderBy(sql`case when ${sql.ref(col.sql)} is null then 1 else 0 end`);
    out = out.orderBy(col.kind === 'text' ? sql`lower(${sql.ref(col.sql)})` : sql.ref(col.sql), dir);
  }
  if (!orders.some(([name]) => name === def.id)) out = out.orderBy(sql.ref(`${def.table}.${def.id}`), 'asc');
  return out;
}

export interface ListOptions {
  /** extra conditions (the period of a period list) */
  where?: (q: Query) => Query;
}

/** One page of visible rows and the total over all pages. */
export async function listRows(
  db: Db,
  def: ResourceDef,
  ctx: ScopeContext,
  lq: ListQuery,
  opts: ListOptions = {},
): Promise<{ rows: Row[]; total: number }> {
  let base = applyFilters(fromResource(db, def, ctx), def, lq);
  if (opts.where) base = opts.where(base);
  const count = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
  const page = await applyOrder(selectRow(base, def), def, lq)
    .limit(lq.max)
    .offset((lq.page - 1) * lq.max)
    .execute();
  return { rows: page.map((r: Row) => toAnswer(def, r)), total: Number(count?.total ?? 0) };
}

/** One row by id as the answer, or undefined when it does not exist or is not visible (ctx null: unscoped). */
export async function getRow(
  db: Db,
  def: ResourceDef,
  ctx: ScopeContext | null,
  id: unknown,
): Promise<Row | undefined> {
  const raw = await selectRow(fromResource(db, def, ctx), def)
    .where(`${def.table}.${def.id}`, '=', id)
    .executeTakeFirst();
  return raw ? toAnswer(def, raw) : undefined;
}

/** The stored row (epoch seconds, write-only columns included), when visible. */
export async function getStored(
  db: Db,
  def: ResourceDef,
  ctx: ScopeContext | null,
  id: unknown,
): Promise<Row | undefined> {
  const cols = storedColumns(def);
  const raw = await selectOwn(fromResource(db, def, ctx), def, cols)
    .where(`${def.table}.${def.id}`, '=', id)
    .executeTakeFirst();
  return raw ? readOwn(cols, raw) : undefined;
}

/** Every stored row (all own columns, write-only ones included) whose `field` is `value`, unscoped (the audit trail). */
export async function storedWhere(db: Db, def: ResourceDef, field: string, value: unknown): Promise<Row[]> {
  const cols = storedColumns(def);
  const raws = await selectOwn(db.selectFrom(def.table), def, cols)
    .where(`${def.table}.${field}`, '=', value)
    .execute();
  return raws.map((raw) => readOwn(cols, raw as Row));
}
