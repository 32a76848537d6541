import type { FastifyPluginAsync } from 'fastify';
import { VERSION } from '../../version.ts';
import { asyncApiDocument } from './asyncapi.ts';
import { asyncApiPage } from './asyncapi-page.ts';

/**
 * The AsyncAPI document (MQTT and Teltonika) beside the OpenAPI explorer of /api/docs, public as it is (docs/api.md
 * "API documentation"): as JSON and as a page. Made once per app: it depends only on the configuration.
 */
export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  const doc = asyncApiDocument(app.deps.config, VERSION);
  const page = asyncApiPage(doc);
  // the documents' own routes are not operations of the API (as Swagger UI's are not)
  app.get('/docs/asyncapi.json', { schema: { hide: true } }, async () => doc);
  app.get('/docs/async', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(page),
  );
};
