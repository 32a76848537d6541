import type { FieldMessages } from '@fleet/shared/api.ts';
import type { FieldDef, ResourceDef } from '@fleet/shared/resources/define.ts';
import { text } from '../../api/i18n.ts';
import { resourceTexts } from './texts.ts';

/**
 * Client checks of a form taken from its resource definition: the messages are the ones the server answers, in
 * English; FormModal shows them in the language in force (language.ts messageIn).
 */

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The message of a required field left blank, from its schema ('Asset must be selected.'); null when optional. */
export function requiredMessage(field: FieldDef): string | null {
  const r = field.schema.safeParse(undefined);
  return r.success ? null : (r.error.issues[0]?.message ?? text(resourceTexts, 'required'));
}

/**
 * The client check of spec 001 §5 as a form's `validate`: every required field the form shows that is left blank
 * gets its definition's message; null when none is (the submission goes on).
 */
export const requiredCheck =
  (def: Pick<ResourceDef, 'fields'>) =>
  (values: Record<string, unknown>, mode: 'create' | 'update', fields: string[]): FieldMessages | null => {
    const out: FieldMessages = {};
    for (const name of fields) {
      const field = def.fields[name];
      if (!field || !isBlank(values[name]) || (mode === 'update' && field.kind === 'password')) continue;
      const message = requiredMessage(field);
      if (message) out[name] = [message];
    }
    return Object.keys(out).length ? out : null;
  };

/**
 * The message the server would answer for one field's value, from the field's schema in the resource
 * definition (ranges of docs/domain.md §32), or null when it passes. Empty values are left to the required check.
 */
export function fieldProblem(def: Pick<ResourceDef, 'fields'>, field: string, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const r = def.fields[field].schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? text(resourceTexts, 'invalidValue'));
}

/**
 * A field's message for a value as the form holds it (times as ISO text): blank and required → its required
 * message (the form's own wording when given, else the schema's), else its schema's; null when it passes.
 */
export function fieldMessage(
  def: Pick<ResourceDef, 'fields'>,
  name: string,
  value: unknown,
  requiredText?: string,
): string | null {
  const field = def.fields[name];
  if (isBlank(value)) return requiredMessage(field) === null ? null : (requiredText ?? requiredMessage(field));
  return fieldProblem(def, name, value);
}

/**
 * The message of the first of the definition's rules across fields (shown under `name`) that the body breaks,
 * checked like the server does: on the values as stored (times in epoch seconds); fields that do not parse are
 * left out (their own messages show).
 */
export function ruleMessage(def: Pick<ResourceDef, 'fields' | 'rules'>, name: string, body: Record<string, unknown>) {
  const rules = def.rules.filter((r) => r.field === name);
  if (!rules.length) return null;
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const parsed = def.fields[key]?.schema.safeParse(value);
    if (parsed?.success && parsed.data !== undefined && parsed.data !== null) row[key] = parsed.data;
  }
  return rules.find((r) => r.invalid(row))?.message ?? null;
}
