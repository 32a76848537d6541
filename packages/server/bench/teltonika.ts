import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TrackerClient, type TrackerRecord } from '@fleet/simulator/teltonika.ts';
import pino from 'pino';
import { INGEST_STAGES } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { TrackerHub } from '../src/modules/tracker/tracker-hub.ts';
import { createAsset, createCompany, createGroup } from '../test/helpers/fixtures.ts';
import { percentile } from './measure.ts';

/**
 * The Teltonika part of `npm run bench` (issue 18): BENCH_TRACKERS simulated trackers (1,000) connected at once over
 * TCP to the tracker listener running in its own process over embedded SQLite, each sending BENCH_TRACKER_FRAMES
 * frames (10) of BENCH_TRACKER_RECORDS codec 8 Extended records (25, 10 IO elements each) and waiting for each
 * acknowledgement (which the server sends after the commit) before the next frame — as devices do.
 * Measured: records stored per second over the whole run (first frame sent → last acknowledgement), the
 * acknowledgement latency per frame (p50, p99) and the server's peak RSS.
 * Runs on its own too: `npx tsx packages/server/bench/teltonika.ts`.
 */
const TRACKERS = Number(process.env.BENCH_TRACKERS ?? 1000);
const FRAMES = Number(process.env.BENCH_TRACKER_FRAMES ?? 10);
const RECORDS = Number(process.env.BENCH_TRACKER_RECORDS ?? 25);
const TARGET_RECORDS_PER_S = 20000;
const ROOT = resolve(new URL('../../..', import.meta.url).pathname);
const SELF = fileURLToPath(import.meta.url);

const imeiOf = (i: number) => `86${String(i).padStart(13, '0')}`;

/** The child: the tracker listener alone (no HTTP), reporting its port and, when asked, its RSS. */
async function serve() {
  const database = openDatabase(process.env.DATABASE_URL!);
  const hub = new TrackerHub({ database, stages: INGEST_STAGES }, pino({ level: 'warn' }), {
    maxConnections: TRACKERS + 100,
    maxPerAddress: TRACKERS + 100,
  });
  const { tcp } = await hub.listen(0, '127.0.0.1');
  process.send?.({ port: tcp });
  process.on('message', async (m: { rss?: boolean; stop?: boolean }) => {
    if (m.rss) process.send?.({ rss: process.memoryUsage().rss, stats: hub.stats });
    if (m.stop) {
      await hub.close();
      await database.close();
      process.exit(0);
    }
  });
}

function record(t: number, i: number): TrackerRecord {
  return {
    timestamp: t * 1000,
    latitude: -6.1 + (i % 100) * 0.001,
    longitude: 106.8 + Math.floor(i / 100) * 0.001,
    altitude: 3,
    angle: (t / 10) % 360,
    satellites: 10,
    speed: 18,
    io: { 239: 1, 240: 1, 21: 4, 69: 1, 66: 27000, 67: 4100, 24: 18, 181: 9, 182: 7, 16: 123456 + t },
  };
}

export async function benchTeltonika(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-teltonika-'));
  const url = `sqlite:${join(dir, 'bench.db')}`;
  let child: ChildProcess | undefined;
  try {
    const database = openDatabase(url);
    await migrate(database);
    const db = database.db;
    const comp = await createCompany(db, await createGroup(db, 'Bench Group'), 'Bench Trackers');
    const massId = await createAsset(db, comp, 'Bench Vessel');
    for (let i = 0; i < TRACKERS; i += 200) {
      const rows = [];
      for (let j = i; j < Math.min(TRACKERS, i + 200); j++)
        rows.push({
          devcName: `Tracker ${j}`,
          devcUniqueId: imeiOf(j),
          devcType: 'tracker',
          devcStatus: '1',
          devcMassId: massId,
          devcCreatedTime: 0,
        });
      await db.insertInto('device').values(rows).execute();
    }
    await database.close();

    child = fork(SELF, ['--serve'], { env: { ...process.env, DATABASE_URL: url }, stdio: 'inherit' });
    const port = await new Promise<number>((ok) => child!.once('message', (m: any) => ok(m.port)));
    let peakRss = 0;
    const sampleRss = () =>
      new Promise<{ rss: number; stats: any }>((ok) => {
        child!.once('message', (m: any) => ok(m));
        child!.send({ rss: true });
      });
    const sampler = setInterval(async () => {
      peakRss = Math.max(peakRss, (await sampleRss()).rss);
    }, 500);

    const clients = Array.from(
      { length: TRACKERS },
      (_, i) => new TrackerClient({ host: '127.0.0.1', port, imei: imeiOf(i) }),
    );
    for (let i = 0; i < clients.length; i += 100) await Promise.all(clients.slice(i, i + 100).map((c) => c.open()));
    const latencies: number[] = [];
    const end = Math.floor(Date.now() / 1000) - 60;
    const start = end - FRAMES * RECORDS * 10;
    const loadBefore = loadavg()[0];
    const began = performance.now();
    let stored = 0;
    await Promise.all(
      clients.map(async (c, i) => {
        for (let f = 0; f < FRAMES; f++) {
          const records = Array.from({ length: RECORDS }, (_, r) => record(start + (f * RECORDS + r) * 10, i));
          const t0 = performance.now();
          const acked = await c.send(records);
          latencies.push(performance.now() - t0);
          stored += acked;
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    clearInterval(sampler);
    const last = await sampleRss();
    peakRss = Math.max(peakRss, last.rss);
    for (const c of clients) c.close();
    latencies.sort((a, b) => a - b);
    const rate = stored / seconds;
    const lines = [
      '',
      `### Teltonika trackers — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '',
      `${TRACKERS} trackers connected at once over TCP (one process, loopback), each sending ${FRAMES} codec 8 Extended`,
      `frames of ${RECORDS} records (10 IO elements each) and waiting for each acknowledgement; the listener in its own`,
      'process over embedded SQLite (records stored through the ingest path plus their IO elements).',
      '',
      '| measure | result | target |',
      '|---|---|---|',
      `| records stored per second (${stored.toLocaleString('en')} records in ${seconds.toFixed(1)} s) | ${Math.round(rate).toLocaleString('en')}/s ${rate >= TARGET_RECORDS_PER_S ? '✓' : '✗'} | ≥ 20,000/s |`,
      `| acknowledgement latency per frame, p50 / p99 | ${percentile(latencies, 50).toFixed(1)} ms / ${percentile(latencies, 99).toFixed(1)} ms | |`,
      `| server memory (RSS), peak | ${(peakRss / 1048576).toFixed(0)} MB | |`,
      `| frames refused | ${last.stats.refusedFrames} | 0 |`,
      `| machine load (1-min load average before / after, ${cpus().length} cores; bench client and server share them) | ${loadBefore.toFixed(1)} / ${loadavg()[0].toFixed(1)} | |`,
    ];
    console.log(lines.join('\n'));
    return lines;
  } finally {
    if (child) {
      child.send({ stop: true });
      await new Promise((r) => child!.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Replaces (or adds) the Teltonika section of docs/benchmarks.md. */
export function writeTeltonikaSection(lines: string[]) {
  const file = join(ROOT, 'docs/benchmarks.md');
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  // the section ends at the next heading of level 2 or 3: it is replaced where it stands, the sections after it kept
  const section = /\n### Teltonika trackers[\s\S]*?(?=\n#{2,3} |$)/;
  const text = `\n${lines.join('\n').trim()}\n`;
  writeFileSync(file, section.test(doc) ? doc.replace(section, () => text) : `${doc.trimEnd()}\n${text}`);
}

/**
 * From run.ts (after the telemetry benchmark) or on its own: the section goes into docs/benchmarks.md when run.ts
 * writes that file (a full-size run, or BENCH_WRITE=1) and the tracker run is full size, or with BENCH_WRITE=1.
 */
export async function runTeltonikaBench(fromRun = true) {
  const lines = await benchTeltonika();
  const fullRun = Number(process.env.BENCH_VESSELS ?? 10) >= 10 && Number(process.env.BENCH_DAYS ?? 90) >= 90;
  if (process.env.BENCH_WRITE === '1' || (TRACKERS >= 1000 && (fromRun ? fullRun : true))) writeTeltonikaSection(lines);
}

if (process.argv.includes('--serve')) await serve();
else if (process.argv[1] === SELF) await runTeltonikaBench(false);
