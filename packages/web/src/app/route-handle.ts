import { can, type UserAccess } from '@fleet/shared/permissions.ts';
import { useMatches } from 'react-router';
import type { ScreenName } from '../routing/route-names.ts';
import type { ScreenPermission } from '../routing/screen.ts';

/** What a route tells the shell: its name, its page title, the permission (read) it needs. */
export interface RouteHandle {
  name: ScreenName;
  title: string;
  permission?: ScreenPermission;
}

/** Whether `access` holds read on a screen's permission (a list: on one of them); no permission: always. */
export function mayRead(access: UserAccess | undefined, permission: ScreenPermission | undefined): boolean {
  if (!permission) return true;
  return typeof permission === 'string'
    ? can(access, permission, 'read')
    : permission.some((p) => can(access, p, 'read'));
}

/** The deepest matched route's handle (name, title, permission). */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle as RouteHandle | undefined;
    if (h?.name) return h;
  }
  return undefined;
}
