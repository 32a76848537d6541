import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * docs/operations.md "Stopping": the server process handles SIGTERM itself — it stops accepting, answers the request
 * under way, closes and exits 0 within SHUTDOWN_TIMEOUT_SECONDS. A real process (main.ts), SQLite in a temp folder.
 */
const ROOT = resolve(new URL('../../../..', import.meta.url).pathname);
const TIMEOUT_SECONDS = 10;

function startServer(dir: string) {
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dir,
      DATABASE_URL: '',
      DEMO: '0',
      SIMULATOR: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      TELTONIKA_PORT: '0',
      MQTT_URL: '',
      SMTP_URL: '',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
    },
  });
  const lines: Record<string, unknown>[] = [];
  const port = new Promise<number>((resolvePort, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line);
      } catch {
        return;
      }
      lines.push(entry);
      const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(String(entry.msg));
      if (m) resolvePort(Number(m[1]));
    });
    proc.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
  let stderr = '';
  proc.stderr!.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((r) =>
    proc.once('exit', (code, signal) => r({ code, signal, at: Date.now() })),
  );
  return { proc, port, lines, exited, stderr: () => stderr };
}

/** Sends `head` now; resolves with the whole answer once the server closes or ends it. */
function rawRequest(port: number, head: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => {
    answer += d;
  });
  const done = new Promise<string>((r) => {
    socket.on('close', () => r(answer));
    socket.on('error', () => r(answer));
  });
  socket.write(head);
  return { socket, done, answer: () => answer };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SIGTERM to a running server process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-shutdown-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers the request under way, refuses new connections, and exits 0 within the bound', async () => {
    const server = startServer(dir);
    try {
      const port = await server.port;
      // a sign-in whose body is half sent: the request is under way when the signal comes
      const body = JSON.stringify({ username: '', password: 'not-empty' });
      const half = Math.floor(body.length / 2);
      const req = rawRequest(
        port,
        `POST /api/security/authentication/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nX-Request-Id: in-flight-1\r\n\r\n${body.slice(0, half)}`,
      );
      await sleep(300);
      const signalledAt = Date.now();
      server.proc.kill('SIGTERM');
      await sleep(500);
      // still running, waiting for the rest of the body; no new connection is taken any more
      expect(server.proc.exitCode).toBeNull();
      const refused = await new Promise<boolean>((r) => {
        const s = connect(port, '127.0.0.1');
        s.on('connect', () => {
          s.destroy();
          r(false);
        });
        s.on('error', () => r(true));
      });
      expect(refused).toBe(true);
      req.socket.write(body.slice(half));
      const answer = await req.done;
      // answered from the whole body (the empty user name named), with its request id
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer.toLowerCase()).toContain('x-request-id: in-flight-1');
      expect(answer).toContain('"username"');
      const exit = await server.exited;
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(exit.at - signalledAt).toBeLessThan(TIMEOUT_SECONDS * 1000);
      // the log: the request with its id and duration at info, the stop, and no error line from start to exit
      const request = server.lines.find((l) => l.reqId === 'in-flight-1' && l.msg === 'request');
      expect(request).toMatchObject({ level: 30, method: 'POST', status: 400 });
      expect(request?.route).toBe('/api/security/authentication/login');
      expect(typeof request?.ms).toBe('number');
      expect(server.lines.some((l) => l.msg === 'stopped')).toBe(true);
      expect(server.lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    } finally {
      if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
    }
  }, 120_000);
});
