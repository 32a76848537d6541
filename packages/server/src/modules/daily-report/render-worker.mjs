// Entry of the report worker thread (render-pool.ts): loads the worker module named in workerData — TypeScript under
// tsx (tests, `npm run dev`), with the TypeScript loader registered first (a worker's `--import tsx` in execArgv does
// not reach its entry module on Node 20); the production build's JavaScript as it is, with no loader installed.
import { workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '../../workers/nice.mjs';

// drawing yields the CPU to the HTTP loop when the cores are busy (issue 23; docs/operations.md "Heavy work and fairness")
lowerThreadPriority(10);
const { module } = workerData;
if (module.endsWith('.ts')) (await import('tsx/esm/api')).register();
await import(module);
