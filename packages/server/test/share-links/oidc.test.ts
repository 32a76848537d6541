import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createCompany, createGroup, createUser } from '../helpers/fixtures.ts';

/**
 * A stand-in OpenID Connect issuer: discovery, a token endpoint that takes the password grant for one user, and a
 * userinfo endpoint that answers that user's e-mail for the access token it issued.
 */
function fakeIssuer(): Promise<{ server: Server; url: string; seen: { grant: URLSearchParams | null } }> {
  const seen: { grant: URLSearchParams | null } = { grant: null };
  const server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/openid-configuration')
      return json(200, {
        issuer: base,
        token_endpoint: `${base}/token`,
        userinfo_endpoint: `${base}/userinfo`,
        authorization_endpoint: `${base}/auth`,
        jwks_uri: `${base}/jwks`,
      });
    if (req.url === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const p = new URLSearchParams(body);
        seen.grant = p;
        if (p.get('grant_type') !== 'password') return json(400, { error: 'unsupported_grant_type' });
        if (p.get('username') === 'idp-user' && p.get('password') === 'Idp-pass-41')
          return json(200, { access_token: 'at-1', token_type: 'Bearer', expires_in: 300, scope: 'openid email' });
        return json(400, { error: 'invalid_grant', error_description: 'Invalid user credentials' });
      });
      return;
    }
    if (req.url === '/userinfo') {
      if (req.headers.authorization !== 'Bearer at-1') return json(401, { error: 'invalid_token' });
      return json(200, { sub: 'u-1', email: 'Link.User@a.test' });
    }
    json(404, {});
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }),
    ),
  );
}

describe('report link sign-in through an OpenID Connect issuer (spec 002 §7.1)', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof fakeIssuer>>;
  let compId: number;
  beforeAll(async () => {
    idp = await fakeIssuer();
    t = await createTestApp('sqlite', {
      env: { OIDC_ISSUER: idp.url, OIDC_CLIENT_ID: 'fleet', OIDC_CLIENT_SECRET: 's', OIDC_ALLOW_HTTP: '1' },
    });
    compId = await createCompany(t.database.db, await createGroup(t.database.db, 'G'), 'C');
    await createUser(t.database.db, { userId: 'link.user@a.test', username: 'linkuser', companies: [{ compId }] });
  });
  afterAll(async () => {
    await t?.close();
    idp?.server.close();
  });

  const signIn = (username: string, password: string) =>
    t.call({ method: 'POST', url: '/api/share-links/oidc-signin', payload: { username, password } });

  it('says the link page signs in through the issuer', async () => {
    const r = await t.call({ method: 'GET', url: '/api/share-links/signin-method' });
    expect(r.json.data).toEqual({ method: 'oidc' });
  });

  it('password grant with scopes openid and email, then the e-mail from userinfo names the product user', async () => {
    const r = await signIn('idp-user', 'Idp-pass-41');
    expect(r.statusCode).toBe(200);
    expect(r.json.data).toMatchObject({ userId: 'link.user@a.test', username: 'linkuser' });
    expect(idp.seen.grant?.get('scope')).toBe('openid email');
    const status = await t.call({
      method: 'GET',
      url: '/api/security/authentication/status',
      token: r.json.data.token,
    });
    expect(status.statusCode).toBe(200);
  });

  it('a password the issuer refuses is the product’s sign-in message', async () => {
    const r = await signIn('idp-user', 'wrong');
    expect(r.statusCode).toBe(401);
    expect(r.json.status.message).toBe('Invalid Username or Password');
    expect(r.json.data ?? null).toBeNull();
  });

  it('without an issuer the route is absent and the page uses the product sign-in', async () => {
    const plain = await createTestApp('sqlite');
    try {
      expect((await plain.call({ method: 'GET', url: '/api/share-links/signin-method' })).json.data).toEqual({
        method: 'local',
      });
      const r = await plain.call({
        method: 'POST',
        url: '/api/share-links/oidc-signin',
        payload: { username: 'a', password: 'b' },
      });
      expect(r.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
