// The report worker of the daily report A/B (daily-report-ab.ts): the side's own render worker (its render-worker.mjs,
// which loads its render-worker.ts) or, for a side whose heavy worker draws (issue 29), the side's drawing code as
// report-task.ts calls it, answering as the render worker did; plus, on a port of its own, the worker's GC time
// (perf_hooks 'gc' entries) and V8 heap figures — a worker's heap cannot be read from outside it.
import { PerformanceObserver } from 'node:perf_hooks';
import { deserialize, getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';

let gcMs = 0;
let gcs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcMs += e.duration;
    gcs++;
  }
}).observe({ entryTypes: ['gc'] });
workerData.stats.on('message', () => {
  const h = getHeapStatistics();
  workerData.stats.postMessage({
    gcMs,
    gcs,
    totalHeapMb: h.total_heap_size / 2 ** 20,
    usedHeapMb: h.used_heap_size / 2 ** 20,
  });
});
if (workerData.entry) await import(workerData.entry);
else {
  (await import(workerData.nice)).lowerThreadPriority(10); // as the heavy pool's workers (HEAVY_WORKER_NICE)
  (await import('tsx/esm/api')).register();
  const { buildDraft } = await import(workerData.draw.model);
  const { renderPdf } = await import(workerData.draw.pdf);
  parentPort.on('message', async (m) => {
    try {
      const draft = buildDraft(deserialize(m.input), m.language);
      const pdf = await renderPdf(draft, m.language);
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
      parentPort.postMessage({ model: draft, pdf: bytes }, [bytes.buffer]);
    } catch (err) {
      parentPort.postMessage({ error: err?.stack ?? String(err) });
    }
  });
}
