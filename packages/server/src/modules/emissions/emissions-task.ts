import type { Database } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import type { HeavyTask } from '../summary/heavy-worker.ts';
import { dcsYear, fleetPeriod } from './emissions-answers.ts';

/**
 * The emissions answers as heavy tasks (summary/heavy.ts): a year of ten vessels reads every vessel's year through
 * the summary's code, which would hold the HTTP loop for seconds; in the heavy pool it runs in a worker thread in its
 * company's line. Written as the answer's JSON, as the summary task does (the route's schema types the answer).
 */
export type EmissionsTaskArgs = {
  /** the first vessel: its company is the fair queue's line */
  plan: { massId: number };
  assetIds: number[];
  now: number;
} & ({ kind: 'period'; start: number; end: number } | { kind: 'dcs'; year: number });

export async function runTask(database: Database, a: EmissionsTaskArgs): Promise<Uint8Array> {
  const answer =
    a.kind === 'period'
      ? await fleetPeriod(database, a.assetIds, { start: a.start, end: a.end, now: a.now })
      : await dcsYear(database, a.assetIds, a.year, a.now);
  return Buffer.from(JSON.stringify(ok(answer)), 'utf8');
}

export const emissionsTask: HeavyTask<EmissionsTaskArgs> = { module: import.meta.url, runTask };

/** Rows the answer reads, as the summary's estimate counts them (docs/domain.md §36): vessels × hours. */
export const emissionsRows = (vessels: number, start: number, end: number) =>
  vessels * Math.ceil(Math.max(0, end - start) / 3600);
