import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP receiver for the webhook tests: each path answers as its script says, in turn (a status, or 'hold':
 * the answer waits until `release(path)`); after the script, 200. Every request is recorded.
 */
export async function startReceiver(scripts: Record<string, (number | 'hold')[]> = {}) {
  const received: Received[] = [];
  const held = new Map<string, ServerResponse[]>();
  const served = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const i = served.get(path) ?? 0;
      served.set(path, i + 1);
      const step = scripts[path]?.[i] ?? 200;
      if (step === 'hold') {
        held.set(path, [...(held.get(path) ?? []), res]);
        return;
      }
      res.writeHead(step, { 'content-type': 'text/plain' });
      res.end(step === 200 ? 'thanks' : `no: ${'x'.repeat(3000)}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const release = (path: string) => {
    for (const res of held.get(path) ?? []) res.writeHead(200).end('late');
    held.delete(path);
  };
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    release,
    close: () =>
      new Promise<void>((r) => {
        for (const path of [...held.keys()]) release(path);
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Polls `check` until it holds (each 20 ms, at most 15 s): a webhook is sent in the background. */
export async function until(check: () => boolean | Promise<boolean>, what = 'the condition'): Promise<void> {
  for (let i = 0; i < 750; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}
