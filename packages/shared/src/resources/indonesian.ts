import {
  AUDIT_LABELS,
  auditFields,
  DEFINE_TEXTS,
  type FieldDef,
  type FieldOption,
  fillText,
  type ResourceDef,
  type ResourceTexts,
  SCHEMA_MESSAGES,
} from './define.ts';
import { resourceList } from './index.ts';

/**
 * The master data's texts in Bahasa Indonesia (issue 27). Each definition carries its own, beside the English ones
 * (`indonesian` of defineResource, `indonesian` of its options); define.ts those of the messages its schema helpers
 * build. Here they are read: by English text (`indonesianOf`, `indonesianMessage`) and as a whole definition in
 * Bahasa Indonesia (`indonesianDef`).
 */

/** One English text of a definition, with its Indonesian (undefined: missing) and where it is. */
export interface TextPair {
  english: string;
  indonesian: string | undefined;
  where: string;
}

/** The Indonesian of a definition's option (its own when it has one). */
export const indonesianOption = (o: FieldOption): FieldOption =>
  o.indonesian ? { ...o, label: o.indonesian.label, hint: o.hint && (o.indonesian.hint ?? o.hint) } : o;

/**
 * Every English text of a definition with its Indonesian: field labels, hints, placeholders, options (labels, hints),
 * `whereMessage`, column labels, texts, unique and rule messages, and its other messages.
 */
export function resourceTexts(def: ResourceDef): TextPair[] {
  const id = def.indonesian;
  const message = (english: string) => id.messages?.[english];
  const out: TextPair[] = [];
  const add = (english: string | undefined, indonesian: string | undefined, where: string) => {
    if (english !== undefined) out.push({ english, indonesian, where: `${def.name}.${where}` });
  };
  for (const [name, f] of Object.entries(def.fields) as [string, FieldDef][]) {
    const own = id.fields[name];
    add(f.label, own?.label, `fields.${name}.label`);
    add(f.hint, own?.hint, `fields.${name}.hint`);
    add(f.placeholder, own?.placeholder, `fields.${name}.placeholder`);
    for (const [i, o] of (f.options ?? []).entries()) {
      add(o.label, o.indonesian?.label, `fields.${name}.options.${i}.label`);
      add(o.hint, o.indonesian?.hint, `fields.${name}.options.${i}.hint`);
    }
    add(f.ref?.whereMessage, f.ref?.whereMessage && message(f.ref.whereMessage), `fields.${name}.ref.whereMessage`);
  }
  for (const [column, label] of Object.entries(def.labels)) add(label, id.labels?.[column], `labels.${column}`);
  for (const [key, text] of Object.entries(def.texts) as [keyof ResourceTexts, string][])
    add(text, id.texts[key], `texts.${key}`);
  for (const [i, u] of def.unique.entries()) add(u.message, message(u.message), `unique.${i}`);
  for (const [i, r] of def.rules.entries()) add(r.message, message(r.message), `rules.${i}`);
  for (const [english, indonesian] of Object.entries(id.messages ?? {})) add(english, indonesian, 'messages');
  return out;
}

/** Texts that are no definition's own: the audit columns' headers and define.ts's fixed messages. */
export const COMMON_TEXTS: readonly { en: string; id: string }[] = [
  ...Object.values(AUDIT_LABELS),
  ...Object.values(DEFINE_TEXTS),
];

let dictionary: Map<string, string> | undefined;

function buildDictionary() {
  const map = new Map<string, string>();
  for (const t of COMMON_TEXTS) map.set(t.en, t.id);
  for (const def of resourceList)
    for (const t of resourceTexts(def)) if (t.indonesian && !map.has(t.english)) map.set(t.english, t.indonesian);
  return map;
}

/**
 * The Indonesian of an English text that appears in a resource definition — a label, a column label, a title or
 * toast, an option's label or hint, a hint, a placeholder, a unique or rule message, a `whereMessage`, a fixed
 * schema message, or a name a schema helper was given — else undefined. Messages built from a name
 * ('Asset Name is required'): `indonesianMessage`.
 */
export function indonesianOf(english: string): string | undefined {
  dictionary ??= buildDictionary();
  return dictionary.get(english);
}

const indonesianNumber = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 6 });

type Template = { en: string; id: string; numbers?: string[] };
/** A template as a pattern: its placeholders' names and a regular expression matching its English. */
const PATTERNS = (Object.values(SCHEMA_MESSAGES) as Template[]).map((t) => {
  const names: string[] = [];
  const source = t.en
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const m = /^\{\{(\w+)\}\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]);
      return '(.*?)';
    })
    .join('');
  return { template: t, names, pattern: new RegExp(`^${source}$`, 's') };
});

/**
 * The Indonesian of a message of a resource's schemas, rules or constraints: a fixed one (`lookup`), or one a schema
 * helper built from a name (define.ts SCHEMA_MESSAGES: 'Asset Name is required' → 'Nama Aset wajib diisi'), its name,
 * options and inner message translated too; undefined when any part has no Indonesian. `lookup` defaults to every
 * definition's texts (`indonesianOf`).
 */
export function indonesianMessage(
  english: string,
  lookup: (english: string) => string | undefined = indonesianOf,
): string | undefined {
  const fixed = lookup(english);
  if (fixed !== undefined) return fixed;
  for (const { template, names, pattern } of PATTERNS) {
    const m = pattern.exec(english);
    if (!m) continue;
    const values: Record<string, string> = {};
    let ok = true;
    for (const [i, name] of names.entries()) {
      const v = m[i + 1];
      let out: string | undefined;
      if (name === 'label') out = lookup(v);
      else if (name === 'options') {
        const labels = v.split(', ').map(lookup);
        out = labels.every((l) => l !== undefined) ? labels.join(', ') : undefined;
      } else if (name === 'message') out = indonesianMessage(v, lookup);
      else if (template.numbers?.includes(name)) {
        const n = Number(v.replace(/,/g, ''));
        out = Number.isFinite(n) ? indonesianNumber.format(n) : undefined;
      } else out = v; // a unit, a path, a count: the same in both languages
      if (out === undefined) ok = false;
      else values[name] = out;
    }
    if (ok) return fillText(template.id, values);
  }
  return undefined;
}

const indonesianDefs = new WeakMap<ResourceDef, ResourceDef>();

/**
 * The definition with its texts in Bahasa Indonesia (a text without an Indonesian stays English): labels, hints,
 * placeholders, options, column labels (audit columns included), texts, unique and rule messages, `whereMessage`.
 * Its schemas are the same: their messages are English (`indonesianMessage` translates them). Made once per
 * definition; a definition already in Indonesian comes back the same.
 */
export function indonesianDef<D extends ResourceDef>(def: D): D {
  const known = indonesianDefs.get(def);
  if (known) return known as D;
  const id = def.indonesian;
  const message = (english: string) => id.messages?.[english] ?? english;
  const fields: Record<string, FieldDef> = {};
  for (const [name, f] of Object.entries(def.fields) as [string, FieldDef][]) {
    const own = id.fields[name];
    fields[name] = {
      ...f,
      label: own?.label ?? f.label,
      hint: f.hint && (own?.hint ?? f.hint),
      placeholder: f.placeholder && (own?.placeholder ?? f.placeholder),
      options: f.options?.map(indonesianOption),
      ref: f.ref && { ...f.ref, whereMessage: f.ref.whereMessage && message(f.ref.whereMessage) },
    };
  }
  const labels: Record<string, string> = {};
  if (auditFields(def)) {
    for (const [suffix, text] of Object.entries(AUDIT_LABELS)) labels[`${def.auditPrefix}${suffix}`] = text.id;
  }
  for (const [column, label] of Object.entries(def.labels)) labels[column] = id.labels?.[column] ?? label;
  const texts: ResourceTexts = { ...def.texts };
  for (const key of Object.keys(texts) as (keyof ResourceTexts)[]) {
    const own = id.texts[key];
    if (own) texts[key] = own;
  }
  const out = {
    ...def,
    fields,
    labels,
    texts,
    unique: def.unique.map((u) => ({ ...u, message: message(u.message) })),
    rules: def.rules.map((r) => ({ ...r, message: message(r.message) })),
  } as D;
  indonesianDefs.set(def, out);
  indonesianDefs.set(out, out);
  return out;
}
