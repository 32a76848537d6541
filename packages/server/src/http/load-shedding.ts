import underPressure from '@fastify/under-pressure';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';
import { shedRequestsTotal } from './metrics.ts';

/** Route classes with their own bound on concurrent work (docs/operations.md "Load shedding"). */
export type RouteClass = 'essential' | 'ingest' | 'api' | 'export' | 'stream' | 'static';

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
  /^\/api\/health(\/live|\/ready)?(\?|$)/,
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
  // a streamed export (issue 31) lasts as long as its download: it is bounded by its own slots (export-stream.ts,
  // per company and in all), not by the API's, which it would hold for seconds or minutes
  if (/^\/api\/[^?]*\/export\.(csv|xlsx)(\?|$)/.test(url)) return 'export';
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

/**
 * docs/domain.md §36: while the event loop lags past the threshold, ingest is shed first (devices keep their readings
 * and send them again after Retry-After); reads are shed too only when the lag passes this many times the threshold.
 */
export const READ_SHED_FACTOR = 8;

/** Whether a request of this class is shed at this event-loop lag (ms) with this threshold (ms; 0 = never). */
export function shedUnderLag(cls: RouteClass, lagMs: number, thresholdMs: number): boolean {
  if (thresholdMs <= 0 || lagMs <= thresholdMs) return false;
  if (cls === 'ingest') return true;
  if (cls === 'api' || cls === 'export') return lagMs > READ_SHED_FACTOR * thresholdMs;
  return false; // sign-in, health, the live socket and the web app's files are answered anyway
}

/**
 * docs/domain.md §36: API requests started per event-loop turn. Node accepts one new connection per turn of a busy
 * loop (measured: a loop kept busy 200 ms a turn accepted 1 connection a turn), so a turn that works off every
 * request of 200 keep-alive clients (~350 ms) left new clients waiting seconds in the accept queue (185 waiting at
 * the start of the load bench). Starting at most this many per turn keeps turns short; the rest start next turn.
 * One: a turn is then one request's work (~2 ms), so a burst of 225 new connections is taken in within ~0.5 s instead
 * of 3 s with 8 (one accepted per ~14 ms turn), for ~15 % fewer reads/s at saturation (docs/benchmarks.md).
 */
export const REQUESTS_PER_TURN = 1;

/**
 * Turns that start no request while new connections are being accepted, at most this many in a row. Node takes in
 * one connection per turn, so a burst of N connections needs N turns: turns without a request's work take it in within
 * milliseconds, and a steady stream of new connections still lets a request start at least every this many turns.
 */
export const ACCEPT_TURNS = 64;

/**
 * At most `perTurn` grants per event-loop turn; later ones wait, in order, for the following turns. A turn in which a
 * new connection was accepted (`connectionAccepted`) grants nothing, up to `acceptTurns` such turns in a row, so a
 * burst of new clients is taken in before the requests already read are worked on.
 */
export class TurnBudget {
  private used = 0;
  private waiting: (() => void)[] = [];
  private armed = false;
  /** a connection was accepted since the last turn began */
  private accepting = false;
  private acceptedTurns = 0;
  constructor(
    readonly perTurn: number,
    readonly acceptTurns = ACCEPT_TURNS,
  ) {}

  get queued() {
    return this.waiting.length;
  }

  /** The server took in a new connection (its `connection` event). */
  connectionAccepted() {
    this.accepting = true;
    this.arm();
  }

  /** Resolves at once while this turn has room, else in a later turn. */
  acquire(): Promise<void> | undefined {
    this.arm();
    if (this.used < this.perTurn && !this.waiting.length && !this.holdForAccepts()) {
      this.used++;
      return undefined;
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Whether this turn stays free of request work because connections are being accepted. */
  private holdForAccepts() {
    return this.accepting && this.acceptedTurns < this.acceptTurns;
  }

  /** A new turn (an immediate queued from the check phase runs in the next turn): room again, the waiting first. */
  private arm() {
    if (this.armed) return;
    this.armed = true;
    setImmediate(() => {
      this.armed = false;
      this.used = 0;
      if (this.holdForAccepts()) {
        // this turn's poll phase may take in the next connection of a burst: look again next turn
        this.acceptedTurns++;
        this.accepting = false;
        this.arm();
        return;
      }
      this.accepting = false;
      this.acceptedTurns = 0;
      while (this.used < this.perTurn && this.waiting.length) {
        this.used++;
        this.waiting.shift()?.();
      }
      if (this.waiting.length) this.arm();
    });
  }
}

const SERVICE_UNAVAILABLE = 503;
export const BUSY_MESSAGE = 'The server is busy. Please try again in a few seconds.';

function busy(reply: FastifyReply, retryAfter: number) {
  return reply.status(503).header('retry-after', String(retryAfter)).send(fail(BUSY_MESSAGE, SERVICE_UNAVAILABLE));
}

/**
 * Sheds load before the process drowns: a bounded number of concurrent requests per route class (ingest and
 * the rest of the API apart, so a flood of one cannot starve the other), and 503 + Retry-After while the event loop
 * lags (@fastify/under-pressure) — ingest first, the reads only when the lag is severe (shedUnderLag), so light reads
 * keep being served while ingest is what fills the loop (issue 23). The essential routes are never shed.
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
      pressureHandler: ((req: FastifyRequest, reply: FastifyReply, type: string, value: number) => {
        const cls = routeClass(req.url);
        // called past the threshold with the lag measured (the event-loop delay is the only check configured)
        if (type !== 'eventLoopDelay' || !shedUnderLag(cls, value, opts.maxEventLoopDelayMs)) return;
        req.log.warn({ url: req.url.split('?')[0], lagMs: Math.round(value) }, 'event loop lagging: request shed');
        shedRequestsTotal.inc({ class: cls, reason: 'event_loop' });
        reply.status(503).header('retry-after', String(opts.retryAfterSeconds));
        return fail(BUSY_MESSAGE, SERVICE_UNAVAILABLE);
      }) as never,
    });
  }

  // first of the hooks: a turn of the loop starts a bounded number of requests, so new connections are accepted
  const turns = new TurnBudget(REQUESTS_PER_TURN);
  app.server.on('connection', () => turns.connectionAccepted());
  app.addHook('onRequest', async (req) => {
    const cls = routeClass(req.url);
    if (cls === 'api' || cls === 'export' || cls === 'ingest') await turns.acquire();
  });

  app.addHook('onRequest', async (req, reply) => {
    const cls = routeClass(req.url);
    if (cls !== 'api' && cls !== 'ingest') return;
    const gate = gates[cls];
    if (!(await gate.acquire())) {
      req.log.warn({ class: cls, url: req.url.split('?')[0] }, 'too many concurrent requests: request shed');
      shedRequestsTotal.inc({ class: cls, reason: 'concurrency' });
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
