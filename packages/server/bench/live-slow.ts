import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchFleet, generateReadings } from '@fleet/simulator';
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
import { RawSocket } from '../test/live/raw-socket.ts';
import { memoryOf } from './measure.ts';

/**
 * Issue 23: "A non-reading live socket for 5 minutes under a fleet's pushes: server RSS stays within its budget and
 * every other socket keeps receiving." The server in its own process (embedded SQLite) with the heap of the issue's
 * crash (BENCH_SLOW_HEAP_MB, 96); BENCH_SLOW_VESSELS (30) simulated vessels whose gateways post one reading of every
 * device each BENCH_SLOW_ROUND_MS (250 ms; 10 s of vessel time per round); BENCH_SLOW_HEALTHY (5) sockets that read,
 * and one that completed the handshake and then never reads (a raw TCP socket, paused: the kernel buffers fill, then
 * the server's). BENCH_SLOW_SECONDS (300) long. Sampled each second: the server's RSS and, over the bench server's
 * IPC, the hub's sockets and why it closed any. Figures only, no assertions.
 */
const VESSELS = Number(process.env.BENCH_SLOW_VESSELS ?? 30);
const ROUND_MS = Number(process.env.BENCH_SLOW_ROUND_MS ?? 250);
const HEALTHY = Number(process.env.BENCH_SLOW_HEALTHY ?? 5);
const SECONDS = Number(process.env.BENCH_SLOW_SECONDS ?? 300);
const HEAP_MB = Number(process.env.BENCH_SLOW_HEAP_MB ?? 96);
/** BENCH_SLOW_READER=0: the same run without the non-reading socket (the control: what the fleet's ingest costs) */
const WITH_SLOW = process.env.BENCH_SLOW_READER !== '0';
/** RSS growth the run may cause (the live push bench's budget, docs/benchmarks.md "Live push (issue 13)") */
const RSS_BUDGET_MB = 100;
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);

interface HubStats {
  size: number;
  /** the server's V8 heap in use */
  heapMb: number;
  closedCount: { behind: number; replaced: number };
}

export async function benchLiveSlowReader(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-live-slow-'));
  const url = `sqlite:${join(dir, 'live.db')}`;
  const database = openDatabase(url);
  await migrate(database);
  const db = database.db;
  const comp = await createCompany(db, await createGroup(db, 'Live'), 'Live Shipping');
  // a read-only operator: the issue's point is that any signed-in user could crash the server
  const role = await createRole(db, 'Operator', { master_asset: ['read'] });
  await createUser(db, { userId: 'op@fleet.test', username: 'op', roleIds: [role], companies: [{ compId: comp }] });
  const fleet = benchFleet(VESSELS);
  const keys = new Map<string, string>();
  for (const spec of fleet) {
    const massId = await createAsset(db, comp, spec.name);
    let gateway = 0;
    for (const d of spec.devices) {
      const id = await createDevice(db, massId, d.uniqueId, d.type, { devcLabel: d.label });
      if (d.type === 'gateway') gateway = id;
    }
    const key = await issueDeviceKey(db, gateway, 'bench');
    for (const d of spec.devices) keys.set(d.uniqueId, key);
  }
  // one session per socket: the per-session cap (8) is not what is measured here
  const tokens: string[] = [];
  for (let i = 0; i <= HEALTHY; i++) tokens.push(await signIn(db, 'op@fleet.test', comp));
  await database.close();

  const child = fork(resolve(ROOT, 'packages/server/bench/server.ts'), {
    execArgv: ['--import', 'tsx', `--max-old-space-size=${HEAP_MB}`],
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dir, LIVE_MAX_SOCKETS_PER_USER: String(HEALTHY + 1) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let crashed: string | null = null;
  child.on('error', () => {}); // an IPC write to a server that just died; its exit says what happened
  let crashedAt = 0;
  child.on('exit', (code, signal) => {
    crashed = `exited (${code ?? signal})`;
    crashedAt = performance.now();
  });
  const port = await new Promise<number>((ok) => child.once('message', (m: { port?: number }) => ok(m.port ?? 0)));
  const base = `http://127.0.0.1:${port}`;
  const hubStats = () =>
    new Promise<HubStats | null>((ok) => {
      if (crashed) return ok(null);
      const on = (m: { live?: HubStats }) => {
        if (!m.live) return;
        child.off('message', on);
        ok(m.live);
      };
      child.on('message', on);
      // the server may have just died (the defect this measures): no answer then
      child.send({ live: true }, (err) => {
        if (!err) return;
        child.off('message', on);
        ok(null);
      });
    });
  const ticket = async (token: string) => {
    const r = await fetch(`${base}/api/socket/ticket`, { method: 'POST', headers: { authentication: token } });
    return ((await r.json()) as { data: { ticket: string } }).data.ticket;
  };

  const healthy: { ws: WebSocket; messages: number; bytes: number; lastAt: number }[] = [];
  for (let i = 0; i < HEALTHY; i++) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/socket?ticket=${await ticket(tokens[i])}`);
    const h = { ws, messages: 0, bytes: 0, lastAt: 0 };
    await new Promise<void>((ok, fail) => {
      ws.once('error', fail);
      ws.on('message', (raw: Buffer) => {
        const text = String(raw);
        if (text.includes('"hello"')) ok();
        if (!text.startsWith('{"type":"states"')) return;
        h.messages++;
        h.bytes += raw.length;
        h.lastAt = performance.now();
      });
    });
    healthy.push(h);
  }
  const slow = WITH_SLOW ? await RawSocket.open(base, `/api/socket?ticket=${await ticket(tokens[HEALTHY])}`) : null;
  await slow?.until((s) => s.messages.length > 0);
  slow?.pause();
  const rssBefore = memoryOf(child.pid!).nowMb;

  // the fleet reports: one POST per gateway per round, each a reading of every device of its vessel
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  const vesselStart = Math.floor(Date.now() / 1000) - Math.ceil((SECONDS * 1000) / ROUND_MS) * 10 - 60;
  const rounds = generateReadings({ seed: 'live-slow', vessels: fleet, start: vesselStart, end: 2e9, stepSeconds: 10 });
  let posted = 0;
  let refused = 0;
  let rssPeak = rssBefore;
  let heapPeak = 0;
  let heapEnd = 0;
  let closedAt: number | null = null;
  let lastSample = 0;
  const timeline: string[] = [];
  while (performance.now() < end && !crashed) {
    const started = performance.now();
    const batch = rounds.next().value ?? [];
    const byKey = new Map<string, unknown[]>();
    for (const r of batch) {
      const key = keys.get(r.device)!;
      const list = byKey.get(key) ?? [];
      list.push(r);
      byKey.set(key, list);
    }
    await Promise.all(
      [...byKey].map(async ([key, readings]) => {
        const res = await fetch(`${base}/api/ingest`, {
          method: 'POST',
          headers: { 'x-device-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ readings }),
        }).catch(() => null);
        if (res?.ok) posted++;
        else refused++;
        await res?.arrayBuffer();
      }),
    );
    if (performance.now() - lastSample >= 1000) {
      lastSample = performance.now();
      const rss = memoryOf(child.pid!).nowMb;
      rssPeak = Math.max(rssPeak, rss);
      const stats = await hubStats();
      if (stats) {
        heapPeak = Math.max(heapPeak, stats.heapMb);
        heapEnd = stats.heapMb;
      }
      const s = (performance.now() - t0) / 1000;
      if (closedAt === null && (stats?.closedCount.behind ?? 0) > 0) closedAt = s;
      if (timeline.length < 400 && Math.round(s) % 30 === 0 && !timeline.at(-1)?.startsWith(`${Math.round(s)} s`))
        timeline.push(
          `${s.toFixed(0)} s: RSS ${rss.toFixed(0)} MB, heap ${stats?.heapMb.toFixed(0) ?? '?'} MB, ${stats?.size ?? '?'} sockets`,
        );
    }
    await new Promise((ok) => setTimeout(ok, Math.max(0, ROUND_MS - (performance.now() - started))));
  }
  const seconds = (performance.now() - t0) / 1000;
  const stats = await hubStats();
  const rssEnd = crashed ? Number.NaN : memoryOf(child.pid!).nowMb;
  const hwm = crashed ? Number.NaN : memoryOf(child.pid!).peakMb;
  const now = performance.now();
  for (const h of healthy) h.ws.close();
  slow?.destroy();
  if (!crashed) {
    child.removeAllListeners('exit');
    child.send({ stop: true });
    await new Promise((ok) => child.once('exit', ok));
  }
  rmSync(dir, { recursive: true, force: true });

  const msgs = healthy.map((h) => h.messages);
  const mb = healthy.map((h) => h.bytes / 1e6);
  const out = [
    `live push, a socket that never reads: ${SECONDS} s, ${VESSELS} vessels posting every ${ROUND_MS} ms, ${HEALTHY} reading sockets${WITH_SLOW ? ' + 1 that never reads' : ' (control: no slow socket)'}; server heap limit ${HEAP_MB} MB (SQLite, the server in its own process)`,
    crashed
      ? `  SERVER ${crashed} ${((crashedAt - t0) / 1000).toFixed(0)} s into the run (RSS ${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB at the last sample; V8 heap used ${heapPeak.toFixed(0)} MB)`
      : `  server RSS: ${rssBefore.toFixed(0)} MB before, peak ${rssPeak.toFixed(0)} MB (sampled each second; VmHWM ${hwm.toFixed(0)} MB), ${rssEnd.toFixed(0)} MB at the end; growth ${(rssPeak - rssBefore).toFixed(0)} MB (budget ${RSS_BUDGET_MB} MB); V8 heap used: peak ${heapPeak.toFixed(0)} MB, ${heapEnd.toFixed(0)} MB at the last sample`,
    `  pushes: ${(mb[0] / seconds).toFixed(2)} MB/s to each socket; ${posted} ingest posts answered, ${refused} refused or failed`,
    `  reading sockets: ${Math.min(...msgs)}–${Math.max(...msgs)} states messages each (${Math.min(...mb).toFixed(1)}–${Math.max(...mb).toFixed(1)} MB), last one ${((now - Math.min(...healthy.map((h) => h.lastAt))) / 1000).toFixed(1)} s before the end at the latest`,
    `  the non-reading socket: ${!WITH_SLOW ? 'none' : closedAt === null ? 'never closed' : `closed for staying behind (4001) ${closedAt.toFixed(0)} s into the run`}; hub at the end: ${stats ? `${stats.size} sockets, closed ${stats.closedCount.behind} behind / ${stats.closedCount.replaced} replaced` : 'n/a'}`,
    ...timeline.map((l) => `    ${l}`),
  ];
  for (const l of out) console.log(l);
  return out;
}

if (process.argv[1]?.endsWith('live-slow.ts')) await benchLiveSlowReader();
