import { z } from 'zod';
import { OPERATIONS, type PermissionKey } from '../permissions.ts';
import { toEpochSeconds } from '../time.ts';

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
  /** a line under the choice (ROB adjustment 'Reset Value resets …') */
  hint?: string;
}

export interface FieldDef {
  label: string;
  kind: FieldKind;
  /** Validation of a client-sent value. Optional fields use .optional()/.nullable(). */
  schema: z.ZodType;
  options?: FieldOption[];
  /**
   * kind 'ref': the resource whose rows are offered, and the field shown as the option label.
   * `where`: only rows with these values may be chosen (the picker sends them as finds[…]; the server refuses others).
   */
  ref?: { resource: string; labelField: string; where?: Record<string, string | number>; whereMessage?: string };
  /** server-managed: ignored from clients, returned */
  readOnly?: boolean;
  /** accepted, never returned (passwords) */
  writeOnly?: boolean;
  /** settable on create only (user e-mail) */
  immutable?: boolean;
  placeholder?: string;
  step?: number;
  /** value used on create when the client sends none; also the form's initial value */
  default?: string | number;
  /** help text under the input */
  hint?: string;
  /** kind number: the values its schema accepts (docs/domain.md §32.1), for documentation and tests */
  range?: NumRange;
}

/** A quantity's accepted values, inclusive, in `unit` (docs/domain.md §32). */
export interface NumRange {
  min: number;
  max: number;
  unit: string;
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
 * Which rows of this resource a signed-in user may see (docs/decisions.md "Tenant scope").
 * - global: a catalogue shared by all tenants (fuel types, roles, permissions …)
 * - company: `field` holds a company id; visible when the company is one of the user's companies
 * - group: a group_company row; visible when one of its companies is the user's
 * - asset: `field` holds an asset id; visible when the asset is visible to the user
 * - device: `field` holds a device id whose asset is visible
 * - parent: `field` holds the id of a row of resource `parent`, visible when that row is
 * - user: `field` holds a user id sharing a company with the signed-in user (or created by them)
 * - tenant: `field` holds a group (tenant) id; visible to users of that group; null = a built-in row shared by
 *   all tenants, read-only except for a platform administrator (roles)
 * - global: also means only a platform administrator may create, change or delete rows (docs/decisions.md)
 */
export type ScopeDef =
  | { kind: 'global' }
  | { kind: 'company'; field: string }
  | { kind: 'group' }
  | { kind: 'asset'; field: string }
  | { kind: 'device'; field: string }
  | { kind: 'parent'; field: string; parent: string }
  | { kind: 'user'; field: string }
  | { kind: 'tenant'; field: string };

export interface ResourceTexts {
  /** list title */
  title: string;
  addTitle: string;
  editTitle: string;
  /** toast after delete */
  deleted: string;
  /** toast after create / update */
  saved?: string;
  /** toast after create, when it differs from `saved` */
  created?: string;
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
  /** column headers that differ from the field label, and headers of audit / joined columns ('devcMass.massName') */
  labels: Record<string, string>;
  /** checks across fields, run on the row as it will be stored (create: the body; update: stored row + body) */
  rules: RuleDef[];
  /**
   * Rows of other resources that name a row of this one by a value instead of an id (tank headers name their
   * fuel type): `field` of `resource` holds this row's `via`. A delete is refused while any exist, like refs.
   */
  usedBy?: { resource: string; field: string; via: string }[];
  /** adds GET {path}/period/{start}/{end}: rows whose [start, end] overlaps the period (unix seconds) */
  period?: { start: string; end: string };
}

export interface RuleDef {
  /** the field the message is shown under */
  field: string;
  message: string;
  /** true when the row breaks the rule; values are as stored (datetimes in epoch seconds) */
  invalid: (row: Record<string, any>) => boolean;
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
    labels: {},
    rules: [],
    ...def,
  };
}

/** Audit column names of a resource, or null when it has none. */
export function auditFields(def: Pick<ResourceDef, 'auditPrefix'>) {
  const p = def.auditPrefix;
  return p
    ? {
        createdUser: `${p}CreatedUserId`,
        createdTime: `${p}CreatedTime`,
        updatedUser: `${p}UpdatedUserId`,
        updatedTime: `${p}UpdatedTime`,
      }
    : null;
}

const AUDIT_LABELS: Record<string, string> = {
  CreatedUserId: 'Created By',
  CreatedTime: 'Created Date',
  UpdatedUserId: 'Updated By',
  UpdatedTime: 'Updated Date',
};

/** Header of a table column: the definition's labels, else the field label, else the audit wording. */
export function columnLabel(def: ResourceDef, column: string): string {
  if (def.labels[column]) return def.labels[column];
  if (def.fields[column]) return def.fields[column].label;
  if (def.auditPrefix && column.startsWith(def.auditPrefix)) {
    const rest = column.slice(def.auditPrefix.length);
    if (AUDIT_LABELS[rest]) return AUDIT_LABELS[rest];
  }
  return column;
}

/** Fields a client may send on create. */
export function writableFields(def: ResourceDef, mode: 'create' | 'update'): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => !f.readOnly && !(mode === 'update' && f.immutable))
    .map(([k]) => k);
}

/**
 * zod object for a create (all writable fields, as declared) or an update (all optional).
 * A write-only field (password) left empty on update is treated as not sent: the stored value stays.
 */
export function bodySchema(def: ResourceDef, mode: 'create' | 'update') {
  const shape: Record<string, z.ZodType> = {};
  for (const k of writableFields(def, mode)) {
    const f = def.fields[k];
    const s = f.schema;
    if (mode === 'create') shape[k] = f.default !== undefined ? s.optional() : s;
    else if (f.writeOnly) shape[k] = z.preprocess((v) => (v === '' || v === null ? undefined : v), s.optional());
    else shape[k] = s.optional();
  }
  return z.object(shape, { error: 'Send the fields as a JSON object' });
}

// ---- small schema helpers used by the definitions

/** Required text: trimmed, not blank. */
export const requiredText = (label: string, max = 255) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(noNul, `${label} must not contain the NUL character`);
export const optionalText = (max = 1000, label?: string) =>
  z
    .string({ error: `${label ?? 'Value'} must be text` })
    .trim()
    .max(max, `${label ?? 'Value'} must be at most ${max} characters`)
    .refine(noNul, `${label ?? 'Value'} must not contain the NUL character`)
    .nullish();
/** PostgreSQL text cannot hold U+0000; refused on both engines alike. */
function noNul(v: string) {
  return !v.includes('\u0000');
}
/** Numbers may arrive as strings from multipart forms. */
export const num = (label: string) =>
  z.coerce.number({ error: `${label} must be a number` }).refine(Number.isFinite, `${label} must be a number`);
/** Largest value of an integer column (32-bit on PostgreSQL). */
export const MAX_INT = 2147483647;
export const int = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(-MAX_INT, `${label} is too small`)
    .max(MAX_INT, `${label} is too large`);
export const refId = (label: string, required = `${label} is required`) =>
  z.coerce.number({ error: required }).int(required).positive(required).max(MAX_INT, `${label} not found`);
/** An optional reference: blank or null means none. */
export const optionalRefId = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce
      .number({ error: `${label} is invalid` })
      .int(`${label} is invalid`)
      .positive(`${label} is invalid`)
      .max(MAX_INT, `${label} not found`)
      .nullish(),
  );
/** A reference to a text id (users are keyed by e-mail). */
export const refText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);
export const zeroOne = (label: string) =>
  z.coerce.number().refine((v) => v === 0 || v === 1, `${label} must be 0 or 1`);
/** '0' / '1' kept as text (compStatus, devcStatus in the specs). */
export const zeroOneText = (label: string) =>
  z
    .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)], { error: `${label} must be 0 or 1` })
    .transform(String);

const blankToNull = (v: unknown) => (v === '' ? null : v);
const numeric = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v;

/** A required number; `message` when missing. */
export const requiredNum = (label: string, message = `${label} is required`) =>
  z.preprocess(
    (v) => numeric(blankToNull(v)),
    z.number({ error: (i) => (i.input === undefined || i.input === null ? message : `${label} must be a number`) }),
  );
/** An optional number: blank or null means none. */
export const optionalNum = (label: string) =>
  z.preprocess((v) => numeric(blankToNull(v)), z.number({ error: `${label} must be a number` }).nullish());

const rangeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
/** "Start Sounding must be between 0 and 1,000,000,000 L" — the message of a value outside its range. */
export const rangeMessage = (label: string, r: NumRange) =>
  `${label} must be between ${rangeNumber.format(r.min)} and ${rangeNumber.format(r.max)}${r.unit ? ` ${r.unit}` : ''}`;
const within = (r: NumRange) => (v: number) => v >= r.min && v <= r.max;

/**
 * A required number within its range (docs/domain.md §32): a finite value far outside what can be measured
 * (1e308 litres) would be stored and then overflow every sum and percentage computed from it.
 */
export const requiredInRange = (label: string, r: NumRange, message?: string) =>
  requiredNum(label, message).refine(within(r), rangeMessage(label, r));
/** An optional number within its range: blank or null means none. */
export const optionalInRange = (label: string, r: NumRange) =>
  optionalNum(label).refine((v) => v === null || v === undefined || within(r)(v), rangeMessage(label, r));

/**
 * One of the field's options (string or number values; numbers may arrive as text).
 * `message` replaces both the "is required" and the "must be one of" messages when given.
 */
export const choice = (label: string, options: FieldOption[], message?: string) => {
  const values = options.map((o) => o.value);
  const error = (i: { input?: unknown }) =>
    message ??
    (i.input === undefined || i.input === null || i.input === ''
      ? `${label} is required`
      : `${label} must be one of: ${options.map((o) => o.label).join(', ')}`);
  if (values.every((v) => typeof v === 'number')) {
    const literals = values.map((v) => z.literal(v as number));
    return z.preprocess(numeric, z.union(literals as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]], { error }));
  }
  return z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.enum(values.map(String) as [string, ...string[]], { error }),
  );
};

/** An e-mail address, stored lower-case. */
export const email = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .toLowerCase()
    // a blank address is only missing, not also invalid
    .min(1, { error: `${label} is required`, abort: true })
    .max(254, `${label} must be at most 254 characters`)
    .email(`${label} must be a valid e-mail address`);

// ---- date and time: epoch seconds in the database, ISO 8601 UTC in answers

const dateTimeValue = (label: string, required: string) =>
  z.any().transform((v, ctx) => {
    if (v === undefined || v === null || v === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const s = toEpochSeconds(v);
    if (s === null) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be a date and time (ISO 8601, epoch seconds or YYYY-MM-DD HH:mm:ss UTC)`,
      });
      return z.NEVER;
    }
    return s;
  });

/** A required date and time, stored as epoch seconds. */
export const dateTime = (label: string, required = `${label} is required`) =>
  dateTimeValue(label, required) as unknown as z.ZodType<number>;
/** An optional date and time: blank or null means none. */
export const optionalDateTime = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    (dateTimeValue(label, `${label} is required`) as unknown as z.ZodType<number>).optional(),
  );

// ---- JSON text columns (prmsOperations, rperOperations, mevtThresholds)

/** Accepts the JSON text (as the specs send it) or the value itself; stores canonical JSON text. */
export const jsonText = <T extends z.ZodType>(label: string, inner: T, required = `${label} is required`) =>
  z.any().transform((v, ctx) => {
    if (v === undefined || v === null || v === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    let value: unknown = v;
    if (typeof v === 'string') {
      try {
        value = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label} must be valid JSON` });
        return z.NEVER;
      }
    }
    const r = inner.safeParse(value);
    if (!r.success) {
      for (const i of r.error.issues) {
        const where = i.path.length ? ` (${i.path.join('.')})` : '';
        ctx.addIssue({ code: 'custom', message: `${label}${where}: ${i.message}` });
      }
      return z.NEVER;
    }
    return JSON.stringify(r.data);
  }) as unknown as z.ZodType<string>;

/** A JSON array of create/read/update/delete, without repeats. */
export const operationsJson = (label: string) =>
  jsonText(
    label,
    z
      .array(z.enum(OPERATIONS, { error: 'only create, read, update and delete are allowed' }), {
        error: 'must be a list of operations',
      })
      .transform((ops) => OPERATIONS.filter((o) => ops.includes(o))),
  );
