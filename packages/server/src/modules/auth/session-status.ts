import type { SessionStatus } from '@fleet/shared/answers/session.ts';
import { isTimeZone } from '@fleet/shared/time-zone.ts';
import type { Db } from '../../db/database.ts';
import type { Session } from './session.ts';

/** The user's companies with their groups, ordered by company id (the first is the login default). */
export async function userCompanies(db: Db, userId: string) {
  const rows: {
    compId: number;
    compName: string;
    compStatus: string;
    grcpId: number | null;
    grcpName: string | null;
    uscoAllAssets: number;
    compTimezone: string | null;
  }[] = await db
    .selectFrom('user_company')
    .innerJoin('company', 'company.compId', 'user_company.uscoCompId')
    .leftJoin('group_company', 'group_company.grcpId', 'company.compGrcpId')
    .select([
      'company.compId',
      'company.compName',
      'company.compStatus',
      'group_company.grcpId',
      'group_company.grcpName',
      'user_company.uscoAllAssets',
      'company.compTimezone',
    ])
    .where('user_company.uscoUserId', '=', userId)
    .orderBy('company.compId')
    .execute();
  return rows.map((r) => ({
    compId: Number(r.compId),
    compName: r.compName,
    compStatus: String(r.compStatus),
    grcpId: r.grcpId === null ? null : Number(r.grcpId),
    grcpName: r.grcpName,
    allAssets: Number(r.uscoAllAssets),
    timezone: r.compTimezone,
  }));
}

/** Companies without a group (compGrcpId unset) are listed under this name so they stay selectable. */
export const UNGROUPED = 'Ungrouped';

/**
 * GET …/status: who is signed in, the active app and company (with its time zone), the companies to choose from
 * grouped by company group, and userAccess. A company the user no longer belongs to is not reported as active.
 */
export async function sessionStatus(db: Db, s: Session, defaultTimeZone: string): Promise<SessionStatus> {
  const companies = await userCompanies(db, s.userId);
  const user = await db
    .selectFrom('user')
    .select(['userTimezone', 'userLanguage', 'userPlatformAdmin'])
    .where('userId', '=', s.userId)
    .executeTakeFirst();
  const groups = new Map<number | null, SessionStatus['groups'][number]>();
  for (const c of companies) {
    let g = groups.get(c.grcpId);
    if (!g) {
      g = { grcpId: c.grcpId, grcpName: c.grcpName ?? UNGROUPED, companies: [] };
      groups.set(c.grcpId, g);
    }
    g.companies.push({ compId: c.compId, compName: c.compName, compStatus: c.compStatus });
  }
  const active = companies.find((c) => c.compId === s.activeCompId) ?? null;
  const userAccess: SessionStatus['userAccess'] = {};
  for (const [key, ops] of Object.entries(s.access)) if (ops) userAccess[key] = ops;
  return {
    username: s.username,
    userId: s.userId,
    activeApp: s.activeApp,
    activeCompany: active && {
      compId: active.compId,
      compName: active.compName,
      grcpId: active.grcpId,
      // the company's days are cut in it (docs/domain.md §1); none of its own: the installation's default
      timezone: isTimeZone(active.timezone) ? active.timezone : defaultTimeZone,
    },
    activeGroup: active && { grcpId: active.grcpId, grcpName: active.grcpName ?? UNGROUPED },
    // the zone the user chose to see the screens in; null: the active company's
    userTimezone: isTimeZone(user?.userTimezone) ? user.userTimezone : null,
    // the interface language the user chose; null: the browser's
    userLanguage: user?.userLanguage === 'en' || user?.userLanguage === 'id' ? user.userLanguage : null,
    // the shared lists' write buttons show only for who can use them (docs/decisions.md "Tenants")
    platformAdmin: Number(user?.userPlatformAdmin ?? 0) === 1,
    groups: [...groups.values()],
    companies: companies.map(({ allAssets: _, timezone: __, ...c }) => c),
    userAccess,
  };
}
