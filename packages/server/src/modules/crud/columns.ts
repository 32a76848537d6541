import { auditFields, type FieldDef, MAX_INT, type ResourceDef, resourceList, toEpochSeconds } from '@fleet/shared';
import { badRequest } from '../../http/envelope.ts';
import { resourceByName } from './visible-where.ts';

/** How a column's values are read, compared and written out. */
export type ValueKind = 'text' | 'integer' | 'number' | 'datetime';

export interface ColumnInfo {
  /** qualified column for SQL: `${table}.${field}` or `${joinAs}.${field}` */
  sql: string;
  kind: ValueKind;
}

const byTable = new Map(resourceList.map((r) => [r.table, r]));

/** The value kind of a field as stored. */
export function fieldKind(f: FieldDef): ValueKind {
  switch (f.kind) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'datetime':
      return 'datetime';
    case 'select':
      return f.options?.length && f.options.every((o) => typeof o.value === 'number') ? 'integer' : 'text';
    case 'ref':
      return f.ref && resourceByName(f.ref.resource).idKind === 'text' ? 'text' : 'integer';
    default:
      return 'text';
  }
}

/** Kind of a column of a resource's own table: id, field or audit column; undefined when it has no such column. */
export function ownColumnKind(def: ResourceDef, name: string): ValueKind | undefined {
  if (name === def.id) return def.idKind === 'text' ? 'text' : 'integer';
  const f = def.fields[name];
  if (f) return fieldKind(f);
  const a = auditFields(def);
  if (a && (name === a.createdTime || name === a.updatedTime)) return 'datetime';
  if (a && (name === a.createdUser || name === a.updatedUser)) return 'text';
  return undefined;
}

/** Resolves a whitelisted name ('massName' or the joined 'massMaty.matyName') to its SQL column and kind. */
export function resolveColumn(def: ResourceDef, name: string): ColumnInfo {
  const dot = name.indexOf('.');
  if (dot < 0) {
    const kind = ownColumnKind(def, name);
    if (!kind) throw new Error(`${def.name}: ${name} is not a column`);
    return { sql: `${def.table}.${name}`, kind };
  }
  const as = name.slice(0, dot);
  const field = name.slice(dot + 1);
  const join = def.joins.find((j) => j.as === as);
  if (!join?.fields.includes(field)) throw new Error(`${def.name}: ${name} is not a joined column`);
  return { sql: `${as}.${field}`, kind: joinedKind(join.table, field) };
}

/** Kind of a field of a joined table, from that table's own definition. */
export function joinedKind(table: string, field: string): ValueKind {
  const other = byTable.get(table);
  return (other && ownColumnKind(other, field)) ?? 'text';
}

/** A filter value from the query string, as the column stores it; a 400 when it cannot be one. */
export function filterValue(name: string, kind: ValueKind, raw: string): string | number {
  if (kind === 'text') return raw;
  if (kind === 'datetime') {
    const s = toEpochSeconds(raw);
    if (s === null) throw badRequest(`finds[${name}] must be a date and time`);
    return s;
  }
  const n = numberFor(kind, raw);
  if (n === null)
    throw badRequest(kind === 'integer' ? `finds[${name}] must be a whole number` : `finds[${name}] must be a number`);
  return n;
}

/** A number a column of this kind can hold, or null (1.5 or 1e20 in an integer column would fail in PostgreSQL). */
export function numberFor(kind: ValueKind, raw: string): number | null {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) return null;
  if (kind === 'integer' && (!Number.isInteger(n) || Math.abs(n) > MAX_INT)) return null;
  return n;
}
