import { type ResourceDef, resources } from '@fleet/shared';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { userCompanyIds, visibleAssetIds } from '../access/scope.ts';
import type { Session } from '../auth/session.ts';

/** What the signed-in user may see, computed once per request. */
export interface ScopeContext {
  userId: string;
  /** every company of the user (company, group, tank header and user scopes) */
  companyIds: number[];
  /** assets visible within the active company (asset, device, parent-of-asset and gateway scopes) */
  assetIds: number[];
}

export async function scopeContext(db: Db, session: Session): Promise<ScopeContext> {
  const [companyIds, assetIds] = await Promise.all([userCompanyIds(db, session.userId), visibleAssetIds(db, session)]);
  return { userId: session.userId, companyIds, assetIds };
}

type Eb = ExpressionBuilder<any, any>;
type Where = (eb: Eb) => Expression<SqlBool>;

const never = sql<SqlBool>`1 = 0`;
const inList = (eb: Eb, col: string, list: (number | string)[]) => (list.length ? eb(col, 'in', list) : never);

export function resourceByName(name: string): ResourceDef {
  const def = resources[name];
  if (!def) throw new Error(`unknown resource ${name}`);
  return def;
}

/**
 * The condition "this row of `def`, read under `alias`, is visible to the user" (ScopeDef in define.ts),
 * or null when the resource is a global catalogue. `depth` keeps subquery aliases apart.
 */
export function visibleWhere(def: ResourceDef, ctx: ScopeContext, alias: string, depth = 0): Where | null {
  const scope = def.scope;
  switch (scope.kind) {
    case 'global':
      return null;
    case 'company':
      return (eb) => inList(eb, `${alias}.${scope.field}`, ctx.companyIds);
    case 'asset':
      return (eb) => inList(eb, `${alias}.${scope.field}`, ctx.assetIds);
    case 'device': {
      const d = `sd${depth}`;
      return (eb) =>
        ctx.assetIds.length
          ? eb(
              `${alias}.${scope.field}`,
              'in',
              eb.selectFrom(`device as ${d}`).select(`${d}.devcId`).where(`${d}.devcMassId`, 'in', ctx.assetIds),
            )
          : never;
    }
    case 'group': {
      const c = `sc${depth}`;
      return (eb) =>
        eb.or([
          ctx.companyIds.length
            ? eb(
                `${alias}.grcpId`,
                'in',
                eb.selectFrom(`company as ${c}`).select(`${c}.compGrcpId`).where(`${c}.compId`, 'in', ctx.companyIds),
              )
            : never,
          // a group just created has no company yet: its creator keeps it
          eb(`${alias}.grcpCreatedUserId`, '=', ctx.userId),
        ]);
    }
    case 'user': {
      const uc = `su${depth}`;
      const cu = `sv${depth}`;
      const col = `${alias}.${scope.field}`;
      return (eb) =>
        eb.or([
          eb(col, '=', ctx.userId),
          ctx.companyIds.length
            ? eb(
                col,
                'in',
                eb
                  .selectFrom(`user_company as ${uc}`)
                  .select(`${uc}.uscoUserId`)
                  .where(`${uc}.uscoCompId`, 'in', ctx.companyIds),
              )
            : never,
          // a user just created has no company yet: its creator keeps it
          eb(
            col,
            'in',
            eb.selectFrom(`user as ${cu}`).select(`${cu}.userId`).where(`${cu}.userCreatedUserId`, '=', ctx.userId),
          ),
        ]);
    }
    case 'gateway': {
      const g = `sg${depth}`;
      const col = `${alias}.${scope.field}`;
      return (eb) =>
        ctx.assetIds.length
          ? eb.exists(
              eb
                .selectFrom(`device as ${g}`)
                .select(sql.lit(1).as('one'))
                .where(`${g}.devcType`, '=', 'gateway')
                .where(`${g}.devcMassId`, 'in', ctx.assetIds)
                .where((e: Eb) =>
                  e.or([
                    e(`${g}.devcUniqueId`, '=', sql`${sql.lit('gateway-')} || ${sql.ref(col)}`),
                    e(`${g}.devcUniqueId`, '=', e.ref(col)),
                  ]),
                ),
            )
          : never;
    }
    case 'parent': {
      const parent = resourceByName(scope.parent);
      const p = `sp${depth}`;
      const inner = visibleWhere(parent, ctx, p, depth + 1);
      if (!inner) return null;
      return (eb) =>
        eb(
          `${alias}.${scope.field}`,
          'in',
          eb.selectFrom(`${parent.table} as ${p}`).select(`${p}.${parent.id}`).where(inner),
        );
    }
  }
}

/** The scope field of a resource when it names another resource's row (so a write can be checked as a reference). */
export function scopeField(def: ResourceDef): string | null {
  return 'field' in def.scope ? def.scope.field : null;
}

/**
 * Rows that point at something the user may not see stay hidden too: a user's membership of a company
 * the viewer is not in, an assignment of an asset outside the active company.
 */
export function referencesVisibleWhere(def: ResourceDef, ctx: ScopeContext, alias: string): Where | null {
  const parts: Where[] = [];
  const own = scopeField(def);
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.kind !== 'ref' || !f.ref || name === own || name === def.id) continue;
    const target = resourceByName(f.ref.resource);
    const r = `rv_${name}`.toLowerCase();
    const inner = visibleWhere(target, ctx, r, 1);
    if (!inner) continue;
    const col = `${alias}.${name}`;
    parts.push((eb) =>
      eb.or([
        eb(col, 'is', null),
        eb(col, 'in', eb.selectFrom(`${target.table} as ${r}`).select(`${r}.${target.id}`).where(inner)),
      ]),
    );
  }
  if (!parts.length) return null;
  return (eb) => eb.and(parts.map((p) => p(eb)));
}

/** Whether `assetId` (a gateway devcUniqueId without `gateway-`) names a gateway on a visible asset. */
export async function isVisibleGateway(db: Db, ctx: ScopeContext, assetId: string): Promise<boolean> {
  if (!ctx.assetIds.length) return false;
  const row = await db
    .selectFrom('device')
    .select('devcId')
    .where('devcType', '=', 'gateway')
    .where('devcMassId', 'in', ctx.assetIds)
    .where('devcUniqueId', 'in', [`gateway-${assetId}`, assetId])
    .executeTakeFirst();
  return !!row;
}
