import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/account.routes.ts';
import { assetImageRoutes } from './assets/asset-image.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { crudRoutes } from './crud/crud.routes.ts';
import { configEventRoutes } from './events/config-event.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { summaryRoutes } from './telemetry/summary.routes.ts';
import { telemetryRoutes } from './telemetry/telemetry.routes.ts';

/** Every HTTP module, registered under /api in this order. */
export const modules: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  accountRoutes,
  telemetryRoutes,
  summaryRoutes,
  crudRoutes,
  assetImageRoutes,
  configEventRoutes,
];
