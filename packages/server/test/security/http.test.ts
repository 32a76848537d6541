import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../helpers/app.ts';
import { createUser, twoTenants } from '../helpers/fixtures.ts';
import { jpegImage, pngImage } from './images.ts';

const LOGIN = '/api/security/authentication/login';
const PUBLIC_URL = 'https://fleet.example.com';

/** A multipart/form-data body with one file part `image` and optional text fields. */
export function multipartBody(
  file: { name: string; bytes: Buffer; type?: string } | null,
  fields: Record<string, string> = {},
  boundary = 'XyZfleetBoundary',
) {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * HTTP-level robustness and headers (issue 10): security headers, the Origin check against login CSRF,
 * malformed multipart bodies (400, never 500), canonical ids, upload size and content.
 */
describe.each(dialects())('http security on %s', (dialect) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  let ip = 0;
  const from = () => `10.9.0.${++ip}`;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { PUBLIC_URL },
      seed: async ({ db }) => {
        w = await twoTenants(db, ['master_asset', 'master_asset_type', 'master_user']);
        await createUser(db, { userId: 'plain@a.test', username: 'plain', password: 'plain-Secret#1' });
      },
    });
  });
  afterAll(() => t.close());

  describe('headers', () => {
    it('every answer carries the CSP, nosniff, framing and referrer rules', async () => {
      for (const url of ['/api/health', '/api/master/asset', '/no-such-page']) {
        const res = await t.call({ method: 'GET', url, token: w.adminA });
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toMatch(/img-src 'self' data: blob:/);
        expect(csp).toContain("worker-src 'self' blob:");
        expect(csp).toContain("frame-src 'self'");
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['referrer-policy']).toBe('same-origin');
      }
    });

    it('authenticated JSON is never stored by the browser', async () => {
      const res = await t.call({ method: 'GET', url: '/api/master/asset', token: w.adminA });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const refused = await t.call({ method: 'GET', url: '/api/master/asset' });
      expect(refused.headers['cache-control']).toBe('no-store');
    });
  });

  describe('login CSRF: state-changing requests from another site are refused', () => {
    const signIn = (headers: Record<string, string>) =>
      t.call({
        method: 'POST',
        url: LOGIN,
        payload: 'username=plain&password=plain-Secret%231',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        remoteAddress: from(),
      });

    it('a cross-origin form post to the sign-in is refused with 403 and a message', async () => {
      const res = await signIn({ origin: 'https://evil.example', host: 'fleet.example.com' });
      expect(res.statusCode).toBe(403);
      expect(res.json.status.message).toBe('Requests from another site are not accepted');
      expect(res.json.data).toBeNull();
      expect((await signIn({ origin: 'null', host: 'fleet.example.com' })).statusCode).toBe(403);
      expect((await signIn({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    });

    it('the same post from the app’s own origin, PUBLIC_URL, or without Origin (devices, curl) is processed', async () => {
      expect((await signIn({ origin: 'http://10.0.0.5:8080', host: '10.0.0.5:8080' })).statusCode).toBe(200);
      expect((await signIn({ origin: PUBLIC_URL, host: 'internal:8080' })).statusCode).toBe(200);
      expect((await signIn({})).statusCode).toBe(200);
      expect((await signIn({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    });

    it('reads are not affected; writes of a signed-in user from another site are refused too', async () => {
      const read = await t.call({
        method: 'GET',
        url: '/api/master/asset',
        token: w.adminA,
        headers: { origin: 'https://evil.example' },
      });
      expect(read.statusCode).toBe(200);
      const write = await t.call({
        method: 'DELETE',
        url: `/api/master/asset/${w.assetA1}`,
        token: w.adminA,
        headers: { origin: 'https://evil.example' },
      });
      expect(write.statusCode).toBe(403);
    });
  });

  describe('malformed multipart bodies are a 400, never a 500', () => {
    const routes: { url: string; token?: () => string }[] = [
      { url: LOGIN },
      { url: '/api/account/change_password', token: () => w.adminA },
      { url: '/api/account/reset_password/request' },
      { url: '/api/account/reset_password/reset' },
      { url: '/api/master/asset/upload/1', token: () => w.adminA },
    ];
    const bad: { name: string; type: string; body: string }[] = [
      {
        name: 'no boundary',
        type: 'multipart/form-data',
        body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
      },
      {
        name: 'truncated body',
        type: 'multipart/form-data; boundary=abc',
        body: '--abc\r\nContent-Disposition: form-data; name="username"\r\n\r\nadm',
      },
      { name: 'garbage', type: 'multipart/form-data; boundary=abc', body: 'not multipart at all' },
      { name: 'boundary never closed', type: 'multipart/form-data; boundary=abc', body: '--abc\r\nContent-Disp' },
    ];
    for (const b of bad) {
      it(`${b.name}`, async () => {
        for (const r of routes) {
          const res = await t.call({
            method: 'POST',
            url: r.url,
            token: r.token?.(),
            payload: b.body,
            headers: { 'content-type': b.type },
            remoteAddress: from(),
          });
          expect(res.statusCode, `${r.url}: ${JSON.stringify(res.json)}`).toBe(400);
          expect(res.json.status.error).toBe(1);
          expect(JSON.stringify(res.json.status.message)).toMatch(/multipart|form/i);
        }
      });
    }
  });

  it('ids: only the canonical whole number reads a row (/1.0, /+1, /01, /%201 … are 400)', async () => {
    const url = (id: string) => `/api/master/asset/${id}`;
    const id = w.assetA1;
    const res = await t.call({ method: 'GET', url: url(String(id)), token: w.adminA });
    expect(res.statusCode).toBe(200);
    expect(res.json.data.massName).toBe('Vessel A1');
    for (const v of [
      `${id}.0`,
      `+${id}`,
      `0${id}`,
      `%20${id}`,
      `${id}%20`,
      `${id}e0`,
      `0x${id.toString(16)}`,
      '-1',
      '0',
    ]) {
      const bad = await t.call({ method: 'GET', url: url(v), token: w.adminA });
      expect(bad.statusCode, v).toBe(400);
      expect(bad.json.status.message).toMatch(/id must be a whole number/);
    }
  });

  it('text the database cannot hold (NUL) is a 400 on both engines, in a body or a path', async () => {
    const nul = await t.call({
      method: 'POST',
      url: '/api/master/asset',
      token: w.adminA,
      payload: { massName: 'Vessel\u0000X', massType: 1 },
    });
    expect(nul.statusCode).toBe(400);
    expect(JSON.stringify(nul.json.status.message)).toMatch(/NUL character/);
    // a text id: PostgreSQL refuses to compare it (400), SQLite finds no such row (404)
    const path = await t.call({ method: 'GET', url: '/api/master/user/a%00b', token: w.adminA });
    expect([400, 404]).toContain(path.statusCode);
  });

  describe('asset image upload', () => {
    const upload = (file: { name: string; bytes: Buffer } | null) => {
      const { payload, headers } = multipartBody(file);
      return t.call({
        method: 'POST',
        url: `/api/master/asset/upload/${w.assetA1}`,
        token: w.adminA,
        payload,
        headers,
      });
    };

    it('a real PNG and a real JPEG are stored and served back byte for byte', async () => {
      for (const [name, bytes, type] of [
        ['hull.png', pngImage(), 'image/png'],
        ['hull.jpg', jpegImage(), 'image/jpeg'],
      ] as const) {
        const res = await upload({ name, bytes });
        expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
        const img = await t.app.inject({ method: 'GET', url: `/api/${res.json.data.massImage}` });
        expect(img.headers['content-type']).toBe(type);
        expect(img.rawPayload.equals(bytes)).toBe(true);
      }
    });

    it('over 5 MB is refused every time with 413 and a message; nothing is stored', async () => {
      const before = (await t.call({ method: 'GET', url: `/api/master/asset/${w.assetA1}`, token: w.adminA })).json.data
        .massImage;
      const head = pngImage();
      for (const size of [5 * 1024 * 1024 + 1, 5 * 1024 * 1024 + 70, 6 * 1024 * 1024, 20 * 1024 * 1024]) {
        for (let i = 0; i < 3; i++) {
          const bytes = Buffer.concat([head, Buffer.alloc(size - head.length, 7)]);
          const res = await upload({ name: 'big.png', bytes });
          expect(res.statusCode, `size ${size}`).toBe(413);
          expect(JSON.stringify(res.json.status.message)).toContain('at most 5 MB');
        }
      }
      const after = (await t.call({ method: 'GET', url: `/api/master/asset/${w.assetA1}`, token: w.adminA })).json.data
        .massImage;
      expect(after).toBe(before);
    });

    it('a file that only starts like an image, or is cut, is refused as not decodable', async () => {
      const png = pngImage(40, 40);
      const fakes = [
        { name: 'x.png', bytes: Buffer.concat([png.subarray(0, 16), Buffer.alloc(500, 1)]) },
        { name: 'x.png', bytes: png.subarray(0, png.length - 20) },
        { name: 'x.jpg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]) },
        { name: 'x.jpg', bytes: png },
        { name: 'x.gif', bytes: Buffer.from('GIF89a') },
      ];
      for (const f of fakes) {
        const res = await upload(f);
        expect(res.statusCode, f.name).toBe(400);
        expect(res.json.status.message.image?.[0]).toMatch(/\.jpeg, \.jpg and \.png|not a readable image/);
      }
    });
  });
});
