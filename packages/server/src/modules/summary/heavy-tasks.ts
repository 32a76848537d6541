import { serialize } from 'node:v8';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type Database, openDatabase } from '../../db/database.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { buildCombined } from './combined.ts';
import { type CombinedType, combinedSchema, type SummaryGroup, summarySchema } from './summary.schemas.ts';
import { buildSummary } from './summary-build.ts';
import { loadPeriod } from './summary-load.ts';
import type { PeriodRequest } from './summary-request.ts';
import type { VesselPlan } from './summary-vessel.ts';

/**
 * The heavy tasks (issue 23), run by a worker thread of the heavy pool (heavy.ts) with its own database connection,
 * or in-process for light requests: the same code either way, so the answer is the same bytes. The summary and
 * combined answers leave as their JSON text (serialized here by the route's own response schema, so the HTTP loop
 * neither validates nor stringifies a large answer); the report's input leaves v8-serialized for the report worker.
 */
export type HeavyArgs =
  | {
      task: 'summary';
      plan: VesselPlan;
      period: PeriodRequest;
      groups: readonly SummaryGroup[];
      showDetails: boolean;
      now: number;
    }
  | { task: 'combined'; plan: VesselPlan; period: PeriodRequest; types: readonly CombinedType[]; now: number }
  | { task: 'report'; plan: VesselPlan; report: ReportArgs; now: number };

/** The daily report's request without the vessel (daily-report/report.ts ReportRequest). */
export interface ReportArgs {
  start: number;
  end: number;
  unit: 'MINUTE' | 'HOUR' | 'DAY';
  tz: number;
  reports: string[];
  dataTables: boolean;
}

/** How a worker opens its own connection to the server's database. */
export interface HeavyInit {
  url: string;
  /** PostgreSQL connections of this worker */
  poolMax: number;
  /** SQLite page cache of this worker (KiB) */
  cacheKb: number;
}

// the routes' response schemas, compiled once: the worker writes exactly what the route would
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

/** Runs one task on a database; the result is the answer's bytes. */
export async function runTask(database: Database, a: HeavyArgs): Promise<Uint8Array> {
  switch (a.task) {
    case 'summary': {
      const { groups, showDetails } = a;
      const vessel = await loadPeriod(database, a.plan, { ...a.period, now: a.now, groups, buckets: showDetails });
      return bytes(summaryJson(ok(buildSummary(vessel, { groups, showDetails }))));
    }
    case 'combined': {
      const vessel = await loadPeriod(database, a.plan, { ...a.period, now: a.now, groups: a.types, buckets: true });
      return bytes(combinedJson(ok(buildCombined(vessel, a.types))));
    }
    case 'report': {
      // loaded here: the report code is only needed where reports are summarised
      const { loadReport } = await import('../daily-report/report.ts');
      const input = await loadReport(database, a.plan, a.report as Parameters<typeof loadReport>[2], a.now);
      const b = serialize(input);
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    }
  }
}

// ---- the worker side: one connection per worker, opened once ----
let own: Database | null = null;

export function init(o: HeavyInit) {
  own = openDatabase(o.url, { poolMax: o.poolMax, cacheKb: o.cacheKb });
}

export function run(_task: string, args: HeavyArgs): Promise<Uint8Array> {
  if (!own) throw new Error('heavy worker: no database (init was not called)');
  return runTask(own, args);
}
