#!/usr/bin/env node
// `npm start`: builds the web app when packages/web/dist is missing or older than its sources,
// then runs the server, which serves packages/web/dist (client routes fall back to index.html).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'packages/web');
const bin = (name) => join(root, 'node_modules/.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/** Newest modification time under the given paths (files or folders). */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') walk(join(p, e));
    } else max = Math.max(max, s.mtimeMs);
  };
  for (const p of paths) walk(p);
  return max;
}

/** The web app's inputs: its sources, static files, config, and the shared package it imports. */
export const webInputs = [
  join(web, 'src'),
  join(web, 'public'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, 'package.json'),
  join(root, 'packages/shared/src'),
];

export function webBuildIsStale() {
  const built = join(web, 'dist/index.html');
  if (!existsSync(built)) return true;
  return newest(webInputs) > statSync(built).mtimeMs;
}

export function buildWeb() {
  console.log('Building the web app…');
  const r = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('The web app build failed.');
    process.exit(r.status ?? 1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (webBuildIsStale()) buildWeb();
  else console.log('Web app is up to date (packages/web/dist).');
  // the server's heap budget (README "Configuration", docs/operations.md "Memory"); bench/run.ts gives its server the same.
  // The server checks SERVER_HEAP_MB with every other variable (config.ts); a value node cannot take is left to it.
  const heapMb = process.env.SERVER_HEAP_MB?.trim() || '192';
  const heap = /^\d+$/.test(heapMb) ? [`--max-old-space-size=${heapMb}`] : [];
  // one node process with the TypeScript loader in it (no tsx wrapper process in between). It handles SIGTERM/SIGINT
  // itself (docs/operations.md "Stopping"); a signal sent to this process only is passed on, and this process exits
  // with the server's code. Sent to the process group, the server gets it twice and ignores the second.
  const server = spawn(
    process.execPath,
    [...heap, '--import', 'tsx', 'packages/server/src/main.ts', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  // `npm start` runs this through `sh -c`, which dies of the SIGTERM npm passes on without passing it further: when
  // the process that started this one is gone (our parent changes), the server is stopped as if signalled
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    server.kill('SIGTERM');
  }, 500);
  watch.unref();
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
