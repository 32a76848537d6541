import type { FastifyPluginAsync } from 'fastify';
import { eventLogRoutes } from './event-log.routes.ts';
import { eventLogExportRoutes } from './event-log-export.ts';
import { eventMailPlugin } from './event-mail.ts';
import { eventSweepPlugin } from './sweep.ts';

/** Event engine module (issue 17): the event log API (its list and its streamed exports) and the periodic sweep; evaluation runs inside ingest. */
export const eventEngineModule: FastifyPluginAsync = async (app) => {
  await app.register(eventLogRoutes);
  await app.register(eventLogExportRoutes);
  await app.register(eventSweepPlugin);
  await app.register(eventMailPlugin);
};
