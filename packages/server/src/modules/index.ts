import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/health.routes.ts';

/** Every HTTP module, registered under /api in this order. */
export const modules: FastifyPluginAsync[] = [healthRoutes];
