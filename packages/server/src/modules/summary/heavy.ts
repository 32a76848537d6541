import { availableParallelism } from 'node:os';
import { ErrorCode } from '@fleet/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/envelope.ts';
import { metrics, reportQueue, reportRunning } from '../../http/metrics.ts';
import type { Tenant } from '../../workers/fair-queue.ts';
import { siblingModule, type WorkerLimits, WorkerPool } from '../../workers/pool.ts';
import type { HeavyInit, HeavyTask } from './heavy-worker.ts';
import type { VesselPlan } from './summary-vessel.ts';

/**
 * Heavy summary work off the HTTP loop (issue 23; docs/operations.md "Heavy work and fairness"). A summary, combined
 * data or a report's numbers are estimated by the rows they read (docs/domain.md §36): above `inlineMaxRows` they run
 * in the heavy pool's worker threads (workers/pool.ts), each with its own database connection, queued fairly per
 * company; at or below it they run in-process, where a small answer costs less than the trip to a worker. Either
 * way the same code makes the same bytes (heavy-worker.ts). The pool knows no task: each caller names its own.
 */
export interface HeavyOptions extends WorkerLimits {
  /** estimated rows at or below which a request runs in-process */
  inlineMaxRows: number;
  /** estimated data points above which a report is refused before anything is read */
  reportMaxPoints: number;
}

/** The defaults; HEAVY_* and REPORT_MAX_POINTS (config.ts) override them (app.ts calls configureHeavy). */
export const HEAVY_DEFAULTS: HeavyOptions = {
  // the HTTP loop keeps a core; on 2 cores one worker, up to 4 on larger machines
  size: Math.max(1, Math.min(4, availableParallelism() - 1)),
  heapMb: 256,
  youngMb: 16,
  idleMs: 60_000,
  nice: 10,
  perTenant: 4,
  total: 32,
  inlineMaxRows: 5_000,
  reportMaxPoints: 36_000,
};
let options: HeavyOptions = { ...HEAVY_DEFAULTS };

/** What the pool needs of a task's arguments: the vessel, whose company is the fair queue's tenant. */
export interface HeavyArgs {
  plan: { massId: number };
}

const pools = new WeakMap<Database, WorkerPool<HeavyArgs, Uint8Array>>();
/** The in-process function of each task module run so far (a task is named by its module: heavy-worker.ts). */
const inlineTasks = new Map<string, HeavyTask<never>['runTask']>();

/** The options in force. */
export const heavyOptions = (): Readonly<HeavyOptions> => options;

/**
 * REPORT_WORKER_* (config.ts): until issue 29 the limits of a report worker of its own; reports are drawn in the heavy
 * workers now, so each is a floor of its HEAVY_WORKER_* counterpart (a report that fitted there still fits).
 */
export type ReportWorkerFloors = Partial<Pick<WorkerLimits, 'heapMb' | 'youngMb' | 'idleMs'>>;

/** Changes the options (tests); pool sizes and limits apply to pools made afterwards. */
export function configureHeavy(o: Partial<HeavyOptions>, floors: ReportWorkerFloors = {}) {
  options = { ...options, ...o };
  for (const k of ['heapMb', 'youngMb', 'idleMs'] as const) options[k] = Math.max(options[k], floors[k] ?? 0);
}

/** How a worker reaches the same database: the SQLite file or the PostgreSQL address; null for SQLite in memory. */
function initOf(database: Database): HeavyInit | null {
  if (database.dialect === 'sqlite') {
    const s = database.sqlite;
    return s.memory || !s.name || s.name === ':memory:'
      ? null
      : { url: `sqlite:${s.name}`, poolMax: 0, cacheKb: 16_384 };
  }
  const url = (database.pool as unknown as { options: { connectionString?: string } }).options.connectionString;
  return url ? { url, poolMax: 2, cacheKb: 0 } : null;
}

const busy = (waiting: number) =>
  new AppError(
    503,
    waiting
      ? `Too many reports and long summaries of your company are waiting (${waiting}). Please try again when they are done.`
      : 'The server is busy with reports and long summaries. Please try again in a few seconds.',
    503,
  );
const tooLarge = () =>
  new AppError(
    503,
    `This request needs more memory than a report worker may use (${options.heapMb} MB). Choose a shorter period or a longer unit; the administrator can raise HEAVY_WORKER_HEAP_MB.`,
    ErrorCode.internal,
  );

/** The heavy pool of the app's database (made on first use; stopHeavyOnClose stops it with the app). */
export const heavyPool = (app: FastifyInstance) => heavyPoolOf(app.deps.database);

/** The heavy pool of a database (made on first use). */
function heavyPoolOf(database: Database): WorkerPool<HeavyArgs, Uint8Array> {
  let pool = pools.get(database);
  if (pool) return pool;
  pool = new WorkerPool<HeavyArgs, Uint8Array>({
    tasks: siblingModule('./heavy-worker.ts', import.meta.url),
    init: initOf(database),
    ...options,
    inline: (task, args) => inlineTasks.get(task)!(database, args as never),
    errors: {
      busy,
      tooLarge,
      rebuild: (e) => {
        if (e.httpStatus) {
          const err = new AppError(e.httpStatus, (e.fieldMessages as never) ?? e.message, e.errorCode);
          return err;
        }
        return Object.assign(new Error(e.message), { stack: e.stack });
      },
    },
  });
  pools.set(database, pool);
  return pool;
}

/** Stops the app's heavy pool and forgets it (the next request makes a new one with the options then in force). */
export async function stopHeavy(app: FastifyInstance) {
  const pool = pools.get(app.deps.database);
  pools.delete(app.deps.database);
  await pool?.stop();
}

/** Stops the app's heavy pool when the app closes (called where the routes that use it are registered). */
export function stopHeavyOnClose(app: FastifyInstance) {
  const database = app.deps.database;
  // GET /metrics: the heavy work waiting and running at each scrape
  const uncollect = metrics.collect(() => {
    const s = pools.get(database)?.status();
    reportQueue.set({ pool: 'heavy' }, s?.waiting ?? 0);
    reportRunning.set({ pool: 'heavy' }, s?.running ?? 0);
  });
  app.addHook('onClose', async () => {
    uncollect();
    const pool = pools.get(database);
    pools.delete(database);
    await pool?.stop();
  });
}

/**
 * docs/domain.md §36: rows a summary reads — MINUTE buckets come from the raw readings (one a minute per device at
 * the usual sampling), HOUR and DAY from the hourly rollups (one per device and hour).
 */
export function estimateRows(plan: VesselPlan, p: { start: number; end: number; unit: string }): number {
  const seconds = Math.max(0, p.end - p.start);
  const perDevice = p.unit === 'MINUTE' ? Math.ceil(seconds / 60) : Math.ceil(seconds / 3600);
  return Math.max(1, plan.devices.length) * perDevice;
}

/** The company a vessel belongs to: the fair queue's tenant. */
export async function tenantOf(database: Database, massId: number): Promise<Tenant> {
  const row = await database.db
    .selectFrom('asset')
    .select('massCompId')
    .where('massId', '=', massId)
    .executeTakeFirst();
  return row?.massCompId == null ? `asset:${massId}` : Number(row.massCompId);
}

/**
 * Runs a task in-process when its estimate is small, else in the heavy pool in its company's line; a full line is a
 * 503 with Retry-After.
 */
export async function runHeavy<A extends HeavyArgs>(
  app: FastifyInstance,
  reply: FastifyReply,
  task: HeavyTask<A>,
  args: A,
  rows: number,
): Promise<Uint8Array> {
  if (rows <= options.inlineMaxRows) {
    inlineTasks.set(task.module, task.runTask as HeavyTask<never>['runTask']);
    return heavyPool(app).runInline(task.module, args);
  }
  try {
    return await runInPool(app.deps.database, await tenantOf(app.deps.database, args.plan.massId), task, args);
  } catch (err) {
    if (err instanceof AppError && err.httpStatus === 503)
      reply.header('retry-after', String(app.deps.config.load.retryAfterSeconds));
    throw err;
  }
}

/**
 * Runs a task in the heavy pool in the tenant's line (in a worker thread when one can start; in-process, in the same
 * fair order, when none can), whatever its size: for work that is never light, such as drawing a daily report.
 */
export function runInPool<A extends HeavyArgs>(
  database: Database,
  tenant: Tenant,
  task: HeavyTask<A>,
  args: A,
): Promise<Uint8Array> {
  inlineTasks.set(task.module, task.runTask as HeavyTask<never>['runTask']);
  return heavyPoolOf(database).run(tenant, task.module, args);
}

/** Sends an answer the task wrote as JSON (the bytes the route's serializer would have written). */
export const sendJson = (reply: FastifyReply, json: Uint8Array) =>
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .send(Buffer.from(json.buffer, json.byteOffset, json.byteLength));
