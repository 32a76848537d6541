import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compressed answers (docs/operations.md "Serving the web app and compression"; docs/decisions.md "Compression"):
 * an answer of a text type (JSON, text, JavaScript, CSS, SVG, XML) of at least `thresholdBytes` is sent with
 * brotli or gzip, whichever the client's Accept-Encoding prefers (brotli on a tie), with `Vary: Accept-Encoding`.
 * Left as they are: answers already encoded (the web app's precompressed files, @fastify/static `preCompressed`),
 * types that are compressed already (PDF, XLSX, images, video, octet streams), partial content, HEAD, 204/304, the
 * live WebSocket's upgrade, and every answer to a peer on the same machine (`isLoopback`). The work runs on libuv's
 * thread pool (zlib's asynchronous calls), not on the event loop; the levels are those of dynamic content: brotli 4,
 * and gzip 1 — gzip 6 took 2.5 ms of CPU for a 300 KB series answer (38 KB) where gzip 1 takes 1.0 ms (47 KB), more than
 * the socket saves for the bytes (docs/decisions.md "Hourly series at the floor").
 * @fastify/compress is not installed; this hook is the part of it we need.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Content types worth compressing (the others are compressed already, or binary). */
export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[\w.+-]*\+(json|xml))|image\/svg\+xml)/i;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 1 };

export type Encoding = 'br' | 'gzip';

/** The encoding the client prefers among brotli and gzip (q-values honoured, `*` counted), or null: identity. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q[name] = Number.isFinite(value) ? value : 0;
  }
  const of = (name: string) => q[name] ?? q['*'] ?? 0;
  const br = of('br');
  const gz = of('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const list = Array.isArray(vary) ? vary.join(',') : String(vary ?? '');
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(list)) return;
  reply.header('vary', list ? `${list}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * A peer on this machine — a browser on the server itself, or a reverse proxy in front of it (nginx compresses for the
 * far client: deploy/nginx-fleet.conf) — has no network between us to save: compressing for it costs CPU and
 * milliseconds of latency on every answer (a 30-day hourly series: p50 7.5 → 12.7 ms over loopback). The socket's
 * own peer, not a forwarded address.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\./.test(v4);
}

function skip(req: FastifyRequest, reply: FastifyReply): boolean {
  if (req.method === 'HEAD' || req.headers.upgrade) return true;
  if (isLoopback(req.socket.remoteAddress)) return true;
  const status = reply.statusCode;
  if (status === 204 || status === 206 || status === 304 || status < 200) return true;
  if (reply.getHeader('content-encoding') || reply.getHeader('content-range')) return true;
  return !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''));
}

export function registerCompression(app: FastifyInstance, o: { thresholdBytes?: number } = {}) {
  const threshold = o.thresholdBytes ?? COMPRESS_THRESHOLD_BYTES;
  app.addHook('onSend', async (req, reply, payload: unknown) => {
    if (payload == null || skip(req, reply)) return payload;
    const isStream = typeof (payload as NodeJS.ReadableStream).pipe === 'function';
    const length = isStream
      ? Number(reply.getHeader('content-length') ?? Number.POSITIVE_INFINITY)
      : typeof payload === 'string'
        ? Buffer.byteLength(payload)
        : payload instanceof Uint8Array
          ? payload.byteLength
          : -1;
    if (length < 0) return payload; // not a body this hook knows
    // a compressible answer varies by Accept-Encoding even when this one is not compressed (too small, identity)
    addVary(reply);
    if (length < threshold) return payload;
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    // the ETag named the uncompressed bytes: a compressed body keeps it only as a weak validator
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
    if (isStream) {
      const z = encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip(GZIP_OPTIONS);
      // pipeline: a failing source (a file read error) destroys the compressor too, so the answer ends
      return pipeline(payload as NodeJS.ReadableStream, z, (err) => {
        if (err) req.log.warn({ err }, 'compressing an answer failed');
      });
    }
    const input = typeof payload === 'string' ? Buffer.from(payload) : (payload as Uint8Array);
    return encoding === 'br' ? brotli(input, BROTLI_OPTIONS) : gzipped(input, GZIP_OPTIONS);
  });
}
