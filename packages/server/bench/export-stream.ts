import { get } from 'node:http';
import { nowSeconds } from '../src/http/time.ts';
import { eventWorld, T0 } from '../test/event-engine/world.ts';
import { createTestApp } from '../test/helpers/app.ts';
import { createRole, createUser, signIn } from '../test/helpers/fixtures.ts';

/**
 * Memory of a streamed export (issue 31, docs/benchmarks.md "Streamed exports"): the Event Log of one vessel with
 * XS_ROWS (200,000) events downloaded as CSV and as XLSX over a real socket, the process's RSS sampled every 20 ms;
 * then the same CSV with a slow client that stops reading for 3 s after its first 64 KB (the server must stop
 * reading the database, not buffer). SQLite in a file; client and server in this one process (the client drops the
 * bytes it reads).
 *
 *   node --expose-gc --import tsx packages/server/bench/export-stream.ts
 */
const ROWS = Number(process.env.XS_ROWS ?? 200_000);
const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;

async function main() {
  const t = await createTestApp('sqlite', { sqliteFile: true });
  const w = await eventWorld(t.database, 'bench');
  const db = t.database.db;
  const role = await createRole(db, 'Event reader', { log_event_event: ['read'] });
  await createUser(db, { userId: 'b@e.test', username: 'bencher', roleIds: [role], companies: [{ compId: w.comp }] });
  const token = await signIn(db, 'b@e.test', w.comp);
  const mevt = await w.defineEvent('Exhaust temperature high, "port" side', 0, {});
  const now = nowSeconds();
  for (let i = 0; i < ROWS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, ROWS - i) }, (_, k) => ({
      evntTimestamp: T0 + (i + k) * 60,
      evntDeviceId: w.gatewayUid,
      evntMevtId: mevt,
      evntMcevId: null,
      evntStatus: 0,
      evntIsPriority: (i + k) % 3 === 0 ? 1 : 0,
      evntDuration: 60 + ((i + k) % 5000),
      evntOldData: '{}',
      evntNewData: '{}',
      evntThreshold: '{}',
      evntCreatedTime: now,
      evntUpdatedTime: now,
      evntDevcId: w.gatewayId,
      evntMassId: w.massId,
    }));
    await db.insertInto('event_log').values(rows).execute();
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  const path = (ext: string) => `/api/log/event/event/period/${T0 - 86400}/${T0 + ROWS * 60 + 86400}/export.${ext}`;

  const download = (ext: string, pauseMs = 0) =>
    new Promise<{ bytes: number; peak: number; base: number; ms: number; cpuMs: number; pausedGrowth: number }>(
      (resolve, reject) => {
        (globalThis as { gc?: () => void }).gc?.();
        const base = process.memoryUsage().rss;
        let peak = base;
        const timer = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().rss);
        }, 20);
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        let bytes = 0;
        let paused = false;
        let pausedGrowth = 0;
        get({ host: '127.0.0.1', port, path: path(ext), headers: { authentication: token } }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}`));
          res.on('data', (b: Buffer) => {
            bytes += b.length;
            if (pauseMs && !paused && bytes > 64 * 1024) {
              paused = true;
              res.pause();
              const at = process.memoryUsage().rss;
              setTimeout(() => {
                pausedGrowth = process.memoryUsage().rss - at;
                res.resume();
              }, pauseMs);
            }
          });
          res.on('end', () => {
            clearInterval(timer);
            const c = process.cpuUsage(c0);
            resolve({
              bytes,
              peak,
              base,
              ms: performance.now() - t0,
              cpuMs: (c.user + c.system) / 1000,
              pausedGrowth,
            });
          });
        }).on('error', reject);
      },
    );

  console.log(`${ROWS} events; RSS sampled every 20 ms`);
  await download('csv'); // warm-up
  for (const [ext, pause] of [
    ['csv', 0],
    ['xlsx', 0],
    ['csv', 0],
    ['xlsx', 0],
    ['csv', 3000],
  ] as const) {
    const r = await download(ext, pause);
    console.log(
      `${ext.padEnd(4)}${pause ? ' slow client' : '            '}  ${mb(r.bytes).padStart(9)}  wall ${r.ms.toFixed(0)} ms  CPU ${r.cpuMs.toFixed(0)} ms  RSS before ${mb(r.base)}  peak +${mb(r.peak - r.base)}${pause ? `  growth while paused ${mb(r.pausedGrowth)}` : ''}`,
    );
  }
  await t.close();
}

await main();
