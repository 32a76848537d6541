import type { FastifyPluginAsync } from 'fastify';
import { deviceKeyRoutes } from './device-keys.routes.ts';
import { ingestRoutes } from './ingest.routes.ts';
import { seriesRoutes } from './series.routes.ts';

/** Telemetry HTTP: ingest, device keys, series (aggregated, base, pulse). */
export const telemetryRoutes: FastifyPluginAsync = async (app) => {
  await app.register(ingestRoutes);
  await app.register(seriesRoutes);
  await app.register(deviceKeyRoutes);
};
