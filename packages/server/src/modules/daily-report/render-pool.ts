import { Worker } from 'node:worker_threads';
import { buildModel, type ModelInput, type ReportModel } from './model.ts';
import { renderPdf } from './pdf.ts';

/**
 * One worker thread draws the reports, one at a time, off the event loop (render-worker.ts). Requests queue in the
 * worker, so 4 reports at once cost the memory of one drawing at a time. If the worker cannot start (a runtime
 * without worker threads or the TypeScript loader) the report is drawn in-process.
 */
type Pending = { resolve: (v: { model: ReportModel; pdf: Buffer | null }) => void; reject: (e: Error) => void };

let worker: Worker | null = null;
let broken = false;
let answered = false;
let sequence = 0;
const pending = new Map<number, Pending>();

function failAll(err: Error) {
  for (const p of pending.values()) p.reject(err);
  pending.clear();
}

function start(): Worker | null {
  if (worker) return worker;
  if (broken) return null;
  try {
    // the server runs TypeScript through tsx; the worker needs the same loader
    const w = new Worker(new URL('./render-worker.mjs', import.meta.url));
    w.unref();
    w.on('message', (m: { id: number; model?: ReportModel; pdf?: Uint8Array | null; error?: string }) => {
      answered = true;
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error || !m.model) p.reject(new Error(m.error ?? 'report worker answered nothing'));
      else
        p.resolve({
          model: m.model,
          pdf: m.pdf ? Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength) : null,
        });
    });
    w.on('error', (err) => {
      worker = null;
      if (!answered) broken = true; // it never worked here (no loader): draw in-process from now on
      failAll(err);
    });
    w.on('exit', () => {
      worker = null;
      failAll(new Error('report worker stopped'));
    });
    worker = w;
    return w;
  } catch {
    broken = true;
    return null;
  }
}

async function draw(input: ModelInput, pdf: boolean): Promise<{ model: ReportModel; pdf: Buffer | null }> {
  const w = start();
  if (!w) {
    const model = buildModel(input);
    return { model, pdf: pdf ? await renderPdf(model) : null };
  }
  const id = ++sequence;
  const done = new Promise<{ model: ReportModel; pdf: Buffer | null }>((resolve, reject) =>
    pending.set(id, { resolve, reject }),
  );
  w.ref(); // keep the process alive while a report is being drawn
  try {
    w.postMessage({ id, pdf, input });
    return await done;
  } catch (err) {
    if (!broken) throw err;
    const model = buildModel(input); // the worker could not start: once more in-process
    return { model, pdf: pdf ? await renderPdf(model) : null };
  } finally {
    if (pending.size === 0) w.unref();
  }
}

/** The report model (Daily Report screen). */
export const drawModel = async (input: ModelInput) => (await draw(input, false)).model;

/** The model and its PDF. */
export async function drawPdf(input: ModelInput): Promise<{ model: ReportModel; pdf: Buffer }> {
  const r = await draw(input, true);
  if (!r.pdf) throw new Error('report worker gave no PDF');
  return { model: r.model, pdf: r.pdf };
}

/** Stops the worker (tests, shutdown). */
export async function stopRenderWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}

/** Whether reports are drawn by the worker thread (it has answered) or in-process (it could not start). */
export const renderWorkerStatus = () => ({ answered, broken });
