import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Session } from '../auth/session.ts';
import { sessionMemo } from '../auth/session-cache.ts';

/**
 * `compute` once per cached session (auth/session-cache.ts: the session and its memo live as long as the access
 * version they were read under), every time for a session built elsewhere. The value is frozen: it is shared by
 * every request of the session. A failed computation is not kept.
 */
function memoized<T>(s: Session, key: string, compute: () => Promise<T>): Promise<T> {
  const memo = sessionMemo(s);
  if (!memo) return compute();
  let p = memo.get(key) as Promise<T> | undefined;
  if (!p) {
    p = compute().then((v) => Object.freeze(v));
    memo.set(key, p);
    p.catch(() => memo.delete(key));
  }
  return p;
}

/**
 * Tenant scope (docs/decisions.md "Tenant scope"): within the active company, a user sees all its assets
 * when their user_company row has the all-assets flag, otherwise only the assets assigned to them.
 * Without an active company nothing is visible.
 */
export function visibleAssetIds(db: Db, s: Session): Promise<readonly number[]> {
  return memoized(s, 'assetIds', () => readVisibleAssetIds(db, s));
}

/** The visible assets as a set (membership checks of one id). */
export function visibleAssetSet(db: Db, s: Session): Promise<ReadonlySet<number>> {
  return memoized(s, 'assetSet', async () => new Set(await visibleAssetIds(db, s)));
}

/**
 * The rule a list of visible assets was read by (readVisibleAssetIds): the active company, and the user's assigned
 * assets unless they see all of it. Kept by the list's identity, so a statement can apply the rule (a subquery of
 * fixed text, crud/visible-where.ts) instead of binding every id; a scope whose assetIds is another list (a copy,
 * user-asset.hooks.ts's assets of every company) has no rule and is bound as its list.
 */
export interface AssetRule {
  userId: string;
  compId: number;
  allAssets: boolean;
}
const rules = new WeakMap<readonly number[], AssetRule>();

export function assetRuleOf(assetIds: readonly number[]): AssetRule | undefined {
  return rules.get(assetIds);
}

async function readVisibleAssetIds(db: Db, s: Session): Promise<number[]> {
  if (s.activeCompId === null) return [];
  const uc = await db
    .selectFrom('user_company')
    .select('uscoAllAssets')
    .where('uscoUserId', '=', s.userId)
    .where('uscoCompId', '=', s.activeCompId)
    .executeTakeFirst();
  let q = db.selectFrom('asset').select('asset.massId').where('asset.massCompId', '=', s.activeCompId);
  if (!uc) return [];
  const allAssets = Number(uc.uscoAllAssets) === 1;
  if (!allAssets) {
    q = q.where(
      'asset.massId',
      'in',
      db.selectFrom('user_asset').select('uassMassId').where('uassUserId', '=', s.userId),
    );
  }
  const ids = (await q.execute()).map((r: { massId: number }) => Number(r.massId));
  rules.set(ids, { userId: s.userId, compId: s.activeCompId, allAssets });
  return ids;
}

/** Companies the user belongs to (for company, group and tank-header lists). */
export async function userCompanyIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db.selectFrom('user_company').select('uscoCompId').where('uscoUserId', '=', userId).execute();
  return rows.map((r: { uscoCompId: number }) => Number(r.uscoCompId));
}

/**
 * Devices on visible assets: [{ devcId, devcUniqueId, devcType, devcLabel, devcMassId, devcName }]; with `only`, just
 * those named (by unique id or devc_id) — a request about one device then reads one row, not the whole fleet. The
 * visible assets are a set kept with the session: the devices are read by name, or by the active company's assets,
 * and those on an asset outside the set are left out (no list of every visible asset in the statement). With
 * `typeNames`, only devices whose trimmed, lower-case `devcType` is one of them.
 */
export async function visibleDevices(db: Db, s: Session, only: string[] = [], typeNames?: readonly string[]) {
  const assets = await visibleAssetSet(db, s);
  if (!assets.size || s.activeCompId === null) return [];
  let q = db.selectFrom('device').select(['devcId', 'devcUniqueId', 'devcType', 'devcLabel', 'devcMassId', 'devcName']);
  // one type's devices (shared devcTypeNames): the fleet's other devices are not read at all
  if (typeNames) q = q.where(sql<string>`lower(trim(${sql.ref('devcType')}))`, 'in', typeNames);
  if (only.length) {
    // a devc_id is a 32-bit integer; longer digit strings (a tracker's 15-digit IMEI) are unique ids only
    const ids = only.filter((x) => /^\d{1,9}$/.test(x)).map(Number);
    q = q.where((eb) => eb.or([eb('devcUniqueId', 'in', only), ...(ids.length ? [eb('devcId', 'in', ids)] : [])]));
  } else {
    q = q.where(
      'devcMassId',
      'in',
      db.selectFrom('asset').select('asset.massId').where('asset.massCompId', '=', s.activeCompId),
    );
  }
  const rows: {
    devcId: number;
    devcUniqueId: string;
    devcType: string;
    devcLabel: string | null;
    devcMassId: number | null;
    devcName: string;
  }[] = await q.orderBy('devcId').execute();
  return rows.filter((d) => d.devcMassId !== null && assets.has(Number(d.devcMassId)));
}

/** What the signed-in user may see: computed once per cached session (and access version), else per call. */
export interface ScopeContext {
  userId: string;
  /** every company of the user (company, group, tank header and user scopes) */
  companyIds: readonly number[];
  /** the groups (tenants) of those companies (group, tenant and user scopes) */
  groupIds: readonly number[];
  /** a platform administrator: edits shared catalogues and built-in roles, adds groups (tenants) */
  platformAdmin: boolean;
  /** assets visible within the active company (asset, device, parent-of-asset and gateway scopes) */
  assetIds: readonly number[];
}

export function scopeContext(db: Db, session: Session): Promise<ScopeContext> {
  return memoized(session, 'scope', () => readScopeContext(db, session));
}

async function readScopeContext(db: Db, session: Session): Promise<ScopeContext> {
  const [companyIds, assetIds, user] = await Promise.all([
    userCompanyIds(db, session.userId),
    visibleAssetIds(db, session),
    db.selectFrom('user').select('userPlatformAdmin').where('userId', '=', session.userId).executeTakeFirst(),
  ]);
  const groups = companyIds.length
    ? await db.selectFrom('company').select('compGrcpId').distinct().where('compId', 'in', companyIds).execute()
    : [];
  const groupIds = groups.map((g: { compGrcpId: unknown }) => Number(g.compGrcpId)).filter((g) => g > 0);
  // frozen to the last list: a cached scope is shared by every request of the session
  return {
    userId: session.userId,
    companyIds: Object.freeze(companyIds),
    groupIds: Object.freeze(groupIds),
    assetIds,
    platformAdmin: Number((user as { userPlatformAdmin?: unknown } | undefined)?.userPlatformAdmin) === 1,
  };
}
