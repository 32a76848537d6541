import type { FastifyInstance } from 'fastify';

/**
 * Work main.ts starts around listen(): demo data before (the first request already sees it),
 * ingestion listeners and the simulator after. Each area adds its step here.
 */
type Step = (app: FastifyInstance) => Promise<void> | void;
const steps: Record<'before-listen' | 'after-listen', Step[]> = { 'before-listen': [], 'after-listen': [] };

export async function startBackground(app: FastifyInstance, phase: 'before-listen' | 'after-listen') {
  for (const step of steps[phase]) await step(app);
}
