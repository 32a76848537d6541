import type { FastifyPluginAsync } from 'fastify';
import { deviceKeyRoutes } from './device-keys.routes.ts';
import { deviceLogExportRoutes } from './device-log-export.ts';
import { ingestRoutes } from './ingest.routes.ts';
import { seriesAggregatedRoutes } from './series-aggregated.routes.ts';
import { seriesBaseRoutes } from './series-base.routes.ts';
import { seriesPulseRoutes } from './series-pulse.routes.ts';

/** Telemetry HTTP: ingest, device keys, series (aggregated, base, pulse). */
export const telemetryRoutes: FastifyPluginAsync = async (app) => {
  await app.register(ingestRoutes);
  await app.register(seriesAggregatedRoutes);
  await app.register(seriesBaseRoutes);
  await app.register(deviceLogExportRoutes);
  await app.register(seriesPulseRoutes);
  await app.register(deviceKeyRoutes);
};
