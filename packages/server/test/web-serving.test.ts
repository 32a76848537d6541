import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

/** The web app as the build leaves it (scripts/build.mjs, packages/web/vite.config.ts): hashed assets, .br and .gz. */
/** A client on another machine: answers to a peer on this machine are never compressed (http/compression.ts). */
const FAR = '203.0.113.7';
const BIG_JS = `export const land = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => [i, i * 2]))};\n`;

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'fleet-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Fleet</title>');
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'land-10m-CapPYDTo.js'), BIG_JS);
    writeFileSync(join(dist, 'assets', 'land-10m-CapPYDTo.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(join(dist, 'assets', 'land-10m-CapPYDTo.js.gz'), gzipSync(BIG_JS));
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp('sqlite', { env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it('answers a page navigation to a client-side route with index.html', async () => {
    const r = await t.app.inject({ url: '/master/user/5', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<title>Fleet</title>');
    expect(r.headers['cache-control']).toBe('no-cache');
  });

  it('serves existing assets and answers a missing chunk with 404, not HTML', async () => {
    expect((await t.app.inject({ url: '/assets/app-1.js', headers: { accept: '*/*' } })).statusCode).toBe(200);
    const missing = await t.app.inject({ url: '/assets/app-0.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });

  it('keeps unknown API routes as JSON 404', async () => {
    const r = await t.call({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(r.statusCode).toBe(404);
    expect(r.json.status.error).toBe(1);
  });

  it('index.html and unhashed files are revalidated; content-hashed assets are immutable for a year', async () => {
    for (const url of ['/', '/index.html', '/favicon.svg'])
      expect((await t.app.inject({ url })).headers['cache-control'], url).toBe('no-cache');
    const asset = await t.app.inject({ url: '/assets/land-10m-CapPYDTo.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file the client accepts (brotli first), with its type and Vary', async () => {
    const url = '/assets/land-10m-CapPYDTo.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);

    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });
});

describe('compressed API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('compresses a large JSON answer by Accept-Encoding: brotli, gzip, or none', async () => {
    const url = '/api/docs/json'; // the OpenAPI document, a few hundred KB
    const plain = await t.app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.byteLength).toBeGreaterThan(10_000);

    const br = await t.app.inject({ url, remoteAddress: FAR, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    // a buffer's Content-Length is the compressed length (Fastify counts what onSend returned)
    expect(Number(br.headers['content-length'] ?? br.rawPayload.byteLength)).toBe(br.rawPayload.byteLength);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await t.app.inject({ url, remoteAddress: FAR, headers: { 'accept-encoding': 'gzip;q=1, br;q=0.5' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const none = await t.app.inject({ url, remoteAddress: FAR, headers: { 'accept-encoding': 'identity, br;q=0' } });
    expect(none.headers['content-encoding']).toBeUndefined();
  });

  it('leaves a small answer as it is', async () => {
    const r = await t.app.inject({
      url: '/api/health/live',
      remoteAddress: FAR,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json().data.live).toBe(true);
  });
});
