// Entry of the report worker thread: registers the TypeScript loader the server runs with (tsx), then loads the
// worker. (A worker's `--import tsx` in execArgv does not reach its entry module on Node 20.)
import { register } from 'tsx/esm/api';
import { lowerThreadPriority } from '../../workers/nice.mjs';

// drawing yields the CPU to the HTTP loop when the cores are busy (issue 23; docs/operations.md "Heavy work and fairness")
lowerThreadPriority(10);
register();
await import('./render-worker.ts');
