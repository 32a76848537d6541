import websocket from '@fastify/websocket';
import { socketTicketSchema } from '@fleet/shared/answers/live.ts';
import { AUTH_ERROR_MESSAGE, ErrorCode } from '@fleet/shared/api.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, fail, ok } from '../../http/envelope.ts';
import { liveSockets, metrics } from '../../http/metrics.ts';
import { requireAuth, sessionOf } from '../auth/session.ts';
import { LiveHub } from './live-hub.ts';
import { RateLimitedWarning } from './log-limit.ts';
import { consumeTicket, issueTicket, type TicketOwner } from './tickets.ts';

/** Malformed frames and other client-side socket errors: at most one log line per this interval. */
export const FRAME_ERROR_LOG_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    liveOwner?: TicketOwner;
  }
}

/**
 * Live push (issue 13, docs/decisions.md "Fleet map and live push (issue 13)"):
 * - POST /api/socket/ticket — a single-use ticket, good for 30 s, for the signed-in session;
 * - GET /api/socket?ticket=… — WebSocket; sends `{type:'hello'}`, then `{type:'states', states:[pulse rows]}` for
 *   the committed readings of visible vessels (coalesced: at most one such message per LIVE_COALESCE_MS, 100 ms,
 *   with the newest state of every device that changed in it), `{type:'event', event}` when a High priority event opens on a
 *   visible vessel (issue 17; `&only=events` sends only these), and `{type:'ping'}` every 25 s. A wrong, used or expired ticket,
 *   or one whose session ended since, is refused before the upgrade (401, 'Authentication Error'); a query that is
 *   not one ticket (`?ticket=a&ticket=b`) is 400.
 * - limits (issue 23, docs/operations.md "Live push limits"): a per-socket send budget (4001 when passed: the client
 *   resyncs), caps per session and per user (the oldest closed with 4002), malformed frames logged rate-limited.
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  const { database, config } = app.deps;
  const idleSeconds = config.sessionIdleHours * 3600;
  const hub = new LiveHub(database, app.log, idleSeconds, config.liveCoalesceMs, config.live);
  await hub.start();
  app.addHook('onClose', async () => hub.stop());
  // GET /metrics: the sockets open at each scrape
  const uncollect = metrics.collect(() => liveSockets.set({}, hub.size));
  app.addHook('onClose', async () => uncollect());
  // a socket error is the client's doing (bad frame, reset): a warning, rate-limited, without the stack
  const socketErrors = new RateLimitedWarning(
    app.log,
    'live push: socket error (malformed frame?)',
    FRAME_ERROR_LOG_MS,
  );
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    errorHandler: (err, socket) => {
      socketErrors.warn({ code: (err as { code?: string }).code, reason: err.message });
      socket.terminate();
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/socket/ticket',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['live'],
        summary: 'A single-use, 30-second ticket to open the live socket',
        response: { 200: envelope(socketTicketSchema) },
      },
    },
    async (req) => ok(await issueTicket(database.db, sessionOf(req))),
  );

  r.get(
    '/socket',
    {
      websocket: true,
      schema: {
        tags: ['live'],
        summary: 'Live latest states of the visible vessels (WebSocket; open with ?ticket=)',
        querystring: z.object({
          ticket: z.string().max(100).optional(),
          // 'events': only the High events (the navigation bar's badge), no latest states
          only: z.enum(['events']).optional(),
        }),
      },
      // after validation: a repeated ?ticket= is an array, refused there with 400
      preHandler: async (req, reply) => {
        const ticket = (req.query as { ticket?: string }).ticket ?? '';
        const owner = await consumeTicket(database.db, ticket, idleSeconds);
        if (!owner) return reply.status(401).send(fail(AUTH_ERROR_MESSAGE, ErrorCode.unauthenticated));
        req.liveOwner = owner;
      },
    },
    (socket, req) => {
      const owner = req.liveOwner!;
      // messages from the client are liveness probes only; attach synchronously (@fastify/websocket README)
      socket.on('message', () => {});
      let remove: (() => void) | null = null;
      let closed = false;
      socket.on('close', () => {
        closed = true;
        remove?.();
      });
      hub
        .add(
          socket,
          { userId: owner.userId, compId: owner.compId, sessHash: owner.sessHash },
          { states: (req.query as { only?: string }).only !== 'events' },
        )
        .then((rm) => {
          if (closed) rm();
          else {
            remove = rm;
            socket.send(JSON.stringify({ type: 'hello' }));
          }
        })
        .catch((err: Error) => {
          app.log.warn({ err: err.message }, 'live push: subscribe failed');
          socket.close(1011, 'subscribe failed');
        });
    },
  );
};
