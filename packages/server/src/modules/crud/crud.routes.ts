import { resourceList } from '@fleet/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerResource } from './register.ts';
import { resourceHooks } from './resource-hooks.ts';

/** The five calls of every master resource definition, under /api/master/{path}. */
export const crudRoutes: FastifyPluginAsync = async (app) => {
  for (const def of resourceList) registerResource(app, def, resourceHooks[def.name]);
};
