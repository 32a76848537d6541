import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';

type OidcConfig = NonNullable<Config['oidc']>;

/** Discovery is made once per issuer and kept; a failed discovery is retried on the next sign-in. */
const discovered = new Map<string, Promise<oidc.Configuration>>();

function configurationOf(c: OidcConfig): Promise<oidc.Configuration> {
  const key = `${c.issuer}|${c.clientId}`;
  let p = discovered.get(key);
  if (!p) {
    p = oidc.discovery(
      new URL(c.issuer),
      c.clientId,
      c.clientSecret,
      undefined,
      c.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    p.catch(() => discovered.delete(key));
    discovered.set(key, p);
  }
  return p;
}

/** The issuer refused the credentials (wrong password, unknown user) as opposed to not answering. */
export class OidcRefused extends Error {}

/**
 * Spec 002 §7.1 with an external identity provider: the password grant with scopes openid and email, then the
 * access token reads the user's e-mail from the userinfo endpoint. Only for the compatibility u/p link (the grant
 * is deprecated, RFC 9700); the password is sent only to the issuer's token endpoint and never logged.
 */
export async function emailFromIssuer(c: OidcConfig, username: string, password: string): Promise<string> {
  const config = await configurationOf(c);
  let accessToken: string;
  try {
    const tokens = await oidc.genericGrantRequest(config, 'password', { username, password, scope: 'openid email' });
    accessToken = tokens.access_token;
  } catch (e) {
    if (e instanceof oidc.ResponseBodyError && (e.error === 'invalid_grant' || e.error === 'invalid_request'))
      throw new OidcRefused(e.error);
    throw e;
  }
  const info = await oidc.fetchUserInfo(config, accessToken, oidc.skipSubjectCheck);
  if (typeof info.email !== 'string' || !info.email) throw new OidcRefused('no email');
  return info.email;
}
