import type { PermissionKey } from '@fleet/shared/permissions.ts';
import { useMatches } from 'react-router';
import type { ScreenName } from '../routing/route-names.ts';

/** What a route tells the shell: its name, its page title, the permission (read) it needs. */
export interface RouteHandle {
  name: ScreenName;
  title: string;
  permission?: PermissionKey;
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
