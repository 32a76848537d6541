import { type Database, openDatabase } from '../../db/database.ts';

/**
 * The worker side of the heavy pool (issue 23; heavy.ts): each worker thread opens its own database connection once,
 * then runs the tasks it is sent. A task is named by its module — the module a worker imports and whose `runTask`
 * it calls; in-process the same function runs (heavy.ts), so the answer is the same bytes either way. The pool knows
 * no task: each caller brings its own (the summary and combined data: summary-task.ts; the report's numbers:
 * daily-report/report-task.ts), so the modules below the tasks never import them.
 */
export interface HeavyTask<A> {
  /** the task module's URL (`import.meta.url` of a module that exports this `runTask`) */
  module: string;
  runTask: (database: Database, args: A) => Promise<Uint8Array>;
}

/** How a worker opens its own connection to the server's database. */
export interface HeavyInit {
  url: string;
  /** PostgreSQL connections of this worker */
  poolMax: number;
  /** SQLite page cache of this worker (KiB) */
  cacheKb: number;
}

// ---- one connection per worker, opened once ----
let own: Database | null = null;

export function init(o: HeavyInit) {
  own = openDatabase(o.url, { poolMax: o.poolMax, cacheKb: o.cacheKb });
}

/** Runs one task: its module is imported once per worker (the module cache keeps it). */
export async function run(task: string, args: unknown): Promise<Uint8Array> {
  if (!own) throw new Error('heavy worker: no database (init was not called)');
  const { runTask } = (await import(task)) as Pick<HeavyTask<unknown>, 'runTask'>;
  return runTask(own, args);
}
