import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, stopServer } from './ab-server.ts';

/**
 * The answers of a checkout's bench server to the given paths on a bench data set (run.ts `BENCH_DIR`): their size
 * and first characters — to see what an answer holds.
 *
 *   npx tsx packages/server/bench/peek.ts <dir> <root> <path> [<path> …]
 */
const [dir, root, ...paths] = process.argv.slice(2);
const world = JSON.parse(readFileSync(join(dir, 'world.json'), 'utf8')) as { token: string };
const dataDir = mkdtempSync(join(tmpdir(), 'fleet-peek-'));
const { child, port } = await startServer(resolve(root), `sqlite:${join(resolve(dir), 'bench.db')}`, dataDir);
try {
  for (const path of paths) {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authentication: world.token } });
    const body = await res.text();
    console.log(`${res.status} ${Buffer.byteLength(body)} bytes ${path.slice(0, 80)}\n${body.slice(0, 900)}\n`);
  }
} finally {
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}
