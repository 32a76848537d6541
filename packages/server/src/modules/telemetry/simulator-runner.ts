import type { Server } from 'node:http';
import { DEMO_FLEET } from '@fleet/fleet-catalog';
import {
  demoScenarios,
  IngestError,
  loopPacer,
  type ReadingSink,
  runSimulator,
  type SimulatorHandle,
} from '@fleet/simulator';
import type { FastifyInstance } from 'fastify';
import { countIngest } from '../../http/metrics.ts';
import { issueDeviceKey, resolveDeviceKey } from './device-keys.ts';
import { ingestReadings } from './ingest.ts';
import type { IngestPipeline } from './pipeline.ts';

/**
 * Readings per backfill batch in-process (docs/domain.md §33): about an hour of a 20-device vessel, a few ms of
 * writing on SQLite — the longest a request can wait behind the backfill.
 */
export const BACKFILL_BATCH = 1500;

/**
 * The simulator's readings straight into the one ingest path (ingest.ts), as a gateway with its key: the same
 * validation, rollups, event engine and live push as `POST /api/ingest`, without the HTTP round trip and without
 * the load shedding, which is there for outside clients — the server's own backfill must never be shed as one.
 * The key is resolved per batch, so revoking the 'simulator' key stops it as it would stop a device.
 */
export function inProcessIngest(pipeline: IngestPipeline): ReadingSink {
  return {
    async post(key, readings) {
      const scope = await resolveDeviceKey(pipeline.database, key);
      if (!scope) throw new IngestError('Unknown or revoked device key', false);
      try {
        const result = await ingestReadings(pipeline, scope, readings);
        countIngest('simulator', result);
        return result;
      } catch (err) {
        throw new IngestError(`ingest failed: ${(err as Error).message}`, true);
      }
    },
  };
}

/** The HTTP requests the server is answering right now (WebSocket upgrades are not requests and stay out). */
export function openRequests(server: Server): { count: () => number; close: () => void } {
  let open = 0;
  const onRequest = (_req: unknown, res: import('node:http').ServerResponse) => {
    open++;
    res.once('close', () => open--);
  };
  server.on('request', onRequest);
  return { count: () => open, close: () => server.off('request', onRequest) };
}

/**
 * SIMULATOR=1: the demo fleet's telemetry through this server's own ingest path (README "Simulator") — first the
 * missing part of the last BACKFILL_DAYS of 1-minute history, in the background while the API already answers,
 * then live readings every 10 s. The backfill runs in batches of BACKFILL_BATCH readings and before each one gives
 * the loop a turn and waits while requests are being answered (simulator `loopPacer`), so requests come first
 * (issue 23). Call after listen(); stop the handle before closing. `now` (epoch seconds) and `live: false` (backfill
 * only) are for tests.
 */
export async function startSimulator(
  app: FastifyInstance,
  opts: { now?: () => number; live?: boolean } = {},
): Promise<SimulatorHandle | undefined> {
  const { database, config } = app.deps;
  const log = app.log.child({ module: 'simulator' });
  const gateways = DEMO_FLEET.flatMap((v) => v.devices.filter((d) => d.type === 'gateway').map((d) => d.uniqueId));
  const rows = await database.db
    .selectFrom('device')
    .select(['devcId', 'devcUniqueId'])
    .where('devcUniqueId', 'in', gateways)
    .execute();
  // a fresh key per start under the label 'simulator' (issuing again revokes the previous one)
  const keys: Record<string, string> = {};
  for (const row of rows) keys[row.devcUniqueId] = await issueDeviceKey(database.db, Number(row.devcId), 'simulator');
  // issue 30: the demo's scenarios (a fouled hull, a siphon at anchor) run from the time the demo was seeded
  const seeded = await database.db
    .selectFrom('asset')
    .select((eb) => eb.fn.min('massCreatedTime').as('t'))
    .where(
      'massName',
      'in',
      DEMO_FLEET.map((v) => v.name),
    )
    .executeTakeFirst();
  const scenarios = seeded?.t == null ? {} : demoScenarios(Number(seeded.t));
  const vessels = DEMO_FLEET.filter((v) => v.devices.some((d) => d.type === 'gateway' && keys[d.uniqueId])).map((v) =>
    scenarios[v.code] ? { ...v, scenarios: scenarios[v.code] } : v,
  );
  if (!vessels.length) {
    log.warn(
      'simulator: none of the demo vessels is in the database (seed it with DEMO=1 or npm run seed); not started',
    );
    return undefined;
  }
  const requests = openRequests(app.server);
  const handle = runSimulator({
    sink: inProcessIngest(app.ingest),
    pacer: loopPacer({ busy: () => requests.count() > 0 }),
    keys,
    vessels,
    backfillDays: config.backfillDays,
    batchSize: BACKFILL_BATCH,
    // one writer: on SQLite batches cannot overlap anyway; on PostgreSQL one at a time keeps the pool for requests
    concurrency: 1,
    seed: 'demo',
    log,
    now: opts.now,
    live: opts.live,
  });
  return {
    ...handle,
    async stop() {
      await handle.stop();
      requests.close();
    },
  };
}
