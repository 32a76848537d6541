import { z } from 'zod';

/** What a token's list row says of its state: live, past its expiry, or revoked (docs/api.md "API tokens"). */
export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;

/** An API token as `GET /api/api-tokens` lists it: never its secret. */
export const apiTokenSchema = z.object({
  tokenId: z.number(),
  name: z.string(),
  /** the token's first characters (`fmt_` and its public id): what a secret scanner or a log shows of it */
  prefix: z.string(),
  /** the token's service account: the user its writes are recorded under in the audit trail */
  accountId: z.string(),
  compId: z.number(),
  compName: z.string(),
  roleId: z.number(),
  roleName: z.string(),
  createdUserId: z.string(),
  createdTime: z.number(),
  expiresTime: z.number(),
  revokedTime: z.number().nullable(),
  revokedUserId: z.string().nullable(),
  lastUsedTime: z
    .number()
    .nullable()
    .describe('the last request let through, to the minute it was written; null: never'),
  lastUsedAddress: z.string().nullable(),
  /** requests in the last 24 hours: let through as reads and writes, and refused by the rate limit */
  lastDay: z.object({ reads: z.number(), writes: z.number(), limited: z.number() }),
  status: z.enum(API_TOKEN_STATUSES),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** `POST /api/api-tokens`: the new token with its secret `token`, answered this once. */
export const issuedApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type IssuedApiToken = z.infer<typeof issuedApiTokenSchema>;

/** The longest life of a token, in days. */
export const API_TOKEN_MAX_DAYS = 730;

/** `POST /api/api-tokens` body. */
export const createApiTokenSchema = z.object({
  name: z.string().trim().min(1, 'Can not be empty').max(64, 'At most 64 characters'),
  compId: z.number().int().positive(),
  roleId: z.number().int().positive(),
  expiresInDays: z
    .number()
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be at least 1 day')
    .max(API_TOKEN_MAX_DAYS, 'Expiry must be at most 730 days'),
});
export type CreateApiToken = z.infer<typeof createApiTokenSchema>;

/** `GET /api/api-tokens/choices`: the companies and roles the administrator may bind a token to. */
export const apiTokenChoicesSchema = z.object({
  companies: z.array(z.object({ compId: z.number(), compName: z.string() })),
  roles: z.array(z.object({ roleId: z.number(), roleName: z.string() })),
});
export type ApiTokenChoices = z.infer<typeof apiTokenChoicesSchema>;
