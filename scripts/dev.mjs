#!/usr/bin/env node
// `npm run dev`: the server under `tsx watch` (restarts on change) and Vite (hot reload) together.
// Open http://localhost:5173; Vite forwards /api to the server on PORT (default 8080).
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const colors = { server: '\x1b[36m', web: '\x1b[35m' };
const children = [];

function run(name, command, args, cwd) {
  const child = spawn(command, args, { cwd, env: { ...process.env, FORCE_COLOR: '1' } });
  const prefix = `${colors[name]}[${name}]\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.on('exit', (code) => {
    console.log(`${prefix}exited with code ${code}`);
    stop(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

run('server', bin('tsx'), ['watch', '--clear-screen=false', 'packages/server/src/main.ts'], root);
run('web', bin('vite'), ['--strictPort'], join(root, 'packages/web'));
