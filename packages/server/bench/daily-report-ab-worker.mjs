// The report worker of the daily report A/B (daily-report-ab.ts): the side's own render worker (its render-worker.mjs,
// which loads its render-worker.ts), plus, on a port of its own, the worker's GC time (perf_hooks 'gc' entries) and
// V8 heap figures — a worker's heap cannot be read from outside it.
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { workerData } from 'node:worker_threads';

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
await import(workerData.entry);
