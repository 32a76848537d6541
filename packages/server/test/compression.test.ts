import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, isLoopback, registerCompression } from '../src/http/compression.ts';

/** The compression hook (http/compression.ts) on the kinds of body the server sends. */
describe('compression hook', () => {
  const big = JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => ({ i, name: `row ${i}` })) });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerCompression(app);
    app.get('/json', async () => JSON.parse(big));
    // the heavy worker's answers: JSON it wrote, sent as a Buffer (summary/heavy.ts sendJson)
    app.get('/prebuilt', async (_req, reply) =>
      reply.header('content-type', 'application/json; charset=utf-8').send(Buffer.from(big)),
    );
    app.get('/pdf', async (_req, reply) =>
      reply.header('content-type', 'application/pdf').send(Buffer.from(`%PDF-1.3 ${big}`)),
    );
    app.get('/xlsx', async (_req, reply) =>
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(Buffer.from(big)),
    );
    app.get('/stream', async (_req, reply) =>
      reply.header('content-type', 'text/csv').send(Readable.from([big.slice(0, 5000), big.slice(5000)])),
    );
    app.get('/small', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());
  // a client on another machine (inject's default peer is 127.0.0.1, which is never compressed for)
  const FAR = '203.0.113.7';
  const get = (url: string, enc = 'gzip, deflate, br', extra: Record<string, string> = {}, remoteAddress = FAR) =>
    app.inject({ url, remoteAddress, headers: { 'accept-encoding': enc, ...extra } });

  it('serialized JSON, a prebuilt JSON buffer and a stream are compressed, and decompress to the same bytes', async () => {
    for (const url of ['/json', '/prebuilt']) {
      const r = await get(url);
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(r.rawPayload).toString(), url).toBe(big);
      expect(r.headers.vary).toBe('Accept-Encoding');
    }
    const s = await get('/stream', 'gzip');
    expect(s.headers['content-encoding']).toBe('gzip');
    expect(s.headers['content-length']).toBeUndefined();
    expect(gunzipSync(s.rawPayload).toString()).toBe(big);
  });

  it('leaves PDF and XLSX downloads, small answers, HEAD and upgrades alone', async () => {
    for (const url of ['/pdf', '/xlsx', '/small'])
      expect((await get(url)).headers['content-encoding'], url).toBeUndefined();
    const head = await app.inject({
      method: 'HEAD',
      url: '/json',
      remoteAddress: FAR,
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.headers['content-encoding']).toBeUndefined();
    const upgrade = await get('/json', 'br', { connection: 'Upgrade', upgrade: 'websocket' });
    expect(upgrade.headers['content-encoding']).toBeUndefined();
    expect(upgrade.body).toBe(big);
  });

  it('does not compress for a peer on the same machine (a local browser, a reverse proxy that compresses itself)', async () => {
    for (const peer of ['127.0.0.1', '127.0.1.1', '::1', '::ffff:127.0.0.1']) {
      const r = await get('/json', 'gzip, deflate, br', {}, peer);
      expect(r.headers['content-encoding'], peer).toBeUndefined();
      expect(r.body, peer).toBe(big);
    }
    expect(isLoopback('10.0.0.5')).toBe(false);
    expect(isLoopback('::ffff:192.168.1.20')).toBe(false);
    expect(isLoopback('fe80::1')).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
  });

  it('chooses by Accept-Encoding with q-values', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0.5, br;q=0')).toBe('gzip');
  });
});
