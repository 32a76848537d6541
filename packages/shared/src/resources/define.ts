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
  /** the label and hint in Bahasa Indonesia (issue 27); every option of a definition has one (test/indonesian.test.ts) */
  indonesian?: { label: string; hint?: string };
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
 * - owned: a catalogue a company extends with its own rows: `field` holds the owning company id, visible like
 *   `company`; null = a shared row every tenant reads and only a platform administrator writes (master events)
 */
export type ScopeDef =
  | { kind: 'global' }
  | { kind: 'company'; field: string }
  | { kind: 'group' }
  | { kind: 'asset'; field: string }
  | { kind: 'device'; field: string }
  | { kind: 'parent'; field: string; parent: string }
  | { kind: 'user'; field: string }
  | { kind: 'tenant'; field: string }
  | { kind: 'owned'; field: string };

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
   * Rows of other resources that name a row of this one by a value instead of an id: `field` of `resource` holds
   * this row's `via`. A delete is refused while any exist, like refs. (Tank headers named their fuel type so until
   * issue 28; they now hold its id.)
   */
  usedBy?: { resource: string; field: string; via: string }[];
  /** adds GET {path}/period/{start}/{end}: rows whose [start, end] overlaps the period (unix seconds) */
  period?: { start: string; end: string };
  /** the definition's texts in Bahasa Indonesia, beside the English ones (issue 27; indonesian.ts reads them) */
  indonesian: ResourceIndonesian;
  /**
   * Issue 28: the one field a list's selected rows can be given together (devices → an asset), by
   * POST /api/master/{path}/bulk-assign (docs/api.md "Bulk actions and imports").
   */
  bulkAssign?: string;
  /** Issue 28: the fields a CSV / XLSX file may fill, by POST /api/master/{path}/import (preview, then commit). */
  importFields?: string[];
}

/** Most rows one bulk delete or assign takes (docs/api.md "Bulk actions and imports"). */
export const MAX_BULK = 100;
/** Most data rows one imported file may hold, and its largest size in bytes. */
export const MAX_IMPORT_ROWS = 1000;
export const MAX_IMPORT_BYTES = 512 * 1024;

/** POST /api/master/{path}/bulk-delete with preview: what deleting the rows would take with them, or why not. */
export const bulkDeletePreviewSchema = z.object({
  count: z.number().int(),
  goes: z.array(z.object({ resource: z.string(), title: z.string(), count: z.number().int() })),
  refused: z.string().nullable(),
});
export type BulkDeletePreview = z.infer<typeof bulkDeletePreviewSchema>;

/** POST /api/master/{path}/import: the file's columns and rows as read, each row's errors, how many were stored. */
export const importAnswerSchema = z.object({
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  rows: z.array(
    z.object({
      line: z.number().int(),
      cells: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
      errors: z.array(z.string()),
    }),
  ),
  valid: z.number().int(),
  rejected: z.number().int(),
  imported: z.number().int(),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

/** A resource's texts in Bahasa Indonesia (issue 27): keyed like the definition's English ones. */
export interface ResourceIndonesian {
  /** per field: its label, and its hint and placeholder when it has them */
  fields: Record<string, { label: string; hint?: string; placeholder?: string }>;
  /** the column headers of `labels` */
  labels?: Record<string, string>;
  /** the `texts` (titles, toasts) */
  texts: Partial<Record<keyof ResourceTexts, string>>;
  /**
   * every other fixed English text of the definition → its Indonesian: unique and rule messages, `whereMessage`,
   * the fixed messages of its schemas, and the names the schema helpers are given when they differ from the field's
   * label (requiredInRange('Target Bunker', …)), which their messages carry ('Target Bunker must be between …')
   */
  messages?: Record<string, string>;
}

/** One field's texts in Bahasa Indonesia: its label, and its hint and placeholder exactly when it has them. */
export type IndonesianField<D> = { label: string } & (D extends { hint: string } ? { hint: string } : unknown) &
  (D extends { placeholder: string } ? { placeholder: string } : unknown);

/**
 * The `indonesian` block a definition is declared with: a key missing (a field, a `labels` column, a `texts` entry, a
 * field's hint or placeholder) or one the definition does not have is a type error. Options carry their own
 * (FieldOption.indonesian); test/indonesian.test.ts checks them, the messages and that no text is left out.
 */
export type IndonesianBlock<F, T, L> = {
  fields: { [K in keyof F]: IndonesianField<F[K]> };
  texts: { [K in keyof T]-?: string };
  messages?: Record<string, string>;
} & ([keyof L] extends [never] ? { labels?: Record<string, never> } : { labels: { [K in keyof L]: string } });

export interface RuleDef {
  /** the field the message is shown under */
  field: string;
  message: string;
  /** true when the row breaks the rule; values are as stored (datetimes in epoch seconds) */
  invalid: (row: Record<string, any>) => boolean;
}

type Opt<T> = Partial<T>;

export function defineResource<
  F extends Record<string, FieldDef>,
  T extends ResourceTexts,
  L extends Record<string, string> = Record<never, never>,
>(
  def: Pick<ResourceDef<F>, 'name' | 'path' | 'table' | 'id' | 'permission' | 'fields' | 'scope'> &
    Opt<Omit<ResourceDef<F>, 'texts' | 'labels' | 'indonesian'>> & {
      texts: T;
      labels?: L;
      indonesian: IndonesianBlock<NoInfer<F>, NoInfer<T>, NoInfer<L>>;
    },
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

/** Headers of the audit columns, by the column name after the prefix; `id`: in Bahasa Indonesia. */
export const AUDIT_LABELS: Record<string, { en: string; id: string }> = {
  CreatedUserId: { en: 'Created By', id: 'Dibuat Oleh' },
  CreatedTime: { en: 'Created Date', id: 'Tanggal Dibuat' },
  UpdatedUserId: { en: 'Updated By', id: 'Diubah Oleh' },
  UpdatedTime: { en: 'Updated Date', id: 'Tanggal Diubah' },
};

/** Header of a table column: the definition's labels, else the field label, else the audit wording. */
export function columnLabel(def: ResourceDef, column: string): string {
  if (def.labels[column]) return def.labels[column];
  if (def.fields[column]) return def.fields[column].label;
  if (def.auditPrefix && column.startsWith(def.auditPrefix)) {
    const rest = column.slice(def.auditPrefix.length);
    if (AUDIT_LABELS[rest]) return AUDIT_LABELS[rest].en;
  }
  return column;
}

/** Fields a client may send on create. */
export function writableFields(def: ResourceDef, mode: 'create' | 'update'): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => !f.readOnly && !(mode === 'update' && f.immutable))
    .map(([k]) => k);
}

// ---- the schema helpers' messages, in English (the API's words) and Bahasa Indonesia (issue 27)

/**
 * The messages the schema helpers below build from a field's name (`{{label}}`) and values: `en` is what the API
 * answers, `id` the same message in Bahasa Indonesia, which indonesian.ts fills with the name's Indonesian.
 * Values in `numbers` are numbers written the en-US way ('1,000,000,000'), written again the Indonesian way.
 */
export const SCHEMA_MESSAGES = {
  required: { en: '{{label}} is required', id: '{{label}} wajib diisi' },
  maxLength: { en: '{{label}} must be at most {{max}} characters', id: '{{label}} maksimal {{max}} karakter' },
  nul: { en: '{{label}} must not contain the NUL character', id: '{{label}} tidak boleh berisi karakter NUL' },
  text: { en: '{{label}} must be text', id: '{{label}} harus berupa teks' },
  number: { en: '{{label}} must be a number', id: '{{label}} harus berupa angka' },
  wholeNumber: { en: '{{label}} must be a whole number', id: '{{label}} harus berupa bilangan bulat' },
  tooSmall: { en: '{{label}} is too small', id: '{{label}} terlalu kecil' },
  tooLarge: { en: '{{label}} is too large', id: '{{label}} terlalu besar' },
  notFound: { en: '{{label}} not found', id: '{{label}} tidak ditemukan' },
  invalid: { en: '{{label}} is invalid', id: '{{label}} tidak valid' },
  zeroOne: { en: '{{label}} must be 0 or 1', id: '{{label}} harus 0 atau 1' },
  betweenUnit: {
    en: '{{label}} must be between {{min}} and {{max}} {{unit}}',
    id: '{{label}} harus antara {{min}} dan {{max}} {{unit}}',
    numbers: ['min', 'max'],
  },
  between: {
    en: '{{label}} must be between {{min}} and {{max}}',
    id: '{{label}} harus antara {{min}} dan {{max}}',
    numbers: ['min', 'max'],
  },
  oneOf: { en: '{{label}} must be one of: {{options}}', id: '{{label}} harus salah satu dari: {{options}}' },
  email: { en: '{{label}} must be a valid e-mail address', id: '{{label}} harus berupa alamat e-mail yang valid' },
  phone: {
    en: '{{label}} must be a phone number: 6 to 15 digits, with spaces and + - ( ) if you like',
    id: '{{label}} harus berupa nomor telepon: 6 sampai 15 angka, boleh dengan spasi dan + - ( )',
  },
  dateTime: {
    en: '{{label}} must be a date and time (ISO 8601, epoch seconds or YYYY-MM-DD HH:mm:ss UTC)',
    id: '{{label}} harus berupa tanggal dan waktu (ISO 8601, detik epoch, atau YYYY-MM-DD HH:mm:ss UTC)',
  },
  json: { en: '{{label}} must be valid JSON', id: '{{label}} harus berupa JSON yang valid' },
  /** a problem inside a JSON value, at a path ('Thresholds (rpm.conditions_operator): …') */
  jsonAt: { en: '{{label}} ({{path}}): {{message}}', id: '{{label}} ({{path}}): {{message}}' },
  jsonIssue: { en: '{{label}}: {{message}}', id: '{{label}}: {{message}}' },
  /** zod's own message of a value of the wrong type inside a JSON value */
  zodType: {
    en: 'Invalid input: expected {{expected}}, received {{received}}',
    id: 'Masukan tidak valid: seharusnya {{expected}}, diterima {{received}}',
  },
} satisfies Record<string, { en: string; id: string; numbers?: string[] }>;

/** Fixed texts of this file (and zod's, which the JSON values can answer), with their Indonesian. */
export const DEFINE_TEXTS = {
  /** the name of a value whose helper was given none (optionalText(500)) */
  value: { en: 'Value', id: 'Nilai' },
  jsonObject: { en: 'Send the fields as a JSON object', id: 'Kirim isian sebagai objek JSON' },
  operationsOnly: {
    en: 'only create, read, update and delete are allowed',
    id: 'hanya create, read, update, dan delete yang diizinkan',
  },
  operationsList: { en: 'must be a list of operations', id: 'harus berupa daftar operasi' },
  recordKey: { en: 'Invalid key in record', id: 'Nama tidak valid' },
} satisfies Record<string, { en: string; id: string }>;

/** A text with its `{{name}}` placeholders filled in. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
}

/** The English message `key` of a field named `label`. */
const say = (key: keyof typeof SCHEMA_MESSAGES, label: string, values: Record<string, string | number> = {}) =>
  fillText(SCHEMA_MESSAGES[key].en, { label, ...values });

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
  return z.object(shape, { error: DEFINE_TEXTS.jsonObject.en });
}

// ---- small schema helpers used by the definitions

/** Required text: trimmed, not blank. */
export const requiredText = (label: string, max = 255) =>
  z
    .string({ error: say('required', label) })
    .trim()
    .min(1, say('required', label))
    .max(max, say('maxLength', label, { max }))
    .refine(noNul, say('nul', label));
export const optionalText = (max = 1000, label: string = DEFINE_TEXTS.value.en) =>
  z
    .string({ error: say('text', label) })
    .trim()
    .max(max, say('maxLength', label, { max }))
    .refine(noNul, say('nul', label))
    .nullish();
/** PostgreSQL text cannot hold U+0000; refused on both engines alike. */
function noNul(v: string) {
  return !v.includes('\u0000');
}
/**
 * Numbers may arrive as strings (multipart forms, a number box's text): only plain decimal text is a number —
 * `1e3`, `0x10`, `1,5` or `Infinity` are not (issue 28: a typed text is read as the user meant it, or refused).
 */
const DECIMAL_TEXT = /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/;
const numeric = (v: unknown) => (typeof v === 'string' && DECIMAL_TEXT.test(v) ? Number(v) : v);
const blankToNull = (v: unknown) => (v === '' ? null : v);

export const num = (label: string) =>
  z.preprocess(numeric, z.number({ error: say('number', label) }).refine(Number.isFinite, say('number', label)));
/** Largest value of an integer column (32-bit on PostgreSQL). */
export const MAX_INT = 2147483647;
/** A whole number; `bounds` narrows it (`(n) => n.min(1, '…')`). */
export const int = (label: string, bounds: (n: z.ZodNumber) => z.ZodNumber = (n) => n) =>
  z.preprocess(
    (v) => numeric(blankToNull(v)),
    bounds(
      z
        // a value left empty is missing, not a wrong number (issue 28: an empty AE Number)
        .number({ error: (i) => say(i.input === undefined || i.input === null ? 'required' : 'number', label) })
        .int(say('wholeNumber', label))
        .min(-MAX_INT, say('tooSmall', label))
        .max(MAX_INT, say('tooLarge', label)),
    ),
  );
export const refId = (label: string, required = say('required', label)) =>
  z.coerce.number({ error: required }).int(required).positive(required).max(MAX_INT, say('notFound', label));
/** An optional reference: blank or null means none. */
export const optionalRefId = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce
      .number({ error: say('invalid', label) })
      .int(say('invalid', label))
      .positive(say('invalid', label))
      .max(MAX_INT, say('notFound', label))
      .nullish(),
  );
/** A reference to a text id (users are keyed by e-mail). */
export const refText = (label: string) =>
  z
    .string({ error: say('required', label) })
    .trim()
    .min(1, say('required', label));
export const zeroOne = (label: string) => z.coerce.number().refine((v) => v === 0 || v === 1, say('zeroOne', label));
/** '0' / '1' kept as text (compStatus, devcStatus in the specs). */
export const zeroOneText = (label: string) =>
  z
    .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)], { error: say('zeroOne', label) })
    .transform(String);

/** A required number; `message` when missing. */
export const requiredNum = (label: string, message = say('required', label)) =>
  z.preprocess(
    (v) => numeric(blankToNull(v)),
    z.number({ error: (i) => (i.input === undefined || i.input === null ? message : say('number', label)) }),
  );
/** An optional number: blank or null means none. */
export const optionalNum = (label: string) =>
  z.preprocess((v) => numeric(blankToNull(v)), z.number({ error: say('number', label) }).nullish());

const rangeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
/** "Start Sounding must be between 0 and 1,000,000,000 L" — the message of a value outside its range. */
export const rangeMessage = (label: string, r: NumRange) =>
  say(r.unit ? 'betweenUnit' : 'between', label, {
    min: rangeNumber.format(r.min),
    max: rangeNumber.format(r.max),
    unit: r.unit,
  });
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
      ? say('required', label)
      : say('oneOf', label, { options: options.map((o) => o.label).join(', ') }));
  if (values.every((v) => typeof v === 'number')) {
    const literals = values.map((v) => z.literal(v as number));
    return z.preprocess(numeric, z.union(literals as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]], { error }));
  }
  return z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.enum(values.map(String) as [string, ...string[]], { error }),
  );
};

/** One of the field's options, or none: blank, null or absent means none (the CII ship type of an asset). */
export const optionalChoice = (label: string, options: FieldOption[]) =>
  z.preprocess(blankToNull, choice(label, options).nullish());

/** Digits of a phone number, with the separators people write ('+62 21-4301 2250', '(0542) 733 415'). */
const PHONE = /^\+?[\d\s().-]+$/;
const phoneDigits = (v: string) => v.replace(/\D/g, '').length;
/** An optional phone number: blank or null means none (issue 28: 'abc' was stored as a phone). */
export const optionalPhone = (label: string, max = 30) =>
  optionalText(max, label).refine(
    (v) => v === null || v === undefined || v === '' || (PHONE.test(v) && phoneDigits(v) >= 6 && phoneDigits(v) <= 15),
    say('phone', label),
  );

/** An e-mail address, stored lower-case. */
export const email = (label: string) =>
  z
    .string({ error: say('required', label) })
    .trim()
    .toLowerCase()
    // a blank address is only missing, not also invalid
    .min(1, { error: say('required', label), abort: true })
    .max(254, say('maxLength', label, { max: 254 }))
    .email(say('email', label));

// ---- date and time: epoch seconds in the database, ISO 8601 UTC in answers

/** Any value, documented in the API documents as what a date-time field accepts (its check is the transform). */
const anyDateTime = z.any().meta({
  anyOf: [
    { type: 'integer', description: 'epoch seconds' },
    { type: 'string', description: 'ISO 8601, or YYYY-MM-DD HH:mm:ss (UTC)' },
  ],
});

const dateTimeValue = (label: string, required: string) =>
  anyDateTime.transform((v, ctx) => {
    if (v === undefined || v === null || v === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const s = toEpochSeconds(v);
    if (s === null) {
      ctx.addIssue({ code: 'custom', message: say('dateTime', label) });
      return z.NEVER;
    }
    return s;
  });

/** A required date and time, stored as epoch seconds. */
export const dateTime = (label: string, required = say('required', label)) =>
  dateTimeValue(label, required) as unknown as z.ZodType<number>;
/** An optional date and time: blank or null means none. */
export const optionalDateTime = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    (dateTimeValue(label, say('required', label)) as unknown as z.ZodType<number>).optional(),
  );

// ---- JSON text columns (prmsOperations, rperOperations, mevtThresholds)

/** Any value, documented in the API documents as the JSON text of `inner` or `inner`'s value (checked by jsonText). */
function anyJsonOf(inner: z.ZodType) {
  const { $schema: _, ...json } = z.toJSONSchema(inner, { io: 'input', unrepresentable: 'any' });
  return z.any().meta({ anyOf: [{ type: 'string', description: 'the value as JSON text' }, json] });
}

/** Accepts the JSON text (as the specs send it) or the value itself; stores canonical JSON text. */
export const jsonText = <T extends z.ZodType>(label: string, inner: T, required = say('required', label)) =>
  anyJsonOf(inner).transform((v, ctx) => {
    if (v === undefined || v === null || v === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    let value: unknown = v;
    if (typeof v === 'string') {
      try {
        value = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: say('json', label) });
        return z.NEVER;
      }
    }
    const r = inner.safeParse(value);
    if (!r.success) {
      for (const i of r.error.issues) {
        const message = i.path.length
          ? say('jsonAt', label, { path: i.path.join('.'), message: i.message })
          : say('jsonIssue', label, { message: i.message });
        ctx.addIssue({ code: 'custom', message });
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
      .array(z.enum(OPERATIONS, { error: DEFINE_TEXTS.operationsOnly.en }), {
        error: DEFINE_TEXTS.operationsList.en,
      })
      .transform((ops) => OPERATIONS.filter((o) => ops.includes(o))),
  );
