import { can, type Operation, type PermissionKey } from '@fleet/shared/permissions.ts';
import { useSession } from '../stores/session.ts';

/** Whether the signed-in user holds `op` on permission `key` (re-renders when the access map changes). */
export function useCan(key: PermissionKey | string, op: Operation = 'read'): boolean {
  return useSession((s) => can(s.userAccess, key, op));
}

/** The same check outside components. */
export function canNow(key: PermissionKey | string, op: Operation = 'read'): boolean {
  return can(useSession.getState().userAccess, key, op);
}
