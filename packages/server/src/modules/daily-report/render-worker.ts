import { deserialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type { Language } from '../../i18n/language.ts';
import { buildDraft, buildModel } from './model.ts';
import type { ModelInput } from './model-input.ts';
import { renderPdf } from './pdf.ts';

/**
 * The worker thread that draws reports (render-pool.ts): charts, maps and the PDF are CPU work of about a second,
 * which on the main thread would stall every other request (and trip the event-loop-delay shedding). The pool sends
 * one report at a time and the next when this one is answered.
 */
parentPort?.on('message', async (m: { pdf: boolean; input: ModelInput | Uint8Array; language?: Language }) => {
  try {
    // the heavy pool's worker sends the input v8-serialized (render-pool.ts DrawInput)
    const language = m.language ?? 'en';
    const input = m.input instanceof Uint8Array ? deserialize(m.input) : m.input;
    // a PDF draws its charts and maps from the draft; the screen's model has them as SVG
    const draft = m.pdf ? buildDraft(input, language) : null;
    const model = draft ?? buildModel(input, language);
    const pdf = draft ? await renderPdf(draft, language) : null;
    const bytes = pdf ? new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice() : null;
    parentPort?.postMessage({ model, pdf: bytes }, bytes ? [bytes.buffer] : []);
  } catch (err) {
    parentPort?.postMessage({ error: (err as Error)?.stack ?? String(err) });
  }
});
