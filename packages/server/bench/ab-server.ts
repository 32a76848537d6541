import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { cpuSecondsOf } from './measure.ts';

/**
 * The server of one side of an A/B (ingest-ab.ts, summary-ab.ts): `<root>/packages/server/bench/server.ts` of that
 * checkout in its own process, on the database `url`, with no load shedding (a figure is timed, not refused).
 */
export function startServer(
  root: string,
  url: string,
  dataDir: string,
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((done, fail) => {
    const child = fork(join(root, 'packages/server/bench/server.ts'), {
      cwd: root,
      execArgv: ['--import', 'tsx', `--max-old-space-size=${process.env.SERVER_HEAP_MB || 192}`],
      env: { MAX_EVENT_LOOP_DELAY_MS: '0', ...process.env, DATABASE_URL: url, DATA_DIR: dataDir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: { port: number }) => done({ child, port: m.port }));
    child.once('exit', (code) => fail(new Error(`server of ${root} exited (${code})`)));
  });
}

export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    child.removeAllListeners('exit');
    child.once('exit', () => done());
    child.send({ stop: true });
  });
}

/**
 * Waits until the server's process is quiet (under 20 ms of CPU in a second, at most 30 s): a server reports its port
 * while its worker threads still load their modules, seconds of CPU that are not the measured work.
 */
export async function settled(pid: number): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const c0 = cpuSecondsOf(pid);
    await new Promise((ok) => setTimeout(ok, 1000));
    if (cpuSecondsOf(pid) - c0 < 0.02) return;
  }
}

/** AB_CPU_PROF=<dir>: starts or stops a CPU profile of the server (bench/server.ts writes it there on stop). */
export function profile(child: ChildProcess, what: 'start' | 'stop'): Promise<void> {
  if (!process.env.AB_CPU_PROF) return Promise.resolve();
  return new Promise((done) => {
    const on = (m: { profiling?: boolean; profiled?: boolean }) => {
      if (m.profiling || m.profiled) {
        child.off('message', on);
        done();
      }
    };
    child.on('message', on);
    child.send({ profile: what });
  });
}
