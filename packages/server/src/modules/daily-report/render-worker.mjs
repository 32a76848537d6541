// Entry of the report worker thread: registers the TypeScript loader the server runs with (tsx), then loads the
// worker. (A worker's `--import tsx` in execArgv does not reach its entry module on Node 20.)
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
