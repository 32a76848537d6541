import { USER_ACCOUNT_PATH } from '@fleet/shared/user-account.ts';

/**
 * What an API token may not do, because it needs a person (docs/api.md "Authentication"): the routes under these
 * prefixes answer 403 to a token, whatever its role allows. Signing in and out, choosing an application or company
 * (a token has one company); one's own account, password and language; report links (they open a person's session);
 * API tokens themselves (a token cannot make or revoke tokens); a user's credentials, sessions and sign-in lock, and
 * user accounts with their password; the mails a person subscribes to; the first-run setup.
 */
export const PERSON_ONLY_PREFIXES: readonly string[] = [
  '/api/security/authentication',
  '/api/account/',
  '/api/share-links',
  '/api/api-tokens',
  '/api/users/',
  `/api/master/${USER_ACCOUNT_PATH}`,
  '/api/reports/daily/subscriptions',
  '/api/log/event/mail',
  '/api/setup',
];

/** The route pattern (`/api/users/:userId/access`) needs a person. */
export function needsPerson(routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  return PERSON_ONLY_PREFIXES.some((p) => routeUrl === p.replace(/\/$/, '') || routeUrl.startsWith(p));
}
