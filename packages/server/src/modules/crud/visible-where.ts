import { type ResourceDef, resources } from '@fleet/shared';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { assetRuleOf, type ScopeContext } from '../access/visibility.ts';

type Eb = ExpressionBuilder<any, any>;
type Where = (eb: Eb) => Expression<SqlBool>;

const never = sql<SqlBool>`1 = 0`;
const inList = (eb: Eb, col: string, list: readonly (number | string)[]) =>
  list.length ? eb(col, 'in', [...list]) : never;

/**
 * "`col` is a visible asset": the rule the scope's assets were read by, as a subquery of fixed text (a prepared
 * statement; no list of up to thousands of ids compiled and bound on every call), else the list itself.
 */
function inVisibleAssets(eb: Eb, col: string, ids: readonly number[], depth: number) {
  if (!ids.length) return never;
  const rule = assetRuleOf(ids);
  if (!rule) return eb(col, 'in', [...ids]);
  const a = `va${depth}`;
  let assets = eb.selectFrom(`asset as ${a}`).select(`${a}.massId`).where(`${a}.massCompId`, '=', rule.compId);
  if (!rule.allAssets) {
    const u = `vu${depth}`;
    assets = assets.where(
      `${a}.massId`,
      'in',
      eb.selectFrom(`user_asset as ${u}`).select(`${u}.uassMassId`).where(`${u}.uassUserId`, '=', rule.userId),
    );
  }
  return eb(col, 'in', assets);
}

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
      return (eb) => inVisibleAssets(eb, `${alias}.${scope.field}`, ctx.assetIds, depth);
    case 'device': {
      const d = `sd${depth}`;
      return (eb) =>
        ctx.assetIds.length
          ? eb(
              `${alias}.${scope.field}`,
              'in',
              eb
                .selectFrom(`device as ${d}`)
                .select(`${d}.devcId`)
                .where((e) => inVisibleAssets(e, `${d}.devcMassId`, ctx.assetIds, depth)),
            )
          : never;
    }
    case 'group': {
      // a tenant sees its own group(s); a platform administrator also the groups that have no company yet
      // (a tenant just added, before its first company) — never another tenant's group
      const c = `sc${depth}`;
      const own = (eb: Eb) => inList(eb, `${alias}.grcpId`, ctx.groupIds);
      if (!ctx.platformAdmin) return own;
      return (eb) =>
        eb.or([
          own(eb),
          eb.not(
            eb.exists(
              eb
                .selectFrom(`company as ${c}`)
                .select(sql.lit(1).as('one'))
                .whereRef(`${c}.compGrcpId`, '=', `${alias}.grcpId`),
            ),
          ),
        ]);
    }
    case 'owned': {
      const col = `${alias}.${scope.field}`;
      // the shared rows (no company) and those of the user's companies
      return (eb) => eb.or([eb(col, 'is', null), inList(eb, col, ctx.companyIds)]);
    }
    case 'tenant': {
      const col = `${alias}.${scope.field}`;
      // the tenant's own rows and the built-in ones (no group)
      return (eb) => eb.or([eb(col, 'is', null), inList(eb, col, ctx.groupIds)]);
    }
    case 'user': {
      const uc = `su${depth}`;
      const ug = `sv${depth}`;
      const col = `${alias}.${scope.field}`;
      const st = `st${depth}`;
      // the tenant a user belongs to (their group), or a company shared with the viewer — never who created them;
      // never an API token's service account (migration 039_api_tokens): tokens are listed on their own screen
      return (eb) =>
        eb.and([
          eb(col, 'not in', eb.selectFrom(`api_token as ${st}`).select(`${st}.apitUserId`)),
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
            ctx.groupIds.length
              ? eb(
                  col,
                  'in',
                  eb.selectFrom(`user as ${ug}`).select(`${ug}.userId`).where(`${ug}.userGrcpId`, 'in', ctx.groupIds),
                )
              : never,
          ]),
        ]);
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
