import type { AddressInfo } from 'node:net';
import { DEMO_FLEET } from '@fleet/fleet-catalog';
import { runSimulator, type SimulatorHandle } from '@fleet/simulator';
import type { FastifyInstance } from 'fastify';
import { issueDeviceKey } from './device-keys.ts';

/**
 * SIMULATOR=1: the demo fleet's telemetry through this server's own ingest API (README "Simulator") —
 * first the missing part of the last BACKFILL_DAYS of 1-minute history, in the background while the API
 * already answers, then live readings every 10 s. Call after listen(); stop the handle before closing.
 */
export async function startSimulator(app: FastifyInstance): Promise<SimulatorHandle | undefined> {
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
  const vessels = DEMO_FLEET.filter((v) => v.devices.some((d) => d.type === 'gateway' && keys[d.uniqueId]));
  if (!vessels.length) {
    log.warn(
      'simulator: none of the demo vessels is in the database (seed it with DEMO=1 or npm run seed); not started',
    );
    return undefined;
  }
  // the server's own listening address; a wildcard bind is reached on loopback
  const address = app.server.address() as AddressInfo | null;
  const wildcard = !address || ['0.0.0.0', '::', '::0'].includes(address.address);
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return runSimulator({
    baseUrl: `http://${host}:${address?.port ?? config.port}`,
    keys,
    vessels,
    backfillDays: config.backfillDays,
    seed: 'demo',
    log,
  });
}
