import { trackerCommandAnswerSchema, trackerIoSchema, trackerStatusSchema } from '@fleet/shared/answers/tracker.ts';
import { telemetryType } from '@fleet/shared/telemetry.ts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, conflict, envelope, notFound, ok } from '../../http/envelope.ts';
import { metrics, trackerConnections } from '../../http/metrics.ts';
import { visibleDevices } from '../access/visibility.ts';
import { requirePermission, sessionOf } from '../auth/session.ts';
import { query } from '../telemetry/sql.ts';
import { CommandTimeout, TrackerHub, TrackerOffline } from './tracker-hub.ts';

/**
 * Teltonika trackers over HTTP (docs/api.md "Trackers"): which of the user's trackers are connected, their latest
 * IO elements, and codec 12 commands (`getinfo`, `getver` …) sent to a connected tracker with its response.
 * Reading needs teltonika_map read; sending a command teltonika_map update (a command can change the device).
 */
const hubs = new WeakMap<FastifyInstance['deps'], TrackerHub>();

/** The app's tracker hub (main.ts starts its listeners; tests start them on an ephemeral port). */
export function trackerHub(app: FastifyInstance): TrackerHub {
  const hub = hubs.get(app.deps);
  if (!hub) throw new Error('tracker routes are not registered');
  return hub;
}

/** Printable ASCII, as the devices' SMS/GPRS command set is. */
const commandText = z
  .string()
  .trim()
  .min(1, 'Command is required')
  .max(500, 'Command is at most 500 characters')
  .regex(/^[\x20-\x7e]+$/, 'Command must be printable ASCII');

const deviceRef = z.union([z.string().min(1), z.number().int().positive()]).transform(String);

export const trackerRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app.deps;
  const hub = new TrackerHub(app.ingest, app.log, {
    maxConnections: config.teltonikaMaxConnections,
    maxPerAddress: config.teltonikaMaxPerAddress,
    maxUnidentified: config.teltonikaMaxUnidentified,
  });
  hubs.set(app.deps, hub);
  app.addHook('onClose', async () => hub.close());
  // GET /metrics: the tracker connections at each scrape
  const uncollect = metrics.collect(() => {
    trackerConnections.set({ state: 'identified' }, hub.identified);
    trackerConnections.set({ state: 'unidentified' }, hub.stats.unidentified);
  });
  app.addHook('onClose', async () => uncollect());

  /**
   * The user's trackers, or just the one named (unique id or devc_id); a tracker outside the user's scope is not
   * found. Read whole and filtered here: an IMEI is all digits and too large for a devc_id lookup.
   */
  async function trackersOf(req: Parameters<typeof sessionOf>[0], only?: string) {
    const rows = await visibleDevices(database.db, sessionOf(req));
    return rows
      .filter((d) => telemetryType(d.devcType) === 'tracker')
      .filter((d) => only === undefined || String(d.devcUniqueId) === only || String(d.devcId) === only)
      .map((d) => ({
        devcId: Number(d.devcId),
        devcUniqueId: String(d.devcUniqueId),
        devcName: String(d.devcName),
        devcMassId: d.devcMassId === null ? null : Number(d.devcMassId),
      }));
  }

  app.get(
    '/tracker/status',
    {
      preHandler: requirePermission('teltonika_map', 'read'),
      schema: { tags: ['tracker'], response: { 200: envelope(z.array(trackerStatusSchema)) } },
    },
    async (req) => {
      const connected = new Map(hub.connected().map((c) => [c.devcId, c]));
      const list = (await trackersOf(req)).map((t) => {
        const c = connected.get(t.devcId);
        return {
          ...t,
          online: !!c,
          connectedTime: c?.connectedTime ?? null,
          lastFrameTime: c?.lastFrameTime ?? null,
        };
      });
      return ok(list);
    },
  );

  app.get(
    '/tracker/:device/io',
    {
      preHandler: requirePermission('teltonika_map', 'read'),
      schema: {
        tags: ['tracker'],
        params: z.object({ device: z.string().min(1) }),
        response: {
          200: envelope(trackerIoSchema),
        },
      },
    },
    async (req) => {
      const [t] = await trackersOf(req, req.params.device);
      if (!t) throw notFound('Tracker');
      const [row] = await query<{
        ts: number;
        priority: number;
        event_io_id: number;
        generation_type: number | null;
        io: string;
      }>(
        database,
        'select ts, priority, event_io_id, generation_type, io from telemetry_tracker_io where device_id = ? order by ts desc limit 1',
        [t.devcId],
      );
      if (!row) return ok(null);
      return ok({
        timestamp: Number(row.ts),
        priority: Number(row.priority),
        eventIoId: Number(row.event_io_id),
        generationType: row.generation_type === null ? null : Number(row.generation_type),
        io: JSON.parse(row.io),
      });
    },
  );

  app.post(
    '/tracker/command',
    {
      preHandler: requirePermission('teltonika_map', 'update'),
      schema: {
        tags: ['tracker'],
        body: z.object({ device: deviceRef, command: commandText }),
        response: {
          200: envelope(trackerCommandAnswerSchema),
        },
      },
    },
    async (req) => {
      const [t] = await trackersOf(req, req.body.device);
      if (!t) throw notFound('Tracker');
      try {
        const answer = await hub.sendCommand(t.devcId, req.body.command);
        return ok({ devcId: t.devcId, ...answer });
      } catch (err) {
        if (err instanceof TrackerOffline) throw conflict(err.message);
        if (err instanceof CommandTimeout) throw new AppError(504, err.message);
        throw err;
      }
    },
  );
};
