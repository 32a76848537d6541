import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { issueDeviceKey } from '../src/modules/telemetry/device-keys.ts';
import {
  createAsset,
  createCompany,
  createDevice,
  createGroup,
  createRole,
  createUser,
  signIn,
} from '../test/helpers/fixtures.ts';
import { memoryOf, percentile } from './measure.ts';

/**
 * Live push benchmark (issue 13): the server in its own process (embedded SQLite), BENCH_LIVE_SUBSCRIBERS (500)
 * open sockets of one company, then BENCH_LIVE_ROUNDS (20) ingests of one GPS reading each. Measured per
 * subscriber and round: from the ingest acknowledgement (the HTTP answer) to the event at the subscriber; and the
 * server's RSS growth from before the sockets to after the rounds. Figures only, no assertions.
 */
const SUBSCRIBERS = Number(process.env.BENCH_LIVE_SUBSCRIBERS ?? 500);
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 20);
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);

export async function benchLive(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-live-'));
  const url = `sqlite:${join(dir, 'live.db')}`;
  const database = openDatabase(url);
  await migrate(database);
  const db = database.db;
  const comp = await createCompany(db, await createGroup(db, 'Live'), 'Live Shipping');
  const role = await createRole(db, 'Live reader', { master_asset: ['read'] });
  await createUser(db, { userId: 'live@fleet.test', username: 'live', roleIds: [role], companies: [{ compId: comp }] });
  const massId = await createAsset(db, comp, 'Live Vessel');
  const gps = await createDevice(db, massId, 'live-gps', 'gps');
  const key = await issueDeviceKey(db, gps, 'bench');
  const token = await signIn(db, 'live@fleet.test', comp);
  await database.close();

  const child = fork(resolve(ROOT, 'packages/server/bench/server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dir },
  });
  const port = await new Promise<number>((ok) => child.once('message', (m: { port: number }) => ok(m.port)));
  const base = `http://127.0.0.1:${port}`;
  const rssBefore = memoryOf(child.pid!).nowMb;

  const sockets: WebSocket[] = [];
  const waiting = new Map<number, (t: number) => void>();
  const latencies: number[] = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const r = await fetch(`${base}/api/socket/ticket`, { method: 'POST', headers: { authentication: token } });
    const { ticket } = ((await r.json()) as { data: { ticket: string } }).data;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/socket?ticket=${ticket}`);
    await new Promise<void>((ok, fail) => {
      ws.once('error', fail);
      ws.on('message', (raw) => {
        const m = JSON.parse(String(raw));
        if (m.type === 'hello') ok();
        if (m.type === 'states') {
          const at = performance.now();
          for (const s of m.states) waiting.get(s.timestamp)?.(at);
        }
      });
    });
    sockets.push(ws);
  }
  const rssOpen = memoryOf(child.pid!).nowMb;

  const t0 = Math.floor(Date.now() / 1000) - ROUNDS * 60;
  for (let round = 0; round < ROUNDS; round++) {
    const ts = t0 + round * 60;
    const arrivals: number[] = [];
    const done = new Promise<void>((ok) => {
      waiting.set(ts, (at) => {
        arrivals.push(at);
        if (arrivals.length === SUBSCRIBERS) ok();
      });
    });
    const res = await fetch(`${base}/api/ingest`, {
      method: 'POST',
      headers: { 'x-device-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({
        readings: [{ device: 'live-gps', ts, data: { latitude: -6 - round / 100, longitude: 107 } }],
      }),
    });
    await res.text();
    const acked = performance.now();
    await done;
    waiting.delete(ts);
    // an event that arrived before the HTTP answer counts as 0 ms (the push can beat the acknowledgement)
    for (const at of arrivals) latencies.push(Math.max(0, at - acked));
  }
  const rssAfter = memoryOf(child.pid!).nowMb;
  for (const ws of sockets) ws.close();
  child.send({ stop: true });
  await new Promise((ok) => child.once('exit', ok));
  rmSync(dir, { recursive: true, force: true });

  const ms = latencies;
  const out = [
    `live push: ${SUBSCRIBERS} subscribers × ${ROUNDS} ingests (SQLite; the server in its own process, the 500 clients in one bench process)`,
    `  ingest ack → event at subscriber: p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms (target p50 ≤ 200 ms)`,
    `  server RSS: ${rssBefore.toFixed(0)} MB before, ${rssOpen.toFixed(0)} MB with the sockets open, ${rssAfter.toFixed(0)} MB after; growth ${(rssAfter - rssBefore).toFixed(0)} MB (target ≤ 100 MB)`,
  ];
  for (const l of out) console.log(l);
  return out;
}

if (process.argv[1]?.endsWith('live.ts')) await benchLive();
