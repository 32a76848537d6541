import { z } from 'zod';

/** Share report links (docs/api.md "Share report links", docs/decisions.md "Share report links"). */

/** `POST /api/share-links`: the new link; `path` opens the report link page. */
export const shareLinkCreatedSchema = z.object({
  id: z.string(),
  token: z.string(),
  path: z.string(),
  url: z.string(),
  expires: z.number(),
});
export type ShareLinkCreated = z.infer<typeof shareLinkCreatedSchema>;

/** A row of `GET /api/share-links`: the signed-in user's links, newest first. */
export const shareLinkRowSchema = z.object({
  id: z.string(),
  massId: z.number(),
  massName: z.string().nullable(),
  start: z.number(),
  end: z.number(),
  expires: z.number(),
  created: z.number(),
  revoked: z.number().nullable(),
  openedCount: z.number(),
  lastOpened: z.number().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ShareLinkRow = z.infer<typeof shareLinkRowSchema>;

/** `POST /api/share-links/open`: a session that can read only the link's vessel and period. */
export const shareLinkOpenedSchema = z.object({
  token: z.string(),
  massId: z.number(),
  start: z.number(),
  end: z.number(),
  expires: z.number(),
});
export type ShareLinkOpened = z.infer<typeof shareLinkOpenedSchema>;

/** `GET /api/share-links/current`: the vessel, period and fuel type of the link this session was opened with. */
export const shareLinkCurrentSchema = z.object({
  massId: z.number(),
  massName: z.string(),
  start: z.number(),
  end: z.number(),
  expires: z.number(),
  /** the vessel's company's zone: the page's days and times (docs/domain.md §1) */
  timezone: z.string(),
  fuelType: z
    .object({
      mftyName: z.string(),
      mftyCo2Factor: z.number().nullable(),
      mftyDensity: z.number().nullable(),
    })
    .nullable(),
});
export type ShareLinkCurrent = z.infer<typeof shareLinkCurrentSchema>;

/** `GET /api/share-links/signin-method`: how the report link page signs in with u/p. */
export const signinMethodSchema = z.object({ method: z.enum(['local', 'oidc']) });
export type SigninMethod = z.infer<typeof signinMethodSchema>;
