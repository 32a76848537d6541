import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { ScopeContext } from '../access/visibility.ts';
import type { Session } from '../auth/session.ts';
import type { Row } from './rows.ts';

/** What a hook knows about the request. `db` is the transaction during writes. */
export interface HookContext {
  db: Db;
  session: Session;
  scope: ScopeContext;
  req: FastifyRequest;
}

/** Resource-specific behaviour around the generic routes (asset image, config-event versions …). */
export interface ResourceHooks {
  /** what the user may see for this resource, when it differs from the request's (access/visibility.ts scopeContext) */
  scope?: (db: Db, session: Session, base: ScopeContext) => Promise<ScopeContext>;
  /** extra top-level keys of the list answer, beside data (the asset form's fields schema) */
  listExtra?: { schema: Record<string, z.ZodType>; build: (ctx: HookContext) => Promise<Row> | Row };
  /** extra keys on every answered row (the devices of an asset) */
  rowExtra?: { schema: Record<string, z.ZodType>; decorate: (ctx: HookContext, rows: Row[]) => Promise<void> };
  /**
   * before the checks, outside the transaction: may derive server-managed values that decide scope and
   * references (the tenant of a new role, the gateway device of a configuration)
   */
  prepareCreate?: (ctx: HookContext, values: Row) => Promise<void>;
  /** may set server-managed values on the row about to be inserted */
  beforeCreate?: (ctx: HookContext, values: Row) => Promise<void>;
  afterCreate?: (ctx: HookContext, id: unknown, values: Row) => Promise<void>;
  /** `stored` is the row before the change; `values` the columns about to change */
  beforeUpdate?: (ctx: HookContext, stored: Row, values: Row) => Promise<void>;
  afterUpdate?: (ctx: HookContext, stored: Row, values: Row) => Promise<void>;
  /** may refuse (throw a conflict) or remove dependent rows */
  beforeDelete?: (ctx: HookContext, stored: Row) => Promise<void>;
  /** after the commit: files and other side effects */
  afterDelete?: (ctx: HookContext, stored: Row) => Promise<void>;
  /** after the commit of any write (create, update, delete): invalidates what a process caches (event definitions) */
  afterCommit?: (ctx: HookContext, id: unknown) => void;
}

/** Hooks by resource name; resources without an entry are plain CRUD. */
export type ResourceHookTable = Record<string, ResourceHooks>;

/**
 * One table from the features' tables (the app composes them; crud knows no feature). Two features may hook the same
 * resource, but not the same moment of it: a hook given twice is a wiring mistake, refused at start.
 */
export function combineHooks(...tables: ResourceHookTable[]): ResourceHookTable {
  const out: ResourceHookTable = {};
  for (const table of tables)
    for (const [name, hooks] of Object.entries(table)) {
      const twice = Object.keys(hooks).filter((k) => out[name] && k in out[name]);
      if (twice.length) throw new Error(`resource ${name}: hook ${twice.join(', ')} given twice`);
      out[name] = { ...out[name], ...hooks };
    }
  return out;
}
