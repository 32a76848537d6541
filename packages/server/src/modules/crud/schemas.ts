import { bodySchema, type ResourceDef } from '@fleet/shared';
import { z } from 'zod';
import { envelope, idParam } from '../../http/envelope.ts';
import { joinedKind, ownColumnKind, type ValueKind } from './columns.ts';
import type { ResourceHooks } from './hooks.ts';
import { ownColumns } from './rows.ts';
import { resourceTitle } from './write.ts';

const valueSchema = (kind: ValueKind) => {
  switch (kind) {
    case 'integer':
    case 'number':
      return z.number().nullable();
    case 'datetime':
      return z.string().describe('ISO 8601 UTC').nullable();
    default:
      return z.string().nullable();
  }
};

/** What one row answers: own columns, nested joins, and the hooks' extras. Decides what leaves the server. */
export function rowSchema(def: ResourceDef, hooks: ResourceHooks) {
  const shape: Record<string, z.ZodType> = {};
  for (const c of ownColumns(def)) {
    const s = valueSchema(ownColumnKind(def, c) ?? 'text');
    shape[c] = def.fields[c] ? s.describe(def.fields[c].label) : s;
  }
  for (const j of def.joins) {
    shape[j.as] = z
      .object(Object.fromEntries(j.fields.map((f) => [f, valueSchema(joinedKind(j.table, f))])))
      .nullable();
  }
  Object.assign(shape, hooks.rowExtra?.schema ?? {});
  return z.object(shape).describe(resourceTitle(def));
}

const queryValue = z.union([z.string(), z.array(z.string())]).optional();

/** The list query of docs/api.md; finds[…] and orders[…] are read from the raw query by parseListQuery. */
export function listQuerySchema(def: ResourceDef) {
  return z
    .looseObject({
      page: queryValue.describe('page, from 1'),
      max: queryValue.describe(`rows per page (default ${def.pageSize})`),
      pageSize: queryValue.describe('same as max'),
      findField: queryValue.describe(`case-insensitive contains on one of: ${def.search.join(', ') || 'none'}`),
      findValue: queryValue,
    })
    .describe(
      `finds[field]=value (exact, repeatable) on ${def.filters.join(', ')}; orders[field]=asc|desc on ${def.orders.join(', ')}`,
    );
}

export function idParams(def: ResourceDef) {
  return z.object({
    id: def.idKind === 'text' ? z.string().min(1, 'id is required') : idParam(),
  });
}

export function resourceSchemas(def: ResourceDef, hooks: ResourceHooks) {
  const row = rowSchema(def, hooks);
  // a list may answer only the fields of `select[]` (docs/api.md "List query")
  const listBase = envelope(z.array(row.partial()), true);
  return {
    row,
    one: envelope(row),
    list: hooks.listExtra ? listBase.extend(hooks.listExtra.schema) : listBase,
    periodList: listBase,
    create: bodySchema(def, 'create'),
    update: bodySchema(def, 'update'),
    params: idParams(def),
    query: listQuerySchema(def),
  };
}
