#!/usr/bin/env node
// `npm start`: builds the server and the web app when missing or older than their sources (scripts/build.mjs; only
// where the build tools are installed), then runs the built server (packages/server/dist/main.js) with plain node.
// The server serves packages/web/dist (client routes fall back to index.html).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildServer,
  buildWeb,
  canBuild,
  root,
  serverBuildExists,
  serverBuildIsStale,
  serverMain,
  webBuildIsStale,
} from './build.mjs';

export { buildWeb, webBuildIsStale };

/**
 * The build `npm start` runs, brought up to date first where this checkout can build (a dev install: the quick start's
 * `npm install && npm start` builds on the first start and after source changes). A production install
 * (`npm ci --omit=dev`, no build tools) runs the build it was given, and stops when there is none.
 */
export async function ensureBuilt() {
  const tools = canBuild();
  const webBuilt = existsSync(join(root, 'packages/web/dist/index.html'));
  const missing = [];
  if (webBuildIsStale()) {
    if (tools) buildWeb();
    else if (webBuilt) console.warn('The web app build is older than its sources (no build tools here to rebuild).');
    else missing.push('packages/web/dist');
  } else console.log('Web app is up to date (packages/web/dist).');
  if (serverBuildIsStale()) {
    if (tools) await buildServer();
    else if (serverBuildExists())
      console.warn('The server build is older than its sources (no build tools here to rebuild).');
    else missing.push('packages/server/dist');
  } else console.log('Server is up to date (packages/*/dist).');
  if (missing.length) {
    console.error(
      `No production build (${missing.join(', ')}), and no build tools in this install (npm ci --omit=dev). ` +
        'Run `npm ci && npm run build` first, then `npm ci --omit=dev` (docs/operations.md "Install and upgrade").',
    );
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await ensureBuilt();
  // the server's heap budget (README "Configuration", docs/operations.md "Memory"); bench/run.ts gives its server the same.
  // The server checks SERVER_HEAP_MB with every other variable (config.ts); a value node cannot take is left to it.
  const heapMb = process.env.SERVER_HEAP_MB?.trim() || '192';
  const heap = /^\d+$/.test(heapMb) ? [`--max-old-space-size=${heapMb}`] : [];
  // one node process running the built JavaScript, no loader (no wrapper process in between). It handles SIGTERM/SIGINT
  // itself (docs/operations.md "Stopping"); a signal sent to this process only is passed on, and this process exits
  // with the server's code. Sent to the process group, the server gets it twice and ignores the second.
  const server = spawn(process.execPath, [...heap, serverMain, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
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
