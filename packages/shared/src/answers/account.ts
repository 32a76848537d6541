import { z } from 'zod';
import { isTimeZone } from '../time-zone.ts';

/** `GET /api/account/profile`: the signed-in user, their companies (with groups) and roles (Profile screen). */
export const profileSchema = z.object({
  userId: z.string(),
  username: z.string(),
  status: z.number(),
  companies: z.array(
    z.object({
      compId: z.number(),
      compName: z.string(),
      compStatus: z.string(),
      grcpId: z.number().nullable(),
      grcpName: z.string().nullable(),
      allAssets: z.number(),
    }),
  ),
  roles: z.array(z.object({ roleId: z.number(), roleName: z.string() })),
  /** the zone the user chose to see the screens in; null: the active company's (docs/domain.md §1) */
  timezone: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `PUT /api/account/timezone`: the zone to see the screens in, an IANA name; null: the active company's. */
export const timezoneBody = z.object({
  timezone: z
    .string({ error: 'timezone must be a time zone name such as Asia/Makassar, or null' })
    .refine(isTimeZone, 'timezone must be a time zone name such as Asia/Makassar, or null')
    .nullable(),
});
export const timezoneAnswerSchema = z.object({ timezone: z.string().nullable() });

/** `PUT /api/account/language`: the interface language, `en` or `id`; null: the browser's. */
export const languageBody = z.object({
  language: z.enum(['en', 'id'], { error: 'language must be en or id, or null' }).nullable(),
});
export const languageAnswerSchema = z.object({ language: z.enum(['en', 'id']).nullable() });
