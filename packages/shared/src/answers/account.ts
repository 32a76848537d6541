import { z } from 'zod';

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
});
export type Profile = z.infer<typeof profileSchema>;
