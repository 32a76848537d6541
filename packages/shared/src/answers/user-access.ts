import { z } from 'zod';

/** A user's access as an administrator sees it (issue 28; docs/api.md "A user's access"). */
export const userSessionSchema = z.object({
  /** an opaque id of the session (never its token) */
  id: z.string(),
  createdTime: z.number(),
  lastSeenTime: z.number(),
  activeCompId: z.number().nullable(),
  app: z.string().nullable(),
  /** opened with a share link (a report reader), not a sign-in */
  shareLink: z.boolean(),
  /** the administrator's own session */
  current: z.boolean(),
  /** the client address that opened it (null: opened before the server kept it) */
  address: z.string().nullable(),
  /** its browser, short ("Chrome 126 on Linux"), from its User-Agent; an unknown one cut short; null: none kept */
  browser: z.string().nullable(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const userAccessSchema = z.object({
  sessions: z.array(userSessionSchema),
  /** seconds the account stays locked after too many failed sign-ins; 0: not locked */
  lockedSeconds: z.number(),
});
export type UserAccess = z.infer<typeof userAccessSchema>;
