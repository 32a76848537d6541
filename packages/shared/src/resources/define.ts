import { z } from 'zod';
import type { PermissionKey } from '../permissions.ts';

/**
 * One resource definition drives the server route (/api/master/{path}: list, get, create, update, delete)
 * and the web CRUD page (table columns, filters, form fields, titles, toasts).
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'integer'
  | 'number'
  | 'select' // fixed options
  | 'ref' // a row of another resource, chosen from its list
  | 'datetime' // epoch seconds in the database, ISO 8601 UTC in the API
  | 'json' // JSON text (prmsOperations, mevtThresholds)
  | 'email'
  | 'password';

export interface FieldOption {
  value: string | number;
  label: string;
}

export interface FieldDef {
  label: string;
  kind: FieldKind;
  /** Validation of a client-sent value. Optional fields use .optional()/.nullable(). */
  schema: z.ZodType;
  options?: FieldOption[];
  /** kind 'ref': the resource whose rows are offered, and the field shown as the option label */
  ref?: { resource: string; labelField: string };
  /** server-managed: ignored from clients, returned */
  readOnly?: boolean;
  /** accepted, never returned (passwords) */
  writeOnly?: boolean;
  /** settable on create only (user e-mail) */
  immutable?: boolean;
  placeholder?: string;
  step?: number;
}

export interface JoinDef {
  /** property of the nested object in the answer, e.g. compGrcp */
  as: string;
  /** this table's foreign-key field, e.g. compGrcpId */
  localField: string;
  table: string;
  foreignField: string;
  /** fields of the joined row returned nested, e.g. ['grcpName'] */
  fields: string[];
}

/**
 * Which rows of this resource a signed-in user may see (ARCHITECTURE.md "Tenant scope").
 * - global: a catalogue shared by all tenants (fuel types, roles, permissions …)
 * - company: `field` holds a company id; visible when the company is one of the user's companies
 * - group: a group_company row; visible when one of its companies is the user's
 * - asset: `field` holds an asset id; visible when the asset is visible to the user
 * - device: `field` holds a device id whose asset is visible
 * - parent: `field` holds the id of a row of resource `parent`, visible when that row is
 * - user: `field` holds a user id sharing a company with the signed-in user (or created by them)
 * - gateway: `field` holds a gateway device unique id without its `gateway-` prefix (config events)
 */
export type ScopeDef =
  | { kind: 'global' }
  | { kind: 'company'; field: string }
  | { kind: 'group' }
  | { kind: 'asset'; field: string }
  | { kind: 'device'; field: string }
  | { kind: 'parent'; field: string; parent: string }
  | { kind: 'user'; field: string }
  | { kind: 'gateway'; field: string };

export interface ResourceTexts {
  /** list title */
  title: string;
  addTitle: string;
  editTitle: string;
  /** toast after delete */
  deleted: string;
  /** toast after create / update */
  saved?: string;
  empty?: string;
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  name: string;
  /** path under /api/master/ */
  path: string;
  table: string;
  id: string;
  idKind: 'integer' | 'text';
  permission: PermissionKey;
  fields: F;
  /** field-name prefix of the audit columns ({prefix}CreatedUserId/Time, {prefix}UpdatedUserId/Time); null for none */
  auditPrefix: string | null;
  /** fields allowed in finds[field] (exact match, repeatable for a list) */
  filters: string[];
  /** fields allowed in orders[field] */
  orders: string[];
  /** fields allowed as findField (case-insensitive contains) */
  search: string[];
  defaultOrder: [field: string, dir: 'asc' | 'desc'];
  joins: JoinDef[];
  scope: ScopeDef;
  /** combinations the server refuses twice, with the message shown */
  unique: { fields: string[]; message: string }[];
  /** table columns of the generic page, in order */
  columns: string[];
  pageSize: number;
  texts: ResourceTexts;
}

type Opt<T> = Partial<T>;

export function defineResource<F extends Record<string, FieldDef>>(
  def: Pick<ResourceDef<F>, 'name' | 'path' | 'table' | 'id' | 'permission' | 'fields' | 'texts' | 'scope'> &
    Opt<ResourceDef<F>>,
): ResourceDef<F> {
  const fieldNames = Object.keys(def.fields);
  return {
    idKind: 'integer',
    auditPrefix: null,
    filters: [],
    orders: [def.id, ...fieldNames],
    search: [],
    defaultOrder: [def.id, 'asc'],
    joins: [],
    unique: [],
    columns: fieldNames.filter((f) => !(def.fields as Record<string, FieldDef>)[f].writeOnly),
    pageSize: 10,
    ...def,
  };
}

/** Fields a client may send on create. */
export function writableFields(def: ResourceDef, mode: 'create' | 'update'): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => !f.readOnly && !(mode === 'update' && f.immutable))
    .map(([k]) => k);
}

/** zod object for a create (all writable fields, as declared) or an update (all optional). */
export function bodySchema(def: ResourceDef, mode: 'create' | 'update') {
  const shape: Record<string, z.ZodType> = {};
  for (const k of writableFields(def, mode)) {
    const s = def.fields[k].schema;
    shape[k] = mode === 'update' ? s.optional() : s;
  }
  return z.object(shape);
}

// ---- small schema helpers used by the definitions

/** Required text: trimmed, not blank. */
export const requiredText = (label: string, max = 255) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
export const optionalText = (max = 1000) => z.string().trim().max(max).nullish();
/** Numbers may arrive as strings from multipart forms. */
export const num = (label: string) =>
  z.coerce.number({ error: `${label} must be a number` }).refine(Number.isFinite, `${label} must be a number`);
export const int = (label: string) =>
  z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`);
export const refId = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .int()
    .positive(`${label} is required`);
export const zeroOne = (label: string) =>
  z.coerce.number().refine((v) => v === 0 || v === 1, `${label} must be 0 or 1`);
/** '0' / '1' kept as text (compStatus, devcStatus in the specs). */
export const zeroOneText = (label: string) =>
  z
    .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)], { error: `${label} must be 0 or 1` })
    .transform(String);
