import type { CombinedType, SummaryGroup } from '@fleet/shared/answers/summary.ts';
import type { Database } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { buildCombined } from './combined.ts';
import type { HeavyTask } from './heavy-worker.ts';
import { buildSummary } from './summary-build.ts';
import { loadPeriod } from './summary-load.ts';
import type { PeriodRequest } from './summary-request.ts';
import type { VesselPlan } from './summary-vessel.ts';

/**
 * The summary and combined answers as heavy tasks (heavy.ts): loaded, built and written as their JSON text here, so
 * the HTTP loop neither validates nor stringifies a large answer. buildSummary and buildCombined make exactly the
 * shapes of their response schemas (typed by them; test/summary/answer-json.test.ts checks that the schemas'
 * serializer writes the same document), so the text is JSON.stringify's: running the schema over every bucket of a
 * 30-day hourly answer cost more than writing it.
 */
export type SummaryTaskArgs =
  | {
      task: 'summary';
      plan: VesselPlan;
      period: PeriodRequest;
      groups: readonly SummaryGroup[];
      showDetails: boolean;
      /** with showDetails: also the per-period records (`details`); false: the per-bucket `data` maps only */
      records: boolean;
      now: number;
    }
  | { task: 'combined'; plan: VesselPlan; period: PeriodRequest; types: readonly CombinedType[]; now: number };

const bytes = (text: string) => Buffer.from(text, 'utf8');

export async function runTask(database: Database, a: SummaryTaskArgs): Promise<Uint8Array> {
  if (a.task === 'summary') {
    const { groups, showDetails, records } = a;
    const vessel = await loadPeriod(database, a.plan, { ...a.period, now: a.now, groups, buckets: showDetails });
    return bytes(JSON.stringify(ok(buildSummary(vessel, { groups, showDetails, records }))));
  }
  const vessel = await loadPeriod(database, a.plan, { ...a.period, now: a.now, groups: a.types, buckets: true });
  return bytes(JSON.stringify(ok(buildCombined(vessel, a.types))));
}

export const summaryTask: HeavyTask<SummaryTaskArgs> = { module: import.meta.url, runTask };
