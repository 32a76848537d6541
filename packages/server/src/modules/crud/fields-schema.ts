import type { FieldDef, ResourceDef } from '@fleet/shared';
import { z } from 'zod';

/** One input of a form, described as spec 000 §3 has the asset list carry it. */
export interface FormField {
  Field: string;
  Label: string;
  /** varchar, text, int, decimal, date, json, password, email, or enum('a','b') */
  Type: string;
  Required: boolean;
  Options?: { value: string | number; label: string }[];
  /** the resource whose rows a reference is chosen from */
  Ref?: string;
  Default?: string | number;
}

function typeOf(f: FieldDef): string {
  switch (f.kind) {
    case 'select':
      return `enum(${(f.options ?? []).map((o) => `'${String(o.value).replace(/'/g, "''")}'`).join(',')})`;
    case 'datetime':
      return 'date';
    case 'integer':
    case 'ref':
      return 'int';
    case 'number':
      return 'decimal';
    case 'textarea':
      return 'text';
    case 'text':
      return 'varchar';
    default:
      return f.kind;
  }
}

/** The inputs of a resource's form: the fields a client may write, in order. */
export function formFields(def: ResourceDef): FormField[] {
  return Object.entries(def.fields)
    .filter(([, f]) => !f.readOnly)
    .map(([name, f]) => ({
      Field: name,
      Label: f.label,
      Type: typeOf(f),
      Required: f.default === undefined && !f.schema.safeParse(undefined).success,
      ...(f.options ? { Options: f.options.map(({ value, label }) => ({ value, label })) } : {}),
      ...(f.ref ? { Ref: f.ref.resource } : {}),
      ...(f.default !== undefined ? { Default: f.default } : {}),
    }));
}

export const formFieldSchema = z.object({
  Field: z.string(),
  Label: z.string(),
  Type: z.string(),
  Required: z.boolean(),
  Options: z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() })).optional(),
  Ref: z.string().optional(),
  Default: z.union([z.string(), z.number()]).optional(),
});
