import { resourceList } from '@fleet/shared';
import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './audit.routes.ts';
import { auditExportRoutes } from './audit-export.ts';
import type { ResourceHookTable } from './hooks.ts';
import { registerResource } from './register.ts';

/**
 * The five calls of every master resource definition, under /api/master/{path}, with the features' hooks by
 * resource name (composed in modules/index.ts), and the audit trail of their writes (audit.routes.ts).
 */
export const crudRoutes =
  (hooks: ResourceHookTable): FastifyPluginAsync =>
  async (app) => {
    for (const def of resourceList) registerResource(app, def, hooks[def.name]);
    await app.register(auditRoutes(hooks));
    await app.register(auditExportRoutes);
  };
