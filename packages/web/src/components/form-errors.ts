import type { FieldMessages } from '@fleet/shared/api.ts';
import type { FormInstance } from 'antd';

/** Server per-field messages as antd form field errors (the field turns red, its messages listed). */
export function fieldErrors(messages: FieldMessages): { name: string; errors: string[] }[] {
  return Object.entries(messages).map(([name, errors]) => ({ name, errors }));
}

/**
 * Shows per-field messages under the form's fields. Messages for fields the form does not have
 * (a server rule on a combination) are returned so the caller can show them elsewhere.
 */
export function applyFieldErrors(form: FormInstance, messages: FieldMessages, fields?: string[]): string[] {
  const known = fields ?? Object.keys(form.getFieldsValue(true));
  const shown = fieldErrors(messages).filter((f) => known.includes(f.name));
  form.setFields(shown);
  return Object.entries(messages)
    .filter(([name]) => !known.includes(name))
    .flatMap(([, m]) => m);
}
