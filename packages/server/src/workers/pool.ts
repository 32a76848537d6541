import { Worker } from 'node:worker_threads';
import { FairQueue, type Tenant } from './fair-queue.ts';

/**
 * A module next to `base` by its source name (`./heavy-worker.ts`), as it exists where `base` runs: the TypeScript
 * file under tsx (tests, `npm run dev`), the built `.js` file in the production build (scripts/build.mjs), whose
 * import rewriting cannot reach a path inside `new URL(…)`.
 */
export function siblingModule(name: string, base: string): URL {
  return new URL(base.endsWith('.ts') ? name : name.replace(/\.ts$/, '.js'), base);
}

/**
 * A pool of worker threads for heavy work (issue 23): the HTTP loop answers requests and nothing slow, so summaries
 * and reports that read and compute a lot run here, each worker with its own database connection (opened by the task
 * module's `init`). Work waits in a per-tenant fair queue (fair-queue.ts), bounded per tenant and in total; a worker
 * takes one task at a time. Workers start on demand and stop after `idleMs` without work, returning their memory.
 * A worker past its heap limit ends with an out-of-memory error: that task gets `errors.tooLarge()`, the next task
 * starts a new worker. If no worker can start here (a runtime without worker threads or the TypeScript loader, or a
 * database a second connection cannot open, such as SQLite in memory) the tasks run in-process through `inline`,
 * still one at a time in the same fair order.
 */
/** How many workers, how much memory and CPU priority each, and how many tasks may wait. */
export interface WorkerLimits {
  /** workers at most */
  size: number;
  /** V8 old- and young-generation limits of each worker (MB) */
  heapMb: number;
  youngMb: number;
  /** a worker stops after this long without work (ms) */
  idleMs: number;
  /** nice value of each worker thread (Linux; 0 = as the HTTP loop): heavy work yields the CPU to the loop */
  nice: number;
  /** tasks that may wait per tenant (company), and in total */
  perTenant: number;
  total: number;
}

export interface PoolOptions<A, R> extends WorkerLimits {
  /** the task module (workers run its `init(init)` once, then `run(task, args)` per task) */
  tasks: URL;
  /** what the task module's `init` gets (plain data: the database address …), or null: no worker, run inline */
  init: unknown;
  /** runs a task in this thread (light tasks, and every task when no worker can start) */
  inline: (task: string, args: A) => Promise<R>;
  errors: {
    /** the queue is full (for this tenant or in total) */
    busy: (tenantWaiting: number) => Error;
    /** the task needed more memory than a worker may use */
    tooLarge: () => Error;
    /** an error thrown by the task in the worker, rebuilt here (its message, status and code) */
    rebuild: (e: WireError) => Error;
  };
}

/** An error as it crosses from the worker. */
export interface WireError {
  message: string;
  stack?: string;
  httpStatus?: number;
  errorCode?: number;
  fieldMessages?: unknown;
}

interface Job<A, R> {
  task: string;
  args: A;
  resolve: (v: R) => void;
  reject: (e: Error) => void;
}

interface Slot<A, R> {
  worker: Worker;
  ready: boolean;
  job: Job<A, R> | null;
}

export class WorkerPool<A, R> {
  private readonly queue: FairQueue<Job<A, R>>;
  private readonly slots = new Set<Slot<A, R>>();
  private idleTimer: NodeJS.Timeout | null = null;
  /** tasks run in-process (no worker could start), one at a time */
  private inlineBusy = false;
  private broken: boolean;
  private answered = false;
  private seq = 0;
  readonly counts = { starts: 0, idleStops: 0, outOfMemory: 0, refused: 0, inWorker: 0, inline: 0 };

  constructor(private o: PoolOptions<A, R>) {
    this.queue = new FairQueue(o.perTenant, o.total);
    this.broken = o.init === null;
  }

  /** Changes the options (tests; limits apply to the next worker start). */
  configure(o: Partial<PoolOptions<A, R>>) {
    this.o = { ...this.o, ...o };
    if (o.init === null) this.broken = true;
  }

  /** Whether tasks go to worker threads (false: they run in-process), how many run and wait, and the counters. */
  status() {
    return {
      workers: !this.broken,
      answered: this.answered,
      running: [...this.slots].filter((s) => s.job).length + (this.inlineBusy ? 1 : 0),
      started: this.slots.size,
      waiting: this.queue.size,
      ...this.counts,
    };
  }

  /** Runs a task in this thread at once (light work: cheaper than the trip to a worker). */
  async runInline(task: string, args: A): Promise<R> {
    this.counts.inline++;
    return this.o.inline(task, args);
  }

  /** Queues a task for the tenant; refused at once (errors.busy) when the tenant's line or the queue is full. */
  run(tenant: Tenant, task: string, args: A): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      if (!this.queue.push(tenant, { task, args, resolve, reject })) {
        this.counts.refused++;
        reject(this.o.errors.busy(this.queue.waiting(tenant)));
        return;
      }
      this.dispatch();
    });
  }

  /** Stops every worker; tasks waiting or running are answered with an error. */
  async stop(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const stopped = new Error('worker pool stopped');
    for (const job of this.queue.drain()) job.reject(stopped);
    const slots = [...this.slots];
    this.slots.clear();
    for (const s of slots) s.job?.reject(stopped);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private dispatch() {
    while (this.queue.size) {
      if (this.broken) {
        if (this.inlineBusy) return;
        const job = this.queue.shift()!;
        this.inlineBusy = true;
        this.counts.inline++;
        this.o
          .inline(job.task, job.args)
          .then(job.resolve, job.reject)
          .finally(() => {
            this.inlineBusy = false;
            this.dispatch();
          });
        return;
      }
      let slot = [...this.slots].find((s) => !s.job);
      if (!slot && this.slots.size < this.o.size) slot = this.start() ?? undefined;
      if (!slot) return; // all busy (or none could start: broken, handled on the next turn)
      const job = this.queue.shift()!;
      this.send(slot, job);
    }
    this.armIdle();
  }

  private send(slot: Slot<A, R>, job: Job<A, R>) {
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    slot.job = job;
    slot.worker.ref(); // keep the process alive while work is in hand
    try {
      slot.worker.postMessage({ id: ++this.seq, task: job.task, args: job.args });
      this.counts.inWorker++;
    } catch (err) {
      slot.job = null; // the arguments could not be sent (not cloneable): this task fails, the queue goes on
      job.reject(err as Error);
      queueMicrotask(() => this.dispatch());
    }
  }

  private start(): Slot<A, R> | null {
    let w: Worker;
    try {
      w = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
        workerData: { tasks: this.o.tasks.href, init: this.o.init, nice: this.o.nice },
        resourceLimits: { maxOldGenerationSizeMb: this.o.heapMb, maxYoungGenerationSizeMb: this.o.youngMb },
      });
    } catch {
      this.broken = true;
      return null;
    }
    this.counts.starts++;
    w.unref();
    const slot: Slot<A, R> = { worker: w, ready: false, job: null };
    this.slots.add(slot);
    w.on('message', (m: { ready?: boolean; result?: R; error?: WireError }) => {
      if (m.ready) {
        slot.ready = true;
        this.answered = true;
        return;
      }
      const job = slot.job;
      slot.job = null;
      w.unref();
      if (job) {
        if (m.error) job.reject(this.o.errors.rebuild(m.error));
        else job.resolve(m.result as R);
      }
      this.dispatch();
    });
    w.on('error', (err: Error & { code?: string }) => {
      if (!this.slots.delete(slot)) return;
      const job = slot.job;
      slot.job = null;
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.counts.outOfMemory++;
        job?.reject(this.o.errors.tooLarge());
      } else if (!slot.ready && !this.answered) {
        // it never worked here (no loader, no second connection): run in-process from now on, this task too
        this.broken = true;
        if (job && !this.queue.push('', job)) job.reject(err);
      } else job?.reject(err);
      this.dispatch();
    });
    w.on('exit', () => {
      if (!this.slots.delete(slot)) return; // stopped on purpose or after an error (handled there)
      const job = slot.job;
      slot.job = null;
      job?.reject(new Error('worker stopped'));
      this.dispatch();
    });
    return slot;
  }

  /** Stops the workers when the pool has been idle for `idleMs`. */
  private armIdle() {
    if (this.idleTimer || !this.slots.size || [...this.slots].some((s) => s.job)) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.queue.size || [...this.slots].some((s) => s.job)) return;
      for (const s of [...this.slots]) {
        this.slots.delete(s);
        this.counts.idleStops++;
        void s.worker.terminate();
      }
    }, this.o.idleMs);
    this.idleTimer.unref();
  }
}
