import type { ResourceDef } from '@fleet/shared/resources/define.ts';

/**
 * The message the server would answer for one field's value, from the field's schema in the resource
 * definition (ranges of docs/domain.md §32), or null when it passes. Empty values are left to the form's own
 * "required" rules.
 */
export function fieldProblem(def: Pick<ResourceDef, 'fields'>, field: string, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const r = def.fields[field].schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Invalid value');
}

/** An antd Form rule checking a field with its definition's schema: the range message under the input. */
export const definitionRule = (def: Pick<ResourceDef, 'fields'>, field: string) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const problem = fieldProblem(def, field, value);
    if (problem) throw new Error(problem);
  },
});
