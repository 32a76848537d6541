import underPressure from '@fastify/under-pressure';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';

/** Route classes with their own bound on concurrent work (docs/operations.md "Load shedding"). */
export type RouteClass = 'essential' | 'ingest' | 'api' | 'stream' | 'static';

export interface LoadOptions {
  /** event-loop delay (ms, mean over a sample) above which non-essential requests get 503; 0 = off */
  maxEventLoopDelayMs: number;
  /** requests of a class worked on at once; more wait in the class's queue */
  concurrency: { api: number; ingest: number };
  /** requests of a class that may wait for a slot; beyond that: 503 at once */
  queue: { api: number; ingest: number };
  /** seconds a client is told to wait (Retry-After) */
  retryAfterSeconds: number;
}

/** Sign-in, sign-out and health always answer: an operator must be able to get in and see the state. */
const ESSENTIAL = [
  /^\/api\/health(\?|$)/,
  /^\/api\/security\/authentication\/(login|logout)(\?|$)/,
  /^\/api\/security\/authentication\/status(\?|$)/,
];

export function routeClass(url: string): RouteClass {
  if (!url.startsWith('/api/')) return 'static';
  if (ESSENTIAL.some((r) => r.test(url))) return 'essential';
  if (/^\/api\/ingest(\/|\?|$)/.test(url)) return 'ingest';
  // the live WebSocket stays open for as long as the page does: a concurrency slot held that long would let a few
  // dozen open fleet maps starve every other request; its own limits are the ticket and the socket per session
  if (/^\/api\/socket(\?|$)/.test(url)) return 'stream';
  return 'api';
}

/**
 * At most `limit` holders at once; up to `queueLimit` more wait in arrival order; `acquire` answers false
 * (refuse) when the queue is full too.
 */
export class Semaphore {
  private active = 0;
  private waiting: (() => void)[] = [];
  constructor(
    readonly limit: number,
    readonly queueLimit: number,
  ) {}

  get inUse() {
    return this.active;
  }
  get queued() {
    return this.waiting.length;
  }

  async acquire(): Promise<boolean> {
    if (this.active < this.limit) {
      this.active++;
      return true;
    }
    if (this.waiting.length >= this.queueLimit) return false;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return true; // the releasing holder handed its slot over
  }

  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.active = Math.max(0, this.active - 1);
  }
}

const SERVICE_UNAVAILABLE = 503;
export const BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.';

function busy(reply: FastifyReply, retryAfter: number) {
  return reply.status(503).header('retry-after', String(retryAfter)).send(fail(BUSY_MESSAGE, SERVICE_UNAVAILABLE));
}

/**
 * Sheds load before the process drowns: a bounded number of concurrent requests per route class (ingest and
 * the rest of the API apart, so a flood of one cannot starve the other), and 503 + Retry-After for everything
 * but the essential routes while the event loop lags (@fastify/under-pressure).
 */
export async function registerLoadShedding(app: FastifyInstance, opts: LoadOptions) {
  const gates = {
    api: new Semaphore(opts.concurrency.api, opts.queue.api),
    ingest: new Semaphore(opts.concurrency.ingest, opts.queue.ingest),
  };

  if (opts.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: opts.maxEventLoopDelayMs,
      retryAfter: opts.retryAfterSeconds,
      // returning a value makes the plugin send it (its typings say void; index.js handlePressure)
      pressureHandler: ((req: FastifyRequest, reply: FastifyReply) => {
        const cls = routeClass(req.url);
        if (cls === 'essential' || cls === 'static') return; // answered anyway
        req.log.warn({ url: req.url.split('?')[0] }, 'event loop lagging: request shed');
        reply.status(503).header('retry-after', String(opts.retryAfterSeconds));
        return fail(BUSY_MESSAGE, SERVICE_UNAVAILABLE);
      }) as never,
    });
  }

  app.addHook('onRequest', async (req, reply) => {
    const cls = routeClass(req.url);
    if (cls !== 'api' && cls !== 'ingest') return;
    const gate = gates[cls];
    if (!(await gate.acquire())) {
      req.log.warn({ class: cls, url: req.url.split('?')[0] }, 'too many concurrent requests: request shed');
      return busy(reply, opts.retryAfterSeconds);
    }
    // released once, whichever comes first: the answer sent or the connection gone
    let held = true;
    const release = () => {
      if (held) {
        held = false;
        gate.release();
      }
    };
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  });
}
