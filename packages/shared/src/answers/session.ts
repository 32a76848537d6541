import { z } from 'zod';
import { OPERATIONS } from '../permissions.ts';

/** Sign-in (`POST /api/security/authentication/login`, `/api/share-links/oidc-signin`): the new session's token. */
export const signedInSchema = z.object({ token: z.string(), userId: z.string(), username: z.string() });
export type SignedIn = z.infer<typeof signedInSchema>;

const companyRef = z.object({ compId: z.number(), compName: z.string(), compStatus: z.string() });

/**
 * `GET /api/security/authentication/status` (and `setcompany`, `setapp`): who is signed in, the active app and
 * company, the companies to choose from grouped by company group, and userAccess.
 */
export const sessionStatusSchema = z.object({
  username: z.string(),
  userId: z.string(),
  activeApp: z.string().nullable(),
  activeCompany: z
    .object({
      compId: z.number(),
      compName: z.string(),
      grcpId: z.number().nullable(),
      /** IANA zone its days are cut in (docs/domain.md §1) */
      timezone: z.string(),
    })
    .nullable(),
  activeGroup: z.object({ grcpId: z.number().nullable(), grcpName: z.string() }).nullable(),
  /** the IANA zone the user chose to see the screens in (Profile); null: the active company's */
  userTimezone: z.string().nullable(),
  /** the interface language the user chose (Profile); null: the browser's */
  userLanguage: z.enum(['en', 'id']).nullable(),
  /** a platform administrator: writes the lists every tenant shares (fuel types, asset types …) and built-in roles */
  platformAdmin: z.boolean(),
  groups: z.array(z.object({ grcpId: z.number().nullable(), grcpName: z.string(), companies: z.array(companyRef) })),
  companies: z.array(companyRef.extend({ grcpId: z.number().nullable(), grcpName: z.string().nullable() })),
  userAccess: z.record(z.string(), z.array(z.enum(OPERATIONS))),
});
export type SessionStatus = z.infer<typeof sessionStatusSchema>;
