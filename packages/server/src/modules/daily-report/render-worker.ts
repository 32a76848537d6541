import { parentPort } from 'node:worker_threads';
import { buildModel, type ModelInput } from './model.ts';
import { renderPdf } from './pdf.ts';

/**
 * The worker thread that draws reports (render-pool.ts): charts, maps and the PDF are CPU work of about a second,
 * which on the main thread would stall every other request (and trip the event-loop-delay shedding).
 */
parentPort?.on('message', async (m: { id: number; pdf: boolean; input: ModelInput }) => {
  try {
    const model = buildModel(m.input);
    const pdf = m.pdf ? await renderPdf(model) : null;
    const bytes = pdf ? new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice() : null;
    parentPort?.postMessage({ id: m.id, model, pdf: bytes }, bytes ? [bytes.buffer] : []);
  } catch (err) {
    parentPort?.postMessage({ id: m.id, error: (err as Error)?.stack ?? String(err) });
  }
});
