import { type CombinedType, combinedSchema, type SummaryGroup, summarySchema } from '@fleet/shared/answers/summary.ts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { buildCombined } from './combined.ts';
import type { HeavyTask } from './heavy-worker.ts';
import { buildSummary } from './summary-build.ts';
import { loadPeriod } from './summary-load.ts';
import type { PeriodRequest } from './summary-request.ts';
import type { VesselPlan } from './summary-vessel.ts';

/**
 * The summary and combined answers as heavy tasks (heavy.ts): loaded, built and written as their JSON text here —
 * serialized by the route's own response schema, so the HTTP loop neither validates nor stringifies a large answer.
 */
export type SummaryTaskArgs =
  | {
      task: 'summary';
      plan: VesselPlan;
      period: PeriodRequest;
      groups: readonly SummaryGroup[];
      showDetails: boolean;
      now: number;
    }
  | { task: 'combined'; plan: VesselPlan; period: PeriodRequest; types: readonly CombinedType[]; now: number };

// the routes' response schemas, compiled once: the task writes exactly what the route would
const summaryJson = serializerCompiler({
  schema: envelope(summarySchema),
  method: 'GET',
  url: 'summary',
  httpStatus: '200',
});
const combinedJson = serializerCompiler({
  schema: envelope(combinedSchema),
  method: 'GET',
  url: 'combined',
  httpStatus: '200',
});
const bytes = (text: string) => Buffer.from(text, 'utf8');

export async function runTask(database: Database, a: SummaryTaskArgs): Promise<Uint8Array> {
  if (a.task === 'summary') {
    const { groups, showDetails } = a;
    const vessel = await loadPeriod(database, a.plan, { ...a.period, now: a.now, groups, buckets: showDetails });
    return bytes(summaryJson(ok(buildSummary(vessel, { groups, showDetails }))));
  }
  const vessel = await loadPeriod(database, a.plan, { ...a.period, now: a.now, groups: a.types, buckets: true });
  return bytes(combinedJson(ok(buildCombined(vessel, a.types))));
}

export const summaryTask: HeavyTask<SummaryTaskArgs> = { module: import.meta.url, runTask };
