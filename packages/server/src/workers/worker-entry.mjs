// Entry of a pool worker thread (workers/pool.ts): registers the TypeScript loader when the task module is TypeScript
// (the server runs through tsx; a worker's `--import tsx` in execArgv does not reach its entry module on Node 20),
// loads the task module named in workerData, lets it open its own resources (`init`), then answers tasks one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from './nice.mjs';

const { tasks, init, nice } = workerData;
if (nice) lowerThreadPriority(nice);
if (tasks.endsWith('.ts')) (await import('tsx/esm/api')).register();
const mod = await import(tasks);
await mod.init?.(init);

const bytesOf = (v) => (v instanceof Uint8Array ? [v.buffer] : []);

parentPort.on('message', async (m) => {
  try {
    const result = await mod.run(m.task, m.args);
    parentPort.postMessage({ id: m.id, result }, bytesOf(result));
  } catch (err) {
    // the error's own fields (an HTTP status, an error code) travel with it; the pool rebuilds the error
    const e = err ?? {};
    parentPort.postMessage({
      id: m.id,
      error: {
        message: String(e.message ?? err),
        stack: e.stack,
        httpStatus: e.httpStatus,
        errorCode: e.errorCode,
        fieldMessages: e.fieldMessages,
      },
    });
  }
});
parentPort.postMessage({ ready: true });
