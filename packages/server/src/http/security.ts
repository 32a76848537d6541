import { ErrorCode } from '@fleet/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';

export interface SecurityOptions {
  /** PUBLIC_URL: its origin is always accepted as the Origin of a state-changing request */
  publicUrl: string;
  /** extra image sources for the map tiles (CSP_IMG_SRC), e.g. https://tile.openstreetmap.org */
  imgSources: string[];
}

/**
 * The Content-Security-Policy of the web app: scripts, workers, frames (the weather page's iframe) and
 * connections only from this origin; images also from data: and blob: (Leaflet, ECharts canvas exports) and
 * the configured tile servers; inline styles (antd's CSS-in-JS, Leaflet's positioned panes, Swagger UI);
 * no plugins; no framing by other sites.
 */
export function contentSecurityPolicy(imgSources: string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...imgSources].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The host a request was sent to (behind a trusted proxy: the forwarded host), lower case. */
function requestHost(req: FastifyRequest): string | undefined {
  return (req.host || req.headers.host)?.toLowerCase();
}

/**
 * Login CSRF and friends: a state-changing request that a browser sends from another site is refused.
 * A browser names the page's origin in `Origin` (or, without it, says `Sec-Fetch-Site: cross-site`);
 * devices, scripts and curl send neither and are not affected. Accepted origins: this request's own host
 * and PUBLIC_URL.
 */
export function foreignOrigin(req: FastifyRequest, publicOrigin: string): string | null {
  if (!UNSAFE.has(req.method)) return null;
  const origin = req.headers.origin;
  if (origin === undefined) {
    return req.headers['sec-fetch-site'] === 'cross-site' ? 'a cross-site page' : null;
  }
  if (origin === publicOrigin) return null;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return origin; // "null" (sandboxed frames, file:) or garbage
  }
  return host === requestHost(req) ? null : origin;
}

export const FOREIGN_ORIGIN_MESSAGE = 'Requests from another site are not accepted';

/** Security headers on every answer, no-store on API JSON, and the Origin check above. */
export function registerSecurity(app: FastifyInstance, opts: SecurityOptions) {
  const csp = contentSecurityPolicy(opts.imgSources);
  const publicOrigin = new URL(opts.publicUrl).origin;

  app.addHook('onRequest', async (req, reply) => {
    const foreign = foreignOrigin(req, publicOrigin);
    if (foreign) {
      req.log.info({ origin: foreign, url: req.url.split('?')[0] }, 'foreign origin refused');
      return reply.status(403).send(fail(FOREIGN_ORIGIN_MESSAGE, ErrorCode.forbidden));
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    // a route with a policy of its own keeps it (the weather provider's isolated frame, geo/weather.routes.ts)
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    // API answers carry tenant data: never kept by the browser or a shared cache
    if (req.url.startsWith('/api/') && type.startsWith('application/json')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
