import type { FastifyPluginAsync } from 'fastify';
import { eventLogRoutes } from './event-log.routes.ts';
import { eventMailPlugin } from './event-mail.ts';
import { eventSweepPlugin } from './sweep.ts';

/** Event engine module (issue 17): the event log API and the periodic sweep; evaluation runs inside ingest. */
export const eventEngineModule: FastifyPluginAsync = async (app) => {
  await app.register(eventLogRoutes);
  await app.register(eventSweepPlugin);
  await app.register(eventMailPlugin);
};
