import http from 'node:http';

/**
 * The load bench's new-connection probe (load.ts), in a process of its own: every 250 ms until the given time, a GET
 * /api/health on a new connection (no keep-alive agent); sends the parent the ms each answer took and the failures.
 */
const [port, until] = process.argv.slice(2).map(Number);
const TIMEOUT_MS = 30_000;

function freshGet(path: string): Promise<number | null> {
  const t0 = performance.now();
  return new Promise((done) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode === 200 ? performance.now() - t0 : null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(null));
  });
}

const ms: number[] = [];
let failed = 0;
while (Date.now() < until) {
  const t = await freshGet('/api/health');
  if (t === null) failed++;
  else ms.push(t);
  await new Promise((r) => setTimeout(r, 250));
}
process.send?.({ ms, failed }, () => process.exit(0));
