import { PERMISSION_KEYS } from '@fleet/shared/permissions.ts';
import { defineScreens } from '../../routing/screen.ts';

/** Read on any master resource: the audit trail lists the entries of the resources the user may read. */
export const MASTER_PERMISSIONS = PERMISSION_KEYS.filter((k) => k.startsWith('master_'));

export const auditScreens = defineScreens({
  AuditTrail: {
    // issue 28: who changed master data and access, before and after; restore of deleted records
    title: 'Audit Trail',
    permission: MASTER_PERMISSIONS,
    page: () => import('./AuditTrail.tsx'),
    menu: { at: { userMaster: 150 } },
  },
});
