import { deserialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { ErrorCode } from '@fleet/shared';
import type { ReportModel } from '@fleet/shared/answers/daily-report.ts';
import { AppError } from '../../http/envelope.ts';
import { metrics, reportQueue, reportRunning } from '../../http/metrics.ts';
import type { Language } from '../../i18n/language.ts';
import { FairQueue, type Tenant } from '../../workers/fair-queue.ts';
import { siblingModule } from '../../workers/pool.ts';
import type { ReportDraft } from './draft.ts';
import type { ModelInput } from './model-input.ts';

/**
 * One worker thread draws the reports off the event loop (render-worker.ts), one at a time: requests queue here
 * and the next is sent when the worker has answered, so 4 reports at once cost the memory of one drawing.
 *
 * Memory (issue 15; docs/operations.md "Memory"): the worker's heap is capped by V8 resource limits. A report that
 * needs more ends the worker with an out-of-memory error; that request gets a clear 503 and the worker starts again
 * for the next one. After `idleMs` without a report the worker stops, so the memory of its isolate, loaded modules
 * and land index returns to the system; the next report starts it again (that report pays the start).
 * If the worker cannot start at all (a runtime without worker threads or the TypeScript loader) the reports are
 * drawn in-process.
 * Fairness (issue 23): the waiting reports queue per company and the companies take turns (workers/fair-queue.ts), so
 * one company's four reports do not hold another company's single report behind all four. The input comes as the
 * object or v8-serialized (as the heavy pool's worker summarised it: passed on without being read here).
 */
export interface RenderPoolOptions {
  /** the worker stops after this long without a report (ms) */
  idleMs: number;
  /** V8 old-generation limit of the worker (MB) */
  maxOldGenerationSizeMb: number;
  /** V8 young-generation limit of the worker (MB) */
  maxYoungGenerationSizeMb: number;
}

/** The defaults; REPORT_WORKER_* (config.ts) override them (app.ts calls configureRenderPool). */
export const RENDER_POOL_DEFAULTS: RenderPoolOptions = {
  idleMs: 60_000,
  maxOldGenerationSizeMb: 96,
  maxYoungGenerationSizeMb: 16,
};
let options: RenderPoolOptions = { ...RENDER_POOL_DEFAULTS };

/** Changes the pool's options (tests; the limits apply to the next worker start). */
export function configureRenderPool(o: Partial<RenderPoolOptions>): void {
  options = { ...options, ...o };
}

/** the screen's model (charts and maps as SVG), or for a PDF the draft it was drawn from (draft.ts) */
type Drawn = { model: ReportModel | ReportDraft; pdf: Buffer | null };
/** A report's input: the object, or its v8 serialization (node:v8 `serialize`). */
export type DrawInput = ModelInput | Uint8Array;
interface Job {
  input: DrawInput;
  pdf: boolean;
  /** the language the report is written in */
  language: Language;
  resolve: (v: Drawn) => void;
  reject: (e: Error) => void;
}

// bounded where reports are admitted (the heavy pool's lines); here only the order is fair
const queue = new FairQueue<Job>(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
/** jobs put back at the head after a worker that never started (drawn in-process next) */
const retry: Job[] = [];
let current: Job | null = null;
let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let broken = false;
let answered = false;
const counts = { starts: 0, idleStops: 0, outOfMemory: 0 };

/** The answer to a report the worker ran out of memory on. */
export const reportTooLarge = () =>
  new AppError(
    503,
    `This report needs more memory than the report worker may use (${options.maxOldGenerationSizeMb} MB). Choose a shorter period or fewer report pages; the administrator can raise REPORT_WORKER_HEAP_MB.`,
    ErrorCode.internal,
  );

function start(): Worker | null {
  if (worker) return worker;
  if (broken) return null;
  try {
    // render-worker.mjs loads the worker module (TypeScript under tsx: with the loader; the build's JavaScript: as is)
    const w = new Worker(new URL('./render-worker.mjs', import.meta.url), {
      workerData: { module: siblingModule('./render-worker.ts', import.meta.url).href },
      resourceLimits: {
        maxOldGenerationSizeMb: options.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: options.maxYoungGenerationSizeMb,
      },
    });
    counts.starts++;
    w.unref();
    w.on('message', (m: { model?: ReportModel | ReportDraft; pdf?: Uint8Array | null; error?: string }) => {
      answered = true;
      const job = current;
      current = null;
      if (job) {
        if (m.error || !m.model) job.reject(new Error(m.error ?? 'report worker answered nothing'));
        else
          job.resolve({
            model: m.model,
            pdf: m.pdf ? Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength) : null,
          });
      }
      next();
    });
    w.on('error', (err: Error & { code?: string }) => {
      if (worker !== w) return;
      worker = null;
      const job = current;
      current = null;
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        counts.outOfMemory++;
        job?.reject(reportTooLarge());
      } else if (!answered) {
        broken = true; // it never worked here (no loader): draw in-process from now on, this report too
        if (job) retry.push(job);
      } else job?.reject(err);
      next();
    });
    w.on('exit', () => {
      if (worker !== w) return; // stopped on purpose or after an error (handled there)
      worker = null;
      const job = current;
      current = null;
      job?.reject(new Error('report worker stopped'));
      next();
    });
    worker = w;
    return w;
  } catch {
    broken = true;
    return null;
  }
}

/** Stops the worker when it has been idle for `idleMs`. */
function armIdle() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (current || queue.size || retry.length || !worker) return;
    const w = worker;
    worker = null;
    counts.idleStops++;
    void w.terminate();
  }, options.idleMs);
  idleTimer.unref();
}

async function inProcess(job: Job) {
  try {
    // loaded only here: the drawing code (ECharts, pdfkit, the land index) belongs in the worker
    const [{ buildDraft, buildModel }, { renderPdf }] = await Promise.all([import('./model.ts'), import('./pdf.ts')]);
    const input = job.input instanceof Uint8Array ? deserialize(job.input) : job.input;
    if (job.pdf) {
      const draft = buildDraft(input, job.language);
      job.resolve({ model: draft, pdf: await renderPdf(draft, job.language) });
    } else job.resolve({ model: buildModel(input, job.language), pdf: null });
  } catch (err) {
    job.reject(err as Error);
  } finally {
    current = null;
    next();
  }
}

/** Sends the next queued report to the worker (or draws it in-process), or arms the idle stop. */
function next() {
  if (current) return;
  const job = retry.shift() ?? queue.shift();
  if (!job) {
    worker?.unref();
    if (worker) armIdle();
    return;
  }
  if (idleTimer) {
    clearTimeout(idleTimer);
    idleTimer = null;
  }
  current = job;
  const w = start();
  if (!w) {
    void inProcess(job);
    return;
  }
  w.ref(); // keep the process alive while a report is being drawn
  try {
    w.postMessage({ pdf: job.pdf, input: job.input, language: job.language });
  } catch (err) {
    current = null; // the input could not be sent (not cloneable): this report fails, the queue goes on
    job.reject(err as Error);
    next();
  }
}

function draw(input: DrawInput, pdf: boolean, tenant: Tenant, language: Language): Promise<Drawn> {
  return new Promise<Drawn>((resolve, reject) => {
    queue.push(tenant, { input, pdf, language, resolve, reject });
    next();
  });
}

/**
 * The report model (Daily Report screen); `tenant`: the company whose line it waits in; `language`: the one its
 * texts, numbers and dates are written in.
 */
export const drawModel = async (input: DrawInput, tenant: Tenant = '', language: Language = 'en') =>
  (await draw(input, false, tenant, language)).model as ReportModel;

/** The PDF and the report it was drawn from (its file name, title, pages; charts and maps not as SVG). */
export async function drawPdf(
  input: DrawInput,
  tenant: Tenant = '',
  language: Language = 'en',
): Promise<{ model: ReportDraft; pdf: Buffer }> {
  const r = await draw(input, true, tenant, language);
  if (!r.pdf) throw new Error('report worker gave no PDF');
  return { model: r.model as ReportDraft, pdf: r.pdf };
}

/** Stops the worker (tests, shutdown); reports still queued or being drawn are answered with an error. */
export async function stopRenderWorker(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const w = worker;
  worker = null;
  const stopped = new Error('report worker stopped');
  for (const job of [...(current ? [current] : []), ...retry.splice(0), ...queue.drain()]) job.reject(stopped);
  current = null;
  if (w) await w.terminate();
}

/**
 * Whether reports are drawn by the worker thread (it has answered) or in-process (it could not start), whether the
 * worker runs now, and how often it started, stopped when idle and ran out of memory.
 */
// GET /metrics: the reports waiting to be drawn and the one being drawn, at each scrape
metrics.collect(() => {
  reportQueue.set({ pool: 'render' }, queue.size + retry.length);
  reportRunning.set({ pool: 'render' }, current ? 1 : 0);
});

export const renderWorkerStatus = () => ({ answered, broken, running: worker !== null, ...counts });
