import type { FieldDef, ResourceDef } from '@fleet/shared';
import type { FormField } from '@fleet/shared/answers/form-fields.ts';

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

const built = new WeakMap<ResourceDef, readonly FormField[]>();

/**
 * The inputs of a resource's form: the fields a client may write, in order. A definition never changes while the
 * server runs, so each is built once (it was rebuilt for every asset list, issue 29).
 */
export function formFields(def: ResourceDef): readonly FormField[] {
  let fields = built.get(def);
  if (!fields) {
    fields = Object.freeze(buildFormFields(def));
    built.set(def, fields);
  }
  return fields;
}

function buildFormFields(def: ResourceDef): FormField[] {
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
